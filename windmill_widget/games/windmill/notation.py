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

from ...core.moves import Move as CoreMove
from ...core.moves import Notation
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

#: Windmill's notation: the piles above, and the one action, ``deal`` (the stock's top card onto the
#: waste). Codes are ``src * 16 + dst``, so the rules' inner loops can use shifts and masks.
NOTATION = Notation(
    PILES,
    aliases=_ALIASES,
    actions={"deal": (STOCK, WASTE)},
    action_aliases={"d": "deal", "draw": "deal", "stock>waste": "deal"},
    stride=16,
    example="n1>c",
)


def pile_name(text: str) -> str:
    """Canonical pile name for ``text`` (``"N1"`` -> ``"n1"``, ``"centre"`` -> ``"c"``).

    Raises ValueError naming the valid piles.
    """
    return NOTATION.pile_name(text)


def describe_pile(name: str) -> str:
    """``"sail n1"``, ``"corner nw"``, ``"the centre"``, ``"the waste"``, ``"the stock"``."""
    if name == CENTRE:
        return "the centre"
    if name in CORNERS:
        return f"corner {name}"
    if name in SAILS:
        return f"sail {name}"
    return f"the {name}"


class Move(CoreMove):
    """A Windmill move: ``deal``, or the top card of one pile onto another.

    ``Move("n1>c")``, ``Move("n1", "c")``, ``Move.parse("N1 -> centre")`` and ``Move.deal()`` all
    build moves; moves are interned values that compare and hash by their piles (and equal their
    canonical text). A move names piles, not cards: which card moves is whatever is on top.
    """

    __slots__ = ()
    notation = NOTATION

    @classmethod
    def deal(cls) -> Move:
        """The move that turns the stock's top card onto the waste."""
        return cls.from_code(DEAL_CODE)  # type: ignore[return-value]

    @property
    def is_deal(self) -> bool:
        """Whether this is the move ``deal``."""
        return self.code == DEAL_CODE


#: Every move by its code (``src * 16 + dst``), for turning the rules' codes into moves quickly.
MOVES: tuple[Move | None, ...] = tuple(
    Move.from_code(code) if (code >> 4) < NPILES and (code & 15) < NPILES else None  # type: ignore[misc]
    for code in range(256)
)
