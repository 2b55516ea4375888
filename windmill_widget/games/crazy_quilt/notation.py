"""Crazy Quilt's pile names and move notation.

The quilt's cells are ``a1`` .. ``h8``: the column letter ``a``-``h`` from left to right, the row
``1``-``8`` from top to bottom, so ``a1`` is the top-left cell. The foundations are ``S+ H+ D+ C+``
(the Aces, building up) and ``S- H- D- C-`` (the Kings, building down); then ``stock``, ``waste``
and ``hand`` (the card just turned, under the literal reading of seed 002). A move is ``turn``,
``redeal`` or ``<from>><to>``. Parsing is case-insensitive and tolerant (``"D1 -> s+"``,
``"c8 to ♥+"``); printing is canonical, so ``QuiltMove.parse(str(m)) == m`` always.

>>> QuiltMove.parse("D1 -> s+")
QuiltMove('d1>S+')
>>> str(QuiltMove("waste", "h-")), QuiltMove.parse("T"), QuiltMove("redeal").src
('waste>H-', QuiltMove('turn'), 'waste')
"""

from __future__ import annotations

from ...core.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS
from ...core.moves import Move, Notation
from .board import BOARD

# The names come from board.json, which the front end reads too.
COLUMNS: str = BOARD["columns"]
SIZE: int = BOARD["rows"]
#: The quilt's cells in index order: row by row from the top left (``a1 b1 .. h1 a2 .. h8``).
CELLS: tuple[str, ...] = tuple(f"{COLUMNS[c]}{r + 1}" for r in range(SIZE) for c in range(SIZE))
UP: tuple[str, ...] = tuple(BOARD["up"])  #: the Ace foundations, building up (S+ H+ D+ C+)
DOWN: tuple[str, ...] = tuple(BOARD["down"])  #: the King foundations, building down (S- H- D- C-)
FOUNDATIONS = (*UP, *DOWN)
STOCK, WASTE, HAND = BOARD["stock"], BOARD["waste"], BOARD["hand"]
#: Every pile's name, in index order (the rules' internal numbering).
PILES: tuple[str, ...] = (*CELLS, *FOUNDATIONS, STOCK, WASTE, HAND)
PILE_INDEX = {name: i for i, name in enumerate(PILES)}

# Internal indices, for the rules' inner loops.
NCELLS = SIZE * SIZE
F_UP = tuple(range(NCELLS, NCELLS + 4))  # S+ H+ D+ C+
F_DOWN = tuple(range(NCELLS + 4, NCELLS + 8))  # S- H- D- C-
F_ALL = F_UP + F_DOWN
K = PILE_INDEX[STOCK]
W = PILE_INDEX[WASTE]
H = PILE_INDEX[HAND]
NPILES = len(PILES)
SHIFT = 7  # codes are src << 7 | dst: 75 piles fit in 7 bits
TURN_CODE = K << SHIFT | H
REDEAL_CODE = W << SHIFT | K

_ALIASES: dict[str, str] = {
    "discard": WASTE, "waste pile": WASTE, "wastepile": WASTE, "w": WASTE,
    "deck": STOCK, "talon": STOCK, "st": STOCK,
    "held": HAND, "held card": HAND, "card in hand": HAND, "in hand": HAND,
}  # fmt: skip
for _s in SUITS:
    for _sign, _word in (("+", "up"), ("-", "down")):
        _ALIASES[f"{SUIT_SYMBOLS[_s]}{_sign}"] = f"{_s}{_sign}"
        _ALIASES[f"{SUIT_NAMES[_s]} {_word}"] = f"{_s}{_sign}"

NOTATION = Notation(
    PILES,
    aliases=_ALIASES,
    actions={"turn": (STOCK, HAND), "redeal": (WASTE, STOCK)},
    action_aliases={"t": "turn", "deal": "turn", "draw": "turn", "flip": "turn", "r": "redeal"},
    stride=1 << SHIFT,
    hyphen=False,  # S- is a pile: a hyphen never separates two piles here
    example="d1>S+",
    listing="a1 .. h8 (the quilt), S+ H+ D+ C+ (the Aces), S- H- D- C- (the Kings), stock, waste and hand",
)


def cell_index(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(index: int) -> tuple[int, int]:
    return divmod(index, SIZE)


def _orientation(rows: list[str]) -> tuple[bool, ...]:
    """board.json's picture of the quilt (``|`` upright, ``-`` across) as one flag a cell."""
    if len(rows) != SIZE or any(len(row) != SIZE or set(row) - {"|", "-"} for row in rows):
        raise ValueError(f"board.json's orientation needs {SIZE} rows of {SIZE} marks, | or -")
    return tuple(mark == "|" for row in rows for mark in row)


_UPRIGHT = _orientation(BOARD["orientation"]["rows"])


def upright(index: int) -> bool:
    """Does the card of cell ``index`` lie upright (its narrow edges at the top and bottom)? Cards
    alternate, starting upright at the top left (cell row r, column c is upright when r + c is
    even), as ``board.json``'s orientation draws them: the front end reads the same picture."""
    return _UPRIGHT[index]


def describe_pile(name: str) -> str:
    """``"c4"``, ``"foundation H+"``, ``"the waste"``, ``"the stock"``, ``"the card in hand"``."""
    if name == HAND:
        return "the card in hand"
    if name in FOUNDATIONS:
        return f"foundation {name}"
    if name in CELLS:
        return name
    return f"the {name}"


class QuiltMove(Move):
    """A Crazy Quilt move: ``turn``, ``redeal``, or an available card onto a pile (``c8>H+``,
    ``b1>waste``, ``waste>S-``, ``hand>C+``, ``hand>waste``). Interned values that compare and hash
    by their piles (and equal their canonical text)."""

    __slots__ = ()
    notation = NOTATION

    @classmethod
    def turn(cls) -> QuiltMove:
        """Turn the stock's top card up (into the hand, or onto the waste: see ``QuiltRules``)."""
        return cls.from_code(TURN_CODE)  # type: ignore[return-value]

    @classmethod
    def redeal(cls) -> QuiltMove:
        """Turn the waste over, unshuffled, as the new stock."""
        return cls.from_code(REDEAL_CODE)  # type: ignore[return-value]
