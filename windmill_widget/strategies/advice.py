"""A player's suggestion with its reason: what the board's Hint shows.

A player may offer ``advise(view) -> Advice`` beside ``__call__(view) -> move``: the board's Hint
(and :meth:`~windmill_widget.WindmillWidget.hint`) then says *why*, in a sentence a learner reads
after the move itself ("Hint: deal a card from the stock. No card in view fits a foundation ...").
Calling the player must still give ``advise(view).move``: the reason explains the choice, it never
changes it.

>>> Advice("deal", "Nothing in view fits a foundation.").reason
'Nothing in view fits a foundation.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Advice:
    """A suggested move (a move value or its text) and the reason for it, in one or two sentences
    (empty when there is nothing worth saying)."""

    move: Any
    reason: str = ""
