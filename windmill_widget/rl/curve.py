"""A learning curve as a static SVG chart (shown in a saved notebook on GitHub and nbviewer too),
drawn with the lab's chart shapes.

>>> fig = learning_curve([40.0, 45.5, 52.0, 60.25], title="Cards home per episode")
>>> "Cards home per episode" in fig.svg and fig.svg.startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..lab.charts import GRID, MUTED, TEXT, Figure, Line, Shape, Text, nice_ticks, to_svg

_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 16, 34, 36
_CURVE = "#2e7d4f"


def learning_curve(
    values: Sequence[float],
    *,
    title: str = "Learning curve",
    xlabel: str = "update",
    width: int = 640,
    height: int = 260,
) -> Figure:
    """``values`` (one per training update, e.g. the mean return of its episodes) as a line chart."""
    if not values:
        raise ValueError("A learning curve needs at least one value.")
    top = max(max(values), 1e-9)
    ticks = nice_ticks(top)
    ymax = ticks[-1] or 1.0
    plot_w, plot_h = width - _LEFT - _RIGHT, height - _TOP - _BOTTOM
    n = len(values)

    def x(i: float) -> float:
        return _LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return _TOP + plot_h * (1 - max(v, 0.0) / ymax)

    shapes: list[Shape] = [Text(_LEFT, 20, title, bold=True)]
    for t in ticks:
        shapes.append(Line(_LEFT, y(t), width - _RIGHT, y(t), GRID))
        shapes.append(Text(_LEFT - 6, y(t) + 4, f"{t:g}", anchor="end", fill=MUTED))
    shapes += [Line(x(i), y(values[i]), x(i + 1), y(values[i + 1]), _CURVE, 2) for i in range(n - 1)]
    shapes.append(Text(_LEFT + plot_w / 2, height - 8, f"{xlabel} (1 to {n})", anchor="middle", fill=TEXT))
    alt = f"{title}: from {values[0]:.1f} to {values[-1]:.1f} over {n} {xlabel}s"
    return Figure(to_svg(width, height, shapes), alt)
