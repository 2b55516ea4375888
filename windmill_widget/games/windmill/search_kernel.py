"""Windmill's search model as flat integer arrays: the same positions and moves as
:class:`~.search.SearchState`, in a form that numba compiles (see :mod:`windmill_widget.core.compiled`).

The solver's searches (its beam search, its exhaustive search) visit millions of positions a deal;
in this form they run compiled at some fifty times the speed of :class:`~.search.SearchState`,
which stays the model for Python callers (the players, tests, the engine's cross-checks). Both
follow the engine move for move: ``tests/test_search_kernel.py`` walks them side by side along
random games of every rules preset and compares every move list and every position, and every line
a search returns is replayed through the engine.

A position is a row of three ints:

* ``HEAD``: cards dealt (7 bits), the centre's height (6 bits, from bit 7), the four corners'
  heights in the corners' own order (4 bits each, from bit 13) and the corner run (from bit 29,
  always 0 when the run has no limit);
* ``SC``: the sails as counts per rank, 4 bits a rank (as ``SearchState.scode``);
* ``WN``: the waste, as its node in a *trie of wastes*: node 0 is the empty waste, and each node
  is a waste one card longer than its parent. A deal goes down the trie, a card taken from the
  waste goes back up, and a waste has one node whoever reached it, so a node names a whole waste
  exactly in one int.

The moves are :class:`~.search.SearchState`'s abstract moves, with the same codes, in the same
order (as a bit mask, :func:`moves_mask`); a line found here is a line for :class:`~.search.SearchState` and
:func:`~.search.concrete_move` as it is. Positions that differ only in which corner has which
height are the same position: :func:`key_head` sorts the corners.

The trie is three arrays: ``T`` (four ints a node: parent, top card's rank, length, and the counts
of each rank in it, 4 bits a rank), ``TH`` (a hash table from ``parent << 4 | rank`` to the child,
two ints a slot: :mod:`~windmill_widget.core.int_table`) and ``TC`` (``TC[0]``: the number of
nodes). :func:`trie_room` grows it.

>>> from windmill_widget import Game
>>> state = SearchState.from_game(Game(seed=1))
>>> T, TH, TC = trie_new(64)
>>> head, sc, wn = from_state(state, T, TH, TC)
>>> int(dealt(head)), int(centre(head)), sc == state.scode, int(waste_len(T, wn))
(0, 1, True, 0)
>>> mask = moves_mask(head, sc, waste_top(T, wn), state.out, state.n, limit_code(state), state.any)
>>> moves = []
>>> while mask:
...     moves.append(int(first_move(mask)))
...     mask &= ~(1 << moves[-1])
>>> moves == state.moves()
True
"""

from __future__ import annotations

from ...core import int_table
from ...core.compiled import hot, int_array, jit
from .search import (
    CENTRE_NEEDS,
    CENTRE_TO_CORNER,
    CENTRE_TOP,
    CORNER_FULL,
    CORNER_NEEDS,
    CORNER_TO_CENTRE,
    CORNER_TO_CORNER,
    CORNER_TOP,
    DEAL,
    KING,
    TO_CENTRE,
    TO_CORNER,
    SearchState,
)

ROW = 3  # ints a position
HEAD, SC, WN = range(ROW)
_C_SHIFT = 7
_CORNER_SHIFT = 13
_RUN_SHIFT = 29
_NODE = 4  # ints a trie node
_PARENT, _RANK, _LEN, _COUNTS = range(_NODE)


# -- the trie of wastes ---------------------------------------------------------------------------
@jit
def trie_new(cap):
    """An empty trie with room for ``cap`` nodes (a power of two): ``(T, TH, TC)``."""
    T = int_array(cap * _NODE)  # node 0, the empty waste, is its own parent
    TH = int_array(4 * cap)
    TC = int_array(1)
    TC[0] = 1
    return T, TH, TC


@jit
def trie_room(T, TH, TC, need):
    """``(T, TH)``, grown if fewer than ``need`` new nodes would fit."""
    return int_table.trie_grown(T, TH, TC, need, _NODE)


@hot
def trie_child(T, TH, TC, node, r):
    """The waste ``node`` with a card of rank ``r`` on top (made if new; :func:`trie_room` must
    have left room for it)."""
    key = node << 4 | r
    s = int_table.slot(TH, key)
    if TH[s] != 0:
        return TH[s + 1]
    child = TC[0]
    TC[0] = child + 1
    TH[s] = key + 1
    TH[s + 1] = child
    b = child * _NODE
    a = node * _NODE
    T[b + _PARENT] = node
    T[b + _RANK] = r
    T[b + _LEN] = T[a + _LEN] + 1
    T[b + _COUNTS] = T[a + _COUNTS] + (1 << (4 * r))
    return child


@hot
def waste_top(T, node):
    """The rank on top of the waste ``node`` (0 when empty)."""
    return T[node * _NODE + _RANK]


@hot
def waste_parent(T, node):
    return T[node * _NODE + _PARENT]


@hot
def waste_len(T, node):
    return T[node * _NODE + _LEN]


@hot
def waste_counts(T, node):
    """The ranks in the waste ``node``, 4 bits a rank."""
    return T[node * _NODE + _COUNTS]


# -- reading a row -------------------------------------------------------------------------------
@hot
def dealt(head):
    return head & 127


@hot
def centre(head):
    return (head >> _C_SHIFT) & 63


@hot
def corner(head, j):
    return (head >> (_CORNER_SHIFT + 4 * j)) & 15


@hot
def corner_run(head):
    return head >> _RUN_SHIFT


@hot
def placed(head):
    """The centre's height plus the corners' (cards out = a constant less this)."""
    cs = head >> _CORNER_SHIFT
    return centre(head) + (cs & 15) + (cs >> 4 & 15) + (cs >> 8 & 15) + (cs >> 12 & 15)


@hot
def key_head(head):
    """``head`` with the corners sorted: positions that differ only in which corner is which
    have the same key."""
    a = corner(head, 0)
    b = corner(head, 1)
    c = corner(head, 2)
    d = corner(head, 3)
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    rest = head & ~(0xFFFF << _CORNER_SHIFT)
    return rest | (a | b << 4 | c << 8 | d << 12) << _CORNER_SHIFT


@hot
def _set_corner(head, j, h):
    s = _CORNER_SHIFT + 4 * j
    return (head & ~(15 << s)) | h << s


# -- moves ---------------------------------------------------------------------------------------
@hot
def moves_mask(head, sc, top, out, n, limit, transfers):
    """The moves of a position (``top``: the waste's top rank, ``out``: cards still to place) as
    a bit mask of :class:`~.search.SearchState`'s move codes. In increasing code order, with the
    deal (code 0) last, they are :meth:`.SearchState.moves` in its order (:func:`first_move`)."""
    if out == 0:
        return 0
    mask = 0
    c = centre(head)
    need = CENTRE_NEEDS[c]
    if need and ((sc >> (4 * need)) & 15 or top == need):
        mask |= 1 << TO_CENTRE
    if need and (limit < 0 or corner_run(head) < limit):
        h = 14 - need  # the corner height whose top card is `need`
        if 1 <= h <= CORNER_FULL:
            for j in range(4):
                if corner(head, j) == h:
                    mask |= 1 << (CORNER_TO_CENTRE + j)
                    break
    seen = 0
    for j in range(4):
        h = corner(head, j)
        if h == CORNER_FULL or (seen >> h) & 1:
            continue
        seen |= 1 << h
        r = 13 - h
        if (sc >> (4 * r)) & 15 or top == r:
            mask |= 1 << (TO_CORNER + j)
    if transfers:
        for i in range(4):
            hi = corner(head, i)
            if hi == 0:
                continue
            seen = 0
            for j in range(4):
                hj = corner(head, j)
                if j == i or hj == CORNER_FULL or (seen >> hj) & 1:
                    continue
                if CORNER_NEEDS[hj] == CORNER_TOP[hi]:
                    seen |= 1 << hj
                    mask |= 1 << (CORNER_TO_CORNER + 4 * i + j)
        if c > 1:
            ctop = CENTRE_TOP[c]
            seen = 0
            for j in range(4):
                hj = corner(head, j)
                if hj == CORNER_FULL or (seen >> hj) & 1:
                    continue
                if CORNER_NEEDS[hj] == ctop:
                    seen |= 1 << hj
                    mask |= 1 << (CENTRE_TO_CORNER + j)
    if dealt(head) < n:
        mask |= 1 << DEAL
    return mask


@hot
def first_move(mask):
    """The first move of a nonempty :func:`moves_mask`: the lowest code, the deal (0) last."""
    if mask == 1:
        return DEAL
    m = 1
    while not (mask >> m) & 1:
        m += 1
    return m


@hot
def play(P, src, Q, dst, m, R, n, limit, auto, T):
    """Write to ``Q[dst:dst + ROW]`` the position at ``P[src:]`` after move ``m``, one of its
    moves other than the deal (see :func:`deal`)."""
    head = P[src + HEAD]
    sc = P[src + SC]
    wn = P[src + WN]
    if m == TO_CENTRE:
        head, sc, wn = _take(head, sc, wn, CENTRE_NEEDS[centre(head)], R, n, T)
        head += 1 << _C_SHIFT
        head &= (1 << _RUN_SHIFT) - 1
    elif m < TO_CORNER:
        j = m - CORNER_TO_CENTRE
        head = _set_corner(head, j, corner(head, j) - 1) + (1 << _C_SHIFT)
        if limit >= 0:
            head += 1 << _RUN_SHIFT
    elif m < CORNER_TO_CORNER:
        j = m - TO_CORNER
        h = corner(head, j)
        head, sc, wn = _take(head, sc, wn, CORNER_NEEDS[h], R, n, T)
        head = _set_corner(head, j, h + 1)
    elif m < CENTRE_TO_CORNER:
        i = (m - CORNER_TO_CORNER) >> 2
        j = (m - CORNER_TO_CORNER) & 3
        head = _set_corner(head, i, corner(head, i) - 1)
        head = _set_corner(head, j, corner(head, j) + 1)
    else:
        j = m - CENTRE_TO_CORNER
        head = _set_corner(head, j, corner(head, j) + 1) - (1 << _C_SHIFT)
    if auto:
        head, sc, wn = _auto_kings(head, sc, wn, R, n, T)
    Q[dst + HEAD] = head
    Q[dst + SC] = sc
    Q[dst + WN] = wn


@hot
def deal(P, src, Q, dst, R, n, auto, T, TH, TC):
    """Write to ``Q[dst:dst + ROW]`` the position at ``P[src:]`` after a deal (its stock not
    empty). The new waste may be a new trie node: :func:`trie_room` must have left room for one."""
    head = P[src + HEAD]
    sc = P[src + SC]
    wn = trie_child(T, TH, TC, P[src + WN], R[dealt(head)])
    head += 1
    if auto:
        head, sc, wn = _auto_kings(head, sc, wn, R, n, T)
    Q[dst + HEAD] = head
    Q[dst + SC] = sc
    Q[dst + WN] = wn


@hot
def _auto_kings(head, sc, wn, R, n, T):
    # Seeds 001/002: Kings go to empty corners by themselves (sails first, corners in order).
    for j in range(4):
        if corner(head, j) == 0 and ((sc >> (4 * KING)) & 15 or waste_top(T, wn) == KING):
            head, sc, wn = _take(head, sc, wn, KING, R, n, T)
            head = _set_corner(head, j, 1)
    return head, sc, wn


@hot
def _take(head, sc, wn, r, R, n, T):
    """Take a card of rank ``r`` from the waste's top or else a sail (the outcome is the same when
    both hold it), and refill the emptied sail from the waste, or the stock when the waste is
    empty."""
    if wn and waste_top(T, wn) == r:
        return head, sc, waste_parent(T, wn)
    sc -= 1 << (4 * r)
    if wn:
        sc += 1 << (4 * waste_top(T, wn))
        return head, sc, waste_parent(T, wn)
    k = dealt(head)
    if k < n:
        sc += 1 << (4 * R[k])
        head += 1
    return head, sc, wn


# -- to and from SearchState ---------------------------------------------------------------------
def from_state(state: SearchState, T, TH, TC) -> tuple[int, int, int]:
    """The row of ``state``'s position, ``(head, sc, wn)``, its waste added to the trie
    ``T, TH, TC`` (which must have room for it)."""
    head = state.k | state.centre << _C_SHIFT
    for j, h in enumerate(state.corner):
        head |= h << (_CORNER_SHIFT + 4 * j)
    if state.limit is not None:
        head |= min(state.run, state.limit) << _RUN_SHIFT
    wn = 0
    for r in state.waste_ranks():
        wn = trie_child(T, TH, TC, wn, r)
    return int(head), int(state.scode), int(wn)


def waste_ranks(T, node: int) -> list[int]:
    """The waste ``node``'s ranks, bottom first (as :meth:`.SearchState.waste_ranks`)."""
    out = []
    while node:
        out.append(int(waste_top(T, node)))
        node = int(waste_parent(T, node))
    out.reverse()
    return out


def limit_code(state: SearchState) -> int:
    """The corner run's limit as the kernel takes it (-1: none)."""
    return -1 if state.limit is None else state.limit
