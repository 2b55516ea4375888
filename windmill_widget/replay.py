"""Scrub through a recorded game: a Play button, a slider and step buttons around the board.

The board itself has a Play button and a slider of the line (both games, wherever anywidget runs);
this composition, for Jupyter front ends with ipywidgets, adds step buttons and a linked Play widget
around either game's board.

>>> from windmill_widget import Game, WindmillWidget
>>> from windmill_widget.replay import replay_controls
>>> g = Game(seed=42); _ = g.play("e1>nw"); _ = g.deal()
>>> ui = replay_controls(WindmillWidget(seed=1), g)
>>> ui.slider.max, ui.slider.value
(2, 0)
>>> ui.slider.value = 2
>>> ui.board.state["moves"]
2
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from .core import Move
from .core import PatienceGame as Game
from .fallback import with_fallback
from .widget import PatienceWidget

__all__ = ["ReplayControls", "replay_controls"]


class ReplayControls(widgets.VBox):
    """``[Play] [|<] [<] [slider] [>] [>|]`` above the board; the slider's value is the move number."""

    def __init__(self, board: PatienceWidget, *, interval_ms: int = 600) -> None:
        self.board = board
        self.slider = widgets.IntSlider(
            min=0, description="Move", continuous_update=True, layout=widgets.Layout(flex="1 1 auto")
        )
        self.play = widgets.Play(interval=interval_ms, min=0, description="Play the line")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        buttons = {
            "first": ("step-backward", "Go to the start", lambda: 0),
            "back": ("chevron-left", "One move back", lambda: self.slider.value - 1),
            "forward": ("chevron-right", "One move forward", lambda: self.slider.value + 1),
            "last": ("step-forward", "Go to the end", lambda: self.slider.max),
        }
        self.buttons = {}
        for name, (icon, tip, target) in buttons.items():
            b = widgets.Button(icon=icon, tooltip=tip, layout=widgets.Layout(width="36px"))
            b.on_click(lambda _b, target=target: self._go(target()))
            self.buttons[name] = b
        self._syncing = False
        self._follow_board()
        self.slider.observe(self._on_slider, "value")
        board.observe(lambda _change: self._follow_board(), "state")
        bar = widgets.HBox(
            [self.play, self.buttons["first"], self.buttons["back"], self.slider,
             self.buttons["forward"], self.buttons["last"]],
            layout=widgets.Layout(align_items="center"),
        )  # fmt: skip
        super().__init__([bar, board])

    def __repr__(self) -> str:
        """Stable text, e.g. ``<ReplayControls: move 0 of 193 of <WindmillWidget ...>>``."""
        return f"<ReplayControls: move {self.slider.value} of {self.slider.max} of {self.board!r}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live controls (front ends with widgets show them), and for places without a kernel
        (nbconvert's HTML, nbviewer, GitHub) the board's picture at the slider's move with a line
        saying what the controls do, instead of ipywidgets' ``ReplayControls(children=(HBox(...``."""
        note = (
            f"<p>▶ Replay of a line of {self.slider.max} moves, shown at move {self.slider.value}: run the "
            "notebook to play it or step through it with the slider.</p>"
        )
        picture = self.board.picture()._repr_html_()
        static = {"text/html": note + picture, "text/plain": repr(self)}
        return with_fallback(super()._repr_mimebundle_(**kwargs), static)

    def _go(self, n: int) -> None:
        self.slider.value = max(self.slider.min, min(self.slider.max, n))

    def _on_slider(self, change: dict) -> None:
        if not self._syncing and change["new"] != len(self.board.game.history):
            self.board.seek(change["new"])

    def _follow_board(self) -> None:
        """Moves made on the board (Undo, Redo, a click) move the slider too."""
        g = self.board.game
        self._syncing = True
        try:
            total = len(g.history) + len(g.redo_moves)
            self.slider.max = self.play.max = total
            self.slider.value = len(g.history)
        finally:
            self._syncing = False


def replay_controls(
    board: PatienceWidget, line: Game | Iterable[Move | str] | None = None, *, interval_ms: int = 600
) -> ReplayControls:
    """Load ``line`` (a game or moves, see :meth:`WindmillWidget.replay`) into ``board`` and
    return the board with Play/slider/step controls around it. Without ``line``, scrub the
    board's current game (its history and what Redo would play)."""
    if line is not None:
        board.replay(line)
    return ReplayControls(board, interval_ms=interval_ms)
