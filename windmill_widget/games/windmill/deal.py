"""Windmill's deal: the same seed gives the same deal on every platform and version.

The seed-000 layout: "Pull one Ace from a double deck of cards, and shuffle the remainder."
The Ace pulled is always the Ace of Spades of deck 0; the other 103 cards are shuffled by the core's
seeded shuffle (:func:`windmill_widget.core.deal.shuffled`).

>>> order = deal_order(42)
>>> len(order), order[0]
(104, 0)
>>> deal_order(42) == order
True
"""

from __future__ import annotations

from ...core.cards import NUM_CARDS
from ...core.deal import shuffled

CENTRE_ACE_ID = 0  # the Ace of Spades, deck 0
_REST = tuple(i for i in range(NUM_CARDS) if i != CENTRE_ACE_ID)


def deal_order(seed: int) -> list[int]:
    """Card ids in dealing order for deal ``seed``: the centre Ace, the sails n1..w2, then the stock."""
    return [CENTRE_ACE_ID, *shuffled(seed, _REST)]
