"""Win-rate charts and result tables: one layout, drawn as static SVG or on a live canvas.

:func:`win_rate_layout` turns bars into plain shapes (rectangles, lines, text). :func:`to_svg`
writes them as SVG with no scripts, so a saved notebook shows the chart on GitHub and nbviewer;
the live chart (:mod:`.live`) paints the very same shapes with ipycanvas while games finish.

>>> svg = to_svg(*win_rate_layout([Bar("greedy", 18, 100, 0.117, 0.267)]))
>>> svg.startswith("<svg") and "greedy" in svg and "18.0%" in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import NamedTuple

from ..core.svg import as_img

BAR = "#2e7d4f"
CEILING = "#8a6d1f"
WHISKER = "#1b1b1b"
GRID = "#d0d0c8"
TEXT = "#1b1b1b"
MUTED = "#6b6b63"
WIDTH = 720  #: default chart width in pixels
FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', sans-serif"


class Bar(NamedTuple):
    """One bar of a win-rate chart: ``wins`` of ``n`` games, with its interval ``low..high``.

    ``total`` (when known and larger than ``n``) says the run is still going; ``ceiling`` marks
    the clairvoyant solver's bar, whose ``n`` counts the deals it decided.
    """

    name: str
    wins: int
    n: int
    low: float
    high: float
    ceiling: bool = False
    total: int | None = None

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str
    tip: str = ""


class Line(NamedTuple):
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    width: float = 1.0


class Text(NamedTuple):
    x: float
    y: float
    text: str
    anchor: str = "start"  # "start" | "middle" | "end", as SVG's text-anchor
    size: int = 12
    bold: bool = False
    fill: str = TEXT


Shape = Rect | Line | Text

LABEL_W, RIGHT, ROW_H, TOP, BOTTOM = 170, 240, 30, 38, 28


NICE = (1.0, 2.0, 2.5, 5.0)  #: tick steps are one of these times a power of ten
MAX_TICKS = 6  #: at most this many ticks on an axis, 0 included


def nice_ticks(top: float, max_ticks: int = MAX_TICKS, *, whole: bool = False) -> list[float]:
    """Ticks from 0 up to the first one at or past ``top``, at the smallest "nice" step
    (1, 2, 2.5 or 5 × 10^k) that needs at most ``max_ticks`` of them. The last tick is the
    axis end. The win-rate axis (static SVG and live canvas alike) takes its ticks from here.
    ``whole=True`` is for counts: whole-number steps only (no 2.5, nothing under 1).

    >>> nice_ticks(0.9)
    [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    >>> nice_ticks(0.12)
    [0.0, 0.025, 0.05, 0.075, 0.1, 0.125]
    >>> nice_ticks(37)
    [0.0, 10.0, 20.0, 30.0, 40.0]
    >>> nice_ticks(9, 5), nice_ticks(9, 5, whole=True), nice_ticks(1.5, whole=True)
    ([0.0, 2.5, 5.0, 7.5, 10.0], [0.0, 5.0, 10.0], [0.0, 1.0, 2.0])
    """
    if not top > 0 or max_ticks < 2:
        raise ValueError(f"nice_ticks needs top > 0 and max_ticks >= 2, not {top!r} and {max_ticks!r}.")
    rough = top / (max_ticks - 1)
    if whole:
        rough = max(rough, 1.0)
    power = 10.0 ** math.floor(math.log10(rough))
    steps = [m for m in NICE if not (whole and m == 2.5)]
    # The smallest nice step at least ``rough`` (10 × power when none of 1..5 × power is).
    step = next((m * power for m in (*steps, 10.0) if m * power >= rough * (1 - 1e-9)), 10 * power)
    count = math.ceil(top / step - 1e-9)
    # round() keeps 0.1 * 3 from printing as 0.30000000000000004.
    return [round(i * step, 12) for i in range(count + 1)]


def percent_label(v: float) -> str:
    """A tick's text: ``0.2`` -> ``"20%"``, ``0.075`` -> ``"7.5%"``."""
    return f"{v * 100:.2f}".rstrip("0").rstrip(".") + "%"


def _axis_ticks(bars: Sequence[Bar]) -> list[float]:
    """The win-rate axis: nice ticks up to the highest interval end (at least 10%, at most 100%),
    so small win rates stay readable."""
    top = max([0.0, *[b.high for b in bars if b.n]])
    return nice_ticks(min(1.0, max(0.1, top)))


def _value_text(bar: Bar) -> str:
    if not bar.n:
        return "no games yet" if not bar.ceiling else "nothing decided yet"
    text = f"{bar.rate:.1%} [{bar.low:.1%}, {bar.high:.1%}]"
    if bar.ceiling:
        text += f" · {bar.n} decided"
    elif bar.total is not None and bar.total > bar.n:
        text += f" · {bar.n}/{bar.total}"
    return text


def win_rate_layout(
    bars: Sequence[Bar], *, title: str = "Win rate (95% Wilson interval)", width: int = WIDTH
) -> tuple[int, int, list[Shape]]:
    """``(width, height, shapes)`` for horizontal bars, one per player, with interval whiskers."""
    plot_w = width - LABEL_W - RIGHT
    height = TOP + ROW_H * max(1, len(bars)) + BOTTOM
    ticks = _axis_ticks(bars)
    axis = ticks[-1]

    def x(v: float) -> float:
        return LABEL_W + plot_w * min(max(v, 0.0), axis) / axis

    shapes: list[Shape] = [Rect(0, 0, width, height, "white"), Text(8, 20, title, size=14, bold=True)]
    for v in ticks:
        shapes.append(Line(x(v), TOP - 6, x(v), height - BOTTOM + 4, GRID))
        shapes.append(Text(x(v), height - 10, percent_label(v), anchor="middle", size=11, fill=MUTED))
    for i, bar in enumerate(bars):
        y = TOP + i * ROW_H
        mid = y + ROW_H / 2
        name = bar.name if len(bar.name) <= 24 else bar.name[:23] + "…"
        shapes.append(Text(LABEL_W - 10, mid + 4, name, anchor="end"))
        tip = f"{bar.name}: {bar.wins}/{bar.n} won"
        shapes.append(
            Rect(LABEL_W, y + 6, x(bar.rate) - LABEL_W, ROW_H - 12, CEILING if bar.ceiling else BAR, tip)
        )
        if bar.n:
            lo, hi = x(bar.low), x(bar.high)
            shapes.append(Line(lo, mid, hi, mid, WHISKER, 1.5))
            shapes.append(Line(lo, mid - 6, lo, mid + 6, WHISKER, 1.5))
            shapes.append(Line(hi, mid - 6, hi, mid + 6, WHISKER, 1.5))
        shapes.append(Text(width - RIGHT + 10, mid + 4, _value_text(bar), fill=TEXT if bar.n else MUTED))
    return width, height, shapes


def _num(v: float) -> str:
    return f"{v:.1f}".removesuffix(".0")


def to_svg(width: int, height: int, shapes: Iterable[Shape]) -> str:
    """Shapes as one standalone SVG element (no scripts, no external fonts or styles)."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{FONT_FAMILY}" font-size="12">'
    ]
    for s in shapes:
        if isinstance(s, Rect):
            tip = f"<title>{escape(s.tip)}</title>" if s.tip else ""
            out.append(
                f'<rect x="{_num(s.x)}" y="{_num(s.y)}" width="{_num(max(s.w, 0))}" height="{_num(s.h)}" '
                f'fill="{s.fill}">{tip}</rect>'
            )
        elif isinstance(s, Line):
            out.append(
                f'<line x1="{_num(s.x1)}" y1="{_num(s.y1)}" x2="{_num(s.x2)}" y2="{_num(s.y2)}" '
                f'stroke="{s.stroke}" stroke-width="{s.width:g}"/>'
            )
        else:
            weight = ' font-weight="600"' if s.bold else ""
            out.append(
                f'<text x="{_num(s.x)}" y="{_num(s.y)}" text-anchor="{s.anchor}" font-size="{s.size}"'
                f'{weight} fill="{s.fill}">{escape(s.text)}</text>'
            )
    out.append("</svg>")
    return "".join(out)


class Figure:
    """A chart for a notebook: shown as an ``<img>`` (so it shows in an untrusted notebook, on GitHub
    and in nbviewer) or as SVG; ``str(figure)`` is the SVG text."""

    def __init__(self, svg: str, alt: str) -> None:
        self.svg = svg
        self.alt = alt

    def _repr_html_(self) -> str:
        return as_img(self.svg, self.alt)

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<Figure {self.alt!r}>"


def win_rate_figure(
    bars: Sequence[Bar], *, title: str = "Win rate (95% Wilson interval)", width: int = WIDTH
) -> Figure:
    """:func:`win_rate_svg` as a :class:`Figure` to show in a notebook."""
    alt = f"{title}: " + ", ".join(f"{b.name} won {b.wins} of {b.n}" for b in bars)
    return Figure(win_rate_svg(bars, title=title, width=width), alt)


def win_rate_svg(
    bars: Sequence[Bar], *, title: str = "Win rate (95% Wilson interval)", width: int = WIDTH
) -> str:
    return to_svg(*win_rate_layout(bars, title=title, width=width))


def distribution_svg(
    counts: Mapping[int, int],
    *,
    width: int = WIDTH,
    height: int = 160,
    title: str = "Cards on the foundations at the end of each game",
) -> str:
    """A histogram of how far the games got: one thin bar per count of cards, 1 to 104."""
    left, right, bottom, top = 44, 12, 26, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    ticks = nice_ticks(max(counts.values(), default=0) or 1, 4, whole=True)
    peak = ticks[-1]  # the axis ends at a tick, so every gridline is labelled
    step = plot_w / 104
    shapes: list[Shape] = [Rect(0, 0, width, height, "white"), Text(8, 18, title, size=13, bold=True)]
    for t in ticks:
        y = top + plot_h * (1 - t / peak)
        shapes.append(Line(left, y, left + plot_w, y, GRID))
        shapes.append(Text(left - 6, y + 4, f"{t:.0f}", anchor="end", size=11, fill=MUTED))
    for cards, k in sorted(counts.items()):
        h = plot_h * k / peak
        colour = BAR if cards >= 104 else "#7fa893"
        label = f"{cards} cards: {k} game{'s' * (k != 1)}"
        shapes.append(
            Rect(left + (cards - 1) * step, top + plot_h - h, max(step - 0.6, 0.8), h, colour, label)
        )
    for v in (1, 26, 52, 78, 104):
        shapes.append(Text(left + (v - 0.5) * step, height - 8, str(v), anchor="middle", size=11, fill=MUTED))
    return to_svg(width, height, shapes)
