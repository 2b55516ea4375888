"""A box to type moves into, for lessons: each move is judged by the game's rules, and the answer says
why (``✗ nw>c is not legal. After a corner card goes to the centre, ...``).

It is an ipywidgets box, so it needs a running kernel; where none runs (an HTML export, GitHub,
nbviewer, an untrusted notebook) it shows as a short note instead of ``VBox(children=...)``.

>>> from windmill_widget import Game
>>> from windmill_widget.quiz import MoveQuiz
>>> quiz = MoveQuiz(Game.from_position(center=["AS", "2H"], sails={"n1": "3C", "n2": "KD"}))
>>> quiz.check("n1>c")
'✓ n1>c is legal: the 3 of clubs from sail n1 to the centre.'
>>> quiz.check("n2>c")
'✗ n2>c is not legal. The centre needs a 3 next (its top card is a 2); the K♦ on sail n2 cannot go there.'
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from .core import PatienceGame
from .core.text import excerpt, shorten
from .fallback import with_fallback

__all__ = ["MoveQuiz"]


class MoveQuiz(widgets.VBox):
    """A text box and an answer line: type a move, press Enter, read whether it is legal and why. The
    game is never changed: the quiz only asks the rules. ``answer``: your own ``answer(move) -> str``
    (a lesson's fuller explanations), in place of :meth:`check`'s."""

    def __init__(
        self,
        game: PatienceGame,
        *,
        answer: Callable[[str], str] | None = None,
        placeholder: str | None = None,
        **kwargs: Any,
    ) -> None:
        if not isinstance(game, PatienceGame):
            raise TypeError(
                f"MoveQuiz asks about a game of the kit (e.g. Game(seed=3)), not {excerpt(game)}."
            )
        self.game = game
        self._answer = answer
        example = game.move_type.notation.example
        self.box = widgets.Text(
            placeholder=placeholder or f"a move, e.g. {example}, then Enter",
            description="Move:",
            continuous_update=False,
        )
        self.answer = widgets.HTML()
        self.box.observe(self._on_move, names="value")
        super().__init__(children=[self.box, self.answer], **kwargs)

    def check(self, move: str) -> str:
        """Whether ``move`` is legal in the quiz's position, and why, in a sentence."""
        text = shorten(str(move).strip(), 40)
        if self._answer is not None:
            return self._answer(text)
        reason = self.game.explain(text)
        if reason is not None:
            return f"✗ {text} is not legal. {reason}"
        return f"✓ {text} is legal: {self.game.describe(text)}."

    def _on_move(self, change: dict[str, Any]) -> None:
        text = change["new"].strip()
        self.answer.value = f"<p>{escape(self.check(text))}</p>" if text else ""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live box (front ends with widgets show it), and a note for places without a kernel."""
        example = self.game.move_type.notation.example
        note = (
            f"<p><b>Move:</b> <code>{escape(example)}</code> … a box to type moves into; run the notebook "
            "to use it (the answers below list the legal moves).</p>"
        )
        text = f"<MoveQuiz: type a move such as {example!r}; run the notebook to use it>"
        return with_fallback(super()._repr_mimebundle_(**kwargs), {"text/html": note, "text/plain": text})
