"""What a Windmill player may see: the core's player view, plus the sails, corners and the strict
corner rule's counter.

>>> from windmill_widget import Game
>>> v = Game(seed=1).view()
>>> v.stock_count, v.sails["n1"]
(95, Card('2S', deck=1))
"""

from __future__ import annotations

from ...core.cards import Card
from ...core.view import PlayerView as CorePlayerView
from .notation import CORNERS, SAILS


class PlayerView(CorePlayerView):
    """A read-only snapshot of a Windmill game from the player's chair."""

    __slots__ = ()

    @property
    def corner_run(self) -> int:
        """How many corner cards went to the centre in a row just now (the strict rule's counter)."""
        return self._pos.corner_run

    @property
    def sails(self) -> dict[str, Card | None]:
        """Each sail's card by name (``n1`` ... ``w2``), None for an empty sail."""
        return {n: self.top(n) for n in SAILS}

    @property
    def corners(self) -> dict[str, tuple[Card, ...]]:
        """Each corner's cards by name (``nw``, ``ne``, ``se``, ``sw``), bottom to top."""
        return {n: self.pile(n) for n in CORNERS}

    def __repr__(self) -> str:
        return (
            f"<PlayerView centre={len(self._pos.piles[0])}/52 stock={self.stock_count} "
            f"legal={[str(m) for m in self.legal_moves()]}>"
        )
