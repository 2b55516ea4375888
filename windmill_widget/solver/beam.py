"""Beam search over deals: the part of the solver that finds wins quickly.

The game has a natural clock: the number of cards taken from the stock. The beam keeps a layer of
positions with the same clock; it expands each by *every* sequence of plays (the closure under
moves other than dealing), then deals once from each, and keeps the ``width`` most promising
results for the next layer. Promising = most cards on the foundations (at a fixed clock, that is
the same as the shallowest waste), then the centre furthest along, then the most varied sails.

If a layer never had to be cut down to ``width``, the search was complete and a failure proves
the deal lost; otherwise a failure proves nothing.
"""

from __future__ import annotations

import time

from .bound import relaxed_winnable
from .compact import DEAL, Compact


class BeamResult:
    __slots__ = ("complete", "line", "nodes")

    def __init__(self, line: list[int] | None, complete: bool, nodes: int) -> None:
        self.line = line
        self.complete = complete
        self.nodes = nodes


def _score(s: Compact) -> int:
    # Cards placed (at a fixed clock: a shallow waste) first; variety in the sails breaks ties.
    # (Tried on deals 0-99: the players' heuristic, centre weight and waste-order penalties all
    # did no better than this at equal width; bucketing by foundations did much better.)
    sc = s.scode
    variety = 0
    while sc:
        variety += (sc & 15) > 0
        sc >>= 4
    return -4 * s.out + 2 * variety


def _path_to_list(path: tuple | None) -> list[int]:
    out: list[int] = []
    while path is not None:
        out.append(path[0])
        path = path[1]
    out.reverse()
    return out


def _close(s: Compact, path: tuple | None, seen: set[int], closed: list) -> tuple | None:
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
    state: Compact,
    width: int,
    *,
    deadline: float | None = None,
    max_nodes: int | None = None,
    horizon: int = 12,
    bound_budget: int = 200,
    diversity: int = 4,
) -> BeamResult:
    """Search from ``state`` (restored afterwards) keeping ``width`` positions per clock tick."""
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
                if deadline is not None and time.perf_counter() > deadline:
                    return BeamResult(None, False, nodes + len(closed))
            nodes += len(closed)
            if max_nodes is not None and nodes > max_nodes:
                return BeamResult(None, False, nodes)
            if deadline is not None and time.perf_counter() > deadline:
                return BeamResult(None, False, nodes)
            # 2. Deal once from each, keep the best.
            nxt: list[tuple[tuple, tuple[int, int, int], tuple]] = []
            for snap, path in closed:
                s.restore(snap)
                if s.k < s.n:
                    rec = s.apply(DEAL)
                    nxt.append((_score(s), s.snapshot(), (DEAL, path)))
                    s.undo(rec)
            if len(nxt) > width:
                nxt.sort(key=lambda x: x[0], reverse=True)
                kept: list[tuple[tuple, tuple | None]] = []
                per_bucket: dict[tuple[int, int], int] = {}
                skipped = []
                for item in nxt:
                    snap = item[1]
                    if len(kept) >= width:
                        complete = False
                        break
                    if s.n - snap[0] <= horizon:
                        if deadline is not None and time.perf_counter() > deadline:
                            return BeamResult(None, False, nodes)
                        s.restore(snap)
                        if relaxed_winnable(s, bound_budget) is False:
                            continue
                    if diversity:
                        bucket = (snap[4], snap[9])  # the foundations: centre height, corner heights
                        seen_here = per_bucket.get(bucket, 0)
                        if seen_here >= diversity:
                            skipped.append(item)
                            continue
                        per_bucket[bucket] = seen_here + 1
                    kept.append((snap, item[2]))
                if len(kept) < width:
                    kept.extend((snap, path) for _, snap, path in skipped[: width - len(kept)])
                if skipped and len(kept) >= width:
                    complete = False
                layer = kept
            else:
                layer = [(snap, path) for _, snap, path in nxt]
        return BeamResult(None, complete, nodes)
    finally:
        s.restore(root)
