"""A cheap proof that a position is lost: the *dig relaxation*.

Relax the game in one way only: a card stays available once it has been available. (In the real
game a deal buries the waste's top card under the new one.) Keep the one constraint that makes
deals lose: the waste is a stack. Every play from the sails or the waste uncovers at most one
waste card and every deal covers one, so the card ``j`` places below the waste's top comes up only
once the plays made so far outnumber the deals by ``j + 1``; moves between foundations uncover
nothing. Everything the real game can do, the relaxed game can do too, so if the relaxed game
cannot put every card on the foundations, neither can the real one.

The relaxed game is small. Its state is the foundations (the centre's height, the corners'
heights, the corner run), how many cards have been dealt and how deep the waste has been dug;
the cards at hand follow from those. Two facts keep the search short:

* **Deeper is better.** Of two relaxed positions with the same foundations and stock, the one dug
  deeper has every card the other has, now and later; only the deepest is searched.
* **Deal only for a card you play at once.** Moving a play in front of a deal never hurts (the
  card was there already, and the play uncovers a waste card one deal sooner). So a run of deals
  ends with playing its last card, which the foundations need and which was not at hand: the
  search deals straight to the next such card of each needed rank.

It bites when a deep waste has to be dug out while the stock still tempts you to deal: a stretch
of deals with nothing to play leaves a long stack that every later deal pushes further away.
"""

from __future__ import annotations

from collections.abc import Callable

from ...games.windmill.search import (
    CENTRE_NEEDS,
    CENTRE_TOP,
    CORNER_FULL,
    CORNER_NEEDS,
    CORNER_TOP,
    SearchState,
)
from .. import clock


class _Budget(Exception):
    pass


def relaxed_winnable(state: SearchState, budget: int = 400, deadline: float | None = None) -> bool | None:
    """``False`` if the position is provably lost by the relaxation, ``True`` if the relaxed game
    can be won, ``None`` if the relaxed search ran out of ``budget`` nodes or passed ``deadline`` (a
    :func:`.clock.now` reading) first (no conclusion).

    >>> from windmill_widget import Game
    >>> from windmill_widget.games.windmill.search import SearchState
    >>> relaxed_winnable(SearchState.from_game(Game(seed=1)))
    True
    """
    return dig_search(state, budget, deadline)[0]


def dig_search(
    state: SearchState, budget: int = 400, deadline: float | None = None
) -> tuple[bool | None, int]:
    """:func:`relaxed_winnable`'s verdict, and how many relaxed positions it searched."""
    R = state.R
    n = state.n
    have = state.cnt  # cards of each rank at hand
    w = state.wcode
    if w:
        have[(w & 15) - 1] += 1
    # The waste below its top, top first: buried[t] comes up once plays outnumber deals by t + 1.
    buried = []
    w >>= 4
    while w:
        buried.append((w & 15) - 1)
        w >>= 4
    nb = len(buried)
    limit = state.limit
    transfers = state.any
    corner = sorted(state.corner)
    # nxt[i][r]: where the next card of rank r is in the stock from position i on (n: none).
    nxt = _next_table(R, state.k, n)
    deepest: dict[int, int] = {}  # (stock dealt, foundations) -> deepest dig searched
    nodes = 0
    k = state.k  # cards dealt
    e = 0  # plays minus deals so far
    dug = 0  # waste cards uncovered so far (the most e has ever been)
    out = state.out

    def play(r: int) -> bool:
        """Play a card of rank r from hand; True if that uncovered a waste card."""
        nonlocal e, dug, out
        have[r] -= 1
        out -= 1
        e += 1
        if e > dug:
            dug = e
            if dug <= nb:
                have[buried[dug - 1]] += 1
            return True
        return False

    def unplay(r: int, uncovered: bool) -> None:
        nonlocal e, dug, out
        if uncovered:
            if dug <= nb:
                have[buried[dug - 1]] -= 1
            dug -= 1
        e -= 1
        out += 1
        have[r] += 1

    def to_centre(c: int, r: int) -> bool:
        uncovered = play(r)
        ok = search(c + 1, 0)
        unplay(r, uncovered)
        return ok

    def to_corner(c: int, run: int, j: int, h: int) -> bool:
        r = CORNER_NEEDS[h]
        uncovered = play(r)
        corner[j] = h + 1  # j is the last corner of height h: the list stays sorted
        ok = search(c, run)
        corner[j] = h
        unplay(r, uncovered)
        return ok

    def deal_to(j: int, then: Callable[[], bool]) -> bool:
        """Deal up to stock position j, then play its card with ``then``."""
        nonlocal k, e
        k0, e0 = k, e
        for q in range(k0, j + 1):
            have[R[q]] += 1
        k = j + 1
        e = e0 - (j + 1 - k0)
        ok = then()
        for q in range(k0, j + 1):
            have[R[q]] -= 1
        k, e = k0, e0
        return ok

    def search(c: int, run: int) -> bool:
        nonlocal nodes
        if out == 0:
            return True
        key = ((k << 6 | c) << 16 | corner[0] | corner[1] << 4 | corner[2] << 8 | corner[3] << 12) << 6 | run
        if deepest.get(key, -1) >= dug:
            return False
        deepest[key] = dug
        nodes += 1
        if nodes > budget or (deadline is not None and not nodes & 255 and clock.now() > deadline):
            raise _Budget
        need = CENTRE_NEEDS[c] if c else 0
        # Corners that can take a card: one per height (the last of equal heights).
        open_corners = [
            (j, h) for j, h in enumerate(corner) if h < CORNER_FULL and (j == 3 or corner[j + 1] != h)
        ]
        # 1. Plays from hand, and a corner's top card to the centre.
        if need and have[need] and to_centre(c, need):
            return True
        if need and (limit is None or run < limit):
            h = 14 - need
            if h in corner:
                j = corner.index(h)  # the first of equal heights: the list stays sorted
                corner[j] = h - 1
                ok = search(c + 1, run + 1)
                corner[j] = h
                if ok:
                    return True
        for j, h in open_corners:
            if have[CORNER_NEEDS[h]] and to_corner(c, run, j, h):
                return True
        if transfers and _transfers(c, run):
            return True
        # 2. Deal up to the next card of a rank some foundation needs and has not at hand, and
        # play it there (see the module's docstring for why no other deal need be tried).
        if k >= n:
            return False
        row = nxt[k]
        if need and not have[need] and row[need] < n and deal_to(row[need], lambda: to_centre(c, need)):
            return True
        for j, h in open_corners:
            r = CORNER_NEEDS[h]
            if not have[r] and row[r] < n and deal_to(row[r], lambda j=j, h=h: to_corner(c, run, j, h)):
                return True
        return False

    def _transfers(c: int, run: int) -> bool:
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
                    ok = search(c, run)
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
                    ok = search(c - 1, run)
                    corner[:] = saved
                    if ok:
                        return True
        return False

    try:
        return search(state.centre, _norm_run(state.run, limit)), nodes
    except _Budget:
        return None, nodes
    except RecursionError:  # pragma: no cover - very long relaxed lines; no conclusion
        return None, nodes


def _next_table(R: list[int], k: int, n: int) -> list[list[int]]:
    table: list[list[int]] = [[]] * (n + 1)
    row = [n] * 14
    table[n] = row
    for i in range(n - 1, k - 1, -1):
        row = row[:]
        row[R[i]] = i
        table[i] = row
    return table


def _norm_run(run: int, limit: int | None) -> int:
    return 0 if limit is None else min(run, limit)
