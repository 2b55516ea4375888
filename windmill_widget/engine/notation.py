"""Pile names and move notation.

Piles are named ``c`` (the centre foundation), ``nw ne se sw`` (the corner foundations),
``n1 n2 e1 e2 s1 s2 w1 w2`` (the sails; 1 is next to the centre, 2 is outer), ``waste`` and
``stock``. A move is ``deal`` or ``<from>><to>``. Parsing is case-insensitive and tolerant;
printing is canonical, so ``Move.parse(str(m)) == m`` always.

>>> Move.parse("N1 -> C")
Move('n1>c')
>>> str(Move("waste", "ne")), Move.parse("stock>waste")
('waste>ne', Move('deal'))
"""

from __future__ import annotations

import re
from typing import ClassVar

from .board import BOARD

# The names come from board.json, which the front end reads too.
CENTRE: str = BOARD["piles"]["centre"]
CORNERS: tuple[str, ...] = tuple(BOARD["piles"]["corners"])
SAILS: tuple[str, ...] = tuple(BOARD["piles"]["sails"])
WASTE: str = BOARD["piles"]["waste"]
STOCK: str = BOARD["piles"]["stock"]
FOUNDATIONS = (CENTRE, *CORNERS)
#: Every pile's notation name, in index order (the engine's internal numbering).
PILES: tuple[str, ...] = (*FOUNDATIONS, *SAILS, WASTE, STOCK)
PILE_INDEX = {name: i for i, name in enumerate(PILES)}

# Internal indices, for the engine's hot loops.
C = 0
CORNER_IDX = (1, 2, 3, 4)
SAIL_IDX = tuple(range(5, 13))
W = PILE_INDEX[WASTE]
S = PILE_INDEX[STOCK]
NPILES = len(PILES)
DEAL_CODE = S * 16 + W

_ALIASES = {
    "centre": CENTRE, "center": CENTRE, "middle": CENTRE, "foundation": CENTRE,
    "discard": WASTE, "w": WASTE, "wa": WASTE, "waste pile": WASTE,
    "deck": STOCK, "hand": STOCK, "talon": STOCK, "draw": STOCK, "st": STOCK,
}  # fmt: skip
_SEP = re.compile(r"\s*(?:->|=>|→|>|\bto\b|-|,|\s)\s*", re.IGNORECASE)


def pile_name(text: str) -> str:
    """Canonical pile name for ``text`` (``"N1"`` -> ``"n1"``, ``"centre"`` -> ``"c"``).

    Raises ValueError naming the valid piles.
    """
    if not isinstance(text, str):
        raise ValueError(f"A pile is named by text such as 'n1' or 'c', not {text!r}.")
    key = text.strip().lower()
    name = _ALIASES.get(key, key)
    if name not in PILE_INDEX:
        raise ValueError(f"There is no pile called {text!r}; the piles are {', '.join(PILES)}.")
    return name


def describe_pile(name: str) -> str:
    """``"sail n1"``, ``"corner nw"``, ``"the centre"``, ``"the waste"``, ``"the stock"``."""
    if name == CENTRE:
        return "the centre"
    if name in CORNERS:
        return f"corner {name}"
    if name in SAILS:
        return f"sail {name}"
    return f"the {name}"


class Move:
    """A move: ``deal``, or the top card of one pile onto another.

    ``Move("n1>c")``, ``Move("n1", "c")``, ``Move.parse("N1 -> centre")`` and
    ``Move.deal()`` all build moves; moves are interned values that compare and hash by
    their piles. A move names piles, not cards: which card moves is whatever is on top.
    """

    __slots__ = ("code", "dst", "src")
    _cache: ClassVar[dict[int, Move]] = {}

    src: str
    dst: str
    code: int

    def __new__(cls, src: str | Move, dst: str | None = None) -> Move:
        if isinstance(src, Move):
            return src
        if dst is None:
            return cls.parse(src)
        return cls._from_code(PILE_INDEX[pile_name(src)] * 16 + PILE_INDEX[pile_name(dst)])

    @classmethod
    def _from_code(cls, code: int) -> Move:
        m = cls._cache.get(code)
        if m is None:
            m = object.__new__(cls)
            object.__setattr__(m, "code", code)
            object.__setattr__(m, "src", PILES[code >> 4])
            object.__setattr__(m, "dst", PILES[code & 15])
            cls._cache[code] = m
        return m

    @classmethod
    def deal(cls) -> Move:
        """The move that turns the stock's top card onto the waste."""
        return cls._from_code(DEAL_CODE)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from tolerant notation: ``"deal"``, ``"n1>c"``, ``"N1 -> C"``, ``"waste to ne"``."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise ValueError(f"A move is written like 'n1>c' or 'deal', not {text!r}.")
        t = text.strip().lower()
        if t in ("deal", "d", "draw", "stock>waste"):
            return cls.deal()
        parts = [p for p in _SEP.split(t) if p]
        if len(parts) != 2:
            raise ValueError(
                f"{text!r} is not a move: write 'deal', or a pile, '>', and a pile (e.g. 'n1>c', 'waste>ne')."
            )
        return cls(parts[0], parts[1])

    @property
    def is_deal(self) -> bool:
        return self.code == DEAL_CODE

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self):
        return (Move._from_code, (self.code,))

    def __str__(self) -> str:
        return "deal" if self.code == DEAL_CODE else f"{self.src}>{self.dst}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.code == other.code
        if isinstance(other, str):
            try:
                return Move.parse(other).code == self.code
            except ValueError:
                return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __lt__(self, other: Move) -> bool:
        return self.code < other.code


#: Every move by its code (``src * 16 + dst``), for turning the core's codes into moves quickly.
MOVES: tuple[Move | None, ...] = tuple(
    Move._from_code(code) if (code >> 4) < NPILES and (code & 15) < NPILES else None for code in range(256)
)
