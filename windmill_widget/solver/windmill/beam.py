"""Beam search over deals: the part of the solver that finds wins quickly.

The game has a natural clock: the number of cards taken from the stock. The beam keeps a layer of
positions with the same clock; it expands each by *every* sequence of plays (the closure under
moves other than dealing), then deals once from each, and keeps the ``width`` most promising
results for the next layer. Promising (see ``_score``) = many cards on the foundations (at a fixed
clock, that is the same as a shallow waste), the ranks the foundations want next at hand rather than
buried in the waste, and varied sails.

If a layer never had to be cut down to ``width``, the search was complete and a failure proves
the deal lost; otherwise a failure proves nothing.
"""

from __future__ import annotations

from ...games.windmill.search import CENTRE_FULL, CENTRE_NEEDS, CORNER_FULL, DEAL, SearchState
from .. import clock
from .bound import relaxed_winnable


class BeamResult:
    __slots__ = ("complete", "line", "nodes")

    def __init__(self, line: list[int] | None, complete: bool, nodes: int) -> None:
        self.line = line
        self.complete = complete
        self.nodes = nodes


def _wanted(centre: int, corners: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a foundation state: the ranks wanted soon (the centre's next three, weighted 3, 2, 1;
    each corner's next, 2, and the one after, 1), as (the ranks' bit shifts in ``scode``, a weight
    per waste nibble, i.e. indexed by rank + 1)."""
    want = [0] * 14
    if centre:
        for i in range(3):
            if centre + i < CENTRE_FULL:
                want[CENTRE_NEEDS[centre + i]] += 3 - i
    for h in corners:
        if h < CORNER_FULL:
            want[13 - h] += 2
            if 0 < h < CORNER_FULL - 1:
                want[12 - h] += 1
    shifts = tuple(4 * r for r in range(1, 14) if want[r])
    by_nibble = (0, *want, 0)
    return shifts, by_nibble


_WANTED: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {}
#: Nonzero 4-bit fields in a byte of ``scode`` (for counting the distinct ranks in the sails).
_DISTINCT8 = tuple((x & 15 > 0) + (x >> 4 > 0) for x in range(256))


def _score(s: SearchState) -> int:
    """How promising a position is, for positions with the same number of cards dealt.

    Cards placed come first (at a fixed clock that is the same as the shallowest waste). Then: the
    ranks the foundations want soon should be at hand on a sail or the waste's top, and not buried
    in the waste; and variety in the sails. (Measured with a beam of width 2048 on deals 0-199,
    strict rules: placed cards and variety alone win 62 deals; with the buried and at-hand terms,
    156.)
    """
    fkey = (s.centre, s.ccode)
    wanted = _WANTED.get(fkey)
    if wanted is None:
        wanted = _WANTED[fkey] = _wanted(s.centre, tuple(s.corner))
    shifts, weight = wanted
    sc = s.scode
    d = _DISTINCT8
    variety = (
        d[sc & 255] + d[sc >> 8 & 255] + d[sc >> 16 & 255] + d[sc >> 24 & 255]
        + d[sc >> 32 & 255] + d[sc >> 40 & 255] + d[sc >> 48 & 255]
    )  # fmt: skip
    if sc & 15:  # rank 0 (unknown cards, in players' mirrors) is not variety
        variety -= 1
    at_hand = 0
    for sh in shifts:
        if sc >> sh & 15:
            at_hand += 1
    w = s.wcode
    buried = 0
    if w:
        top = w & 15
        if weight[top] and not sc >> (4 * top - 4) & 15:
            at_hand += 1
        w >>= 4
        while w:
            buried += weight[w & 15]
            w >>= 4
    return -8 * s.out + 4 * variety - buried + 2 * at_hand


def _path_to_list(path: tuple | None) -> list[int]:
    out: list[int] = []
    while path is not None:
        out.append(path[0])
        path = path[1]
    out.reverse()
    return out


def _close(s: SearchState, path: tuple | None, seen: set[int], closed: list) -> tuple | None:
    """Add every position reachable from ``s`` by plays (not deals) to ``closed``; return the path
    of a won position if one is reached."""
    for m in s.moves():
        if m == DEAL:
            continue
        rec = s.apply(m)
        if s.out == 0:
            s.undo(rec)
            return (m, path)
        key = s.key()
        if key not in seen:
            seen.add(key)
            child = (m, path)
            closed.append((s.snapshot(), child))
            won = _close(s, child, seen, closed)
            if won is not None:
                s.undo(rec)
                return won
        s.undo(rec)
    return None


def beam_search(
    state: SearchState,
    width: int,
    *,
    deadline: float | None = None,
    max_nodes: int | None = None,
    horizon: int = 0,
    bound_budget: int = 200,
) -> BeamResult:
    """Search from ``state`` (restored afterwards) keeping ``width`` positions per clock tick.

    ``horizon``: when a layer is cut down, positions with at most this many stock cards left are
    first checked by the dig relaxation (:mod:`.bound`) and dropped when it proves them lost. The
    default, 0, checks only positions whose stock is used up: at Python speed, checking earlier
    ones costs more search than it saves (on deals 0-99 at 1 s: 87 wins unchecked, 71 checking
    from 30 stock cards, 61 checking everywhere). Keeping a few positions per foundation state
    first was tried too: it won no more deals at a given width and doubled the work.
    """
    s = state
    root = s.snapshot()
    layer: list[tuple[tuple, tuple | None]] = [(root, None)]
    nodes = 0
    complete = True
    try:
        while layer:
            # 1. Close the layer under plays (depth-first, one visit per canonical position).
            seen: set[int] = set()
            closed: list[tuple[tuple, tuple | None]] = []
            for snap, path in layer:
                s.restore(snap)
                key = s.key()
                if key in seen:
                    continue
                seen.add(key)
                closed.append((snap, path))
                won = _close(s, path, seen, closed)
                if won is not None:
                    return BeamResult(_path_to_list(won), True, nodes + len(closed))
                if deadline is not None and clock.now() > deadline:
                    return BeamResult(None, False, nodes + len(closed))
            nodes += len(closed)
            if max_nodes is not None and nodes > max_nodes:
                return BeamResult(None, False, nodes)
            if deadline is not None and clock.now() > deadline:
                return BeamResult(None, False, nodes)
            # 2. Deal once from each, keep the best.
            nxt: list[tuple[int, tuple, tuple]] = []
            for snap, path in closed:
                s.restore(snap)
                if s.k < s.n:
                    rec = s.apply(DEAL)
                    nxt.append((_score(s), s.snapshot(), (DEAL, path)))
                    s.undo(rec)
            if len(nxt) > width:
                nxt.sort(key=lambda x: x[0], reverse=True)
                kept: list[tuple[tuple, tuple | None]] = []
                for _, snap, path in nxt:
                    if len(kept) >= width:
                        complete = False
                        break
                    if s.n - snap[0] <= horizon:
                        if deadline is not None and clock.now() > deadline:
                            return BeamResult(None, False, nodes)
                        s.restore(snap)
                        if relaxed_winnable(s, bound_budget) is False:
                            continue
                    kept.append((snap, path))
                layer = kept
            else:
                layer = [(snap, path) for _, snap, path in nxt]
        return BeamResult(None, complete, nodes)
    finally:
        s.restore(root)
