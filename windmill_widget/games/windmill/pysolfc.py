"""Windmill as PySolFC deals it (PySolFC's game 30, "Windmill", also "Propeller"), by its game number.

After PySolFC's shuffle (:func:`windmill_widget.core.pysolfc.shuffled_deck`), Windmill's deal in
``pysollib/games/windmill.py`` goes:

- its shuffle hook takes PySolFC's card 0, the Ace of Clubs of the first deck, out and puts it on top of
  the talon, so it is dealt first, to the centre;
- then one card to each of its eight sails, in the order its layout lists them (:data:`SAIL_ORDER`);
- then the next card onto the waste: PySolFC starts every game with a card turned up.

The rest of the talon is the stock, in the same order.

>>> from windmill_widget import Card
>>> order = pysolfc_order(1)
>>> len(order), Card.from_id(order[0])
(104, Card('AC'))
"""

from __future__ import annotations

from ...core.cards import card_id
from ...core.pysolfc import shuffled_deck
from .notation import SAILS

#: The sails in the order PySolFC deals them: its ``Windmill.ROWS_LAYOUT`` lists the row stacks north
#: outer, north inner, west outer, west inner, east inner, east outer, south inner, south outer.
SAIL_ORDER = ("n2", "n1", "w2", "w1", "e1", "e2", "s1", "s2")
#: PySolFC's card 0, which its Windmill puts on top of the talon before the deal.
CENTRE_ACE = card_id(1, "C", 0)
#: PySolFC's number for Windmill (its game id): a deal there is "Windmill #12345".
GAME_ID = 30


def pysolfc_order(number: int) -> list[int]:
    """The cards of PySolFC's Windmill game ``number`` in the kit's dealing order: the centre Ace, the
    sails ``n1 n2 e1 e2 s1 s2 w1 w2``, the card PySolFC turns onto the waste, then the stock (the
    first is dealt first). Needs the ``pysol-cards`` package."""
    talon = shuffled_deck(number)
    talon.remove(CENTRE_ACE)
    talon.append(CENTRE_ACE)  # the top of the talon: dealt first
    dealt = talon[::-1]
    sails = dict(zip(SAIL_ORDER, dealt[1:9], strict=True))
    return [dealt[0], *(sails[name] for name in SAILS), *dealt[9:]]


__all__ = ["GAME_ID", "SAIL_ORDER", "pysolfc_order"]
