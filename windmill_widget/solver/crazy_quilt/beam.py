"""Beam search judged by playouts: the part of the solver that finds the wins the nested searches
are slow to find.

The beam keeps a layer of positions the same number of moves from the start. It makes every move
from each of them, judges each new position by the best of its playouts under a few policies
(:mod:`.playout`: the value of where the policy's line ends), and keeps the ``width`` best for the
next layer. A position met before, in this layer or an earlier one, is not judged again (a line may
reach a position in fewer moves than another, by playing a card to a foundation straight from the
quilt rather than by way of the waste). The first playout that wins ends the search with its line.
When no layer is left the search has failed, which proves nothing: it kept only ``width`` positions
a layer.

**The moves a search needs.** A position with a safe move (a play to a foundation that loses
nothing: *Safe moves* in :mod:`.exhaustive`, the exhaustive search's rule) has that move's child
alone, and ``hand>waste`` is tried only where a free quilt card builds on the held card
(:meth:`...search.SearchState.search_moves`): a line that wins from the position wins through one of
the moves kept, so the layer keeps its room for other lines and judges fewer positions (a 2,048-wide
beam that fails takes some 12% less time). Measured at one CPU second on the deals that tier decides
after 0.3 s or leaves unknown (literal 99, common 76): the safe moves decided 46 and 37 against 44
and 36, ``hand>waste`` held back then 50 against 47 (literal; the common reading holds no card); at
ten, on the deals one second leaves (56 and 46), the safe moves 34 and 24 against 32 and 23.

**Positions proved lost** are neither judged nor kept: a position the exhaustive search's
relaxations refute (:func:`.kernel.refuted`: the last pass's waste order; the suit relaxation of
the suits its move changed, after a turn, a redeal, a card put onto the waste or a play to a
foundation) has no winning line, yet its playouts may rank it high (cards placed early, a suit's
order on the waste already ruined), and so it took room in the layer that a live position needs.
The small games' positions count as units (:attr:`Beam.relaxed`), and their table (lost positions
and verdicts) serves the whole beam. The exhaustive search makes the same check, but not after a
play to a foundation (there it did not pay). Measured on deals 0-999 (the solver's tiers,
``docs/winnability.md``, before the literal reading's solves searched the common reading's game
too): one CPU second decided literal 97.7% and common 98.0% against 95.2% and 96.1% without the
check, ten 99.0% and 99.2% against 98.1% and 97.8%; checking after
turns, redeals and the waste's moves alone had won, on the deals sixty seconds left unknown, fewer
(at ten CPU seconds, not literal 180 nor common 180, 596, 873 or 916).

A nested search (:mod:`.nested`) follows one line and improves it; the beam keeps ``width`` lines
apart, which wins deals whose winning line looks no better than the others for a long while.
Measured by a prototype on deals 0-49, before it joined the solver: a beam 50 wide judged by
:data:`.playout.JUDGES`' first three won 36 literal deals and 37 common ones within 1.7 CPU s
each, against the solver's 36 and 35 at one CPU second; six and six of them were deals the solver
had not won in a second, and two (17 and 23, literal) deals it had not won in 120.

A position is judged in one call of the compiled playout loop, every policy in turn (what
:func:`.playout.judge` does), which made the beam about twice as fast as a playout call a policy.

**How it runs.** The search is one loop over flat integer arrays (:func:`beam_search`), compiled by
numba where it is installed and the same code as Python otherwise
(:mod:`windmill_widget.core.compiled`), in the kernel's terms (:mod:`.kernel`): a position is a row
of four ints whose waste and stock are nodes of a trie of card stacks, so the table of positions
seen holds exact keys (a position is skipped only when it equals one seen, as
:meth:`...search.SearchState.key` would have it); the moves are those the search model's
:meth:`...search.SearchState.search_moves` lists, in its order (:func:`.kernel.expand`); each new
position is judged by :func:`.rollout.judge_from`, its waste and stock read from the trie. The next
layer is the ``width`` best found so far, kept in a heap as the layer is judged (ties keep the order
they were found in), and a line is found again from each kept position's parent. The loop stops
after the judged position at which a run's budget is reached (its clock is read every
:data:`READ_CLOCK_UNITS` units), so the solver can stop it and resume it later, as it does the
nested searches; where a table must grow, it returns and Python grows it and calls again. Compiled,
it is two to four times as fast as the same search written over the search model's objects was, with
the same lines and units (``benchmarks/quilt_beam.py``): nearly all its time is the playouts'.

**The playout cache.** A layer's positions lie close together (siblings, cousins, a child on its
parent's playout), and a policy's playouts from them soon meet. The beam's playouts share a table
(:mod:`.rollout`'s playout cache): a playout ends at the first position a playout of the same policy
passed through before, with that playout's end. Policies are deterministic, so the values, and
with them the layers and the lines, are those of playouts played to their ends (checked on deals
0-39, 8 to 512 wide, both readings: the same 160 lines); only the work shrinks. On 12 deals the
512-wide beam wins (literal 0, 84, 89, ..., each width tried in turn until one won): 15.4 million
units and 2.1 CPU s against 243 million and 15.2 s.

>>> from windmill_widget import QuiltGame
>>> from windmill_widget.games.crazy_quilt.search import SearchState
>>> beam = Beam(SearchState.from_game(QuiltGame(seed=2)), width=8)  # a deal the nested searches find hard
>>> beam.run(2_000_000), beam.nodes > 0
(True, True)
>>> g = QuiltGame(seed=2)
>>> from windmill_widget.games.crazy_quilt.search import concrete_move
>>> for m in beam.line:
...     _ = g.play(concrete_move(g, m))
>>> g.status
<Status.WON: 'won'>
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.compiled import grown, hot, int_array
from ...games.crazy_quilt.position import FOUNDATION_FULL
from ...games.crazy_quilt.search import UNKNOWN, SearchState
from ..compiled_clock import read
from ..compiled_clock import warm_up as warm_up_clock
from .kernel import (
    _FC_MASK,
    _MEMO,
    _MOST_MOVES,
    _NODE_INTS,
    _NODES_SHIFT,
    _REDEALS,
    _REFUTED,
    _ROOM,
    _ROW,
    _SEEN,
    _WORK,
    SUIT_BUDGET,
    TRIE_SPARE,
    _room,
    _seen_slot,
    _word,
    card_of,
    expand,
    geometry,
    length_of,
    memo_grown,
    parent_of,
    play,
    redeals_grown,
    refuted,
    seen_grown,
    seen_put,
    stack_node,
    trie_new,
    trie_room,
)
from .playout import JUDGES, PER_CARD, Policy
from .rollout import (
    LINE_ROOM,
    NO_CACHE,
    ROOM,
    _policy_tables,
    _tables,
    cache_scratch,
    cache_table,
    judge_from,
    scratch_arrays,
)

__all__ = ["BEAM_POLICIES", "Beam", "warm_up"]

#: The policies a beam judges each position by (the best of their playouts counts): the portfolio's
#: first two and the safe digger. (In the prototype, 20 wide with all seven judges won 36 literal
#: and 33 common deals of 0-49, against 36 and 37 for 50 wide with these three, in about the same time.)
BEAM_POLICIES: tuple[Policy, ...] = JUDGES[:3]

# The cards off the foundations are those the heights do not count, less those a position staged
# with part of the deck lacks (which never change).
_CARDS = 8 * FOUNDATION_FULL

# The counters, kept in one array between runs (from 7 on: the kernel's helpers count seen
# positions and redeals in C[_SEEN] and C[_REDEALS]): the units used; the layer's position being
# expanded, its next move (-1: its moves are not made yet) and its count of moves; the layer's size;
# the heap's size; the positions judged in this layer; the records of kept positions; the win's
# record, move and playout's length.
_NODES, _LI, _MI, _NM, _NL, _NH, _GEN, _NREC, _WIN_REC, _WIN_MOVE, _WIN_N = range(7, 18)
_COUNTERS = 18
# What a call ended with.
_EXHAUSTED, _WON, _STOPPED, _WON_STOPPED, _FULL_SEEN, _FULL_ROOM, _FULL_REC = range(7)
#: Units of work between readings of the clock, from the first position a run judges on: about a
#: millisecond and a half. A reading calls back into Python (some 2.5 us, more than a position's
#: judging since the playouts share a cache), so reading it every 8 positions, as the beams did
#: before, cost them some 10% of their time (a 2,048-wide beam on literal deals 53 and 193, timed
#: with and without a deadline).
READ_CLOCK_UNITS = 1 << 14


def warm_up() -> None:
    """Load the compiled loops a beam runs (:func:`beam_search`, the judge, the clock's reading and
    the tables' growing) now: with numba, a fraction of a second in a new process and several the
    first time ever (it compiles then), which :func:`.clairvoyant.solve` does before its clock
    starts, so that no deal's budget is charged for it. After the first call it costs nothing."""
    if _warm:
        return
    from ...games.crazy_quilt import QuiltGame
    from .. import clock

    warm_up_clock()
    Beam(SearchState.from_game(QuiltGame(seed=0)), 1).run(1, clock.now() + 3600.0)  # judges a position
    seen_grown(int_array(6))
    redeals_grown(int_array(4))
    grown(int_array(1), 2)
    _warm.append(True)


_warm: list[bool] = []


@hot
def _stack_into(T, node, A):
    """The cards of the stack ``node`` into ``A``, bottom first (its top last, as a playout holds
    the waste and the stock); returns their count."""
    n = length_of(T, node)
    i = n - 1
    while node:
        A[i] = card_of(T, node)
        node = parent_of(T, node)
        i -= 1
    return n


@hot
def _seen_at(S, P, a):
    """:func:`.kernel._seen_slot` of the position ``P[a:]``, every slot probed (the table is never
    more than half full: it grows first), so a position once seen is never forgotten."""
    return _seen_slot(S, P[a], P[a + 1], P[a + 2] | P[a + 3] << _NODES_SHIFT, len(S))


@hot
def _swap(HK, HS, i, j):
    HK[i], HK[j] = HK[j], HK[i]
    HS[i], HS[j] = HS[j], HS[i]


@hot
def _sift_down(HK, HS, i, n):
    """Restore the heap (greatest key on top) ``HK[:n]`` below ``i``."""
    while True:
        c = 2 * i + 1
        if c >= n:
            return
        if c + 1 < n and HK[c + 1] > HK[c]:
            c += 1
        if HK[c] <= HK[i]:
            return
        _swap(HK, HS, i, c)
        i = c


@hot
def _sift_up(HK, HS, i):
    while i > 0:
        p = (i - 1) // 2
        if HK[p] >= HK[i]:
            return
        _swap(HK, HS, i, p)
        i = p


@hot  # it allocates nothing, so numba keeps no reference counts (with them: a sixth slower)
def beam_search(C, LAYER, LREC, NXT, NPAR, NMOVE, HK, HS, REC, S, T, TH, TC, R, MV, X, G, FACES, CELLS, RUNS,
                ORDERS, AHEAD, DIG_ANY, SAFE, held, width, W0, K0, W, K, FR, LINE, TAB, HW, HKS, PS, HW0, HK0,
                prune, missing, L, F, relax, max_nodes, deadline):  # fmt: skip
    """Search on from where the counters ``C`` left off for ``max_nodes`` units, or until
    ``deadline`` (-1: none; read after the first position judged, then after every
    :data:`READ_CLOCK_UNITS` units). The layer is ``LAYER[:C[_NL]]`` (rows of
    four ints; the row after the ``width`` rows is scratch room) and ``LREC`` their records (the
    parent's record and the move, in ``REC``); the next layer's candidates are rows of ``NXT``
    (``NPAR``, ``NMOVE``: their parents' records and moves), ordered by a heap of keys ``HK`` (the
    value, then the order judged) over their slots ``HS``. Returns what it ended with: no layer
    left, a win (the line: the records' moves to ``C[_WIN_REC]``, ``C[_WIN_MOVE]``, then
    ``LINE[:C[_WIN_N]]``), stopped (also after a win), or a table that must grow first (the caller
    grows it and calls again). With ``prune``, a position's moves are those a search needs (its safe
    move alone where it has one, else :meth:`...search.SearchState.search_moves`), without, every
    legal move. ``missing``: the cards of two decks the position lacks (staged with part of the deck).
    With ``relax``, a position the relaxations refute is neither judged nor kept (their small games'
    table is ``L``, their stack ``F``; their positions count as units)."""
    b = width * _ROW  # the scratch row: the position a move leads to
    used = 0
    next_read = 0  # the units used at which the clock is read next
    while True:
        if C[_LI] >= C[_NL]:  # the layer is done: the best judged make the next one, best first
            nh = C[_NH]
            if nh == 0:
                return _EXHAUSTED
            if C[_NREC] + nh > len(REC) // 2:
                return _FULL_REC
            for end in range(nh - 1, 0, -1):  # the heap sorted, smallest key first
                _swap(HK, HS, 0, end)
                _sift_down(HK, HS, 0, end)
            for k in range(nh):
                j = HS[k]
                for q in range(_ROW):
                    LAYER[k * _ROW + q] = NXT[j * _ROW + q]
                r = C[_NREC]
                REC[2 * r] = NPAR[j]
                REC[2 * r + 1] = NMOVE[j]
                LREC[k] = r
                C[_NREC] = r + 1
            C[_NL] = nh
            C[_LI] = 0
            C[_MI] = -1
            C[_NH] = 0
            C[_GEN] = 0
            continue
        li = C[_LI]
        a = li * _ROW
        if C[_MI] < 0:  # pruned: the safe move alone where there is one (see the module docstring)
            C[_NM] = expand(G, T, FACES, CELLS, LAYER, a, MV, 0, X, prune, False, not prune)
            C[_MI] = 0
        if C[_MI] >= C[_NM]:
            C[_LI] = li + 1
            C[_MI] = -1
            continue
        if 2 * (C[_SEEN] + 1) > len(S) // 3:
            return _FULL_SEEN
        if TC[0] + TRIE_SPARE > len(T) // _NODE_INTS or 2 * (C[_REDEALS] + 1) > len(R) >> 1:
            return _FULL_ROOM
        if relax and not _room(T, TC, L, C):
            return _FULL_ROOM
        m = MV[C[_MI]]
        C[_MI] += 1
        play(T, TH, TC, R, C, FACES, LAYER, a, b, m, held)
        slot, found = _seen_at(S, LAYER, b)
        if found:
            continue
        if relax:  # proved lost: no room in the layer, no playouts
            w0 = C[_WORK]
            check = refuted(T, TH, TC, L, C, F, LAYER, b, m, held, SUIT_BUDGET, True)
            C[_NODES] += C[_WORK] - w0
            used += C[_WORK] - w0
            if check == _ROOM:  # the same move again once the tables have grown
                C[_MI] -= 1
                return _FULL_ROOM
            if check == _REFUTED:
                seen_put(S, C, slot, LAYER, b)
                continue
        seen_put(S, C, slot, LAYER, b)
        head = LAYER[b + 1]
        fcode = head & _FC_MASK
        out = _CARDS - missing
        for j in range(8):
            out -= fcode >> (4 * j) & 15
        if out:
            wn = _stack_into(T, LAYER[b + 2], W0)
            kn = _stack_into(T, LAYER[b + 3], K0)
            _, left, on_waste, units, n = judge_from(G, FACES, CELLS, RUNS, ORDERS, AHEAD, DIG_ANY, SAFE,
                                                     held, LAYER[b], fcode, head >> 32 & 63, head >> 38 & 3,
                                                     out, W0, wn, K0, kn, W, K, FR, LINE,
                                                     TAB, HW, HKS, PS, HW0, HK0)  # fmt: skip
        else:  # won by the move itself
            left, on_waste, units, n = 0, 0, 1, 0
        C[_NODES] += units
        used += units
        won = left == 0
        if won:
            C[_WIN_REC] = LREC[li]
            C[_WIN_MOVE] = m
            C[_WIN_N] = n
        else:  # a candidate for the next layer, if among the best ``width`` judged so far
            key = (left * PER_CARD + on_waste) << 32 | C[_GEN]
            C[_GEN] += 1
            nh = C[_NH]
            j = -1
            if nh < width:
                j = nh
                HK[nh] = key
                HS[nh] = nh
                C[_NH] = nh + 1
                _sift_up(HK, HS, nh)
            elif key < HK[0]:  # it takes the place of the worst kept
                j = HS[0]
                HK[0] = key
                _sift_down(HK, HS, 0, nh)
            if j >= 0:
                for q in range(_ROW):
                    NXT[j * _ROW + q] = LAYER[b + q]
                NPAR[j] = LREC[li]
                NMOVE[j] = m
        if used >= max_nodes:
            return _WON_STOPPED if won else _STOPPED
        if deadline >= 0 and used >= next_read:
            next_read = used + READ_CLOCK_UNITS
            if read() > deadline:
                return _WON_STOPPED if won else _STOPPED
        if won:
            return _WON


class Beam:
    """A resumable beam search from ``state`` (which it reads, and leaves as it was), keeping
    ``width`` positions a layer, judged by ``policies``, their playouts sharing a cache (without
    ``cache``: each played to its end; the same lines, with more units of work). It searches the
    moves a search needs, as the exhaustive search does: a position with a safe move (see *Safe
    moves* in :mod:`.exhaustive`) has that move's child alone, and ``hand>waste`` is tried only where
    a free quilt card builds on the held card (:meth:`...search.SearchState.search_moves`); without
    ``prune``, every legal move. With ``relax`` it drops the positions the exhaustive search's
    relaxations refute (see *Positions proved lost* above)."""

    def __init__(
        self,
        state: SearchState,
        width: int,
        policies: Sequence[Policy] = BEAM_POLICIES,
        *,
        cache: bool = True,
        prune: bool = True,
        relax: bool = True,
    ) -> None:
        if width < 1:
            raise ValueError(f"a beam is at least 1 wide, not {width!r}")
        if not policies:
            raise ValueError("a beam needs at least one playout policy to judge positions by")
        if UNKNOWN - 1 in state.stock_faces():
            raise ValueError("a beam reads the stock, which this position hides (a player's view)")
        self.state = state
        self.width = width
        self.policies = tuple(policies)
        #: whether the beam tries only the moves a search needs (see above), or every legal move
        self.prune = prune
        #: whether positions the relaxations refute are dropped (see above)
        self.relax = relax
        #: units of work: the playouts' moves, one a position judged, and the relaxations' positions
        self.nodes = 0
        #: the winning line, once one is found
        self.line: list[int] | None = None
        #: whether the search has ended (won, or no layer left)
        self.done = False
        # A line found as a run's budget ran out: the search ends with it at the next run.
        self._found: list[int] | None = [] if state.is_won() else None
        self._held = bool(state.held)
        self._missing = _CARDS - state.out - sum(state.height(j) for j in range(8))
        self._tables = _tables(state.faces)
        self._options = _policy_tables(self.policies)
        T, TH, TC = trie_new(1 << 11)
        T, TH = trie_room(T, TH, TC, 2 * (state.waste_size() + state.stock_left()) + 2)
        self._trie = [T, TH, TC]
        self._layer = int_array((width + 1) * _ROW)
        self._layer[0] = _word(state.mask)
        self._layer[1] = state.fcode | state.hand << 32 | state.redeals << 38
        self._layer[2] = stack_node(T, TH, TC, state.waste_faces())
        self._layer[3] = stack_node(T, TH, TC, state.stock_faces()[::-1])
        self._C = int_array(_COUNTERS)
        self._S = int_array(3 << 10)
        slot, _ = _seen_at(self._S, self._layer, 0)
        seen_put(self._S, self._C, slot, self._layer, 0)
        self._C[_NL] = 1
        self._C[_MI] = -1
        self._C[_NREC] = 1
        self._rec = int_array(2 * 64)
        self._rec[0] = -1  # the start's record: no parent
        self._R = int_array(2 << 8)
        self._L = int_array(3 << 10)  # the relaxations' small games (as the exhaustive search's)
        self._F = int_array(8 * 256)
        self._next = [int_array(width) for _ in range(5)]  # LREC, NPAR, NMOVE, HK, HS
        self._nxt = int_array(width * _ROW)
        self._moves = int_array(_MOST_MOVES), int_array(_MOST_MOVES)
        W, K, FR, LINE, W0, K0 = scratch_arrays(ROOM, LINE_ROOM)
        table = (cache_table(), *cache_scratch(ROOM, LINE_ROOM)) if cache else NO_CACHE
        self._play = W0, K0, W, K, FR, LINE, *table

    @property
    def relaxed(self) -> int:
        """The units of :attr:`nodes` the relaxations' small games took."""
        return int(self._C[_WORK])

    def run(self, max_nodes: int, deadline: float | None = None) -> bool:
        """Search on for about ``max_nodes`` units (or until ``deadline``, a :func:`..clock.now`
        reading); ``True`` once a win is found (see :attr:`line`)."""
        start = self.nodes
        C = self._C
        while not self.done:
            if self._found is not None:
                self.done = True
                self.line = self._found
                break
            T, TH, TC = self._trie
            LREC, NPAR, NMOVE, HK, HS = self._next
            status = beam_search(
                C, self._layer, LREC, self._nxt, NPAR, NMOVE, HK, HS, self._rec, self._S, T, TH, TC, self._R,
                *self._moves, _G, *self._tables, *self._options, self._held, self.width,
                *self._play, self.prune, self._missing, self._L, self._F, self.relax,
                max_nodes - (self.nodes - start), -1.0 if deadline is None else float(deadline),
            )  # fmt: skip
            self.nodes = int(C[_NODES])
            if TC[0] >= 1 << _NODES_SHIFT:  # pragma: no cover - some 140 GB of trie
                raise MemoryError("Crazy Quilt's beam search outgrew its trie's keys")
            if status == _FULL_SEEN:
                self._S = seen_grown(self._S)
            elif status == _FULL_ROOM:
                self._trie[:2] = trie_room(T, TH, TC, TRIE_SPARE + 1)
                if 2 * (C[_REDEALS] + 1) > len(self._R) >> 1:
                    self._R = redeals_grown(self._R)
                if 2 * (C[_MEMO] + 8) > len(self._L) // 3:
                    self._L = memo_grown(self._L)
            elif status == _FULL_REC:
                self._rec = grown(self._rec, 2 * len(self._rec))
            elif status == _EXHAUSTED:
                self.done = True
            elif status in (_WON, _WON_STOPPED):
                self._found = self._won_line()
                if status == _WON_STOPPED:
                    break
            else:
                break
        if self.done and self._S is not None:
            self._release()
        return self.line is not None

    def _release(self) -> None:
        """Let go of the search's tables once it has ended (a failed 8,192-wide beam holds some
        half a gigabyte of positions seen, and the solver keeps its beams for their counts)."""
        self._S = self._rec = self._R = self._layer = self._nxt = self._L = self._F = None
        self._trie = self._next = self._moves = self._play = None

    def _won_line(self) -> list[int]:
        """The moves to the position whose playout won, and the playout's."""
        C, rec = self._C, self._rec
        moves = []
        r = int(C[_WIN_REC])
        while r > 0:
            moves.append(int(rec[2 * r + 1]))
            r = int(rec[2 * r])
        moves.reverse()
        LINE = self._play[5]
        return [*moves, int(C[_WIN_MOVE]), *(int(m) for m in LINE[: int(C[_WIN_N])])]


_G = geometry()
