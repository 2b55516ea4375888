"""Exhaustive depth-first search with a transposition table: the part of the solver that can prove
a deal lost.

Every position is visited once while the table has room (it holds canonical keys, see
:mod:`windmill_widget.games.windmill.search_kernel`): reaching the goal is a plain reachability
question, and a position already seen was either fully explored without finding a win or is on
the current line. (With walks in several orders, a position on another walk's line is visited by
both: see :class:`Exhaustive`.) When the stock is short, positions that the dig relaxation (:mod:`.bound`)
proves lost are cut off; its checks share one table (:class:`.dig_kernel.SharedTable`), since
neighbouring positions' relaxed games meet. The search runs in slices (``run`` returns ``None``
when its slice is used up) so the solver can interleave it with the beam search, and in several
walks that take turns (:class:`Order`), one of which may start again and again
(:class:`Restarts`).

The loop runs compiled by numba over the search model's rows (as Python where numba is missing,
with the same verdicts and node counts). Its table of positions seen grows up to
:data:`SEEN_MAX_LOG2` slots and then forgets old entries instead of growing on: a position
forgotten is searched again, which costs time but changes no verdict. (Only PySolFC's rules have
cycles, which run through moves between foundations; the search also looks for the position
among the line's last positions with the same cards dealt and placed, so a forgotten one cannot
send it round a cycle.)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...core.compiled import as_array, grown, hot, int_array, jit
from ...games.windmill import search_kernel as sk
from ...games.windmill.search import CENTRE_TO_CORNER, DEAL, TO_CORNER, SearchState
from .. import clock
from .dig_kernel import ARGS, LOST, NO_CONCLUSION, SharedTable, dig_row, next_cards, scratch

ROW = sk.ROW
#: The table of positions seen stops growing at 2**SEEN_MAX_LOG2 slots (three ints each: 384 MB).
SEEN_MAX_LOG2 = 24
_SEEN_FIRST_LOG2 = 12
_PROBES = 8
_DEPTH0 = 256
#: How often the search reads the clock, in units of work (positions plus relaxed positions): about
#: a millisecond. Reading it calls back into Python, which every position of proof mode once did.
_CLOCK_EVERY = 2048
#: The most work a walk does before the next takes its turn (in units: some 30 milliseconds).
_TURN = 50_000
_MOVES = CENTRE_TO_CORNER + 4  # move codes: 0 (the deal) to 29

# A seen position's third int is its waste's trie node and, from bit _TAG_SHIFT, its tag: 0 when
# it is searched to the end (or cut off by the relaxation), 1 + w while it is on walk w's line.
_TAG_SHIFT = 56
_WN_MASK = (1 << _TAG_SHIFT) - 1
_TAGS = 126  # tags 1 to 126 fit below the sign bit; the walk that restarts takes turns of them
# A walk's counters, kept in one array between slices; and those of what its walks share.
_D, _NODES, _PRUNED, _RETRIED = range(4)
_USED, _ADDED = range(2)
# What a slice ended with.
_LOST, _WON, _STOPPED, _FULL_STACK, _FULL_SEEN, _FULL_TRIE, _GROW_TABLE = range(7)


@hot
def _seen_slot(S, kh, sc, wn, probes):
    """Where the key is in the seen table (``kh + 1`` in its first int marks a slot used), else
    a slot for it: an empty one among its first ``probes`` places, or the first place, forgetting
    what was there. Returns ``(slot, found)``."""
    mask = len(S) // ROW - 1
    h = (kh ^ sc * 0x9E3779B97F4A7C1 ^ wn * 0x85EBCA77C2B2AE3) * 0x2545F4914F6CDD1D
    i0 = (h >> 24) & mask
    for p in range(min(probes, mask + 1)):
        b = ((i0 + p) & mask) * ROW
        if S[b] == 0:
            return b, False
        if S[b] == kh + 1 and S[b + 1] == sc and S[b + 2] & _WN_MASK == wn:
            return b, True
    return i0 * ROW, False


@hot
def _first(mask, codes):
    """The first move of ``mask`` in the order ``codes``."""
    for m in codes:
        if (mask >> m) & 1:
            return m
    return -1


@hot
def _shaken(stack, row, mask, m, noise, rseed):
    """The move to try next at the position ``stack[row:]`` with moves ``mask`` left, by a walk that
    restarts: ``m`` (its order's first), or, ``noise`` times in 256, one of ``mask``'s drawn by a
    hash of the position, the moves left and ``rseed`` (so the same run makes the same choices)."""
    h = stack[row] ^ stack[row + 1] * 0x9E3779B97F4A7C1 ^ stack[row + 2] * 0x85EBCA77C2B2AE3
    h = (h ^ mask * 0x2545F4914F6CDD1D ^ rseed) * 0x2545F4914F6CDD1D
    if (h >> 40) & 255 >= noise:
        return m
    count = 0
    for q in range(_MOVES):
        count += (mask >> q) & 1
    k = ((h >> 20) & 0xFFFF) % count
    for q in range(_MOVES):
        if (mask >> q) & 1:
            if k == 0:
                return q
            k -= 1
    return m


@hot
def _holds(S, b, P, row):
    """Whether slot ``b`` of the seen table still holds the position at ``P[row:]`` (a full
    neighbourhood may have given it to another)."""
    return S[b] == sk.key_head(P[row]) + 1 and S[b + 1] == P[row + 1] and S[b + 2] & _WN_MASK == P[row + 2]


@jit
def _seen_grown(S):
    """The seen table twice as big, every entry kept."""
    S2 = int_array(2 * len(S))
    for b in range(0, len(S), ROW):
        if S[b] != 0:
            t, _ = _seen_slot(S2, S[b] - 1, S[b + 1], S[b + 2] & _WN_MASK, len(S2))
            S2[t] = S[b]
            S2[t + 1] = S[b + 1]
            S2[t + 2] = S[b + 2]
    return S2


@hot
def _on_line(stack, d, row, kh):
    """Is the position ``row`` of ``stack`` (key head ``kh``) at a level up to ``d`` with the same
    cards dealt and placed? (Only such positions can lead back to it: every other move deals or
    places a card.)"""
    k = sk.dealt(stack[row])
    placed = sk.placed(stack[row])
    while d >= 0:
        b = d * ROW
        if sk.dealt(stack[b]) != k or sk.placed(stack[b]) != placed:
            return False
        if sk.key_head(stack[b]) == kh and stack[b + 1] == stack[row + 1] and stack[b + 2] == stack[row + 2]:
            return True
        d -= 1
    return False


@jit
def _search(
    st, ct, stack, masks, moved, at, seen, seen_max, R, n, base, limit, transfers, auto, me,
    codes, T, TH, TC, horizon, budget, tab, tab_max, max_nodes, deadline, work, nxt, args, noise, rseed,
):  # fmt: skip
    """Walk on from where ``st`` (the walk's counters) and its stack left off, for ``max_nodes``
    new positions or until ``deadline``. Returns what it ended with: ``_LOST`` (the walk is
    exhausted), ``_WON`` (the line is ``moved[1:st[_D] + 1]``), ``_STOPPED`` (its slice is used
    up), or an array that must grow first (the caller grows it and calls again). It replaces no
    array itself. ``ct``: the counters of what the walks share (the table of positions seen and
    the relaxation's table); ``at``: where each position of the line is in the seen table;
    ``me``: the walk's number; ``codes``: its :attr:`Order.codes`. ``work``, ``nxt``,
    ``args``: the relaxation's arrays (see :func:`.dig_kernel.dig_row`).

    A position seen is skipped if it is searched to the end or on this walk's own line (only
    moves between foundations lead back to one); one on another walk's line is searched here
    too, since that walk has not searched it yet. ``noise`` and ``rseed``: a walk that restarts
    (see :class:`Restarts`; 0 for the others) draws its moves with them, and skips only what is
    searched to the end: a position with its tag may be one an earlier run left behind when the
    tags came round (a line that leads back to itself, under PySolFC's transfers, ``_on_line``
    catches)."""
    mine = (me + 1) << _TAG_SHIFT
    d = st[_D]
    nodes = 0
    depth_cap = len(masks)
    slots = len(seen) // ROW
    # Linear probing while the table may grow (it is never more than half full); once it may not,
    # a few probes, and a full neighbourhood forgets an entry.
    probes = slots if len(seen) < seen_max else _PROBES
    tcap = len(T) // 4
    shared = len(tab) > 2
    status = _LOST
    next_read = 0  # when to read the clock next, in units of work
    while d >= 0:
        mask = masks[d]
        if mask == 0:
            if d > 0 and _holds(seen, at[d], stack, d * ROW):
                seen[at[d] + 2] = stack[d * ROW + 2]  # searched to the end: the tag says so
            d -= 1
            continue
        if d + 1 >= depth_cap:
            status = _FULL_STACK
            break
        if 2 * (ct[_USED] + 1) > slots and len(seen) < seen_max:
            status = _FULL_SEEN
            break
        if TC[0] + 1 > tcap:
            status = _FULL_TRIE
            break
        if shared and 2 * ct[_ADDED] > len(tab) // 2 and len(tab) < tab_max:
            status = _GROW_TABLE
            break
        m = _first(mask, codes)
        if noise:
            m = _shaken(stack, d * ROW, mask, m, noise, rseed)
        masks[d] = mask & ~(1 << m)
        b = (d + 1) * ROW
        if m == DEAL:
            sk.deal(stack, d * ROW, stack, b, R, n, auto, T, TH, TC)
        else:
            sk.play(stack, d * ROW, stack, b, m, R, n, limit, auto, T)
        out = base - sk.placed(stack[b])
        if out == 0:
            moved[d + 1] = m
            d += 1
            status = _WON
            break
        kh = sk.key_head(stack[b])
        slot, found = _seen_slot(seen, kh, stack[b + 1], stack[b + 2], probes)
        tag = seen[slot + 2] >> _TAG_SHIFT if found else 0
        if found and (tag == 0 or (tag == me + 1 and not noise)):
            continue
        if transfers and _on_line(stack, d, b, kh):
            continue
        bounded = n - sk.dealt(stack[b]) <= horizon and not found  # found: checked by its walk
        verdict = NO_CONCLUSION
        if bounded:
            verdict, spent = dig_row(
                stack[b], stack[b + 1], stack[b + 2], T, TC, R, n, out, limit, transfers, budget,
                deadline, tab, work, nxt, args,
            )  # fmt: skip
            nodes += spent
            ct[_ADDED] += spent
            if verdict == NO_CONCLUSION and deadline >= 0:
                now = clock.read()
                if now > deadline:
                    # Cut short by the clock, not by its budget: check this position again in the
                    # next slice rather than search under it unchecked.
                    masks[d] |= 1 << m
                    st[_RETRIED] += 1
                    status = _STOPPED
                    break
        if not found:
            if seen[slot] == 0:
                ct[_USED] += 1
            seen[slot] = kh + 1
            seen[slot + 1] = stack[b + 1]
            seen[slot + 2] = stack[b + 2] if verdict == LOST else stack[b + 2] | mine
        nodes += 1
        if verdict == LOST:
            st[_PRUNED] += 1
            continue
        top = sk.waste_top(T, stack[b + 2])
        masks[d + 1] = sk.moves_mask(stack[b], stack[b + 1], top, out, n, limit, transfers)
        moved[d + 1] = m
        at[d + 1] = slot
        d += 1
        if nodes >= max_nodes:
            status = _STOPPED
            break
        if deadline >= 0 and nodes >= next_read:
            if clock.read() > deadline:
                status = _STOPPED
                break
            next_read = nodes + _CLOCK_EVERY
    st[_D] = d
    st[_NODES] += nodes
    return status


class Order(enum.Enum):
    """Which move a walk of :class:`Exhaustive` tries first at each position (the codes of
    :mod:`windmill_widget.games.windmill.search`, in the order tried: :attr:`codes`)."""

    #: Plays before the deal (the centre's first, then the corners'): the lines that place cards
    #: as soon as they can come first.
    PLAYS_FIRST = "plays first"
    #: The deal before the plays: the lines that keep cards in hand longest come first.
    DEAL_FIRST = "deal first"
    #: Plays to the corners, then the deal, then plays to the centre.
    CORNERS_FIRST = "corners first"
    #: Plays to the centre, then the deal, then plays to the corners.
    CENTRE_FIRST = "centre first"

    @property
    def codes(self) -> tuple[int, ...]:
        plays = tuple(range(1, _MOVES))
        corners = tuple(range(TO_CORNER, TO_CORNER + 4))
        if self is Order.PLAYS_FIRST:
            return (*plays, DEAL)
        if self is Order.DEAL_FIRST:
            return (DEAL, *plays)
        centre = tuple(range(1, TO_CORNER))
        first = corners if self is Order.CORNERS_FIRST else centre
        return (*first, DEAL, *(m for m in plays if m not in first))


@dataclass(frozen=True)
class Restarts:
    """A walk of :class:`Exhaustive` that starts again from the first position, in runs whose work
    follows Luby's sequence (``unit`` times 1, 1, 2, 1, 1, 2, 4, ...), and at each position tries
    its ``order``'s first move except ``noise`` times in 256, when it draws one at random (each run
    its own draws, from ``seed``). A depth-first walk that takes a wrong turn near the first
    position searches everything under it before it turns back; a run cut short leaves it, and
    what the runs searched to the end stays searched for every walk. Its runs prove nothing: a
    search with one is lost only once its walks in ``orders`` are exhausted. ``start``: the work
    (units) after which it joins."""

    order: Order = Order.PLAYS_FIRST
    noise: int = 32
    unit: int = 100_000
    start: int = 0
    seed: int = 1

    def __post_init__(self) -> None:
        if not isinstance(self.order, Order):
            raise ValueError(f"order must be an Order, not {self.order!r:.40}")
        if not 0 < self.noise <= 256 or self.unit <= 0 or self.start < 0 or not 0 <= self.seed < 1 << 32:
            raise ValueError(
                f"noise must be 1-256, unit positive, start and seed (below 2**32) at least 0: {self!r:.160}"
            )


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...: the run
    lengths within a constant factor of the best for any distribution of run lengths (Luby, Sinclair
    and Zuckerman, 1993).

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = i.bit_length()
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)


class _Walk:
    """One depth-first walk of an :class:`Exhaustive` search: its stack, its line, its counters."""

    def __init__(self, order: Order, row, mask: int) -> None:
        self.order = order
        self.root_mask = mask
        self.tag = 0  # its number in the seen table's tags (see _TAG_SHIFT)
        self.noise = 0  # for a walk that restarts (see Restarts): its draws, its runs
        self.rseed = 0
        self.runs = 0
        self.run_from = 0
        self.codes = as_array(list(order.codes))
        self.stack = int_array(_DEPTH0 * ROW)
        self.masks = int_array(_DEPTH0)
        self.moved = int_array(_DEPTH0)
        self.at = int_array(_DEPTH0)
        self.st = int_array(4)
        for x in range(ROW):
            self.stack[x] = row[x]
        self.masks[0] = mask
        self.exhausted = False

    def grow_stack(self) -> None:
        size = 2 * len(self.masks)
        self.stack = grown(self.stack, size * ROW)
        self.masks = grown(self.masks, size)
        self.moved = grown(self.moved, size)
        self.at = grown(self.at, size)


class Exhaustive:
    """A resumable depth-first search from ``state`` (which it does not change).

    With more than one of ``orders`` it runs one walk in each order, taking turns (the walk with
    the least work so far goes next), and the walks share the table of positions seen: a position
    that one walk has searched to the end (or the relaxation cut off), the others skip; one still
    on another walk's line they search too, since that walk has not searched it yet. A win that any
    walk finds is a win, and once every walk that has started (see ``starts``) is exhausted, every
    reachable position was searched by one of them: a proof of loss. The orders find different wins
    first: the winning lines of some deals place a card as soon as it can go, those of others keep
    it back (see ``docs/winnability.md``).

    >>> from windmill_widget import Game
    >>> from windmill_widget.games.windmill.search import SearchState
    >>> state = SearchState.from_game(Game(seed=295))
    >>> orders = (Order.PLAYS_FIRST, Order.DEAL_FIRST)
    >>> dfs = Exhaustive(state, horizon=95, bound_budget=10**6, table_log2=22, orders=orders)
    >>> dfs.run(10**6), dfs.won_by, len(dfs.line)
    ('won', <Order.DEAL_FIRST: 'deal first'>, 203)
    """

    def __init__(
        self,
        state: SearchState,
        *,
        horizon: int = 22,
        bound_budget: int = 30_000,
        table_log2: int | None = 18,
        orders: tuple[Order, ...] = (Order.PLAYS_FIRST,),
        starts: tuple[int, ...] | None = None,
        restarts: Restarts | None = None,
    ) -> None:
        """``horizon``: positions with at most this many stock cards left are checked by the dig
        relaxation, with ``bound_budget`` relaxed positions each; ``table_log2``: the relaxation's
        shared table holds 2**table_log2 positions (None: no table, every check starts from
        scratch); ``orders``: the walks' orders (each at most once); ``starts``: the work (units,
        see :attr:`nodes`) after which each walk starts (none: all at once); ``restarts``: a walk
        that restarts as well (see :class:`Restarts`), which takes turns with the others once it
        has joined."""
        if not orders or len(set(orders)) != len(orders) or not all(isinstance(o, Order) for o in orders):
            raise ValueError(f"orders must be distinct Order values, at least one: {orders!r:.80}")
        starts = (0,) * len(orders) if starts is None else tuple(starts)
        if len(starts) != len(orders) or min(starts) != 0:
            raise ValueError(f"starts needs one work count per order, the least 0: {starts!r:.80}")
        if restarts is not None and not isinstance(restarts, Restarts):
            raise ValueError(f"restarts must be a Restarts or None, not {restarts!r:.40}")
        self._starts = starts
        self.restarts = restarts
        self.horizon = horizon
        self.bound_budget = bound_budget
        self.table_log2 = table_log2
        self._table: SharedTable | None = None  # the relaxation's, made at its first need
        self.line: list[int] | None = None
        self._winner: Order | None = None
        self._ct = int_array(2)
        self._walks: list[_Walk] = []
        self._probe: _Walk | None = None  # the walk that restarts, if any
        self._won_by_restarts = False
        self.done = state.is_won()
        if self.done:
            self.line = []
            return
        self._T, self._TH, self._TC = sk.trie_new(1 << 12)
        self._T, self._TH = sk.trie_room(self._T, self._TH, self._TC, state.waste_size() + 1)
        row = sk.from_state(state, self._T, self._TH, self._TC)
        self._R = as_array(state.R)
        self._n = state.n
        self._base = state.out + int(sk.placed(row[0]))
        self._limit = sk.limit_code(state)
        self._transfers = bool(state.any)
        self._auto = bool(state.auto)
        top = sk.waste_top(self._T, row[2])
        mask = sk.moves_mask(row[0], row[1], top, state.out, state.n, self._limit, self._transfers)
        self._walks = [_Walk(order, row, mask) for order in orders]
        for i, w in enumerate(self._walks):
            w.tag = i
        if restarts is not None:
            self._probe = _Walk(restarts.order, row, mask)
            self._restart(self._probe, 0)
        self._seen = int_array((1 << _SEEN_FIRST_LOG2) * ROW)
        slot, _ = _seen_slot(self._seen, sk.key_head(row[0]), row[1], row[2], len(self._seen))
        self._seen[slot : slot + ROW] = [int(sk.key_head(row[0])) + 1, row[1], row[2]]
        self._ct[_USED] = 1
        self._work = scratch()
        self._nxt = next_cards(self._R, self._n, state.k)
        self._args = int_array(ARGS)

    @property
    def nodes(self) -> int:
        """Positions visited, plus the relaxed positions the checks searched."""
        return sum(int(w.st[_NODES]) for w in self._all())

    @property
    def positions(self) -> int:
        """Distinct positions in its table of positions seen (the root included; once the table
        has stopped growing, those it forgot are not counted)."""
        return int(self._ct[_USED]) if self._walks else 0

    @property
    def pruned(self) -> int:
        """Positions the relaxation proved lost."""
        return sum(int(w.st[_PRUNED]) for w in self._all())

    @property
    def retried(self) -> int:
        """Checks cut short by a slice's deadline, and redone."""
        return sum(int(w.st[_RETRIED]) for w in self._all())

    @property
    def won_by(self) -> Order | None:
        """The order of the walk that found the win (None before one is found)."""
        return self._winner

    @property
    def won_by_restarts(self) -> bool:
        """Whether the win was found by the walk that restarts (see :class:`Restarts`)."""
        return self._won_by_restarts

    @property
    def winner(self) -> str | None:
        """The walk that found the win, in words ("plays first", or "plays first (restarting)"
        for the walk that restarts); None before one is found."""
        if self._winner is None:
            return None
        return self._winner.value + (" (restarting)" if self._won_by_restarts else "")

    @property
    def runs(self) -> int:
        """How many runs the walk that restarts has begun (0 without one, or before it joins)."""
        return 0 if self._probe is None else self._probe.runs

    def _all(self) -> list[_Walk]:
        return self._walks if self._probe is None else [*self._walks, self._probe]

    def _run_left(self, w: _Walk) -> int:
        """The work left in the current run of the walk that restarts."""
        assert self.restarts is not None
        return self.restarts.unit * luby(w.runs) - (int(w.st[_NODES]) - w.run_from)

    def _restart(self, w: _Walk, runs: int) -> None:
        """Send the walk that restarts back to the first position for its run number ``runs``
        (from 1; 0 readies it), with a tag of its own: what the last run left on its line stays
        tagged as another walk's, so every walk searches it again, this one too."""
        assert self.restarts is not None
        w.runs = runs
        w.run_from = int(w.st[_NODES])
        w.st[_D] = 0
        w.masks[0] = w.root_mask
        w.tag = len(self._walks) + runs % (_TAGS - len(self._walks))
        w.noise = self.restarts.noise
        w.rseed = (self.restarts.seed << 24) + runs

    def run(self, max_nodes: int, deadline: float | None = None) -> str | None:
        """Search on for at most ``max_nodes`` new positions (or until ``deadline``, a
        :func:`.clock.now` reading), shared in turns by the walks that have started and are not
        exhausted yet. Returns
        ``"won"`` (see :attr:`line`), ``"lost"`` (the whole reachable space is exhausted) or
        ``None`` (not finished yet)."""
        if self.done:
            return "won" if self.line is not None else "lost"
        start = self.nodes
        while True:
            walks = [w for w, at in zip(self._walks, self._starts, strict=True) if at <= self.nodes]
            if all(w.exhausted for w in walks):
                self.done = True  # the walks that started (some may wait still) searched it all
                return "lost"
            walks = [w for w in walks if not w.exhausted]
            probe = self._probe
            assert self.restarts is None or probe is not None
            if probe is not None and not probe.exhausted and self.restarts.start <= self.nodes:
                if probe.runs == 0:
                    self._restart(probe, 1)
                walks.append(probe)
            left = max_nodes - (self.nodes - start)
            if left <= 0:
                return None
            # The walk with the least work so far goes next, for a turn of at most _TURN units (a
            # check of the relaxation can take it past that, and the others catch up).
            w = min(walks, key=lambda w: int(w.st[_NODES]))
            turn = max(1, min(_TURN, left // len(walks)))
            if w is probe:
                turn = max(1, min(turn, self._run_left(probe)))
            status = self._walk(w, turn, deadline)
            if status == _WON:
                d = int(w.st[_D])
                self.line = [int(m) for m in w.moved[1 : d + 1]]
                self._winner = w.order
                self._won_by_restarts = w is probe
                self.done = True
                return "won"
            if status == _LOST:
                w.exhausted = True  # the walk that restarts: its run searched everything; no more
            elif w is probe and self._run_left(probe) <= 0:
                self._restart(probe, probe.runs + 1)
            if status != _LOST and deadline is not None and clock.now() > deadline:
                return None

    def _walk(self, w: _Walk, max_nodes: int, deadline: float | None) -> int:
        """Run walk ``w`` for up to ``max_nodes`` units of work; what it ended with."""
        tab = self._table_slots()
        tab_max = 0 if self._table is None else 2 * self._table.max_size
        start = int(w.st[_NODES])
        while True:
            left = max_nodes - (w.st[_NODES] - start)
            status = _search(
                w.st, self._ct, w.stack, w.masks, w.moved, w.at, self._seen, (1 << SEEN_MAX_LOG2) * ROW,
                self._R, self._n, self._base, self._limit, self._transfers, self._auto,
                w.tag, w.codes, self._T, self._TH, self._TC, self.horizon,
                self.bound_budget, tab, tab_max, left,
                -1.0 if deadline is None else float(deadline), self._work, self._nxt, self._args,
                w.noise, w.rseed,
            )  # fmt: skip
            if status == _FULL_STACK:
                w.grow_stack()
            elif status == _FULL_SEEN:
                self._seen = _seen_grown(self._seen)
            elif status == _FULL_TRIE:
                self._T, self._TH = sk.trie_room(self._T, self._TH, self._TC, 1)
            elif status == _GROW_TABLE:
                assert self._table is not None
                self._table.grow()
                self._ct[_ADDED] = 0
                tab = self._table.slots
            else:
                return status

    def _table_slots(self):
        """The shared table's slots (made at the first slice that may check a position), or an
        array of two for none."""
        if self.table_log2 is None:
            return int_array(2)
        if self._table is None:
            self._table = SharedTable(self.table_log2)
        return self._table.slots
