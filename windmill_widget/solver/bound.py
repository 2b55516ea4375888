"""A cheap proof that a position is lost: the *release-time relaxation*.

Relax the game so that every card still in the stock is available right now, and keep exactly one
real constraint: the waste is a stack. The card ``j`` places below the waste's top can only reach
the sails or the top after at least ``j`` cards have been played from the sails or the waste, since
each such play uncovers at most one waste card, deals only bury, and moves between foundations
uncover nothing. Everything the real game can do, the relaxed game can do too (it may also do
more), so if the relaxed game cannot put every card on the foundations, neither can the real one.

The relaxed game is small: its state is only the foundations (the centre's height, the corners'
heights, the corner run). How many cards of each rank are available follows from them: "free"
cards plus the waste cards uncovered so far, minus what has been played. It is strongest late in
the game, when the stock is short and a deep waste has to be dug out in a fixed order; that is
where a depth-first search otherwise spends almost all of its time.
"""

from __future__ import annotations

from .compact import CENTRE_NEEDS, CENTRE_TOP, CORNER_FULL, CORNER_NEEDS, CORNER_TOP, Compact


class _Budget(Exception):
    pass


def relaxed_winnable(state: Compact, budget: int = 400) -> bool | None:
    """``False`` if the position is provably lost by the relaxation, ``True`` if the relaxed game
    can be won, ``None`` if the relaxed search ran out of ``budget`` nodes (no conclusion).

    >>> from windmill_widget import Game
    >>> from windmill_widget.solver.compact import Compact
    >>> relaxed_winnable(Compact.from_position(Game(seed=1)._pos))
    True
    """
    R = state.R
    have = state.cnt  # cards of each rank available now
    w = state.wcode
    if w:
        have[(w & 15) - 1] += 1
    for i in range(state.k, state.n):
        have[R[i]] += 1
    # The waste below its top, top first: buried[t] comes up after t + 1 plays.
    buried = []
    w >>= 4
    while w:
        buried.append((w & 15) - 1)
        w >>= 4
    nb = len(buried)
    total = state.out
    limit = state.limit
    transfers = state.any
    corner = sorted(state.corner)
    seen: set[tuple[int, int, int]] = set()
    nodes = 0

    def play(r: int, t: int) -> None:
        have[r] -= 1
        if t < nb:
            have[buried[t]] += 1

    def unplay(r: int, t: int) -> None:
        if t < nb:
            have[buried[t]] -= 1
        have[r] += 1

    def search(c: int, run: int, t: int) -> bool:
        nonlocal nodes
        if t == total:
            return True
        key = (c, corner[0] | corner[1] << 4 | corner[2] << 8 | corner[3] << 12, run)
        if key in seen:
            return False
        seen.add(key)
        nodes += 1
        if nodes > budget:
            raise _Budget
        need = CENTRE_NEEDS[c] if c else 0
        if need and have[need] > 0:
            play(need, t)
            if search(c + 1, 0, t + 1):
                return True
            unplay(need, t)
        if need and (limit is None or run < limit):
            h = 14 - need
            if h in corner:
                j = corner.index(h)
                corner[j] = h - 1
                ok = search(c + 1, run + 1, t)
                corner[j] = h
                if ok:
                    return True
        prev = -1
        for j in (3, 2, 1, 0):
            h = corner[j]
            if h in (CORNER_FULL, prev):
                continue
            prev = h
            r = CORNER_NEEDS[h]
            if have[r] > 0:
                play(r, t)
                corner[j] = h + 1  # the last of equal heights: the list stays sorted
                ok = search(c, run, t + 1)
                corner[j] = h
                if ok:
                    return True
                unplay(r, t)
        return bool(transfers and _transfers(c, run, t))

    def _transfers(c: int, run: int, t: int) -> bool:
        # transfers="any": corner -> corner and centre -> corner (corner -> centre is above).
        for i in range(4):
            hi = corner[i]
            if not hi:
                continue
            top = CORNER_TOP[hi]
            for j in range(4):
                hj = corner[j]
                if j != i and hj < CORNER_FULL and CORNER_NEEDS[hj] == top:
                    saved = corner[:]
                    corner[i] -= 1
                    corner[j] += 1
                    corner.sort()
                    ok = search(c, run, t)
                    corner[:] = saved
                    if ok:
                        return True
        if c > 1:
            top = CENTRE_TOP[c]
            for j in range(4):
                hj = corner[j]
                if hj < CORNER_FULL and CORNER_NEEDS[hj] == top:
                    saved = corner[:]
                    corner[j] += 1
                    corner.sort()
                    ok = search(c - 1, run, t)
                    corner[:] = saved
                    if ok:
                        return True
        return False

    try:
        return search(state.centre, _norm_run(state.run, limit), 0)
    except _Budget:
        return None
    except RecursionError:  # pragma: no cover - very long relaxed lines; no conclusion
        return None


def _norm_run(run: int, limit: int | None) -> int:
    return 0 if limit is None else min(run, limit)
