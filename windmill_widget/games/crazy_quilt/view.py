"""What a Crazy Quilt player may see: the core's player view, plus the quilt, which of its cards are
free, the held card and the redeals left.

>>> from windmill_widget import QuiltGame
>>> v = QuiltGame(seed=7).view()
>>> v.stock_count, len(v.available()), v.redeals_left
(32, 16, 1)
"""

from __future__ import annotations

from ...core.cards import Card
from ...core.view import PlayerView
from .notation import CELLS, FOUNDATIONS, H


class QuiltView(PlayerView):
    """A read-only snapshot of a Crazy Quilt game from the player's chair."""

    __slots__ = ()

    @property
    def quilt(self) -> dict[str, Card | None]:
        """Every cell's card (``None`` for a space), row by row from the top left."""
        p = self._pos.piles
        return {name: Card.from_id(p[i][0]) if p[i] else None for i, name in enumerate(CELLS)}

    def available(self) -> list[str]:
        """The cells whose card is free to play (a narrow edge free)."""
        return [CELLS[i] for i in self._pos.available()]

    def available_indices(self) -> list[int]:
        """:meth:`available` as pile indices (``0`` .. ``63``, as :attr:`pile_ids` lists the cells)."""
        return self._pos.available()

    @property
    def foundations(self) -> dict[str, tuple[Card, ...]]:
        """Each foundation's cards by name (``S+`` ... ``C-``), bottom to top."""
        return {n: self.pile(n) for n in FOUNDATIONS}

    @property
    def hand(self) -> Card | None:
        """The card held in hand (the literal rules only), else ``None``."""
        pile = self._pos.piles[H]
        return Card.from_id(pile[-1]) if pile else None

    @property
    def redeals_left(self) -> int:
        """How many more times the waste may become the stock."""
        return self._pos.redeals_left()
