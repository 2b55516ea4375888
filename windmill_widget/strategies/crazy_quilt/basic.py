"""The simplest Crazy Quilt players: uniformly random, and greedy (a card to a foundation whenever
one fits)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...games.crazy_quilt import QuiltMove, QuiltView
from ...games.crazy_quilt.search import FOUNDATION0, NCELLS, REDEAL, SHIFT, TURN


def random_strategy(seed: int | None = None) -> Callable[[QuiltView], QuiltMove]:
    """A player that picks uniformly among the legal moves, from its own seeded generator. Every
    Crazy Quilt game ends (each move takes a card from the quilt, the hand or the waste, or turns
    the stock, and the redeals are counted), so a random player does too.

    >>> from windmill_widget import QuiltGame
    >>> pick = random_strategy(1)
    >>> pick(QuiltGame(seed=1).view()) in QuiltGame(seed=1).legal_moves()
    True
    """
    rng = random.Random(seed)

    def random_player(view: QuiltView) -> QuiltMove:
        return rng.choice(view.legal_moves())  # type: ignore[return-value]

    random_player.__name__ = random_player.__qualname__ = f"random_strategy({seed!r})"
    return random_player


def to_foundation(code: int) -> bool:
    """Does move ``code`` put a card on a foundation?"""
    return FOUNDATION0 <= code & ((1 << SHIFT) - 1) < FOUNDATION0 + 8


def from_quilt(code: int) -> bool:
    """Does move ``code`` take a card from the quilt?"""
    return code >> SHIFT < NCELLS and code not in (TURN, REDEAL)


def greedy(view: QuiltView) -> QuiltMove:
    """A card to a foundation whenever one fits: the card in hand or the waste's top first (they are
    the ones a turn would bury), then the quilt's; else turn; else redeal. It never builds on the
    waste while anything else is left to do.

    >>> from windmill_widget import QuiltGame
    >>> greedy(QuiltGame(seed=7).view())
    QuiltMove('c1>C-')
    """
    moves = view.legal_moves()
    placing = [m for m in moves if to_foundation(m.code)]
    if placing:
        return min(placing, key=lambda m: from_quilt(m.code))  # type: ignore[return-value]
    for m in moves:
        if m.code in (TURN, REDEAL):
            return m  # type: ignore[return-value]
    return moves[0]  # type: ignore[return-value]
