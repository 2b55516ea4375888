"""The dig relaxation's search loop (see :mod:`.bound` for the argument), written once in a style
that runs both as plain Python and compiled by numba.

The solver's proofs of loss call the relaxation on every position they visit, hundreds of
thousands of relaxed positions a call, so this loop is where a proof spends its time. With numba
(a dependency wherever it has a build) it is compiled to machine code on first use and cached on
disk; without it (Pyodide), or with ``WINDMILL_WIDGET_PURE_PYTHON=1`` set, the same source runs as
Python, with the same verdicts and node counts, only slower. ``tests/test_dig_kernel.py`` checks
that the two agree.

The style that lets one source serve both: flat integer arrays (lists in Python, numpy arrays for
numba), an explicit stack instead of recursion, a memo that is a hash table in an array, and the
clock read through :func:`.clock.read`, which calls back into Python for it.

Each stack level holds a whole relaxed position (the ranks at hand, the sorted corner heights,
the centre, the corner run, cards dealt, plays minus deals, the deepest dig, cards still out), so
a child is its parent's copy with one move applied and going back is just popping: no undo.
"""

from __future__ import annotations

from ...core import compiled
from ...core.compiled import as_array, grown, hot, int_array, jit, np
from ...games.windmill import search_kernel as sk
from ...games.windmill.search import (
    CENTRE_FULL,
    CENTRE_NEEDS,
    CENTRE_TOP,
    CORNER_FULL,
    CORNER_NEEDS,
    CORNER_TOP,
)
from .. import clock

#: True when the loop runs compiled by numba.
COMPILED = compiled.COMPILED

# Moves (the low four bits; the corner(s) they concern above them).
_TO_CENTRE = 0  # the centre's rank, from hand
_CORNER_TO_CENTRE = 1  # corner j's top card to the centre
_TO_CORNER = 2  # corner j's rank, from hand
_CORNER_TO_CORNER = 3  # corner i's top onto corner j (transfers="any")
_CENTRE_TO_CORNER = 4  # the centre's top onto corner j (transfers="any")
_DEAL_CENTRE = 5  # deal to the next card the centre needs, and play it there
_DEAL_CORNER = 6  # deal to the next card corner j needs, and play it there

_MAXM = 32  # moves a position can have: 1 + 1 + 4 + 12 + 4 + 1 + 4 < 32
_MAXD = 2048  # stack depth; a deeper relaxed line gives no conclusion
_D0 = 128  # stack levels made at first (doubled as needed: most calls are short)
_MEMO0 = 1 << 8  # the memo's first size (a power of two)

# The shared table: a key is a memo key (35 bits) and the waste left below the dig (the rest);
# a value holds the least slack known lost (high bits) and one more than the greatest known won.
_NODE_BITS = 28
_NO_LOSS = 0xFFFF
_PROBES = 4
# How many cards deeper the table is asked about a position dug less (each is a probe of memory;
# on deals 4 and 58 a proof visits 2-3 times the positions with 8 than with none, fewer with 32).
_ANCESTORS = 8

# Try only the moves that some win begins with, where the relaxation can tell (:func:`_centre_first`,
# :func:`_corner_first`). Off only in a test, which checks that it changes no verdict.
SAFE_FIRST = True

# Verdicts.
WON = 1
LOST = 0
NO_CONCLUSION = -1

# Scalars per stack level.
_C, _RUN, _K, _E, _DUG, _OUT = range(6)
_NS = 6


def _dig(
    R,
    n,
    have0,
    buried,
    nb,
    corner0,
    c0,
    run0,
    limit,
    transfers,
    out0,
    k0,
    budget,
    deadline,
    tab,
    wnode,
):
    """Search the relaxed game from the position given; returns ``(verdict, nodes)``.

    ``R``: the stock's ranks in dealing order (``n`` of them, ``k0`` dealt); ``have0``: cards of
    each rank at hand (14 slots, rank 1..13); ``buried``: the waste below its top, top first
    (``nb`` cards); ``corner0``: the four corner heights, sorted; ``limit``: the corner run's limit
    (-1: none); ``deadline``: a :func:`.clock.now` reading, or a negative number for none.
    ``tab``: the shared table (see :class:`SharedTable`; length 2: none); ``wnode``:
    the shared table's name for the waste left below the cards dug, for each dig 0..``nb``.
    """
    nxt = next_cards(R, n, k0)
    return _dig_in(
        scratch(), nxt, R, n, have0, buried, nb, corner0, c0, run0, limit, transfers, out0, k0, budget,
        deadline, tab, wnode,
    )  # fmt: skip


def next_cards(R, n, k0):
    """``nxt[i * 14 + r]``: where the next card of rank r is in the stock from position i on (n:
    none), for i from ``k0`` on."""
    nxt = int_array((n + 1) * 14)
    for r in range(14):
        nxt[n * 14 + r] = n
    for i in range(n - 1, k0 - 1, -1):
        for r in range(14):
            nxt[i * 14 + r] = nxt[(i + 1) * 14 + r]
        nxt[i * 14 + R[i]] = i
    return nxt


def scratch():
    """The arrays a search of the relaxed game works in (its stack and its memo), which a caller
    that searches many positions makes once: a call then allocates nothing unless it outgrows
    them."""
    cap = _D0
    return (
        int_array(cap * 14),
        int_array(cap * 4),
        int_array(cap * _NS),
        int_array(cap * _MAXM),
        int_array(cap),
        int_array(cap),
        int_array(_MEMO0),
        int_array(_MEMO0),
    )


def _dig_in(
    work, nxt, R, n, have0, buried, nb, corner0, c0, run0, limit, transfers, out0, k0, budget, deadline, tab,
    wnode,
):  # fmt: skip
    """:func:`_dig` in the arrays ``work`` (from :func:`scratch`), with ``nxt`` from
    :func:`next_cards` (for ``k0`` or an earlier position of the same stock)."""
    shared = len(tab) > 2
    base = c0 + corner0[0] + corner0[1] + corner0[2] + corner0[3]
    have, corner, sc, moves, nmoves, at, mkeys, mvals = work
    cap = len(nmoves)
    for r in range(14):
        have[r] = have0[r]
    for j in range(4):
        corner[j] = corner0[j]
    sc[_C] = c0
    sc[_RUN] = run0
    sc[_K] = k0
    sc[_E] = 0
    sc[_DUG] = 0
    sc[_OUT] = out0
    # The memo: the deepest dig searched from each (cards dealt, foundations), in an open-addressing
    # hash table that doubles when half full.
    for i in range(len(mkeys)):
        mkeys[i] = -1
    if sc[_OUT] == 0:
        return WON, 0
    key = _key(0, corner, sc, limit)
    i = _slot(mkeys, key)
    mkeys[i] = key
    mvals[i] = 0  # the dig (the arrays may have been used before)
    used = 1
    if shared:
        known = _known(0, key, sc, nb, wnode, tab)
        if known != NO_CONCLUSION:
            return known, 0
    _list_moves(0, have, corner, sc, moves, nmoves, at, nxt, n, limit, transfers)
    nodes = 1
    d = 0
    while True:
        status, d, nodes, used = _walk(
            d, nodes, used, have, corner, sc, moves, nmoves, at, mkeys, mvals,
            R, n, nxt, buried, nb, limit, transfers, budget, deadline, tab, wnode,
        )  # fmt: skip
        if status == _DEEPER:
            if cap == _MAXD:
                return NO_CONCLUSION, nodes
            have = grown(have, 2 * len(have))
            corner = grown(corner, 2 * len(corner))
            sc = grown(sc, 2 * len(sc))
            moves = grown(moves, 2 * len(moves))
            nmoves = grown(nmoves, 2 * len(nmoves))
            at = grown(at, 2 * len(at))
            cap *= 2
        elif status == _FULL:
            mkeys, mvals = _grow(mkeys, mvals)
        elif status != LOST:
            if shared and not transfers:
                # The positions searched to the end are lost, even though the call stopped early
                # (a win, or the budget): all but those on the line it stopped on, which it was
                # still searching. (Unless foundation tops may go anywhere, every move adds a card
                # to the foundations or moves one on to the centre, so no position leads back to
                # one with the same foundations: none was cut short by one on the line.)
                top = d + 1 if status == WON else d  # a win's last level is on the line too
                _drop_line(top, corner, sc, limit, mkeys, mvals)
                _share_lost(mkeys, mvals, base, k0, nb, wnode, tab)
            return status, nodes
        else:
            break
    if shared:
        # Every position this call met is lost (none reaches a win): tell the table.
        _share_lost(mkeys, mvals, base, k0, nb, wnode, tab)
    return LOST, nodes


def _drop_line(top, corner, sc, limit, mkeys, mvals):
    """Take the positions of levels 0..top out of the memo's count of searched positions."""
    for i in range(top + 1):
        key = _key(i, corner, sc, limit)
        j = _slot(mkeys, key)
        if mkeys[j] == key:
            mvals[j] = -1


def _share_lost(mkeys, mvals, base, k0, nb, wnode, tab):
    """Tell the shared table that the memo's positions (but those taken out) are lost."""
    for i in range(len(mkeys)):
        key = mkeys[i]
        if key != -1 and mvals[i] >= 0:
            plays = _placed(key) - base
            e = plays - ((key >> 28) - k0)
            _share(key, mvals[i], e, nb, wnode, tab, LOST)


def dig_row(head, sc, wn, T, TC, R, n, out, limit, transfers, budget, deadline, tab, work, nxt, args):
    """The relaxation's verdict on a position of the search model
    (:mod:`windmill_widget.games.windmill.search_kernel`: ``head``, ``sc``, ``wn``, whose waste is
    a node of the trie ``T``, ``TC``; ``out`` cards still to place), and its work: ``(verdict,
    nodes)``. ``tab``: the shared table (two ints: none), which names a waste by its trie node, so
    it serves the calls about one trie only (another trie's nodes name other wastes). ``work``,
    ``nxt``: see :func:`scratch` and :func:`next_cards`; ``args``: :data:`ARGS` ints to lay out
    the call's arguments in."""
    no_tab = args[:2]
    at_hand = args[2:16]
    buried = args[16:144]
    wnode = args[144:272]
    corners = args[272:276]
    for r in range(14):
        at_hand[r] = (sc >> (4 * r)) & 15
    nb = 0
    if wn:
        at_hand[sk.waste_top(T, wn)] += 1
        nb = sk.waste_len(T, wn) - 1
    x = sk.waste_parent(T, wn)
    wnode[0] = 0
    for i in range(nb):
        wnode[i] = x  # the waste left buried once i cards below the top are dug
        buried[i] = sk.waste_top(T, x)
        x = sk.waste_parent(T, x)
    kh = sk.key_head(head)
    for j in range(4):
        corners[j] = sk.corner(kh, j)
    if TC[0] >= 1 << _NODE_BITS:
        no_tab[0] = 0
        no_tab[1] = 0
        tab = no_tab  # more wastes than the table has names for: check without it
    return _dig_in(
        work, nxt, R, n, at_hand, buried, nb, corners, sk.centre(head), sk.corner_run(head), limit, transfers,
        out, sk.dealt(head), budget, deadline, tab, wnode,
    )  # fmt: skip


#: The ints :func:`dig_row` lays its arguments out in: no table (2), cards at hand (14), the
#: buried waste and its names (128 each: a waste has at most 104 cards), the corners (4).
ARGS = 2 + 14 + 128 + 128 + 4


# What _walk stopped for, besides a verdict: its stack or its memo is full.
_DEEPER = 2
_FULL = 3


def _walk(
    d, nodes, used, have, corner, sc, moves, nmoves, at, mkeys, mvals,
    R, n, nxt, buried, nb, limit, transfers, budget, deadline, tab, wnode,
):  # fmt: skip
    """:func:`_dig`'s depth-first loop, from stack level ``d``. Returns ``(status, d, nodes,
    used)``: a verdict (``LOST`` when the search is exhausted), or ``_DEEPER`` / ``_FULL`` when the
    stack or the memo has to grow first (the caller grows it and calls again: the loop goes on
    where it stopped). It replaces no array itself: numba counts references to an array that a
    loop may replace at every use of it, which took half the time."""
    cap = len(nmoves)
    shared = len(tab) > 2
    while d >= 0:
        if at[d] == nmoves[d]:
            d -= 1
            continue
        if d + 1 >= cap:
            return _DEEPER, d, nodes, used
        if 2 * used > len(mkeys):
            return _FULL, d, nodes, used
        m = moves[d * _MAXM + at[d]]
        at[d] += 1
        _copy(d, have, corner, sc)
        _apply(d + 1, m, have, corner, sc, buried, nb, R, nxt)
        b = (d + 1) * _NS
        if sc[b + _OUT] == 0:
            if shared:
                _share_line(d + 1, corner, sc, limit, nb, wnode, tab)
            return WON, d, nodes, used
        key = _key(d + 1, corner, sc, limit)
        i = _slot(mkeys, key)
        if mkeys[i] == key:
            if mvals[i] >= sc[b + _DUG]:
                continue  # searched before, dug at least as deep: deeper is better
        else:
            mkeys[i] = key
            used += 1
        mvals[i] = sc[b + _DUG]
        if shared:
            known = _known(d + 1, key, sc, nb, wnode, tab)
            if known == LOST:
                continue  # proved lost by an earlier call
            if known == WON:
                _share_line(d, corner, sc, limit, nb, wnode, tab)
                return WON, d, nodes, used
        _list_moves(d + 1, have, corner, sc, moves, nmoves, at, nxt, n, limit, transfers)
        d += 1
        nodes += 1
        if nodes > budget:
            return NO_CONCLUSION, d, nodes, used
        if deadline >= 0 and (nodes & 4095) == 0:
            now = clock.read()
            if now > deadline:
                return NO_CONCLUSION, d, nodes, used
    return LOST, d, nodes, used


def _copy(d, have, corner, sc):
    for r in range(14):
        have[(d + 1) * 14 + r] = have[d * 14 + r]
    for j in range(4):
        corner[(d + 1) * 4 + j] = corner[d * 4 + j]
    for i in range(_NS):
        sc[(d + 1) * _NS + i] = sc[d * _NS + i]


def _play(d, r, have, sc, buried, nb):
    """Play a card of rank r from hand at level d: plays now outnumber deals by one more, which
    may uncover the next waste card."""
    have[d * 14 + r] -= 1
    b = d * _NS
    sc[b + _OUT] -= 1
    e = sc[b + _E] + 1
    sc[b + _E] = e
    if e > sc[b + _DUG]:
        sc[b + _DUG] = e
        if e <= nb:
            have[d * 14 + buried[e - 1]] += 1


def _deal_to(d, q, have, sc, R):
    """Deal every stock card up to position q: all stay at hand (the relaxation)."""
    b = d * _NS
    k = sc[b + _K]
    for i in range(k, q + 1):
        have[d * 14 + R[i]] += 1
    sc[b + _E] -= q + 1 - k
    sc[b + _K] = q + 1


def _sort4(corner, d):
    b = d * 4
    for i in range(1, 4):
        x = corner[b + i]
        j = i - 1
        while j >= 0 and corner[b + j] > x:
            corner[b + j + 1] = corner[b + j]
            j -= 1
        corner[b + j + 1] = x


def _apply(d, m, have, corner, sc, buried, nb, R, nxt):
    kind = m & 15
    j = (m >> 4) & 15
    i = m >> 8
    b = d * _NS
    if kind in (_DEAL_CENTRE, _DEAL_CORNER):
        k = sc[b + _K]
        r = CENTRE_NEEDS[sc[b + _C]] if kind == _DEAL_CENTRE else CORNER_NEEDS[corner[d * 4 + j]]
        _deal_to(d, nxt[k * 14 + r], have, sc, R)
        kind = _TO_CENTRE if kind == _DEAL_CENTRE else _TO_CORNER
    if kind == _TO_CENTRE:
        _play(d, CENTRE_NEEDS[sc[b + _C]], have, sc, buried, nb)
        sc[b + _C] += 1
        sc[b + _RUN] = 0
    elif kind == _CORNER_TO_CENTRE:
        corner[d * 4 + j] -= 1  # the first of equal heights: the corners stay sorted
        sc[b + _C] += 1
        sc[b + _RUN] += 1
    elif kind == _TO_CORNER:
        _play(d, CORNER_NEEDS[corner[d * 4 + j]], have, sc, buried, nb)
        corner[d * 4 + j] += 1  # the last of equal heights: the corners stay sorted
    elif kind == _CORNER_TO_CORNER:
        corner[d * 4 + i] -= 1
        corner[d * 4 + j] += 1
        _sort4(corner, d)
    else:  # _CENTRE_TO_CORNER
        sc[b + _C] -= 1
        corner[d * 4 + j] += 1
        _sort4(corner, d)


def _key(d, corner, sc, limit):
    """Level d's position without its dig: cards dealt, centre, corners, corner run."""
    b = d * _NS
    cb = d * 4
    run = sc[b + _RUN] if limit >= 0 else 0  # with no limit the run decides nothing
    corners = corner[cb] | corner[cb + 1] << 4 | corner[cb + 2] << 8 | corner[cb + 3] << 12
    return ((sc[b + _K] << 6 | sc[b + _C]) << 16 | corners) << 6 | run


def _placed(key):
    """Cards on the foundations, less a constant, of a memo key: the centre plus the corners."""
    corners = (key >> 6) & 0xFFFF
    return ((key >> 22) & 63) + (corners & 15) + (corners >> 4 & 15) + (corners >> 8 & 15) + (corners >> 12)


def _known(d, key, sc, nb, wnode, tab):
    """What the shared table knows of level d's position: WON, LOST or NO_CONCLUSION."""
    b = d * _NS
    dug = sc[b + _DUG]
    if dug >= nb:
        return _lookup(tab, key << _NODE_BITS, 0)
    slack = dug - sc[b + _E]
    v = _lookup(tab, key << _NODE_BITS | wnode[dug], slack)
    if v != NO_CONCLUSION:
        return v
    # The same position dug m cards deeper, with slack up to slack + m, has every card this one
    # has, as soon (its next buried card comes up no later): if it is lost, so is this one.
    for m in range(1, _ANCESTORS + 1):
        if dug + m >= nb:
            return LOST if _lookup(tab, key << _NODE_BITS, 0) == LOST else NO_CONCLUSION
        if _lookup(tab, key << _NODE_BITS | wnode[dug + m], slack + m) == LOST:
            return LOST
    return NO_CONCLUSION


def _lookup(tab, g, slack):
    t = _tslot(tab, g)
    if tab[t] != g + 1:
        return NO_CONCLUSION
    v = tab[t + 1]
    if slack >= v >> 16:
        return LOST
    if slack < (v & 0xFFFF):
        return WON
    return NO_CONCLUSION


def _share(key, dug, e, nb, wnode, tab, verdict):
    """Tell the shared table that the position with memo key ``key``, dug to ``dug`` with plays
    outnumbering deals by ``e``, has this verdict."""
    g = key << _NODE_BITS | (wnode[dug] if dug < nb else 0)
    slack = dug - e if dug < nb else 0
    t = _tslot(tab, g)
    if tab[t] != g + 1:
        tab[t] = g + 1  # a new entry, or one displaced: the table forgets, it never lies
        tab[t + 1] = _NO_LOSS << 16
    v = tab[t + 1]
    lost = v >> 16
    won = v & 0xFFFF  # one more than the greatest slack known won
    if verdict == LOST:
        lost = min(lost, slack)
    else:
        won = max(won, slack + 1)
    tab[t + 1] = lost << 16 | won


def _share_line(d, corner, sc, limit, nb, wnode, tab):
    """Levels 0..d are the line to a relaxed win: each is won."""
    for i in range(d + 1):
        b = i * _NS
        _share(_key(i, corner, sc, limit), sc[b + _DUG], sc[b + _E], nb, wnode, tab, WON)


def _tslot(tab, g):
    """The shared table's slot for ``g`` (the index of its key, stored as ``g + 1`` so that a
    zeroed table is empty; its value follows): where it is
    among the few slots it may take, else the slot to put it in (an empty one, or the first,
    whose entry is forgotten)."""
    mask = (len(tab) >> 1) - 1
    h = g ^ (g >> 21) ^ (g >> 37)
    i0 = (h * 0x9E3779B1) & mask
    for p in range(_PROBES):
        i = 2 * ((i0 + p) & mask)
        if tab[i] == g + 1 or tab[i] == 0:
            return i
    return 2 * i0


def _rehash(tab, bigger):
    """Put ``tab``'s entries into the empty table ``bigger``."""
    for i in range(0, len(tab), 2):
        if tab[i] != 0:
            t = _tslot(bigger, tab[i] - 1)
            bigger[t] = tab[i]
            bigger[t + 1] = tab[i + 1]


def _slot(mkeys, key):
    """Where ``key`` is in the memo, or the empty slot where it would go (linear probing)."""
    mask = len(mkeys) - 1
    h = key ^ (key >> 15) ^ (key >> 29)
    i = (h * 40503) & mask
    while mkeys[i] != -1 and mkeys[i] != key:
        i = (i + 1) & mask
    return i


def _grow(mkeys, mvals):
    size = 2 * len(mkeys)
    keys = int_array(size)
    vals = int_array(size)
    for i in range(size):
        keys[i] = -1
    for i in range(len(mkeys)):
        if mkeys[i] != -1:
            j = _slot(keys, mkeys[i])
            keys[j] = mkeys[i]
            vals[j] = mvals[i]
    return keys, vals


def _centre_first(need, have, hb, corner, cb):
    """Whether the centre's next card can go there now, before anything else, without losing a win.

    Any win from here puts a card on the centre's next slot; until then the centre takes nothing,
    so the corners only grow, and each takes at most one card of that rank. If there are more of
    it at hand than corners that could still take one, the win's centre card came from a corner
    that shows it now (which the win leaves alone until then), or from hand (perhaps by way of a
    corner): making that move now instead leaves every later move of the win playable, with at
    least as much at hand (the corners short of nothing) and plays ahead of deals by as many or
    more (no waste card dug later). Not with moves from the centre to the corners, which could
    take the card back."""
    return have[hb + need] > _corners_wanting(need, corner, cb, -1)


def _corner_first(j, have, hb, corner, cb, c):
    """Whether corner j's next card can go there now, before anything else, without losing a win.

    Any win from here puts a card on corner j's next slot, and until then leaves the corner alone
    if its top card can no longer go to the centre (the centre has no slot of that rank left, or
    the corner is empty). Until then each other corner takes that rank at most once, and once
    more for each time it gives one to the centre; the centre takes at most as many as it has
    slots of that rank. If there are more of it at hand than that, playing one to the corner now
    leaves every later move of the win playable (see :func:`_centre_first`)."""
    h = corner[cb + j]
    if h and _centre_slots(c, CORNER_TOP[h]):
        return False
    need = CORNER_NEEDS[h]
    return have[hb + need] > _centre_slots(c, need) + _corners_wanting(need, corner, cb, j)


def _corners_wanting(r, corner, cb, skip):
    """How many corners but ``skip`` still want rank ``r``, now or after bigger ones."""
    count = 0
    for i in range(4):
        h = corner[cb + i]
        if i != skip and h < CORNER_FULL and CORNER_NEEDS[h] >= r:
            count += 1
    return count


def _corner_playable(j, have, hb, corner, cb):
    """Whether corner j takes a card from hand now (the last of the corners of its height, which
    stay sorted when it grows, stands for them all)."""
    h = corner[cb + j]
    return h < CORNER_FULL and (j == 3 or corner[cb + j + 1] != h) and have[hb + CORNER_NEEDS[h]] > 0


def _centre_slots(c, r):
    """How many of the centre's slots from height ``c`` on still want rank ``r``."""
    first = c + (r - 1 - c) % 13  # the first height from c on at which the centre wants r
    return 0 if first >= CENTRE_FULL else (CENTRE_FULL - 1 - first) // 13 + 1


def _list_moves(d, have, corner, sc, moves, nmoves, at, nxt, n, limit, transfers):
    """List level d's moves, in the order tried."""
    b = d * _NS
    c = sc[b + _C]
    run = sc[b + _RUN]
    k = sc[b + _K]
    cb = d * 4
    hb = d * 14
    mb = d * _MAXM
    nm = 0
    need = CENTRE_NEEDS[c]
    if SAFE_FIRST and c and not transfers:
        for j in range(4):
            if _corner_playable(j, have, hb, corner, cb) and _corner_first(j, have, hb, corner, cb, c):
                moves[mb] = _TO_CORNER | j << 4  # nothing else is worth trying here
                nmoves[d] = 1
                at[d] = 0
                return
    # 1. Plays from hand, and a corner's top card to the centre.
    if need and have[hb + need]:
        moves[mb + nm] = _TO_CENTRE
        nm += 1
    if need and (limit < 0 or run < limit):
        for j in range(4):
            if CORNER_TOP[corner[cb + j]] == need:
                moves[mb + nm] = _CORNER_TO_CENTRE | j << 4
                nm += 1
                break
    if SAFE_FIRST and nm and not transfers and _centre_first(need, have, hb, corner, cb):
        nmoves[d] = nm  # nothing else is worth trying here
        at[d] = 0
        return
    for j in range(4):
        if _corner_playable(j, have, hb, corner, cb):
            moves[mb + nm] = _TO_CORNER | j << 4
            nm += 1
    if transfers:
        for i in range(4):
            hi = corner[cb + i]
            if hi:
                for j in range(4):
                    hj = corner[cb + j]
                    if j != i and hj < CORNER_FULL and CORNER_NEEDS[hj] == CORNER_TOP[hi]:
                        moves[mb + nm] = _CORNER_TO_CORNER | j << 4 | i << 8
                        nm += 1
        if c > 1:
            top = CENTRE_TOP[c]
            for j in range(4):
                hj = corner[cb + j]
                if hj < CORNER_FULL and CORNER_NEEDS[hj] == top:
                    moves[mb + nm] = _CENTRE_TO_CORNER | j << 4
                    nm += 1
    # 2. Deal up to the next card of a rank some foundation needs and has not at hand, and play it.
    if k < n:
        row = k * 14
        if need and not have[hb + need] and nxt[row + need] < n:
            moves[mb + nm] = _DEAL_CENTRE
            nm += 1
        for j in range(4):
            h = corner[cb + j]
            if h < CORNER_FULL and (j == 3 or corner[cb + j + 1] != h):
                r = CORNER_NEEDS[h]
                if not have[hb + r] and nxt[row + r] < n:
                    moves[mb + nm] = _DEAL_CORNER | j << 4
                    nm += 1
    nmoves[d] = nm
    at[d] = 0


if COMPILED:
    _copy = hot(_copy)
    _play = hot(_play)
    _drop_line = hot(_drop_line)
    _share_lost = hot(_share_lost)
    _deal_to = hot(_deal_to)
    _sort4 = hot(_sort4)
    _apply = hot(_apply)
    _key = hot(_key)
    _placed = hot(_placed)
    _known = hot(_known)
    _lookup = hot(_lookup)
    _share = hot(_share)
    _share_line = hot(_share_line)
    _tslot = hot(_tslot)
    _rehash = jit(_rehash)
    _slot = hot(_slot)
    _grow = jit(_grow)
    _centre_first = hot(_centre_first)
    _corner_first = hot(_corner_first)
    _centre_slots = hot(_centre_slots)
    _corners_wanting = hot(_corners_wanting)
    _corner_playable = hot(_corner_playable)
    _list_moves = hot(_list_moves)
    _walk = hot(_walk)
    next_cards = jit(next_cards)
    scratch = jit(scratch)
    _dig_in = jit(_dig_in)
    dig_row = jit(dig_row)
    _dig = jit(_dig)

_NO_TABLE = int_array(2)


class SharedTable:
    """What the relaxation has learnt about relaxed positions, kept from one call to the next.

    The exhaustive search's proof mode asks the relaxation about positions that differ by a move
    or two, and their relaxed games meet again: after a sail's play the child's relaxed game is the
    parent's one play on; siblings that differ only near the waste's top meet once it is dug past.
    A relaxed position is the cards dealt, the foundations, the waste still buried and the *slack*
    (how many plays more than deals it takes to dig the next card); the cards at hand follow from
    those, whatever position the call began from, as long as every call is about the same deal.
    Fewer cards buried or less slack is never worse, so a win at some slack is a win at less, and
    a loss at some slack a loss at more. Every position met by a call that proves a loss is lost,
    and the line to a relaxed win is won; the table holds those facts, in a hash table that
    doubles as it fills, up to ``2**size_log2`` positions, and then forgets (never confuses).
    The waste still buried is named by a number, given out here the first time a waste is seen
    (:func:`dig_row`'s callers name it by its node in their trie of wastes instead), so a table
    serves one way of naming only: one trie, or these names.
    """

    def __init__(self, size_log2: int = 22) -> None:
        if not COMPILED:
            size_log2 = min(size_log2, 18)  # Python's lists are bigger and slower
        # It starts small and doubles as it fills, up to 2**size_log2 positions: a big table
        # costs memory traffic that a short proof does not repay.
        self.max_size = 1 << size_log2
        self.slots = _empty_slots(min(self.max_size, _FIRST_SIZE))
        self._added = 0  # at most this many positions told since the last doubling
        self._names: dict[int, int] = {}
        self._lists: dict[int, object] = {}  # wastes() of wastes met lately
        self._stock: tuple = (None, None)  # the stock's ranks, and the array made of them

    def note(self, nodes: int) -> None:
        """A call searched ``nodes`` relaxed positions (so told the table at most that many)."""
        self._added += nodes
        if 2 * self._added > len(self.slots) // 2:
            self.grow()

    def grow(self) -> None:
        """Double the table (up to its size), keeping what it knows."""
        size = len(self.slots) // 2
        if size < self.max_size:
            bigger = _empty_slots(2 * size)
            _rehash(self.slots, bigger)
            self.slots = bigger
        self._added = 0

    def stock(self, R):
        """``R`` as an array for the compiled loop, made once for the deal."""
        src, arr = self._stock
        if src is not R:
            arr = as_array(R)
            self._stock = (R, arr)
        return arr

    def wastes(self, buried_code: int, nb: int):
        """The names of the waste left buried after digging 0..nb-1 cards from ``buried_code``
        (the waste below its top, 4 bits a card, the top lowest), as the loop takes them."""
        out = self._lists.get(buried_code)
        if out is None:
            if len(self._lists) >= _LISTS_KEPT:
                self._lists.clear()
            out = self._lists[buried_code] = self._name(buried_code, nb)
        return out

    def _name(self, buried_code: int, nb: int):
        names = self._names
        if len(names) + nb >= _MAX_WASTES:  # out of names: start again, forgetting everything
            names.clear()
            self._lists.clear()
            self.slots[:] = _empty_slots(len(self.slots) // 2)
        out = []
        w = buried_code
        for _ in range(nb):
            name = names.get(w)
            if name is None:
                name = names[w] = len(names) + 1  # 0 is the empty waste
            out.append(name)
            w >>= 4
        out = out or [0]
        return out if not COMPILED else as_array(out)


_MAX_WASTES = (1 << _NODE_BITS) - 1
_FIRST_SIZE = 1 << 16
_LISTS_KEPT = 1 << 16


def _empty_slots(size: int):
    """``size`` empty slots of the shared table, a key and its value side by side (one memory
    fetch a probe). All zeros, so that the operating system hands out the memory as it is first
    used: a big table costs nothing to make."""
    return [0] * (2 * size) if not COMPILED else np.zeros(2 * size, np.int64)


def dig(
    R,
    n,
    have0,
    buried,
    corner0,
    c0,
    run0,
    limit,
    transfers,
    out0,
    k0,
    budget,
    deadline,
    table=None,
    buried_code=0,
):
    """Run :func:`_dig` on plain Python sequences (converted for numba when compiling); with a
    :class:`SharedTable` (and the waste below its top as ``buried_code``), learn from and teach
    it."""
    nb = len(buried)
    lim = -1 if limit is None else limit
    dl = -1.0 if deadline is None else float(deadline)
    if table is None:
        tab = _NO_TABLE
        wnode = [0]
    else:
        tab = table.slots
        wnode = table.wastes(buried_code, nb)
    if COMPILED:  # numba wants arrays where Python takes lists
        R = table.stock(R) if table is not None else as_array(R)
        have0, buried, corner0 = as_array(have0), as_array(buried), as_array(corner0)
        transfers = bool(transfers)
        if table is None:
            wnode = as_array(wnode)
    v, nodes = _dig(
        R, n, have0, buried, nb, corner0, c0, run0, lim, transfers, out0, k0, budget, dl, tab, wnode
    )
    if table is not None:
        table.note(nodes)
    return int(v), int(nodes)


def warm_up() -> None:
    """Compile the loop now (or load it from numba's disk cache), so that the first real call is
    not charged for it: the benchmarks call this before they start a deal's clock."""
    dig([1], 1, [0] * 14, [], [0, 0, 0, 0], 1, 0, 1, False, 1, 0, 10, None)
    dig([1], 1, [0] * 14, [], [0, 0, 0, 0], 1, 0, 1, False, 1, 0, 10, None, SharedTable(4))
    _rehash(_empty_slots(1), _empty_slots(2))
