"""Beam search over deals: the part of the solver that finds wins quickly.

The game has a natural clock: the number of cards taken from the stock. The beam keeps a layer of
positions with the same clock; it expands each by *every* sequence of plays (the closure under
moves other than dealing), then deals once from each, and keeps the ``width`` most promising
results for the next layer. Promising (see ``_score``) = many cards on the foundations (at a fixed
clock, that is the same as a shallow waste), the ranks the foundations want next at hand rather than
buried in the waste, and varied sails.

If a layer never had to be cut down to ``width``, the search was complete and a failure proves
the deal lost; otherwise a failure proves nothing.

The loop runs over the search model's flat rows (:mod:`windmill_widget.games.windmill.search_kernel`)
and is compiled by numba where it is installed (as Python elsewhere, with the same lines and node
counts): twenty to thirty times the positions a second of a loop over :class:`SearchState`.
"""

from __future__ import annotations

from ...core.compiled import as_array, grown, hot, int_array, jit
from ...games.windmill import search_kernel as sk
from ...games.windmill.search import CENTRE_FULL, CENTRE_NEEDS, CORNER_FULL, DEAL, SearchState
from .. import clock
from .dig_kernel import ARGS, LOST, dig_row, next_cards, scratch

ROW = sk.ROW
#: The weight :func:`_score` gives variety in the sails (see :func:`beam_search`'s ``variety``).
VARIETY = 4
_STAMP = ROW  # the seen table's fourth int: the layer an entry belongs to
_SEEN = ROW + 1


class BeamResult:
    __slots__ = ("complete", "line", "nodes")

    def __init__(self, line: list[int] | None, complete: bool, nodes: int) -> None:
        self.line = line
        self.complete = complete
        self.nodes = nodes


@hot
def _wanted(head):
    """The ranks wanted soon, 4 bits a rank: the centre's next three, weighted 3, 2, 1; each
    corner's next, 2, and the one after, 1."""
    want = 0
    c = sk.centre(head)
    if c:
        for i in range(3):
            if c + i < CENTRE_FULL:
                want += (3 - i) << (4 * CENTRE_NEEDS[c + i])
    for j in range(4):
        h = sk.corner(head, j)
        if h < CORNER_FULL:
            want += 2 << (4 * (13 - h))
            if 0 < h < CORNER_FULL - 1:
                want += 1 << (4 * (12 - h))
    return want


@hot
def _score(head, sc, wn, T, out, variety_weight):
    """How promising a position is, for positions with the same number of cards dealt.

    Cards placed come first (at a fixed clock that is the same as the shallowest waste). Then: the
    ranks the foundations want soon should be at hand on a sail or the waste's top, and not buried
    in the waste; and variety in the sails, as much as ``variety_weight`` says (negative: sails
    alike ahead). (Measured with a beam of width 2048 on deals 0-199, strict rules: placed cards
    and variety alone win 62 deals; with the buried and at-hand terms, 156.)
    """
    want = _wanted(head)
    below = sk.waste_counts(T, sk.waste_parent(T, wn))  # the root's parent is the root
    top = sk.waste_top(T, wn)
    variety = 0
    at_hand = 0
    buried = 0
    for r in range(1, 14):
        s = (sc >> (4 * r)) & 15
        w = (want >> (4 * r)) & 15
        if s:
            variety += 1
        if w:
            if s or top == r:
                at_hand += 1
            buried += w * ((below >> (4 * r)) & 15)
    return -8 * out + variety_weight * variety - buried + 2 * at_hand


@hot
def _seen_slot(S, kh, sc, wn, stamp):
    """The seen table's slot for a key: where it is, or the free slot (empty, or of an earlier
    layer) where it would go."""
    mask = len(S) // _SEEN - 1
    h = (kh ^ sc * 0x9E3779B97F4A7C1 ^ wn * 0x85EBCA77C2B2AE3) * 0x2545F4914F6CDD1D
    i = (h >> 24) & mask
    while True:
        b = i * _SEEN
        if S[b + _STAMP] != stamp:
            return b
        if S[b] == kh and S[b + 1] == sc and S[b + 2] == wn:
            return b
        i = (i + 1) & mask


@jit
def _rank(score, count, order):
    """Write to ``order[:count]`` the indices ``0..count-1`` by ``score``, best first, in index
    order among equal scores (a counting sort: scores span a few thousand values)."""
    lo = score[0]
    hi = score[0]
    for i in range(count):
        lo = min(lo, score[i])
        hi = max(hi, score[i])
    start = int_array(hi - lo + 2)
    for i in range(count):
        start[hi - score[i] + 1] += 1
    for v in range(1, hi - lo + 2):
        start[v] += start[v - 1]
    for i in range(count):
        v = hi - score[i]
        order[start[v]] = i
        start[v] += 1


@jit
def _compact(par, mov, nn, ids, nl):
    """Keep only the line store's entries on the lines to the layer's positions ``ids[:nl]``
    (renumbered in place); returns the new count."""
    mark = int_array(nn)
    for i in range(nl):
        x = ids[i]
        while x >= 0 and mark[x] == 0:
            mark[x] = 1
            x = par[x]
    new = int_array(nn)
    cnt = 0
    for x in range(nn):
        if mark[x]:
            new[x] = cnt
            par[cnt] = new[par[x]] if par[x] >= 0 else -1
            mov[cnt] = mov[x]
            cnt += 1
    for i in range(nl):
        ids[i] = new[ids[i]]
    return cnt


@jit
def _line(par, mov, x, last):
    """The moves from the root to line-store entry ``x``, then ``last``."""
    count = 0
    y = x
    while y >= 0:
        count += 1
        y = par[y]
    out = int_array(count + 1)
    out[count] = last
    y = x
    while y >= 0:
        count -= 1
        out[count] = mov[y]
        y = par[y]
    return out


# Statuses of a layer's closure.
_DONE, _WON, _STOPPED, _FULL_CLOSED, _FULL_SEEN, _FULL_STACK, _FULL_LINES = range(7)


@hot
def _close(
    layer, layer_id, nl, closed, closed_id, seen, stamp, stack, stack_id, masks,
    par, mov, nn, R, n, base, limit, transfers, auto, T, TH, TC, deadline,
):  # fmt: skip
    """Close the layer under plays, depth-first, one visit per canonical position: the positions
    go to ``closed`` (with their line-store entries in ``closed_id``, new entries from ``nn`` on).

    Returns ``(status, closed count, line-store count, entry, move)``: ``_WON`` with the line to a
    win (``entry``'s line, then ``move``); ``_STOPPED`` at the deadline; ``_FULL_*`` when an array
    is full (the caller grows it and closes the layer again); else ``_DONE``. No array is replaced
    here: numba counts references to an array that a loop may replace at every use of it.
    """
    ncl = 0
    used = 0
    slots = len(seen) // _SEEN
    depth_cap = len(stack_id)
    for li in range(nl):
        for x in range(ROW):
            stack[x] = layer[li * ROW + x]
        kh = sk.key_head(stack[0])
        s = _seen_slot(seen, kh, stack[1], stack[2], stamp)
        if seen[s + _STAMP] == stamp:
            continue
        if ncl >= len(closed_id):
            return _FULL_CLOSED, ncl, nn, 0, 0
        seen[s] = kh
        seen[s + 1] = stack[1]
        seen[s + 2] = stack[2]
        seen[s + _STAMP] = stamp
        used += 1
        for x in range(ROW):
            closed[ncl * ROW + x] = stack[x]
        closed_id[ncl] = layer_id[li]
        ncl += 1
        stack_id[0] = layer_id[li]
        top = sk.waste_top(T, stack[2])
        masks[0] = (
            sk.moves_mask(stack[0], stack[1], top, base - sk.placed(stack[0]), n, limit, transfers) & ~1
        )
        d = 0
        while d >= 0:
            mask = masks[d]
            if mask == 0:
                d -= 1
                continue
            m = sk.first_move(mask)
            masks[d] = mask & ~(1 << m)
            if d + 1 >= depth_cap:
                return _FULL_STACK, ncl, nn, 0, 0
            b = (d + 1) * ROW
            sk.play(stack, d * ROW, stack, b, m, R, n, limit, auto, T)
            out = base - sk.placed(stack[b])
            if out == 0:
                return _WON, ncl, nn, stack_id[d], m
            kh = sk.key_head(stack[b])
            s = _seen_slot(seen, kh, stack[b + 1], stack[b + 2], stamp)
            if seen[s + _STAMP] == stamp:
                continue
            if 2 * (used + 1) > slots:
                return _FULL_SEEN, ncl, nn, 0, 0
            if nn >= len(par):
                return _FULL_LINES, ncl, nn, 0, 0
            if ncl >= len(closed_id):
                return _FULL_CLOSED, ncl, nn, 0, 0
            seen[s] = kh
            seen[s + 1] = stack[b + 1]
            seen[s + 2] = stack[b + 2]
            seen[s + _STAMP] = stamp
            used += 1
            par[nn] = stack_id[d]
            mov[nn] = m
            stack_id[d + 1] = nn
            nn += 1
            for x in range(ROW):
                closed[ncl * ROW + x] = stack[b + x]
            closed_id[ncl] = stack_id[d + 1]
            ncl += 1
            top = sk.waste_top(T, stack[b + 2])
            masks[d + 1] = sk.moves_mask(stack[b], stack[b + 1], top, out, n, limit, transfers) & ~1
            d += 1
            if deadline >= 0 and (ncl & 4095) == 0:
                now = clock.read()
                if now > deadline:
                    return _STOPPED, ncl, nn, 0, 0
        if 2 * (used + 1) > slots:
            return _FULL_SEEN, ncl, nn, 0, 0
    return _DONE, ncl, nn, 0, 0


@hot
def _deal(closed, closed_id, ncl, cand, cand_score, cand_from, R, n, base, limit, auto, T, TH, TC, variety):
    """Deal once from each closed position (the trie has room for ``ncl`` new wastes) into the
    candidates, each with its score and the line-store entry it comes from; returns how many."""
    nx = 0
    for ci in range(ncl):
        if sk.dealt(closed[ci * ROW]) < n:
            b = nx * ROW
            sk.deal(closed, ci * ROW, cand, b, R, n, auto, T, TH, TC)
            cand_score[nx] = _score(cand[b], cand[b + 1], cand[b + 2], T, base - sk.placed(cand[b]), variety)
            cand_from[nx] = closed_id[ci]
            nx += 1
    return nx


@jit
def _keep(
    cand, cand_score, cand_from, nx, width, layer, layer_id, par, mov, nn,
    R, n, base, limit, transfers, T, TC, horizon, bound_budget, deadline, work, nxt, args,
):  # fmt: skip
    """Keep the ``width`` best candidates as the next layer (all of them, in order, if there are
    no more), dropping those near the stock's end that the dig relaxation proves lost (``work``,
    ``nxt``, ``args``: its arrays, see :func:`.dig_kernel.dig_row`). Returns
    ``(layer size, line-store count, whether some were cut, stopped at the deadline)``."""
    cut = nx > width
    order = int_array(nx if cut else 1)
    if cut:
        _rank(cand_score, nx, order)
    nl = 0
    for i in range(nx):
        c = order[i] if cut else i
        if nl >= width:
            return nl, nn, True, False
        b = c * ROW
        if cut and n - sk.dealt(cand[b]) <= horizon:
            if deadline >= 0:
                now = clock.read()
                if now > deadline:
                    return nl, nn, True, True
            out = base - sk.placed(cand[b])
            verdict, _ = dig_row(
                cand[b], cand[b + 1], cand[b + 2], T, TC, R, n, out, limit, transfers, bound_budget,
                deadline, args[:2], work, nxt, args,
            )  # fmt: skip
            if verdict == LOST:
                continue
        for x in range(ROW):
            layer[nl * ROW + x] = cand[b + x]
        par[nn] = cand_from[c]
        mov[nn] = DEAL
        layer_id[nl] = nn
        nn += 1
        nl += 1
    return nl, nn, False, False


@jit
def _beam(
    R, n, root, base, limit, transfers, auto, width, max_nodes, deadline, horizon, bound_budget, T, TH, TC,
    variety,
):  # fmt: skip
    """The beam search from the position ``root`` (a row, ``base`` less its placed cards still to
    place). Returns ``(verdict, nodes, line)``: verdict 1, won by ``line``; 0, failed with every
    layer kept whole (lost); -1, failed or stopped early (no conclusion)."""
    layer = int_array(ROW)
    layer_id = int_array(1)
    for x in range(ROW):
        layer[x] = root[x]
    layer_id[0] = -1  # the root: no entry, an empty line
    nl = 1
    cap = 1024
    closed = int_array(cap * ROW)
    closed_id = int_array(cap)
    seen = int_array(4096 * _SEEN)
    stack = int_array(128 * ROW)
    stack_id = int_array(128)
    masks = int_array(128)
    par = int_array(cap)  # the line store: each entry's parent entry and the move into it
    mov = int_array(cap)
    nn = 0
    work = scratch()  # the relaxation's arrays, for the checks near the stock's end
    nxt = next_cards(R, n, 0)
    args = int_array(ARGS)
    compact_at = 1 << 22
    nodes = 0
    complete = True
    stamp = 0
    while nl:
        if nn > compact_at:
            nn = _compact(par, mov, nn, layer_id, nl)
            compact_at = max(compact_at, 2 * nn)
        while True:
            stamp += 1  # a fresh seen table, without clearing it
            status, ncl, nn2, entry, m = _close(
                layer, layer_id, nl, closed, closed_id, seen, stamp, stack, stack_id, masks,
                par, mov, nn, R, n, base, limit, transfers, auto, T, TH, TC, deadline,
            )  # fmt: skip
            if status == _FULL_CLOSED:
                closed = grown(closed, 2 * len(closed))
                closed_id = grown(closed_id, 2 * len(closed_id))
            elif status == _FULL_SEEN:
                seen = int_array(2 * len(seen))
                stamp = 0
            elif status == _FULL_STACK:
                stack = grown(stack, 2 * len(stack))
                stack_id = grown(stack_id, 2 * len(stack_id))
                masks = grown(masks, 2 * len(masks))
            elif status == _FULL_LINES:
                par = grown(par, 2 * len(par))
                mov = grown(mov, 2 * len(mov))
            else:
                break
        if status == _WON:
            return 1, nodes + ncl, _line(par, mov, entry, m)
        if status == _STOPPED:
            return -1, nodes + ncl, int_array(0)
        nn = nn2
        nodes += ncl
        if max_nodes >= 0 and nodes > max_nodes:
            return -1, nodes, int_array(0)
        if deadline >= 0:
            now = clock.read()
            if now > deadline:
                return -1, nodes, int_array(0)
        # 2. Deal once from each, keep the best.
        T, TH = sk.trie_room(T, TH, TC, ncl)
        cand = int_array(max(ncl, 1) * ROW)
        cand_score = int_array(max(ncl, 1))
        cand_from = int_array(max(ncl, 1))
        nx = _deal(
            closed, closed_id, ncl, cand, cand_score, cand_from, R, n, base, limit, auto, T, TH, TC, variety
        )  # fmt: skip
        keep = min(nx, width)
        layer = int_array(max(keep, 1) * ROW)
        layer_id = int_array(max(keep, 1))
        par = grown(par, nn + keep)
        mov = grown(mov, nn + keep)
        nl, nn, cut, stopped = _keep(
            cand, cand_score, cand_from, nx, width, layer, layer_id, par, mov, nn,
            R, n, base, limit, transfers, T, TC, horizon, bound_budget, deadline, work, nxt, args,
        )  # fmt: skip
        if stopped:
            return -1, nodes, int_array(0)
        if cut:
            complete = False
    return 0 if complete else -1, nodes, int_array(0)


def beam_search(
    state: SearchState,
    width: int,
    *,
    deadline: float | None = None,
    max_nodes: int | None = None,
    horizon: int = 0,
    bound_budget: int = 200,
    variety: int = VARIETY,
) -> BeamResult:
    """Search from ``state`` (left as it was) keeping ``width`` positions per clock tick.

    ``horizon``: when a layer is cut down, positions with at most this many stock cards left are
    first checked by the dig relaxation (:mod:`.bound`) and dropped when it proves them lost. The
    default, 0, checks only positions whose stock is used up: checking earlier ones costs more
    search than it saves (on deals 0-99 at 1 s: 87 wins unchecked, 71 checking from 30 stock
    cards, 61 checking everywhere, measured in Python). Keeping a few positions per foundation
    state first was tried too: it won no more deals at a given width and doubled the work.

    ``variety``: the weight the score gives the number of ranks in the sails (:data:`VARIETY`, or
    another, such as the solver's second beam's -4: another ordering of the candidates keeps other
    positions, and so wins other deals).
    """
    if state.is_won():
        return BeamResult([], True, 0)
    T, TH, TC = sk.trie_new(_trie_size(state.waste_size() + 1))
    root = int_array(ROW)
    root[0], root[1], root[2] = sk.from_state(state, T, TH, TC)
    base = state.out + int(sk.placed(root[0]))
    verdict, nodes, line = _beam(
        _stock(state), state.n, root, base, sk.limit_code(state), bool(state.any), bool(state.auto),
        width, -1 if max_nodes is None else max(max_nodes, 0), -1.0 if deadline is None else float(deadline),
        horizon, bound_budget, T, TH, TC, variety,
    )  # fmt: skip
    if verdict == 1:
        return BeamResult([int(m) for m in line], True, int(nodes))
    return BeamResult(None, verdict == 0, int(nodes))


def _trie_size(at_least: int) -> int:
    size = 1 << 12
    while size < at_least:
        size *= 2
    return size


def _stock(state: SearchState):
    """The stock's ranks as the compiled loop takes them."""
    return as_array(state.R)
