"""Crazy Quilt's search model: a compact mirror of a position, built for solvers and players.

Its public interface: :meth:`SearchState.from_game` (the clairvoyant mirror: the stock's order is
known), :meth:`SearchState.from_view` (a player's mirror: every stock card unknown),
:meth:`SearchState.moves`, :meth:`SearchState.apply`, :meth:`SearchState.undo`,
:meth:`SearchState.key`, :meth:`SearchState.snapshot`/:meth:`SearchState.restore`, and
:func:`concrete_move`, which turns a move of the mirror back into a :class:`QuiltMove`.

Moves name piles, not cards (``d8>H+``, ``turn``), so the mirror's moves *are* the engine's move
codes (``src << 7 | dst``, :mod:`.notation`): nothing is lost translating them back.

What the mirror forgets, because no rule can tell the difference:

* **Which copy of a card is which.** A card is its *face*, ``suit * 13 + rank - 1`` (0..51): no
  rule reads the deck a card came from, so the two 7♥ are the same card to it.
* **Which cards a foundation holds.** Only its height: a foundation holds its base and then one
  card of each rank in order, so its height says which faces it holds.
* **Where a quilt card is, beyond its cell.** The quilt is a 64-bit mask of filled cells beside
  the faces dealt to them (fixed for the whole game: spaces are never filled).

Everything else is kept exactly: the stock and the waste as stacks of faces (each packed in one
int, 6 bits a card, the top in the lowest bits), the card in hand, the redeals left. The mirror
decides *nothing* about legality on its own that is not cross-checked:
``tests/test_quilt_search.py`` compares its move sets and resulting positions with
:meth:`QuiltPosition.legal_codes`/:meth:`QuiltPosition.apply` along random playouts for both
presets and 0 to 3 redeals, and every solver line is replayed through the engine before it is
returned.

>>> from windmill_widget import QuiltGame
>>> s = SearchState.from_game(QuiltGame(seed=7))
>>> s.out, s.stock_left(), len(s.moves())
(96, 32, 5)
>>> [str(concrete_move(None, m)) for m in s.moves()]
['c1>C-', 'a2>D+', 'a4>S-', 'a6>H+', 'turn']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .notation import F_ALL, F_UP, NCELLS, REDEAL_CODE, SHIFT, SIZE, TURN_CODE, H, K, QuiltMove, W
from .position import FOUNDATION_FULL, NARROW, QuiltPosition

if TYPE_CHECKING:
    from .game import QuiltGame
    from .view import QuiltView

TURN = TURN_CODE
REDEAL = REDEAL_CODE
#: The piles' indices, as the engine numbers them (quilt cells are 0..63).
STOCK, WASTE, HAND = K, W, H
FOUNDATION0 = F_UP[0]  #: foundation j (0..7: S+ H+ D+ C+ S- H- D- C-) is pile FOUNDATION0 + j
_MASK7 = (1 << SHIFT) - 1

#: A stock card the player cannot see (in :meth:`SearchState.from_view`'s mirror).
UNKNOWN = 63
FULL = (1 << NCELLS) - 1


def narrow_masks(narrow: tuple[tuple[int, int], ...]) -> tuple[int, dict[int, int]]:
    """The narrow-edge rule's geometry as bit masks, built from the engine's table of the cells
    across each card's narrow edges (:data:`.position.NARROW`, ``-1`` off the quilt), so that the
    rule has one definition: ``(edge, towards)``, where ``edge`` holds the cells with a narrow
    edge off the quilt (always free) and ``towards[d]`` the cells whose card has a narrow edge
    towards the cell ``d`` further on (``d`` = 1, -1, ``SIZE``, -``SIZE``).

    >>> edge, towards = narrow_masks(NARROW)
    >>> bin(edge).count("1"), sorted(towards) == sorted((1, -1, SIZE, -SIZE))
    (16, True)
    """
    edge = 0
    towards: dict[int, int] = {}
    for i, ends in enumerate(narrow):
        for j in ends:
            if j < 0:
                edge |= 1 << i
            else:
                towards[j - i] = towards.get(j - i, 0) | 1 << i
    if set(towards) - {1, -1, SIZE, -SIZE}:
        raise ValueError(f"a narrow edge must face a neighbouring cell, not steps {sorted(towards)} away")
    return edge, towards


_EDGE, _TOWARDS = narrow_masks(NARROW)
# One mask per direction, so that the helpers below stay single bit-parallel expressions (no loop).
_RIGHT, _LEFT = _TOWARDS.get(1, 0), _TOWARDS.get(-1, 0)
_BELOW, _ABOVE = _TOWARDS.get(SIZE, 0), _TOWARDS.get(-SIZE, 0)


def face_of(card_id: int) -> int:
    """A card's face, ``suit * 13 + rank - 1``: which copy it is forgotten."""
    return card_id % 52


FACE_SUIT = tuple(f // 13 for f in range(52))
FACE_RANK = tuple(f % 13 + 1 for f in range(52))


def free_cells(mask: int) -> int:
    """The cells (a bit mask) whose card is available, for the filled cells ``mask``: the engine's
    rule (:meth:`QuiltPosition.available`, seed 002: "A tableau card is available for play on
    foundations if it has a narrow edge free") over all cells at once, from the same table."""
    empty = FULL & ~mask
    return mask & (
        _EDGE
        | (_RIGHT & empty >> 1)
        | (_LEFT & empty << 1)
        | (_BELOW & empty >> SIZE)
        | (_ABOVE & empty << SIZE)
    )


def neighbours_of(cells: int) -> int:
    """The cells (a bit mask) that have one of ``cells`` across a narrow edge: the cards that
    taking ``cells``' cards away would free, if they were not free already."""
    return (_RIGHT & cells >> 1) | (_LEFT & cells << 1) | (_BELOW & cells >> SIZE) | (_ABOVE & cells << SIZE)


def narrow_of(cells: int) -> int:
    """The cells (a bit mask) across the narrow edges of ``cells``' cards: the cards that must go
    (one of each pair) before ``cells``' cards are free."""
    return (cells & _RIGHT) << 1 | (cells & _LEFT) >> 1 | (cells & _BELOW) << SIZE | (cells & _ABOVE) >> SIZE


def dig_levels(mask: int) -> list[int]:
    """How deep each filled cell's card lies: ``levels[k]`` holds the cells (a bit mask) whose card
    is freed by taking ``k`` cards away, and no fewer (``levels[0]`` are the free cards). Cells that
    no number of removals frees (none, on a real quilt) are in no level.

    >>> levels = dig_levels(FULL)  # a full quilt: 16 free cards, 12 more one card deeper, ...
    >>> [bin(level).count("1") for level in levels]
    [16, 12, 12, 8, 8, 4, 4]
    """
    level = free_cells(mask)
    levels = [level]
    seen = level
    while True:
        level = neighbours_of(level) & mask & ~seen
        if not level:
            return levels
        levels.append(level)
        seen |= level


def pack(faces: list[int]) -> int:
    """Faces as a stack in one int, 6 bits a card (``face + 1``), the *last* face (the top) in the
    lowest bits."""
    code = 0
    for f in faces:
        code = code << 6 | (f + 1)
    return code


def unpack(code: int) -> list[int]:
    """The faces :func:`pack` packed, bottom first (``UNKNOWN - 1`` stands for an unknown card)."""
    out = []
    while code:
        out.append((code & 63) - 1)
        code >>= 6
    out.reverse()
    return out


def reverse_stack(code: int) -> int:
    """The stack upside down (the waste turned over as a new stock)."""
    out = 0
    while code:
        out = out << 6 | (code & 63)
        code >>= 6
    return out


class SearchState:
    """The search state. Mutable: :meth:`apply` returns an undo record for :meth:`undo`.

    Fields (all ints, so a snapshot is a tuple): ``mask`` (filled cells), ``fcode`` (4 bits per
    foundation: its height, base included, ``S+`` in the lowest bits), ``stock`` and ``waste``
    (stacks of :func:`pack`), ``hand`` (``face + 1``, 0 when empty), ``redeals`` (left), ``out``
    (cards not on a foundation). ``faces`` lists the face dealt to each cell (``-1`` for a space).

    >>> from windmill_widget import QuiltGame
    >>> g = QuiltGame(seed=7)
    >>> s = SearchState.from_game(g)
    >>> record = s.apply(TURN)  # the stock's top card (its last) is turned up into the hand
    >>> s.hand_face() == face_of(g.pile("stock")[-1].id), s.stock_left()
    (True, 31)
    >>> s.undo(record); s.stock_left()
    32
    >>> SearchState.from_view(g.view()).stock_faces()[:3]  # a player does not know the stock
    [62, 62, 62]
    """

    __slots__ = ("cells", "faces", "fcode", "hand", "held", "mask", "out", "redeals", "stock", "waste")

    faces: tuple[int, ...]
    #: The cells each face was dealt to (a bit mask per face, 0..51): where to look for a card.
    cells: tuple[int, ...]

    @classmethod
    def from_game(cls, game: QuiltGame) -> SearchState:
        """The clairvoyant mirror of ``game``'s position: the stock's order is known."""
        return cls.from_position(game._pos)

    @classmethod
    def from_view(cls, view: QuiltView) -> SearchState:
        """A player's mirror of what ``view`` shows: every stock card unknown (:data:`UNKNOWN`)."""
        return cls.from_position(view._pos, hide_stock=True)

    @classmethod
    def from_position(cls, pos: QuiltPosition, *, hide_stock: bool = False) -> SearchState:
        """Mirror ``pos``. With ``hide_stock`` the stock's cards are unknown, as a player sees them
        (:class:`~.view.QuiltView` positions hold ``None`` there)."""
        p = pos.piles
        self = cls()
        self.faces = tuple(face_of(p[i][0]) if p[i] else -1 for i in range(NCELLS))
        cells = [0] * 52
        for i, f in enumerate(self.faces):
            if f >= 0:
                cells[f] |= 1 << i
        self.cells = tuple(cells)
        self.mask = sum(1 << i for i in range(NCELLS) if p[i])
        self.fcode = sum(len(p[f]) << (4 * j) for j, f in enumerate(F_ALL))
        stock = p[K]  # top last
        if hide_stock:
            self.stock = 0
            for _ in stock:
                self.stock = self.stock << 6 | UNKNOWN
        else:
            self.stock = pack([face_of(c) for c in stock])
        self.waste = pack([face_of(c) for c in p[W]])
        self.hand = face_of(p[H][-1]) + 1 if p[H] else 0
        self.redeals = pos.rules.redeals - pos.redeals_used
        self.held = pos.rules.held
        self.out = sum(len(p[i]) for i in range(NCELLS)) + len(stock) + len(p[W]) + len(p[H])
        return self

    # -- reading -------------------------------------------------------------------------------
    def is_won(self) -> bool:
        return self.out == 0

    def stock_left(self) -> int:
        return (self.stock.bit_length() + 5) // 6

    def waste_size(self) -> int:
        return (self.waste.bit_length() + 5) // 6

    def stock_faces(self) -> list[int]:
        """The stock's faces, *next turned first* (``UNKNOWN - 1`` for an unknown card)."""
        return unpack(self.stock)[::-1]

    def waste_faces(self) -> list[int]:
        """The waste's faces, bottom first."""
        return unpack(self.waste)

    def waste_top(self) -> int:
        """The waste's top face, or -1 when it is empty."""
        return (self.waste & 63) - 1

    def hand_face(self) -> int:
        """The face in hand, or -1."""
        return self.hand - 1

    def height(self, j: int) -> int:
        """Foundation ``j``'s height (0..7: ``S+ H+ D+ C+ S- H- D- C-``), its base included."""
        return self.fcode >> (4 * j) & 15

    def needs(self, j: int) -> int:
        """The rank foundation ``j`` takes next, or 0 when it is complete."""
        h = self.fcode >> (4 * j) & 15
        if h >= FOUNDATION_FULL:
            return 0
        return h + 1 if j < 4 else 13 - h

    def takers(self, face: int) -> list[int]:
        """The foundations (0..7) that take ``face`` now."""
        if face < 0 or face >= 52:
            return []
        s, r = face // 13, face % 13 + 1
        out = []
        h = self.fcode >> (4 * s) & 15
        if h < FOUNDATION_FULL and h + 1 == r:
            out.append(s)
        h = self.fcode >> (4 * s + 16) & 15
        if h < FOUNDATION_FULL and 13 - h == r:
            out.append(s + 4)
        return out

    def free(self) -> int:
        """The cells whose card is available, as a bit mask."""
        return free_cells(self.mask)

    def freed_by(self, cell: int) -> int:
        """The cells (a bit mask) whose card taking ``cell``'s card away would free."""
        mask = self.mask & ~(1 << cell)
        return free_cells(mask) & ~free_cells(self.mask)

    def wanted(self) -> list[tuple[int, int]]:
        """What the foundations take next, as ``(face, foundation)`` pairs (foundation 0..7), in
        foundation order."""
        out = []
        fc = self.fcode
        for j in range(8):
            h = fc >> (4 * j) & 15
            if h < FOUNDATION_FULL:
                out.append(((j & 3) * 13 + (h if j < 4 else 12 - h), j))
        return out

    def key(self) -> int:
        """Everything that decides the future, as one int (which copy of a card is which dropped)."""
        nw = self.waste.bit_length() + 5
        nw -= nw % 6
        return (
            ((((self.stock << nw | self.waste) << 7 | nw // 6) << 8 | self.hand) << 2 | self.redeals) << 32
            | self.fcode
        ) << 64 | self.mask

    def moves(self) -> list[int]:
        """Every legal move, as the engine's codes (the same set as
        :meth:`QuiltPosition.legal_codes`, in the same order)."""
        out: list[int] = []
        if not self.out:
            return out
        fc = self.fcode
        waste = self.waste
        wtop = (waste & 63) - 1
        wsuit = wtop // 13 if 0 <= wtop < 52 else -1
        wrank = wtop % 13 + 1
        faces = self.faces
        free = free_cells(self.mask)
        while free:
            low = free & -free
            i = low.bit_length() - 1
            free ^= low
            f = faces[i]
            s = f // 13
            r = f % 13 + 1
            h = fc >> (4 * s) & 15
            if h + 1 == r and h < FOUNDATION_FULL:
                out.append(i << SHIFT | FOUNDATION0 + s)
            h = fc >> (4 * s + 16) & 15
            if 13 - h == r and h < FOUNDATION_FULL:
                out.append(i << SHIFT | FOUNDATION0 + 4 + s)
            if s == wsuit and (r - wrank) % 13 in (1, 12):
                out.append(i << SHIFT | WASTE)
        hand = self.hand
        if hand:
            for j in self.takers(hand - 1):
                out.append(HAND << SHIFT | FOUNDATION0 + j)
            out.append(HAND << SHIFT | WASTE)
        if waste:
            for j in self.takers(wtop):
                out.append(WASTE << SHIFT | FOUNDATION0 + j)
        if self.stock:
            out.append(TURN)
        elif self.redeals and (waste or hand):
            out.append(REDEAL)
        return out

    def search_moves(self) -> list[int]:
        """The moves a search needs to try: :meth:`moves` without ``hand>waste`` where no free quilt
        card builds on the held card (its suit, a rank up or down).

        Such a move can wait, so a line that wins with it wins without it. From the moment the held
        card goes onto the waste until something uses it there, the hand is empty and the waste
        covered, so every move between is a quilt card's play to a foundation, which the held card
        does not touch. What uses it is one of: a quilt card built on it (then put it there just
        before, when that card is free), a play of it to a foundation (play it from the hand
        instead), a turn or a redeal (each puts the held card onto the waste itself).

        >>> from windmill_widget import QuiltGame
        >>> def both(hand):
        ...     g = QuiltGame.from_position(quilt={"a1": "5H", "a2": "3S"}, hand=hand, stock=["3D"])
        ...     s = SearchState.from_game(g)
        ...     return [[str(concrete_move(g, m)) for m in ms] for ms in (s.moves(), s.search_moves())]
        >>> both("4H")  # a1's 5 of hearts can go onto it once it is on the waste
        [['hand>waste', 'turn'], ['hand>waste', 'turn']]
        >>> both("7D")
        [['hand>waste', 'turn'], ['turn']]
        """
        moves = self.moves()
        hand = self.hand
        if hand:
            base, r = (hand - 1) // 13 * 13, (hand - 1) % 13
            onto = {base + (r + 1) % 13, base + (r + 12) % 13}
            free = self.free()
            if not any(free >> i & 1 and self.faces[i] in onto for i in range(NCELLS)):
                moves.remove(HAND << SHIFT | WASTE)
        return moves

    # -- changing -----------------------------------------------------------------------------
    def snapshot(self) -> tuple[int, int, int, int, int, int, int]:
        """Everything that changes, as a tuple of ints."""
        return (self.mask, self.fcode, self.stock, self.waste, self.hand, self.redeals, self.out)

    def restore(self, snap: tuple[int, int, int, int, int, int, int]) -> None:
        self.mask, self.fcode, self.stock, self.waste, self.hand, self.redeals, self.out = snap

    def apply(self, m: int) -> tuple[int, int, int, int, int, int, int]:
        """Play move ``m`` (assumed legal: one of :meth:`moves`); returns the undo record."""
        record = (self.mask, self.fcode, self.stock, self.waste, self.hand, self.redeals, self.out)
        if m == TURN:
            top = self.stock & 63
            self.stock >>= 6
            if self.held:
                if self.hand:  # the held card goes onto the waste when the next card is turned
                    self.waste = self.waste << 6 | self.hand
                self.hand = top
            else:
                self.waste = self.waste << 6 | top
            return record
        if m == REDEAL:
            waste = self.waste
            if self.hand:
                waste = waste << 6 | self.hand
                self.hand = 0
            self.stock = reverse_stack(waste)  # the card turned first comes up first again
            self.waste = 0
            self.redeals -= 1
            return record
        src, dst = m >> SHIFT, m & _MASK7
        if src < NCELLS:
            self.mask &= ~(1 << src)
            face = self.faces[src] + 1
        elif src == WASTE:
            face = self.waste & 63
            self.waste >>= 6
        else:  # the hand
            face = self.hand
            self.hand = 0
        if dst == WASTE:
            self.waste = self.waste << 6 | face
        else:
            self.fcode += 1 << (4 * (dst - FOUNDATION0))
            self.out -= 1
        return record

    def undo(self, record: tuple[int, int, int, int, int, int, int]) -> None:
        self.mask, self.fcode, self.stock, self.waste, self.hand, self.redeals, self.out = record


def concrete_move(source: QuiltGame | QuiltView | None, m: int) -> QuiltMove:
    """The game's move for mirror move ``m``. The mirror's moves are the engine's codes, so this
    needs no position (``source`` is accepted for symmetry with Windmill's search model)."""
    return QuiltMove.from_code(m)  # type: ignore[return-value]


def signature(state: SearchState) -> tuple:
    """What a position looks like to the rules, which copy of a card is which dropped: for comparing
    the mirror with the engine (see :func:`position_signature`)."""
    return (
        state.mask,
        tuple(state.height(j) for j in range(8)),
        tuple(state.stock_faces()),
        tuple(state.waste_faces()),
        state.hand_face(),
        state.redeals,
        state.out,
        tuple(state.faces[i] for i in range(NCELLS) if state.mask >> i & 1),
    )


def position_signature(pos: QuiltPosition) -> tuple:
    """:func:`signature` of an engine position."""
    p = pos.piles
    return (
        sum(1 << i for i in range(NCELLS) if p[i]),
        tuple(len(p[f]) for f in F_ALL),
        tuple(face_of(c) for c in reversed(p[K])),
        tuple(face_of(c) for c in p[W]),
        face_of(p[H][-1]) if p[H] else -1,
        pos.rules.redeals - pos.redeals_used,
        sum(len(p[i]) for i in range(NCELLS)) + len(p[K]) + len(p[W]) + len(p[H]),
        tuple(face_of(p[i][0]) for i in range(NCELLS) if p[i]),
    )
