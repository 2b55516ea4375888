"""Crazy Quilt's exhaustive search as loops over flat integer arrays, written once to run compiled by
numba or as plain Python (:mod:`windmill_widget.core.compiled`), with the same verdicts and the same
counts of work in both modes.

It is :mod:`.exhaustive`'s search: the search model's positions and moves
(:class:`~...games.crazy_quilt.search.SearchState`, whose masks and tables it is given, not a copy
of them), the safe moves (:mod:`.exhaustive` says why they are safe), the last pass's waste order of
:mod:`.bound` and the suit relaxation of :mod:`.suits`, written here in the arrays' terms. The moves
are checked against the search model's, and the waste order against a plain model of its rule, by
``tests/test_quilt_kernel.py``; the safe moves, the small games and the waste order, which have no
Python twin, against the brute force by ``tests/test_quilt_solver.py``.

**Exact keys.** A position is a row of four ints: the quilt's mask (64 bits: an int64 when compiled,
its top cell the sign bit), a head (the foundations' heights, 4 bits each; the card in hand,
``face + 1``, from bit 32; the redeals left, from bit 38), and the waste and the stock as nodes of a
*trie of card stacks*: node 0 is the empty stack and each node is its parent with one card (its face
plus one) on top, so a node names a whole stack exactly, in one int. The waste's top is its node's
card; the stock's top is the card turned next, so a turn goes up to the parent, and a redeal pushes
the waste (and the held card) onto the empty stack from the top down. The table of positions seen
holds these ints themselves (the mask, the head, and the two nodes in one int), never a hash of them
alone: a collision can only cost a probe, never a position, so a search that ends without a win is
a proof. Each node also knows its stack's cards of each suit as a node (the suit relaxation's and
the waste order's stacks), made with it.

**The suit relaxation's small games** run here too, with an explicit stack, over the same trie. Their
lost positions go in one exact table for the whole search (a position of a small game is lost
whichever check met it), beside each check's verdict (won, lost, or no conclusion within the full
budget), so a small game met again costs one look-up.

**Move order**: a safe move alone where there is one, else the plays to a foundation first, then the
other moves, in the search model's order (the Python search tried the playout policy's move first).
"""

from __future__ import annotations

from ...core import int_table
from ...core.compiled import COMPILED, as_array, grown, hot, int_array, jit
from ...games.crazy_quilt.notation import NCELLS, SIZE
from ...games.crazy_quilt.position import FOUNDATION_FULL, NARROW
from ...games.crazy_quilt.search import (
    FOUNDATION0,
    FULL,
    HAND,
    REDEAL,
    SHIFT,
    TURN,
    UNKNOWN,
    WASTE,
    narrow_masks,
)
from ..compiled_clock import read

# -- the trie of card stacks ----------------------------------------------------------------------
# Ints a node: parent, card (face + 1), length, the stack's cards of each suit (4 nodes), and its
# ranks' waste-order frontier (see splits).
_NODE_INTS = 8
_PARENT, _CARD, _LEN, _SUB, _FRONT = 0, 1, 2, 3, 7
#: The frontier of the empty stack: from no card on either side (up side 14, down side 0).
_FRONT0 = sum(15 << (4 * u) for u in range(14))
#: Trie nodes kept free before each step of the search (a redeal's at most) and each move of a small
#: game: where fewer are left, the trie grows and the step is taken again.
TRIE_SPARE = 512
_FULL_FCODE = sum(FOUNDATION_FULL << (4 * j) for j in range(8))  # every foundation complete
_FC_MASK = (1 << 32) - 1
_ROW = 4  # ints a position: mask, head, waste node, stock node
_MOST_MOVES = 200  # moves a position can have, at most (64 cells x 3, and the hand's, waste's, stock's)
_DEPTH = 256  # levels of the stack at first (it grows as a line needs)
#: The table of positions seen stops growing at 2**SEEN_LOG2_MAX slots (three ints each: 1.6 GB) and
#: then forgets old entries instead (a few probes a key, as Windmill's): a position forgotten is
#: searched again if met again, which costs time, never soundness (no line comes back to a position).
SEEN_LOG2_MAX = 26
_PROBES = 8
_NODES_SHIFT = 31  # the waste's node, and the stock's from this bit, in one int of the keys
# The small games' table: three ints a slot (two of key, the value).
_SMALL_LOST, _SMALL_WON, _SMALL_NONE = 1, 2, 3
_SMALL_ROOM = 4  # a table is too full to go on: nothing concluded, the caller grows it and calls again
#: Positions of the small game one suit may search before the check gives up (no conclusion).
SUIT_BUDGET = 20_000
# The counters, kept in one array between slices.
_D, _POSITIONS, _PRUNED, _WORK, _SEEN, _MEMO, _REDEALS = range(7)
# What a slice ended with.
_LOST, _WON, _STOPPED, _FULL_SEEN, _FULL_ROOM, _FULL_STACK = range(6)
# What the checks of a position found.
_OPEN, _REFUTED, _CUT, _ROOM = range(4)
# Units of work (positions, and the small games' positions) between readings of the clock: about a
# millisecond. A reading calls back into Python (some 2.5 us); every 64 positions, as the Python
# search read it, cost the search 2-6% of its time.
_READ_CLOCK_UNITS = 1024

# The lowest set bit's index by a de Bruijn sequence: bits 58-63 of a product are the same whether
# it wraps (numba) or not (Python).
_DEBRUIJN = 0x03F79D71B4CB0A89
_LOWEST = [0] * 64
for _i in range(64):
    _LOWEST[(((1 << _i) * _DEBRUIJN) & ((1 << 64) - 1)) >> 58] = _i
del _i


def _word(x: int) -> int:
    """A 64-bit mask as the loops hold it: as it is in Python, as the int64 with the same bits
    compiled."""
    return x - (1 << 64) if COMPILED and x >= 1 << 63 else x


def geometry():
    """The narrow-edge rule's masks (:func:`...search.narrow_masks` of the engine's table) as the
    loops take them: the full quilt, the cells with an edge off the quilt, and the cells with a
    narrow edge towards the next cell right, left, below and above; then the de Bruijn table."""
    edge, towards = narrow_masks(NARROW)
    masks = [FULL, edge, towards.get(1, 0), towards.get(-1, 0), towards.get(SIZE, 0), towards.get(-SIZE, 0)]
    return as_array([_word(m) for m in masks] + _LOWEST)


@hot
def _lowest(G, low):
    """The index of ``low``'s one bit."""
    return G[6 + (((low * _DEBRUIJN) >> 58) & 63)]


@hot
def free_cells(G, mask):
    """:func:`...search.free_cells` over the masks of :func:`geometry`."""
    empty = G[0] & ~mask
    return mask & (
        G[1]
        | (G[2] & (empty >> 1))
        | (G[3] & (empty << 1))
        | (G[4] & (empty >> SIZE))
        | (G[5] & (empty << SIZE))
    )


@jit
def trie_new(cap):
    """An empty trie with room for ``cap`` nodes (a power of two): ``(T, TH, TC)`` (the nodes, a
    hash table from ``parent << 6 | card`` to the child, two ints a slot: :mod:`...core.int_table`,
    and the count of nodes)."""
    T = int_array(cap * _NODE_INTS)  # node 0, the empty stack, is its own parent and every suit's stack
    T[_FRONT] = _FRONT0
    TH = int_array(4 * cap)
    TC = int_array(1)
    TC[0] = 1
    return T, TH, TC


@jit
def trie_room(T, TH, TC, need):
    """``(T, TH)``, grown if fewer than ``need`` new nodes would fit."""
    return int_table.trie_grown(T, TH, TC, need, _NODE_INTS)


@hot
def _made(T, TH, TC, node, card):
    """The node ``node`` with ``card`` on top, made if new, and whether it was (``(child, new)``)."""
    key = node << 6 | card
    s = int_table.slot(TH, key)
    if TH[s] != 0:
        return TH[s + 1], False
    child = TC[0]
    TC[0] = child + 1
    TH[s] = key + 1
    TH[s + 1] = child
    b = child * _NODE_INTS
    a = node * _NODE_INTS
    T[b + _PARENT] = node
    T[b + _CARD] = card
    T[b + _LEN] = T[a + _LEN] + 1
    for suit in range(4):
        T[b + _SUB + suit] = T[a + _SUB + suit]
    T[b + _FRONT] = _frontier_after(T[a + _FRONT], (card - 1) % 13 + 1)
    return child, True


@hot
def push(T, TH, TC, node, card):
    """The stack ``node`` with ``card`` (a face plus one) on top (made if new; :func:`trie_room`
    must have left room for two nodes)."""
    child, new = _made(T, TH, TC, node, card)
    if new:
        suit = (card - 1) // 13
        below = T[node * _NODE_INTS + _SUB + suit]  # the parent's cards of the suit
        if below == node:  # the parent holds nothing else: so does the child
            T[child * _NODE_INTS + _SUB + suit] = child
        else:  # a stack of one suit: its own stack of the suit, and nothing of the others
            mine, fresh = _made(T, TH, TC, below, card)
            if fresh:
                for other in range(4):
                    T[mine * _NODE_INTS + _SUB + other] = 0
                T[mine * _NODE_INTS + _SUB + suit] = mine
            T[child * _NODE_INTS + _SUB + suit] = mine
    return child


@hot
def card_of(T, node):
    """The card (face plus one) on top of the stack ``node``, 0 when it is empty."""
    return T[node * _NODE_INTS + _CARD]


@hot
def parent_of(T, node):
    return T[node * _NODE_INTS + _PARENT]


@hot
def length_of(T, node):
    return T[node * _NODE_INTS + _LEN]


@hot
def suit_of(T, node, suit):
    """The stack of ``node``'s cards of ``suit`` (a node too), in their order."""
    return T[node * _NODE_INTS + _SUB + suit]


@hot
def turned_over(T, TH, TC, waste, hand):
    """The stock a redeal makes of the ``waste`` with the card ``hand`` (0: none) on top: the
    waste's bottom card is turned first."""
    stock = 0
    if hand:
        stock = push(T, TH, TC, stock, hand)
    while waste:
        stock = push(T, TH, TC, stock, T[waste * _NODE_INTS + _CARD])
        waste = T[waste * _NODE_INTS + _PARENT]
    return stock


@jit
def redeals_grown(R):
    """The table of redeals made (``waste << 6 | hand`` to the stock, see :mod:`...core.int_table`),
    twice as big, every entry kept."""
    return int_table.resized(R, 2 * len(R))


@hot
def redealt(T, TH, TC, R, C, waste, hand):
    """:func:`turned_over`, kept: the search redeals the same waste from many positions (on literal
    deal 0 some five times each), and each redeal pushes every card of the waste."""
    key = waste << 6 | hand
    s = int_table.slot(R, key)
    if R[s] != 0:
        return R[s + 1]
    stock = turned_over(T, TH, TC, waste, hand)
    R[s] = key + 1
    R[s + 1] = stock
    C[_REDEALS] += 1
    return stock


def stack_node(T, TH, TC, faces) -> int:
    """The node of the stack ``faces`` (bottom first)."""
    node = 0
    for f in faces:
        node = push(T, TH, TC, node, f + 1)
    return int(node)


# -- the waste order (bound.py) ---------------------------------------------------------------------
@hot
def _frontier_after(front, r):
    """The frontier of a stack with a card of rank ``r`` put on top of one whose frontier is
    ``front`` (see :func:`splits`)."""
    best = 15  # the lowest down side among the up sides above r: r can go on the up side there
    for u in range(r + 1, 15):
        best = min(best, front >> (4 * u) & 15)
    out = 0
    for u in range(15):
        v = 15
        if (front >> (4 * u) & 15) < r:  # r can go on the down side
            v = r
        if u == r:
            v = min(v, best)
        out |= v << (4 * u)
    return out


@hot
def splits(T, node, up, down):
    """Can the ranks of the stack ``node``, read from its top, split into a rising sequence all
    above the up-foundation's top rank ``up`` and a falling one all below the down-foundation's
    ``down`` (the last pass's waste order, :mod:`.bound`)? Read from the bottom instead, the cards that go up
    must fall and those that go down must rise, and only the last (the top) of each side is
    checked against the foundations: so each stack keeps, as it is made, its *frontier*, for each
    rank ``u`` (0..14; 14: no card yet) the up side can end on, the lowest rank the down side can end
    on (0: no card yet; 15: none), 4 bits each. The stack splits when some ``u`` above ``up`` has
    a down side below ``down``."""
    return front_splits(T[node * _NODE_INTS + _FRONT], up, down)


@hot
def front_splits(front, up, down):
    """:func:`splits` of a stack whose frontier is ``front``."""
    for u in range(up + 1, 15):  # noqa: SIM110 (numba compiles no generator)
        if (front >> (4 * u) & 15) < down:
            return True
    return False


@hot
def waste_order_lost(T, waste, fcode):
    """Whether the last pass's ``waste`` (a node), with the foundations' heights ``fcode``, proves
    the position lost (:mod:`.bound`): some suit's cards on it cannot :func:`splits`."""
    for suit in range(4):
        node = T[waste * _NODE_INTS + _SUB + suit]
        if T[node * _NODE_INTS + _LEN] < 2:
            continue
        up = fcode >> (4 * suit) & 15
        down = 14 - (fcode >> (4 * suit + 16) & 15)
        if not splits(T, node, up, down):
            return True
    return False


# -- the suit relaxation's small games (suits.py) ---------------------------------------------------
@hot
def _memo_slot(L, k1, k2):
    """Where the small game's key is in its table (``k2`` is never 0), else an empty slot for it:
    ``(slot, found)``."""
    mask = len(L) // 3 - 1
    i = (((k1 * 0x9E3779B97F4A7C1) ^ (k2 * 0x85EBCA77C2B2AE3)) >> 24) & mask
    while L[3 * i + 1] != 0:
        if L[3 * i] == k1 and L[3 * i + 1] == k2:
            return 3 * i, True
        i = (i + 1) & mask
    return 3 * i, False


@hot
def _small_key2(suit, hand, up, down, redeals):
    return 1 | hand << 1 | up << 7 | down << 11 | redeals << 15 | suit << 17


@jit
def memo_grown(L):
    """The small games' table twice as big, every entry kept."""
    L2 = int_array(2 * len(L))
    for b in range(0, len(L), 3):
        if L[b + 1] != 0:
            t, _ = _memo_slot(L2, L[b], L[b + 1])
            L2[t] = L[b]
            L2[t + 1] = L[b + 1]
            L2[t + 2] = L[b + 2]
    return L2


@hot
def _need(rank, up, down):
    """How many of the foundations (0 to 2) still take a card of ``rank``."""
    return (1 if rank > up else 0) + (1 if rank < down else 0)


@hot
def small_game(T, TH, TC, L, C, F, suit, stock, waste, hand, up, down, redeals, held, budget):
    """Search one suit's small game (see :mod:`.suits`) from ``stock`` and ``waste`` (nodes of that
    suit's cards only), ``hand`` (a face plus one, 0: none) and its foundations' top ranks, visiting
    at most ``budget`` positions. Returns ``(verdict, positions)``: ``_SMALL_WON``, ``_SMALL_LOST``,
    ``_SMALL_NONE`` (out of budget) or ``_SMALL_ROOM`` (the trie or the table must grow first). Its
    lost positions join the table ``L`` (``C[_MEMO]`` counts them); ``F``: a scratch array of
    ``8 * 256`` ints, its stack. It makes the moves that cannot hurt
    at once (a card only one foundation still takes, or whose twin is in the quilt too, goes up
    when it is available), and it never puts the held card onto the waste."""
    base = suit * 13
    # How many of each rank the quilt holds, 2 bits a rank: what the foundations still take of it,
    # less what the stock, the waste and the hand hold.
    quilt = 0
    for r in range(1, 14):
        quilt += _need(r, up, down) << (2 * r)
    x = stock
    while x:
        quilt -= 1 << (2 * ((T[x * _NODE_INTS + _CARD] - 1) % 13 + 1))
        x = T[x * _NODE_INTS + _PARENT]
    x = waste
    while x:
        quilt -= 1 << (2 * ((T[x * _NODE_INTS + _CARD] - 1) % 13 + 1))
        x = T[x * _NODE_INTS + _PARENT]
    if hand:
        quilt -= 1 << (2 * ((hand - 1) % 13 + 1))
    spent = 0
    d = 0  # frames on the stack; a position to enter is (stock, waste, hand, up, down, redeals, quilt)
    entering = True
    while True:
        if entering:
            entering = False
            changed = True  # the moves that cannot hurt, until none is left
            while changed:
                changed = False
                for j in range(2):
                    r = up + 1 if j == 0 else down - 1
                    if r < 1 or r > 13:
                        continue
                    q = quilt >> (2 * r) & 3
                    if q == 2 or (r >= down if j == 0 else r <= up):
                        f = base + r
                        if hand == f:
                            hand = 0
                        elif waste and T[waste * _NODE_INTS + _CARD] == f:
                            waste = T[waste * _NODE_INTS + _PARENT]
                        elif q:
                            quilt -= 1 << (2 * r)
                        else:
                            continue
                        if j == 0:
                            up = r
                        else:
                            down = r
                        changed = True
            if up == 13 and down == 1:
                return _SMALL_WON, spent
            k1 = stock | waste << _NODES_SHIFT
            k2 = _small_key2(suit, hand, up, down, redeals)
            slot, found = _memo_slot(L, k1, k2)
            if not (found and L[slot + 2] == _SMALL_LOST):
                if spent >= budget:
                    return _SMALL_NONE, spent
                if not _room(T, TC, L, C):
                    return _SMALL_ROOM, spent
                spent += 1
                if redeals or T[waste * _NODE_INTS + _LEN] < 2 or splits(T, waste, up, down):
                    b = 8 * d
                    F[b] = stock
                    F[b + 1] = waste
                    F[b + 2] = hand
                    F[b + 3] = up
                    F[b + 4] = down
                    F[b + 5] = redeals
                    F[b + 6] = quilt
                    F[b + 7] = 0
                    d += 1
            continue
        if d == 0:
            return _SMALL_LOST, spent
        b = 8 * (d - 1)
        stock = F[b]
        waste = F[b + 1]
        hand = F[b + 2]
        up = F[b + 3]
        down = F[b + 4]
        redeals = F[b + 5]
        quilt = F[b + 6]
        k = F[b + 7]
        # The moves in order: to the up-foundation from the hand, the waste, the quilt; the same
        # to the down-foundation; then the turn or the redeal.
        while k < 7 and not entering:
            if k < 6:
                j = k // 3
                r = up + 1 if j == 0 else down - 1
                if 1 <= r <= 13:
                    f = base + r
                    way = k % 3
                    if way == 0 and hand == f:
                        hand = 0
                        entering = True
                    elif way == 1 and waste and T[waste * _NODE_INTS + _CARD] == f:
                        waste = T[waste * _NODE_INTS + _PARENT]
                        entering = True
                    elif way == 2 and quilt >> (2 * r) & 3:
                        quilt -= 1 << (2 * r)
                        entering = True
                    if entering:
                        if j == 0:
                            up = r
                        else:
                            down = r
            elif stock:
                top = T[stock * _NODE_INTS + _CARD]
                stock = T[stock * _NODE_INTS + _PARENT]
                if held:
                    if hand:
                        waste = push(T, TH, TC, waste, hand)
                    hand = top
                else:
                    waste = push(T, TH, TC, waste, top)
                entering = True
            elif redeals and (waste or hand):
                stock = turned_over(T, TH, TC, waste, hand)
                waste = 0
                hand = 0
                redeals -= 1
                entering = True
            k += 1
        F[b + 7] = k
        if not entering:  # every move tried: lost
            slot, found = _memo_slot(
                L, F[b] | F[b + 1] << _NODES_SHIFT, _small_key2(suit, F[b + 2], F[b + 3], F[b + 4], F[b + 5])
            )
            if not found:
                L[slot] = F[b] | F[b + 1] << _NODES_SHIFT
                L[slot + 1] = _small_key2(suit, F[b + 2], F[b + 3], F[b + 4], F[b + 5])
                L[slot + 2] = _SMALL_LOST
                C[_MEMO] += 1
            d -= 1


@hot
def _room(T, TC, L, C):
    """Whether the trie and the small games' table have room for a step."""
    return TC[0] + TRIE_SPARE <= len(T) // _NODE_INTS and 2 * (C[_MEMO] + 8) <= len(L) // 3


@hot
def suits_lost(T, TH, TC, L, C, F, stock, waste, hand, fcode, redeals, held, suits, budget):
    """The suit relaxation (:mod:`.suits`) for the suits in the bit mask ``suits``: the first suit
    (0..3) whose small game is lost, or -1; the small games' positions are added to ``C[_WORK]``.
    Returns ``(suit, cut)``: ``cut`` is true when a small game ran out of a ``budget`` smaller than
    :data:`SUIT_BUDGET` (the full budget might have concluded; nothing is kept of it); suit
    -2 when a table must grow first (the positions it searched count; the lost ones are kept)."""
    cut = False
    for suit in range(4):
        if not (suits >> suit) & 1:
            continue
        up = fcode >> (4 * suit) & 15
        down = 14 - (fcode >> (4 * suit + 16) & 15)
        if up >= 13 and down <= 1:
            continue
        s = T[stock * _NODE_INTS + _SUB + suit]
        w = T[waste * _NODE_INTS + _SUB + suit]
        h = hand if hand and (hand - 1) // 13 == suit else 0
        k1 = s | w << _NODES_SHIFT
        k2 = _small_key2(suit, h, up, down, redeals)
        slot, found = _memo_slot(L, k1, k2)
        if found:
            verdict = L[slot + 2]
        else:
            verdict, spent = small_game(T, TH, TC, L, C, F, suit, s, w, h, up, down, redeals, held, budget)
            C[_WORK] += spent
            if verdict == _SMALL_ROOM:
                return -2, cut
            if verdict == _SMALL_NONE and budget < SUIT_BUDGET:
                cut = True
                continue
            slot, found = _memo_slot(L, k1, k2)  # the small game may have filled the slot found
            if not found:
                L[slot] = k1
                L[slot + 1] = k2
                C[_MEMO] += 1
            L[slot + 2] = verdict
        if verdict == _SMALL_LOST:
            return suit, cut
    return -1, cut


# -- the search model's moves (search.py) -----------------------------------------------------------
@hot
def _takes(fcode, face, j):
    """Whether foundation ``j`` (0..3 up, 4..7 down, of ``face``'s suit) takes ``face`` now."""
    h = fcode >> (4 * j) & 15
    if h >= FOUNDATION_FULL:
        return False
    r = face % 13 + 1
    return h + 1 == r if j < 4 else 13 - h == r


@hot
def moves_of(G, T, FACES, CELLS, P, a, MV, o, X, grouped, every=False):
    """The moves of the position ``P[a:]`` a search needs to try
    (:meth:`...search.SearchState.search_moves`) into ``MV[o:]``: with ``grouped``, the plays to a
    foundation first, the others after them (``X``: scratch room for those), each part in that
    method's order; without, in that order itself (the beam's). With ``every``, every legal move
    (:meth:`...search.SearchState.moves`). Returns their count. Only the free cells whose card a
    foundation or the waste's top takes are visited (``CELLS``: the cells each face was dealt to)."""
    mask = P[a]
    head = P[a + 1]
    waste = P[a + 2]
    stock = P[a + 3]
    fcode = head & _FC_MASK
    hand = head >> 32 & 63
    redeals = head >> 38 & 3
    if fcode == _FULL_FCODE:
        return 0
    wtop = T[waste * _NODE_INTS + _CARD]
    up = 0  # the cells whose card an up-foundation takes now, and a down-foundation
    down = 0
    for suit in range(4):
        h = fcode >> (4 * suit) & 15
        if h < FOUNDATION_FULL:
            up |= CELLS[suit * 13 + h]
        h = fcode >> (4 * suit + 16) & 15
        if h < FOUNDATION_FULL:
            down |= CELLS[suit * 13 + 12 - h]
    onto = 0  # the cells whose card builds on the waste's top: its suit, a rank up or down
    if wtop:
        base = (wtop - 1) // 13 * 13
        r = (wtop - 1) % 13
        onto = CELLS[base + (r + 1) % 13] | CELLS[base + (r + 12) % 13]
    n = 0
    x = 0
    free = free_cells(G, mask)
    builds = every  # does a free quilt card build on the held card (else hand>waste can wait)
    if hand and not every:
        base = (hand - 1) // 13 * 13
        r = (hand - 1) % 13
        builds = (CELLS[base + (r + 1) % 13] | CELLS[base + (r + 12) % 13]) & free != 0
    free &= up | down | onto
    while free:
        low = free & -free
        free ^= low
        i = _lowest(G, low)
        s = FACES[i] // 13
        if up & low:
            MV[o + n] = i << SHIFT | (FOUNDATION0 + s)
            n += 1
        if down & low:
            MV[o + n] = i << SHIFT | (FOUNDATION0 + 4 + s)
            n += 1
        if onto & low:
            if grouped:
                X[x] = i << SHIFT | WASTE
                x += 1
            else:
                MV[o + n] = i << SHIFT | WASTE
                n += 1
    if hand:
        s = (hand - 1) // 13
        for j in range(s, 8, 4):
            if _takes(fcode, hand - 1, j):
                MV[o + n] = HAND << SHIFT | (FOUNDATION0 + j)
                n += 1
        if builds and grouped:
            X[x] = HAND << SHIFT | WASTE
            x += 1
        elif builds:
            MV[o + n] = HAND << SHIFT | WASTE
            n += 1
    if wtop:
        s = (wtop - 1) // 13
        for j in range(s, 8, 4):
            if _takes(fcode, wtop - 1, j):
                MV[o + n] = WASTE << SHIFT | (FOUNDATION0 + j)
                n += 1
    if stock:
        X[x] = TURN
        x += 1
    elif redeals and (waste or hand):
        X[x] = REDEAL
        x += 1
    for k in range(x):
        MV[o + n + k] = X[k]
    return n + x


@hot
def safe_move(G, T, CELLS, P, a):
    """A move of the position ``P[a:]`` that loses nothing (a play to a foundation: see *Safe
    moves* in :mod:`.exhaustive`), or -1 (``CELLS``: the cells each face was dealt to)."""
    mask = P[a]
    head = P[a + 1]
    fcode = head & _FC_MASK
    hand = head >> 32 & 63
    redeals = head >> 38 & 3
    wtop = T[P[a + 2] * _NODE_INTS + _CARD]
    free = 0
    for suit in range(4):
        up = fcode >> (4 * suit) & 15
        down = 14 - (fcode >> (4 * suit + 16) & 15)
        for j in range(2):
            if j == 0:
                r = up + 1
                if r > 13 or down > r:
                    continue
                dst = FOUNDATION0 + suit
                other = suit * 13 if r == 13 else -1
            else:
                r = down - 1
                if r < 1 or r > up:
                    continue
                dst = FOUNDATION0 + suit + 4
                other = suit * 13 + 12 if r == 1 else -1
            if other >= 0:
                if CELLS[other] & mask:
                    continue
            elif redeals and CELLS[suit * 13] & mask and CELLS[suit * 13 + 12] & mask:
                continue
            face = suit * 13 + r - 1
            if hand == face + 1:
                return HAND << SHIFT | dst
            if wtop == face + 1:
                return WASTE << SHIFT | dst
            cells = CELLS[face] & mask
            if cells:
                if free == 0:
                    free = free_cells(G, mask)
                cells &= free
                if cells:
                    return _lowest(G, cells & -cells) << SHIFT | dst
    return -1


@hot
def play(T, TH, TC, R, C, FACES, P, a, b, m, held):
    """Write the position after move ``m`` from ``P[a:]`` into ``P[b:]`` (``R``: the table of
    redeals made, which must have room for one more)."""
    mask = P[a]
    head = P[a + 1]
    waste = P[a + 2]
    stock = P[a + 3]
    fcode = head & _FC_MASK
    hand = head >> 32 & 63
    redeals = head >> 38 & 3
    if m == TURN:
        top = T[stock * _NODE_INTS + _CARD]
        stock = T[stock * _NODE_INTS + _PARENT]
        if held:
            if hand:  # the held card goes onto the waste when the next card is turned
                waste = push(T, TH, TC, waste, hand)
            hand = top
        else:
            waste = push(T, TH, TC, waste, top)
    elif m == REDEAL:
        stock = redealt(T, TH, TC, R, C, waste, hand)
        waste = 0
        hand = 0
        redeals -= 1
    else:
        src = m >> SHIFT
        dst = m & ((1 << SHIFT) - 1)
        if src < NCELLS:
            mask &= ~(1 << src)
            face = FACES[src] + 1
        elif src == WASTE:
            face = T[waste * _NODE_INTS + _CARD]
            waste = T[waste * _NODE_INTS + _PARENT]
        else:
            face = hand
            hand = 0
        if dst == WASTE:
            waste = push(T, TH, TC, waste, face)
        else:
            fcode += 1 << (4 * (dst - FOUNDATION0))
    P[b] = mask
    P[b + 1] = fcode | hand << 32 | redeals << 38
    P[b + 2] = waste
    P[b + 3] = stock


@hot
def expand(G, T, FACES, CELLS, P, a, MV, o, X, safe, grouped=True, every=False):
    """The moves to search at the position ``P[a:]``, into ``MV[o:]``: its safe move alone, with
    ``safe`` and where it has one, else all of them (:func:`moves_of`, ``grouped`` and ``every``
    passed on: the exhaustive search's order by default); returns their count."""
    if safe and (P[a + 1] & _FC_MASK) != _FULL_FCODE:
        m = safe_move(G, T, CELLS, P, a)
        if m >= 0:
            MV[o] = m
            return 1
    return moves_of(G, T, FACES, CELLS, P, a, MV, o, X, grouped, every)


# -- the search -----------------------------------------------------------------------------------
@hot
def _seen_slot(S, mask, head, nodes, probes):
    """Where the position's key is in the seen table (``head + 1`` in its second int marks a slot
    used) among its first ``probes`` places, else a slot for it: an empty one there, or the first
    place, whose entry it will replace. ``(slot, found)``."""
    smask = len(S) // 3 - 1
    h = (mask * 0x9E3779B97F4A7C1) ^ (head * 0x85EBCA77C2B2AE3) ^ (nodes * 0x2545F4914F6CDD1D)
    i0 = (h >> 24) & smask
    i = i0
    for _ in range(min(probes, smask + 1)):
        if S[3 * i + 1] == 0:
            return 3 * i, False
        if S[3 * i] == mask and S[3 * i + 1] == head + 1 and S[3 * i + 2] == nodes:
            return 3 * i, True
        i = (i + 1) & smask
    return 3 * i0, False


@jit
def seen_grown(S):
    """The seen table twice as big, every entry kept."""
    S2 = int_array(2 * len(S))
    for b in range(0, len(S), 3):
        if S[b + 1] != 0:
            t, _ = _seen_slot(S2, S[b], S[b + 1] - 1, S[b + 2], len(S2))
            S2[t] = S[b]
            S2[t + 1] = S[b + 1]
            S2[t + 2] = S[b + 2]
    return S2


@hot
def seen_put(S, C, slot, P, a):
    """Put the position ``P[a:]`` in the seen table, at its ``slot`` (from :func:`_seen_slot`)."""
    if S[slot + 1] == 0:
        C[_SEEN] += 1
    S[slot] = P[a]
    S[slot + 1] = P[a + 1] + 1
    S[slot + 2] = P[a + 2] | P[a + 3] << _NODES_SHIFT


@hot
def refuted(T, TH, TC, L, C, F, P, b, m, held, budget, plays=False):
    """:func:`.exhaustive`'s check of the position ``P[b:]`` just reached by move ``m``: the last
    pass's waste order, or (after a turn, a redeal or a card put onto the waste, and with ``plays``
    after a play to a foundation too: the beams') the suit relaxation of the suits the move changed.
    Returns ``_REFUTED``, ``_OPEN``, ``_CUT`` (a small game ran out of a budget cut short) or
    ``_ROOM`` (a table must grow first)."""
    head = P[b + 1]
    fcode = head & _FC_MASK
    hand = head >> 32 & 63
    redeals = head >> 38 & 3
    waste = P[b + 2]
    if not redeals and waste and waste_order_lost(T, waste, fcode):
        return _REFUTED
    if m == REDEAL:
        suits = 15
    elif m == TURN or m & ((1 << SHIFT) - 1) == WASTE:
        # Only the suits of the waste's top and the hand can have changed: the others' small games
        # are the parent's (checked there, unless a play to a foundation led to it).
        suits = 0
        top = T[waste * _NODE_INTS + _CARD]
        if top:
            suits |= 1 << ((top - 1) // 13)
        if hand:
            suits |= 1 << ((hand - 1) // 13)
    elif plays and 0 <= (m & ((1 << SHIFT) - 1)) - FOUNDATION0 < 8:  # a play to a foundation:
        suits = 1 << ((m & ((1 << SHIFT) - 1)) - FOUNDATION0 & 3)  # its suit (S+ H+ D+ C+ S- ...)
    else:
        return _OPEN
    suit, cut = suits_lost(T, TH, TC, L, C, F, P[b + 3], waste, hand, fcode, redeals, held, suits, budget)
    if suit >= 0:
        return _REFUTED
    if suit == -2:
        return _ROOM
    return _CUT if cut else _OPEN


@jit
def search(
    C,
    P,
    MV,
    NM,
    IX,
    MOVED,
    S,
    seen_max,
    T,
    TH,
    TC,
    R,
    L,
    F,
    X,
    G,
    FACES,
    CELLS,
    held,
    safe,
    max_nodes,
    hard,
    deadline,
):
    """Search on from where the counters ``C`` and the stack left off, for about ``max_nodes``
    new units of work (positions and the small games' positions), never past ``hard``, or until
    ``deadline`` (-1: none). Returns what it ended with: ``_LOST`` (every position searched),
    ``_WON`` (the line is ``MOVED[1:C[_D] + 1]``), ``_STOPPED``, or a table that must grow first
    (the caller grows it and calls again). The seen table ``S`` grows up to ``seen_max`` ints (see
    :data:`SEEN_LOG2_MAX`)."""
    d = C[_D]
    nodes = 0
    w0 = C[_WORK]
    next_read = 0  # the units used at which the clock is read next
    slots = len(S) // 3
    # Linear probing while the table may grow (it is never more than half full); once it may not,
    # a few probes, and a full neighbourhood forgets an entry.
    probes = slots if len(S) < seen_max else _PROBES
    status = _LOST
    while d >= 0:
        if IX[d] >= NM[d]:
            d -= 1
            continue
        if 2 * (C[_SEEN] + 1) > slots and len(S) < seen_max:
            status = _FULL_SEEN
            break
        if not _room(T, TC, L, C) or 2 * (C[_REDEALS] + 1) > len(R) >> 1:
            status = _FULL_ROOM
            break
        if d + 2 >= len(NM):
            status = _FULL_STACK
            break
        i = IX[d]
        m = MV[d * _MOST_MOVES + i]
        IX[d] = i + 1
        a = d * _ROW
        b = a + _ROW
        play(T, TH, TC, R, C, FACES, P, a, b, m, held)
        if P[b] == 0 and P[b + 2] == 0 and P[b + 3] == 0 and P[b + 1] >> 32 & 63 == 0:
            # no card off the foundations (the same as every foundation complete, in a full deck;
            # a position staged with part of the deck is won so too)
            MOVED[d + 1] = m
            d += 1
            status = _WON
            break
        nk = P[b + 2] | P[b + 3] << _NODES_SHIFT
        slot, found = _seen_slot(S, P[b], P[b + 1], nk, probes)
        if found:
            continue
        left = hard - nodes - 1 - (C[_WORK] - w0)  # a suit's small game may take a quarter
        budget = min(SUIT_BUDGET, max(left // 4, 0))
        check = refuted(T, TH, TC, L, C, F, P, b, m, held, budget)
        if check == _ROOM:  # the check starts again once the tables have grown
            IX[d] = i
            status = _FULL_ROOM
            break
        if check == _REFUTED:
            seen_put(S, C, slot, P, b)
            nodes += 1
            C[_PRUNED] += 1
            continue
        if check == _CUT:  # the check ran out of this slice: the next one tries the move again, in full
            IX[d] = i
            status = _STOPPED
            break
        seen_put(S, C, slot, P, b)
        nodes += 1
        NM[d + 1] = expand(G, T, FACES, CELLS, P, b, MV, (d + 1) * _MOST_MOVES, X, safe)
        IX[d + 1] = 0
        MOVED[d + 1] = m
        d += 1
        if nodes + C[_WORK] - w0 >= max_nodes:
            status = _STOPPED
            break
        if deadline >= 0 and nodes + C[_WORK] - w0 >= next_read:
            next_read = nodes + C[_WORK] - w0 + _READ_CLOCK_UNITS
            if read() > deadline:
                status = _STOPPED
                break
    C[_D] = d
    C[_POSITIONS] += nodes
    return status


class Kernel:
    """The arrays of one exhaustive search from a :class:`~...search.SearchState` (which it does not
    change), and its resumable run: what :class:`.exhaustive.Exhaustive` drives."""

    def __init__(self, state, *, safe: bool = True) -> None:
        if UNKNOWN - 1 in state.stock_faces():
            raise ValueError(
                "the exhaustive search reads the stock, which this position hides (a player's view)"
            )
        self.held = bool(state.held)
        self.safe = bool(safe)
        self.G = geometry()
        self.FACES = as_array(list(state.faces))
        self.CELLS = as_array([_word(c) for c in state.cells])
        self.T, self.TH, self.TC = trie_new(1 << 11)
        self.L = int_array(3 << 10)
        self.S = int_array(3 << 10)
        self.C = int_array(7)
        self.R = int_array(2 << 8)
        self.F = int_array(8 * 256)
        self.X = int_array(_MOST_MOVES)
        self.P = int_array(_DEPTH * _ROW)
        self.MV = int_array(_DEPTH * _MOST_MOVES)
        self.NM = int_array(_DEPTH)
        self.IX = int_array(_DEPTH)
        self.MOVED = int_array(_DEPTH)
        self.T, self.TH = trie_room(
            self.T, self.TH, self.TC, 2 * (state.waste_size() + state.stock_left()) + 2
        )
        waste = stack_node(self.T, self.TH, self.TC, state.waste_faces())
        stock = stack_node(self.T, self.TH, self.TC, state.stock_faces()[::-1])
        self.P[0] = _word(state.mask)
        self.P[1] = state.fcode | state.hand << 32 | state.redeals << 38
        self.P[2] = waste
        self.P[3] = stock
        slot, _ = _seen_slot(self.S, self.P[0], self.P[1], self.P[2] | self.P[3] << _NODES_SHIFT, len(self.S))
        seen_put(self.S, self.C, slot, self.P, 0)
        self.NM[0] = expand(self.G, self.T, self.FACES, self.CELLS, self.P, 0, self.MV, 0, self.X, self.safe)

    @property
    def positions(self) -> int:
        """Positions visited (those refuted included)."""
        return int(self.C[_POSITIONS])

    @property
    def pruned(self) -> int:
        return int(self.C[_PRUNED])

    @property
    def work(self) -> int:
        """The small games' positions searched."""
        return int(self.C[_WORK])

    def line(self) -> list[int]:
        return [int(m) for m in self.MOVED[1 : int(self.C[_D]) + 1]]

    def safe_move(self) -> int | None:
        """:func:`safe_move` of the position the search starts from, or ``None``."""
        m = int(safe_move(self.G, self.T, self.CELLS, self.P, 0))
        return None if m < 0 else m

    def waste_order_lost(self) -> bool:
        """:func:`waste_order_lost` of the position the search starts from (on its last pass)."""
        head = self.P[1]
        return not head >> 38 & 3 and bool(waste_order_lost(self.T, self.P[2], head & _FC_MASK))

    def suit_lost(self, budget: int = SUIT_BUDGET, suits: int = 15) -> int | None:
        """:func:`suits_lost` of the position the search starts from, for the suits in the bit mask
        ``suits`` (every suit by default): the first suit (0..3: S H D C) whose small game is lost,
        or ``None``; :attr:`work` counts the small games' positions, and their table is the
        search's."""
        head = self.P[1]  # (as the array holds it: NUMBA_DISABLE_JIT runs these loops over int64s)
        hand, fcode, redeals = head >> 32 & 63, head & _FC_MASK, head >> 38 & 3
        while True:
            suit, _ = suits_lost(self.T, self.TH, self.TC, self.L, self.C, self.F, self.P[3], self.P[2],
                                 hand, fcode, redeals, self.held, suits, budget)  # fmt: skip
            if suit != -2:
                return None if suit < 0 else int(suit)
            self._make_room()

    def _make_room(self) -> None:
        """Grow the trie, the small games' table and the table of redeals, as a step needs."""
        self.T, self.TH = trie_room(self.T, self.TH, self.TC, TRIE_SPARE + 1)
        if 2 * (self.C[_MEMO] + 8) > len(self.L) // 3:
            self.L = memo_grown(self.L)
        if 2 * (self.C[_REDEALS] + 1) > len(self.R) >> 1:
            self.R = redeals_grown(self.R)

    def run(self, max_nodes: int, hard: int, deadline: float | None) -> str | None:
        """``"won"``, ``"lost"`` or ``None`` (stopped), after about ``max_nodes`` units."""
        start = self.positions + self.work
        while True:
            used = self.positions + self.work - start
            status = search(
                self.C, self.P, self.MV, self.NM, self.IX, self.MOVED, self.S,
                3 << SEEN_LOG2_MAX, self.T, self.TH, self.TC,
                self.R, self.L, self.F, self.X, self.G, self.FACES, self.CELLS, self.held, self.safe,
                max_nodes - used, hard - used, -1.0 if deadline is None else float(deadline),
            )  # fmt: skip
            if self.TC[0] >= 1 << _NODES_SHIFT:  # pragma: no cover - some 140 GB of trie
                raise MemoryError("Crazy Quilt's exhaustive search outgrew its trie's keys")
            if status == _FULL_STACK:
                depth = 2 * len(self.NM)
                self.P = grown(self.P, depth * _ROW)
                self.MV = grown(self.MV, depth * _MOST_MOVES)
                self.NM = grown(self.NM, depth)
                self.IX = grown(self.IX, depth)
                self.MOVED = grown(self.MOVED, depth)
            elif status == _FULL_SEEN:
                self.S = seen_grown(self.S)
            elif status == _FULL_ROOM:
                self._make_room()
            elif status == _WON:
                return "won"
            elif status == _LOST:
                return "lost"
            else:
                return None
