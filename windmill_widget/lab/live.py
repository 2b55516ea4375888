"""A live win-rate chart drawn with ipycanvas while a tournament runs in a notebook.

Each player gets a bar (its win rate so far) with a whisker (the 95% Wilson interval), redrawn as
games finish, so you see the intervals shrink and the players separate. ipycanvas is imported only
when a chart is made: a tournament in a terminal or a worker never loads the widget stack.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from .charts import BAR, CEILING, GRID, TEXT, WHISKER, Lane


def in_notebook() -> bool:
    """True inside a running Jupyter kernel (where a widget can be shown)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:  # pragma: no cover
        return False
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


class LiveChart:
    """Bars with confidence whiskers on an ipycanvas ``Canvas``; call :meth:`update` as games end."""

    LABEL_W = 150
    RIGHT = 150
    ROW_H = 30
    TOP = 34

    def __init__(self, names: Sequence[str], totals: Sequence[int], *, ceilings: Sequence[bool] = (),
                 width: int = 600, min_interval: float = 0.2, show: bool = True) -> None:
        from ipycanvas import Canvas

        self.names = list(names)
        self.totals = list(totals)
        self.ceilings = list(ceilings) or [False] * len(self.names)
        self.width = width
        self.height = self.TOP + self.ROW_H * max(1, len(self.names)) + 26
        self.canvas = Canvas(width=width, height=self.height)
        self.canvas.layout.width = f"{width}px"
        self.min_interval = min_interval
        self._last = 0.0
        self.draws = 0
        if show:
            from IPython.display import display

            display(self.canvas)

    def update(self, lanes: Sequence[Lane], *, force: bool = False) -> bool:
        """Redraw (at most every ``min_interval`` seconds unless ``force``); True if it drew."""
        now = time.monotonic()
        if not force and now - self._last < self.min_interval:
            return False
        self._last = now
        self._draw(lanes)
        self.draws += 1
        return True

    def _draw(self, lanes: Sequence[Lane]) -> None:
        from ipycanvas import hold_canvas

        c = self.canvas
        w, h = self.width, self.height
        plot_w = w - self.LABEL_W - self.RIGHT
        top_rate = max([0.0, *[lane.high for lane in lanes if lane.n]])
        axis = min(1.0, max(0.1, -(-top_rate * 10 // 1) / 10))

        def x(v: float) -> float:
            return self.LABEL_W + plot_w * min(v, axis) / axis

        done = sum(lane.n for lane in lanes)
        total = sum(self.totals)
        with hold_canvas(c):
            c.clear()
            c.fill_style = "white"
            c.fill_rect(0, 0, w, h)
            c.font = "600 13px sans-serif"
            c.fill_style = TEXT
            c.fill_text(f"Win rate so far (95% Wilson interval) - {done}/{total} games", 8, 18)
            c.font = "12px sans-serif"
            for i in range(6):
                v = axis * i / 5
                gx = x(v)
                c.stroke_style = GRID
                c.stroke_line(gx, self.TOP - 6, gx, h - 22)
                c.fill_style = TEXT
                c.fill_text(f"{v:.0%}", gx - 10, h - 8)
            for i, lane in enumerate(lanes):
                y = self.TOP + i * self.ROW_H
                rate = lane.wins / lane.n if lane.n else 0.0
                c.fill_style = TEXT
                c.fill_text(lane.name[:20], 8, y + 17)
                c.fill_style = CEILING if self.ceilings[i] else BAR
                c.fill_rect(self.LABEL_W, y + 5, x(rate) - self.LABEL_W, self.ROW_H - 12)
                if lane.n:
                    lo, hi, mid = x(lane.low), x(lane.high), y + self.ROW_H / 2 - 1
                    c.stroke_style = WHISKER
                    c.line_width = 1.5
                    c.stroke_line(lo, mid, hi, mid)
                    c.stroke_line(lo, mid - 5, lo, mid + 5)
                    c.stroke_line(hi, mid - 5, hi, mid + 5)
                    c.line_width = 1
                c.fill_style = TEXT
                c.fill_text(f"{rate:.1%} ({lane.wins}/{lane.n} of {self.totals[i]})", w - self.RIGHT + 8, y + 17)
