"""Crazy Quilt's deal: the same seed gives the same deal on every platform and version.

Seed 002: "Remove one ace and one king of each suit from the pack for foundations." The engine sets
out the Aces and Kings of the first deck; the other 96 cards are shuffled by the core's seeded
shuffle (:func:`windmill_widget.core.deal.shuffled`): the first 64 make the quilt row by row from the
top left, the other 32 the stock, the first of them turned first.

>>> order = deal_order(7)
>>> len(order), len(set(order) | set(BASES))
(96, 104)
"""

from __future__ import annotations

from ...core.cards import NUM_CARDS, SUITS, card_id
from ...core.deal import shuffled
from .notation import NCELLS

#: The foundations' bases: the Ace and the King of each suit, of the first deck, in the order of the
#: foundations ``S+ H+ D+ C+`` then ``S- H- D- C-``.
BASES: tuple[int, ...] = tuple(card_id(1, s) for s in SUITS) + tuple(card_id(13, s) for s in SUITS)
_REST = tuple(i for i in range(NUM_CARDS) if i not in BASES)
QUILT_CARDS = NCELLS  #: one card a cell
STOCK_CARDS = len(_REST) - QUILT_CARDS


def deal_order(seed: int) -> list[int]:
    """Card ids in dealing order for deal ``seed``: the quilt ``a1 b1 .. h1 a2 .. h8``, then the
    stock, first turned first."""
    return shuffled(seed, _REST)
