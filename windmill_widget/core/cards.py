"""Playing cards of a double deck: 104 physical cards, each with a stable identity.

A :class:`Card` is an immutable value. The two Sevens of Hearts are *different* cards
(``deck`` 0 and 1), so a front end can animate each physical card from where it was to
where it is. Ranks run 1 (Ace) to 13 (King); suits are ``"S" "H" "D" "C"``.

>>> Card("TH")
Card('TH')
>>> Card("10h") == Card("TH")
True
>>> Card("7♥", deck=1).id, Card("7♥", deck=1).symbol
(71, '7♥')
>>> str(Card(rank=1, suit="S"))
'AS'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .facts import TABLE
from .text import excerpt

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_CHARS = "A23456789TJQK"
RANK_NAMES = (
    "", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King",
)  # fmt: skip
#: How a rank is written for a learner ("an 8", "a Jack"): ``table.json``'s labels, which the board uses too.
RANK_LABELS = ("", *(TABLE["cardFaces"]["rankLabels"][c] for c in RANK_CHARS))
#: The suits printed in red, on the board and in the pictures.
RED_SUITS = frozenset(TABLE["cardFaces"]["redSuits"])

DECKS = 2
CARDS_PER_DECK = 52
NUM_CARDS = DECKS * CARDS_PER_DECK

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()} | {"♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_CARD_RE = re.compile(r"^\s*(10|[2-9ATJQK1])\s*([SHDC♠♥♦♣♤♡♢♧])\s*$", re.IGNORECASE)


def card_id(rank: int, suit: str, deck: int = 0) -> int:
    """The identity number 0..103 of a physical card: deck-major, then suit, then rank."""
    return deck * CARDS_PER_DECK + SUITS.index(suit) * 13 + (rank - 1)


def parse_face(text: str) -> tuple[int, str]:
    """Parse ``"TH"``, ``"10h"``, ``"7♥"``, ``"q♠"`` into ``(rank, suit)``.

    Raises ValueError with a readable message on anything else.

    >>> parse_face("10h")
    (10, 'H')
    """
    if isinstance(text, Card):
        return text.rank, text.suit
    if not isinstance(text, str):
        raise ValueError(f"A card is written like 'TH', '10H' or '7♥', not {excerpt(text)}.")
    m = _CARD_RE.match(text)
    if not m:
        raise ValueError(
            f"{excerpt(text)} is not a card: write a rank (A 2-9 T/10 J Q K) then a suit (S H D C)."
        )
    r, s = m.group(1).upper(), m.group(2)
    rank = 10 if r == "10" else (1 if r == "1" else RANK_CHARS.index(r) + 1)
    suit = _SYMBOL_TO_SUIT.get(s, s.upper())
    return rank, suit


class Card:
    """One physical card. Construct from text (``Card("7H")``), from parts
    (``Card(rank=7, suit="H")``) or from its identity (``Card.from_id(6)``).

    Cards are interned: there are exactly 104 instances, so identity, equality and
    hashing all agree with :attr:`id`.
    """

    __slots__ = ("deck", "id", "rank", "suit")
    _all: tuple[Card, ...] = ()

    id: int
    rank: int
    suit: str
    deck: int

    def __new__(
        cls, text: str | None = None, *, rank: int | None = None, suit: str | None = None, deck: int = 0
    ) -> Card:
        if text is not None:
            if rank is not None or suit is not None:
                raise TypeError("Give a card either as text or as rank= and suit=, not both.")
            rank, suit = parse_face(text)
        if rank is None or suit is None:
            raise TypeError("A card needs a rank and a suit, e.g. Card('7H') or Card(rank=7, suit='H').")
        if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= 13:
            raise ValueError(f"A rank is 1 (Ace) to 13 (King), not {excerpt(rank)}.")
        letter = _SYMBOL_TO_SUIT.get(suit, suit.upper()) if isinstance(suit, str) and len(suit) == 1 else None
        if letter not in SUITS:
            raise ValueError(f"A suit is one of S H D C, not {excerpt(suit)}.")
        suit = letter
        if type(deck) is not int or deck not in (0, 1):
            raise ValueError(f"A double deck has decks 0 and 1, not {excerpt(deck)}.")
        return cls._all[card_id(rank, suit, deck)]

    @classmethod
    def from_id(cls, cid: int) -> Card:
        """The card whose identity is ``cid`` (0..103)."""
        if not isinstance(cid, int) or isinstance(cid, bool) or not 0 <= cid < NUM_CARDS:
            raise ValueError(f"A card id is a whole number 0..103, not {excerpt(cid)}.")
        return cls._all[cid]

    @classmethod
    def _make(cls, cid: int) -> Card:
        self = object.__new__(cls)
        deck, rest = divmod(cid, CARDS_PER_DECK)
        s, r = divmod(rest, 13)
        object.__setattr__(self, "id", cid)
        object.__setattr__(self, "rank", r + 1)
        object.__setattr__(self, "suit", SUITS[s])
        object.__setattr__(self, "deck", deck)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card.from_id, (self.id,))

    @property
    def face(self) -> str:
        """Rank and suit as two characters, e.g. ``"TH"`` (the same for both decks)."""
        return RANK_CHARS[self.rank - 1] + self.suit

    @property
    def symbol(self) -> str:
        """Rank and suit symbol as printed on a card, e.g. ``"10♥"``."""
        return RANK_LABELS[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Spoken name, e.g. ``"10 of hearts"`` (used in aria-labels)."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def color(self) -> str:
        """``"red"`` for hearts and diamonds, else ``"black"``."""
        return "red" if self.suit in RED_SUITS else "black"

    def __str__(self) -> str:
        return self.face

    def __repr__(self) -> str:
        return f"Card({self.face!r})" if self.deck == 0 else f"Card({self.face!r}, deck={self.deck})"

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.id < other.id

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict) -> Card:
        return self


Card._all = tuple(Card._make(i) for i in range(NUM_CARDS))

#: Rank of each card id, for the engine's hot loops.
RANK_OF: tuple[int, ...] = tuple(c.rank for c in Card._all)


def full_deck() -> list[Card]:
    """All 104 cards in identity order."""
    return list(Card._all)


def rank_article(rank: int) -> str:
    """``"an 8"``, ``"a Jack"``: how a sentence names a needed rank."""
    word = RANK_NAMES[rank]
    return ("an " if word in ("Ace", "8") else "a ") + word


def card_list(cards: object, where: str) -> list[object]:
    """``cards`` as a list, for staging a pile; ValueError (naming the pile, ``where``) if it is not a
    list of cards but a single text or something else.

    >>> card_list(("7H", "8H"), "the waste")
    ['7H', '8H']
    >>> card_list("7H", "the waste")
    Traceback (most recent call last):
    ...
    ValueError: The waste is given as a list of cards, not '7H'.
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise ValueError(f"{where[:1].upper()}{where[1:]} is given as a list of cards, not {excerpt(cards)}.")
    return list(cards)


#: A card as a caller may give it: a :class:`Card`, text such as ``"7H"``, or an id 0..103.
CardLike = Card | str | int


def assign_ids(cards: Iterable[CardLike], used: set[int]) -> list[int]:
    """Card-like values -> distinct card ids, added to ``used``. Text takes the first copy of that
    card not yet used (deck 0, then deck 1); a card given twice is an error.

    >>> used = set()
    >>> assign_ids(["7H", "7H", Card("AS")], used)
    [19, 71, 0]
    >>> assign_ids(["7H"], used)
    Traceback (most recent call last):
    ...
    ValueError: A double deck has only two 7♥; this uses more.
    """
    ids = []
    for c in cards:
        if isinstance(c, Card):
            cid = c.id
            if cid in used:
                raise ValueError(f"The {c.symbol} of deck {c.deck} is used twice.")
        elif isinstance(c, int) and not isinstance(c, bool):
            cid = Card.from_id(c).id
            if cid in used:
                raise ValueError(f"Card id {cid} ({Card._all[cid].symbol}) is used twice.")
        else:
            rank, suit = parse_face(c)
            first = Card(rank=rank, suit=suit).id
            cid = first if first not in used else first + CARDS_PER_DECK
            if cid in used:
                raise ValueError(f"A double deck has only two {Card._all[first].symbol}; this uses more.")
        used.add(cid)
        ids.append(cid)
    return ids
