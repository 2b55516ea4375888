"""The contract between the shared core and a game's rules: what a position must offer.

Each game's package implements this once, in its own ``position.py``, and that is the one place its
rules live. The core's :class:`~windmill_widget.core.game.PatienceGame` (history, undo and redo,
status, save files), :class:`~windmill_widget.core.view.PlayerView`, the lab and the widget reach a
game only through it and through the game class.

Moves are small ints here (a :class:`~windmill_widget.core.moves.Move`'s ``code``) and cards are
ids 0..103, so solvers and tournaments can push millions of moves through a position. Piles are
lists of card ids, bottom to top, indexed as the game's notation lists them; the stock's top (its
last item) is the next card turned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .outcome import Termination


class Position(Protocol):
    """The mutable core of a game."""

    piles: list[list[int]]
    rules: Any
    #: The index of the face-down stock among the piles.
    STOCK: int

    def copy(self) -> Position:
        """An independent copy."""

    def legal_codes(self) -> list[int]:
        """Every legal move's code, in a stable order: the rules, once."""

    def apply(self, code: int) -> tuple[Any, tuple[int, ...]]:
        """Carry out a legal move (unchecked) with everything that follows from it; return the
        record that :meth:`revert` takes to undo it exactly: ``(what else revert needs, steps)``,
        ``steps`` the move's primitive steps in order, each one top card from pile ``src`` onto pile
        ``dst`` written ``src * stride + dst`` (the notation's stride), what followed by itself
        included (``PatienceGame.play_code`` hands them on)."""

    def revert(self, record: Any) -> None:
        """Undo a move exactly."""

    def settle(self) -> Any:
        """Make the automatic moves a freshly dealt or staged position owes (if any)."""

    def is_won(self) -> bool:
        """Is every card on a foundation?"""

    def termination(self, codes: Sequence[int]) -> Termination | None:
        """Why the game is over, given its legal codes; ``None`` while it goes on."""

    def explain(self, code: int) -> tuple[str, str] | None:
        """Why move ``code`` is illegal here, as ``(rule key, sentence)``; ``None`` if it is legal.
        Legality is :meth:`legal_codes`'s to decide; this only finds the words."""

    def on_foundations(self) -> int:
        """How many cards are on the foundations."""

    def hidden(self) -> Position:
        """A copy with the stock face down: its cards replaced by ``None``, its count kept."""

    def extras(self) -> dict[str, Any]:
        """What the position holds besides its piles and rules (Windmill's corner run, Crazy Quilt's
        redeals used), as JSON values that :meth:`from_parts` takes back."""

    @classmethod
    def from_parts(cls, piles: list[list[int]], rules: Any, **extras: Any) -> Position:
        """A position from its piles, its rules and :meth:`extras`."""
