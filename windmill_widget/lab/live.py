"""A live win-rate chart drawn with ipycanvas while a tournament runs in a notebook cell.

Each player gets a bar (its win rate so far) and a whisker (the 95% Wilson interval), redrawn as
games finish, so you watch the intervals shrink and the players separate. The tournament calls
:meth:`LiveChart.update` from the cell's own thread as results come in; a widget's messages go
out while the cell runs, so the chart moves without waiting for the cell to end.

ipycanvas is imported only when a chart is made, so importing the lab (in a terminal, or in a
worker process) never loads the widget stack. The shapes are those of the static SVG chart
(:func:`.charts.win_rate_layout`). The chart's output also carries that static picture of its last
state (updated when the run ends), so a notebook exported to HTML, or opened on GitHub, nbviewer or
untrusted, shows the chart instead of ``Canvas(...)``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from ..core.svg import as_img
from ..fallback import CLEARED, with_fallback
from .charts import WIDTH, Bar, Line, Rect, Text, to_svg, win_rate_layout

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def in_notebook() -> bool:
    """True inside a running Jupyter kernel, where a widget can be shown."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:  # pragma: no cover - a broken IPython install
        return False
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


class LiveChart:
    """Win rates with interval whiskers on an ipycanvas ``Canvas``.

    Pass ``chart=True`` to :func:`~windmill_widget.lab.play_many` or
    :func:`~windmill_widget.lab.compare` for a chart shown under the cell, or make one yourself to
    place it (display it, then pass it as ``chart=``)::

        chart = LiveChart()
        chart                      # shows the (empty) canvas
        compare({...}, chart=chart)

    Redraws are throttled to one every ``min_interval`` seconds; :attr:`draws` counts them.
    """

    def __init__(
        self, *, width: int = WIDTH, min_interval: float = 0.25, title: str | None = None, keep: bool = True
    ) -> None:
        from ipycanvas import Canvas

        #: Whether the chart stays in the cell's output when its run ends. ``chart=True`` makes one that
        #: does not (``keep=False``): it gives way to the run's result, which has the same chart, so a
        #: finished run shows one result. A run stopped short keeps its chart either way.
        self.keep = keep
        self.width = width
        self.min_interval = min_interval
        self.title = title
        self.bars: list[Bar] = []
        self.draws = 0
        self.displayed = False
        self._handle: Any = None  # the display, to refresh its static picture when the run ends
        self._last = float("-inf")
        _, height, _ = win_rate_layout([], width=width)
        self.canvas = Canvas(width=width, height=height)
        self.canvas.layout.width = f"{width}px"  # no stretching: text stays crisp

    # -- display ----------------------------------------------------------------------------------
    def _ipython_display_(self) -> None:
        from IPython.display import display

        self.displayed = True
        self._handle = display(self._bundle(), raw=True, display_id=True)

    def _bundle(self) -> dict[str, Any]:
        """The live canvas (front ends with widgets show it) and a static picture of the chart as it is
        now (front ends without: an HTML export, GitHub, nbviewer, an untrusted notebook)."""
        svg = self.svg()
        alt = f"{self._heading()}: " + ", ".join(f"{b.name} won {b.wins} of {b.n}" for b in self.bars)
        static = {"image/svg+xml": svg, "text/html": as_img(svg, alt), "text/plain": repr(self)}
        return with_fallback(self.canvas._repr_mimebundle_(), static)[0]  # display(raw=True) takes data only

    def svg(self) -> str:
        """The chart as it is now, as a standalone SVG picture."""
        return to_svg(*win_rate_layout(self.bars, title=self._heading(), width=self.width))

    def show(self) -> None:
        """Display the chart under the running cell (if not shown already)."""
        if not self.displayed and in_notebook():
            self._ipython_display_()

    # -- drawing ----------------------------------------------------------------------------------
    def update(self, bars: Sequence[Bar], *, force: bool = False) -> bool:
        """Show these bars; redraws at most every ``min_interval`` seconds unless ``force``.
        Returns whether it drew."""
        self.bars = list(bars)
        now = time.monotonic()
        if not force and now - self._last < self.min_interval:
            return False
        self._last = now
        self._draw()
        if force and self._handle is not None:
            self._handle.update(self._bundle(), raw=True)  # the static picture follows the final state
        return True

    def finish(self, *, complete: bool) -> None:
        """The run is over (``complete``: every game played): drop the chart from the cell's output if
        it is not to be kept, else leave its last frame (and its static picture) there."""
        if complete and not self.keep and self._handle is not None:
            self._handle.update(CLEARED, raw=True)  # saved: nothing (the result has the chart)
            self._handle = None
            self.canvas.close()

    def _heading(self) -> str:
        if self.title:
            return self.title
        players = [b for b in self.bars if not b.ceiling]
        done = sum(b.n for b in players)
        total = sum(b.total or b.n for b in players)
        progress = f" — {done}/{total} games" if total and done < total else ""
        return f"Win rate so far (95% Wilson interval){progress}"

    def _draw(self) -> None:
        from ipycanvas import hold_canvas

        _, height, shapes = win_rate_layout(self.bars, title=self._heading(), width=self.width)
        c = self.canvas
        with hold_canvas():
            if c.height != height:
                c.height = height  # one row per player: grows when the players are known
            c.clear()
            for s in shapes:
                _paint(c, s)
        self.draws += 1

    def __repr__(self) -> str:
        return f"<LiveChart {len(self.bars)} bars, {self.draws} draws>"


def _paint(c: Any, s: Rect | Line | Text) -> None:
    if isinstance(s, Rect):
        c.fill_style = s.fill
        c.fill_rect(s.x, s.y, max(s.w, 0), s.h)
    elif isinstance(s, Line):
        c.stroke_style = s.stroke
        c.line_width = s.width
        c.stroke_line(s.x1, s.y1, s.x2, s.y2)
    else:
        c.fill_style = s.fill
        c.font = f"{'600 ' if s.bold else ''}{s.size}px system-ui, sans-serif"
        c.text_align = _ALIGN[s.anchor]
        c.fill_text(s.text, s.x, s.y)
