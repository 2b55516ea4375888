"""PySolFC's numbered deals: its game numbers, its random generators and its shuffle.

PySolFC (the open-source patience program) numbers every deal. A number from 1 to 31999 is dealt with
its Microsoft-compatible linear congruential generator, a larger one with Python's Mersenne Twister;
PySolFC's own random deals have 17 to 20 digits, and its "next game" stops at 10**20. Both generators
come from the ``pysol-cards`` package, PySolFC's own, which this module imports only when a PySolFC deal
is asked for (``pip install "windmill_widget[pysolfc]"``).

:func:`shuffled_deck` gives the cards as PySolFC holds them after its shuffle, before a game's own hook
moves any card: PySolFC creates a game's cards deck by deck, suits in the order clubs, spades, hearts,
diamonds, Ace to King, and shuffles that list. Each game's package turns that into its deal (Windmill's
is ``games/windmill/pysolfc.py``).

>>> check_number(12345)
12345
>>> check_number(0)
Traceback (most recent call last):
...
ValueError: A PySolFC game number is a whole number from 1 to 10**20, not 0.
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS_PER_DECK, DECKS, SUITS
from .text import excerpt

#: PySolFC's smallest and largest game numbers (pysol-cards' ``MTRandom.MAX_SEED``; a number below
#: 1 is refused by its Microsoft generator).
MIN_NUMBER, MAX_NUMBER = 1, 10**20
#: Numbers below this are dealt by the Microsoft-compatible generator (``pysolrandom.construct_random``).
FIRST_MT_NUMBER = 32000
_PYSOL_SUITS = "CSHD"  # PySolFC's suit order: its card ids run deck, suit, rank
INSTALL_HINT = 'pip install "windmill_widget[pysolfc]"'


def check_number(number: object) -> int:
    """Return ``number`` if it is a PySolFC game number, else raise ValueError (TypeError for a
    value that is no whole number at all)."""
    if not isinstance(number, int) or isinstance(number, bool):
        raise TypeError(f"A PySolFC game number is a whole number, not {excerpt(number)}.")
    if not MIN_NUMBER <= number <= MAX_NUMBER:
        raise ValueError(f"A PySolFC game number is a whole number from 1 to 10**20, not {excerpt(number)}.")
    return number


def _generator(number: int) -> Any:
    try:
        from pysol_cards.random import LCRandom31, MTRandom
    except ImportError:
        raise ModuleNotFoundError(
            f"PySolFC's deals need the pysol-cards package (PySolFC's own generators): {INSTALL_HINT}",
            name="pysol_cards",
        ) from None
    return LCRandom31(number) if number < FIRST_MT_NUMBER else MTRandom(number)


def shuffled_deck(number: int) -> list[int]:
    """The kit's card ids of the double deck in the order PySolFC's shuffle leaves them for game
    ``number``, before any game's hook: the last one is on top of PySolFC's talon (dealt first).

    (PySolFC rearranges a lone deck before its Microsoft generator shuffles it, as Microsoft's FreeCell
    did; two decks are shuffled as created.)
    """
    check_number(number)
    deck = [
        d * CARDS_PER_DECK + SUITS.index(suit) * 13 + rank
        for d in range(DECKS)
        for suit in _PYSOL_SUITS
        for rank in range(13)
    ]
    return _generator(number).shuffle(deck)
