"""Windmill's clairvoyant solver: its entry point.

*Clairvoyant* means it reads the stock's order, which no player can. Its answer is therefore the
ceiling for any strategy on a deal, not advice a player could have followed. (The players in
:mod:`windmill_widget.strategies` see only a :class:`~windmill_widget.PlayerView`.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...core import compiled
from ...games.windmill import CORNERS, FOUNDATIONS, Game, Move
from ...games.windmill.search import SearchState, concrete_move
from .. import clock
from ..solution import Solution
from . import dig_kernel
from .beam import VARIETY, beam_search
from .bound import dig_search
from .exhaustive import Exhaustive, Order, Restarts

#: Beam widths tried in turn, each followed by a slice of exhaustive search. After the last the
#: beams stop and the exhaustive search has the rest of the budget: beyond 4,096 wide they won
#: only two of strict deals 0-999 within 25 million units (434, 453), both won within that budget
#: anyway by the walks, which had 40% of the time back (without the widths beyond 4,096, 25
#: million units decided 990 of those deals against 988, and 99.0% to 99.2% over four seeds of
#: the walk that restarts, against 98.7% to 98.9%). Records: docs/winnability.md.
BEAM_WIDTHS = (16, 32, 64, 128, 256, 512, 1024, 2048, 4096)
EXHAUSTIVE_SLICES = (
    500,
    1_000,
    2_000,
    4_000,
    8_000,
    15_000,
    30_000,
    60_000,
    120_000,
    250_000,
    500_000,
    1_000_000,
    2_000_000,
)
#: How many relaxed positions the dig relaxation may search for the position being solved.
ROOT_BOUND_BUDGET = 1_000_000
#: Solving from a position with at most this many stock cards left, the exhaustive search checks
#: each position against the dig relaxation (:mod:`.bound`). From fuller stocks the checks proved
#: nothing within a second and only took time from the search (measured on real games' positions
#: with 40, 50, 60 and 75 cards left, and on full deals).
ENDGAME_STOCK = 60
#: From a fuller stock, once the solver has spent this many positions without a verdict, the
#: exhaustive search starts checking *every* new position against the dig relaxation, with
#: :data:`PROOF_BOUND_BUDGET` relaxed positions per check (*proof mode*). On a lost deal this is
#: what finishes: the positions just after a long stretch of unplayable deals are proved lost one
#: by one. Small budgets never get there: the checks would only slow their search for wins.
PROOF_AFTER = 1_500_000
#: A budget at least this big (and with no smaller limit in the other unit) runs proof mode from
#: the first position: with the relaxation compiled the checks are cheap enough, and the beam
#: search, which alternates with it, still finds the wins (strict deals 0-999 at 1 s: 825 won and
#: 13 proved lost, against 827 won and none lost when proof mode waited for 1.5 million
#: positions). With 10,000 positions a deal starting at once decided fewer deals (61 of deals
#: 0-99 against 63), so small budgets keep hunting wins only.
PROOF_AT_ONCE_SECONDS = 0.5
PROOF_AT_ONCE_NODES = 200_000
PROOF_BOUND_BUDGET = 1_000_000
#: Proof mode's table of relaxed positions holds up to 2**PROOF_TABLE_LOG2 of them (see
#: :class:`.dig_kernel.SharedTable`).
PROOF_TABLE_LOG2 = 22
#: Proof mode's walks, which take turns and share what they have seen (see :class:`.Exhaustive`).
PROOF_ORDERS = (Order.PLAYS_FIRST, Order.DEAL_FIRST, Order.CORNERS_FIRST, Order.CENTRE_FIRST)
#: The work proof mode has done before each of its walks starts.
PROOF_STARTS = (0, 0, 2_000_000, 2_000_000)
#: Proof mode's walk that restarts (see :class:`.Restarts`), joining with the later walks. On the
#: 49 strict deals of 0-999 that 1 s leaves open, 10 s each decided 36 (33 without it; 34 and 33
#: with two other seeds of its draws); it wins deals 4 and 624, unknown after 600 s without it,
#: within 5 s. Other settings measured: docs/winnability.md.
PROOF_RESTARTS: Restarts | None = Restarts(Order.PLAYS_FIRST, noise=64, unit=300_000, start=2_000_000)
#: In proof mode, once the solver has spent :data:`PROOF_SHARE_AFTER` positions, each exhaustive
#: slice gets at least ``PROOF_SHARE`` units of work (positions visited plus relaxed positions
#: searched) for every position the beam search before it spent; counted, not timed, so the split
#: is the same on any machine. Compiled, a beam position costs about half a unit (0.3 us against
#: 0.65 us), so the exhaustive search gets some three quarters of the time. On the 164 strict deals
#: of 0-999 that 1 s left undecided before both searches were compiled, 1 s each decided: 91 with
#: the slices alone (the beam then took most of the time), 100-102 sharing from the start with
#: 1, 1.5 or 2 units a beam position, 98 with 4, 90 with 8: the exhaustive search in proof mode
#: finds many of the hard wins as well as the losses.
PROOF_SHARE = 1.5
#: The beam search checks positions with at most this many stock cards left against the dig
#: relaxation when it cuts a layer down (see :func:`.beam.beam_search`). Checking from 20 stock
#: cards on decided 88.7% of strict deals 0-999 at 1 s against 93.7%: the checks are not counted
#: among the beam's positions, so they took the time the exhaustive search would have had.
BEAM_HORIZON = 0
PROOF_SHARE_AFTER = 0
#: Once the exhaustive search has done this much work (units, see :attr:`.Exhaustive.nodes`: some
#: 20 to 25 s of one core), a second exhaustive search joins it, over a smaller game: the same
#: deal with every King played to an empty corner as soon as it is at hand (what the classic
#: preset's rule does by itself). Each of its lines is a line of the rules being solved, with
#: those Kings placed by hand, so its wins are wins; its failures prove nothing (it gives up when
#: exhausted). The two take equal slices from then on. Fewer choices make some wins far easier to
#: find: strict deal 4, unknown after 600 s of the first search alone (before its walk that
#: restarts), is won by the second in 538 s, and 958 in 56 s instead of 77 s; a loss proved
#: later than that comes later (652: 56 s instead of 38 s). Starting sooner costs the short
#: budgets: from 1.5 million units with a third of the time, or from the start with half, 10 s
#: decided 30 and 29 of the 49 deals 1 s leaves open, against 33.
KINGS_AFTER = 30_000_000
#: How many times the positions of the last beam search the next, twice as wide, is expected to
#: take (from 1.9 to 2.1 on the edge deals of 1 s).
BEAM_GROWTH = 2.0
#: The beam searches that take turns, by the weight their score gives variety in the sails (see
#: :func:`.beam.beam_search`): the first as the beam has it, a position with more ranks in its
#: sails ahead; the second the other way round, sails alike ahead. Each width of the first is
#: followed by the second's, as wide as brings it level in positions (it starts narrow), so they
#: share the beam's part of the work. The first wins more deals alone (173 of strict deals 0-199
#: 2,048 wide, against 166), but not the same ones: on the 47 deals of 0-999 that 2.5 million units
#: leave open, beams up to 8,192 wide won 4 scored the first way and 10 the second. Together, 2.5
#: million units decided 957 of strict deals 0-999 against 953 with the first alone, 2 million 950
#: against 942, and 25 million about as many (988 with the solver's seed, 987-989 over four seeds
#: of the walk that restarts, against 986-989); by the clock, on one evening, 1 s 936 against 934
#: and 10 s 980 against 984 (a few deals come later between 10 and 15 million units).
#: Records: docs/winnability.md.
BEAM_VARIETIES: tuple[int, ...] = (VARIETY, -4)


def solve(game: Game, *, max_seconds: float | None = None, max_nodes: int | None = None) -> Solution:
    """Solve ``game`` from its current position, **clairvoyantly** (knowing the stock's order).

    Alternates beam searches (fast at finding wins; two, scored differently, taking turns:
    :data:`BEAM_VARIETIES`) with slices of an exhaustive depth-first search (which can prove a
    loss), each round bigger than the last, until one decides or a budget runs out. The position
    itself is first put to the dig relaxation, and the exhaustive search runs in proof mode, with
    every position checked against it: from the first position when the budget
    is at least :data:`PROOF_AT_ONCE_SECONDS` or :data:`PROOF_AT_ONCE_NODES` (or unlimited), else
    after :data:`PROOF_AFTER` positions; it walks in the orders :data:`PROOF_ORDERS`, which take
    turns (:class:`.Exhaustive`), with a walk that restarts (:data:`PROOF_RESTARTS`). After
    :data:`KINGS_AFTER` units of that, a second exhaustive
    search shares its time, over the game with every King played to an empty corner at once (its
    wins are wins; under rules that place Kings by themselves there is none). With neither
    budget, it runs until it decides.

    >>> from windmill_widget import Game
    >>> sol = solve(Game(seed=8), max_seconds=10)
    >>> sol.result, sol.decided
    (<Verdict.WON: 'won'>, True)
    >>> g = Game(seed=8)
    >>> for m in sol.moves:
    ...     _ = g.play(m)
    >>> g.status
    <Status.WON: 'won'>
    """
    if not isinstance(game, Game):
        raise TypeError(f"This solver takes a Windmill Game (e.g. Game(seed=42)), not {game!r}.")
    compiled.advise_fast_extra()
    warm_up()
    t0 = clock.now()
    deadline = None if max_seconds is None else t0 + max_seconds
    state = SearchState.from_game(game)
    if state.is_won():
        return Solution("won", (), 0, clock.now() - t0, "exhaustive")
    stock = state.stock_left()
    horizon = ENDGAME_STOCK if stock <= ENDGAME_STOCK else 0
    # First ask the dig relaxation about the position itself, with up to half the time: from a
    # deep waste it can prove a loss that no search would finish (from a fresh deal it finds a
    # relaxed win at once).
    half = None if deadline is None else t0 + max_seconds / 2
    root_budget = ROOT_BOUND_BUDGET if max_nodes is None else min(ROOT_BOUND_BUDGET, max_nodes)
    verdict, nodes = dig_search(state, root_budget, half)
    if verdict is False:
        return Solution("lost", (), nodes, clock.now() - t0, "relaxation")
    dfs = Exhaustive(SearchState.from_game(game), horizon=horizon)
    stats: dict[str, int] = {"relaxation_nodes": nodes, "beam_nodes": 0, "exhaustive_nodes": 0}

    def left() -> int | None:
        return None if max_nodes is None else max_nodes - nodes

    def advance(search: Exhaustive, slice_nodes: int, counted: str) -> str | None:
        """Run ``search`` for a slice (cut to what is left of the budget); its verdict."""
        nonlocal nodes
        budget = left()
        before = search.nodes
        verdict = search.run(slice_nodes if budget is None else min(slice_nodes, budget), deadline)
        nodes += search.nodes - before
        stats[counted] += search.nodes - before
        return verdict

    def finish(
        result: str,
        line: list[int] | None,
        method: str,
        by: Exhaustive | None = None,
        variety: int | None = None,  # the score of the beam that won, but the first's
    ) -> Solution:
        restricted = by is not None and by is kings
        moves = _engine_line(game, line, kings=restricted) if line is not None else ()
        stats["pruned"] = dfs.pruned
        found_by = {}
        if by is not None and by.winner is not None:
            found_by["order"] = by.winner + (", Kings placed at once" if restricted else "")
        if variety is not None:
            found_by["order"] = f"beam scoring variety {variety:+d}"
        return Solution(result, moves, nodes, clock.now() - t0, method, {**stats, **found_by})

    big = (max_seconds is None or max_seconds >= PROOF_AT_ONCE_SECONDS) and (
        max_nodes is None or max_nodes >= PROOF_AT_ONCE_NODES
    )
    proof_after = 0 if big else PROOF_AFTER
    rounds = max(len(BEAM_WIDTHS), len(EXHAUSTIVE_SLICES))
    r = 0
    kings: Exhaustive | None = None  # the search with Kings placed at once, once it has started
    beams = [_Beams(v) for v in BEAM_VARIETIES]
    while True:
        beam_spent = 0
        for b in _turns(beams, lambda b: _beam_fits(b.last, b.spent, b.seconds, deadline, left())):
            started = clock.now()
            found = beam_search(
                state, b.width(), deadline=deadline, max_nodes=left(), horizon=BEAM_HORIZON, variety=b.variety
            )
            b.ran(found.nodes, clock.now() - started)
            nodes += found.nodes
            beam_spent += found.nodes
            stats["beam_nodes"] += found.nodes
            if found.line is not None:
                return finish("won", found.line, "beam", variety=None if b is beams[0] else b.variety)
            if found.complete:
                return finish("lost", None, "beam")
            if _out_of_budget(deadline, left()):
                return finish("unknown", None, "")
        if _out_of_budget(deadline, left()):
            return finish("unknown", None, "")
        if nodes >= proof_after and "proof_mode" not in stats:
            # Start the exhaustive search afresh, checked everywhere: the lines it walked so far
            # run far below positions the checks would have cut off.
            dfs = _proof_search(SearchState.from_game(game))
            stats["proof_mode"] = nodes
        slice_nodes = EXHAUSTIVE_SLICES[min(r, len(EXHAUSTIVE_SLICES) - 1)] * (1 + max(0, r - rounds))
        if "proof_mode" in stats and nodes >= PROOF_SHARE_AFTER:
            slice_nodes = max(slice_nodes, int(PROOF_SHARE * beam_spent))
        verdict = advance(dfs, slice_nodes, "exhaustive_nodes")
        if verdict == "won":
            return finish("won", dfs.line, "exhaustive", dfs)
        if verdict == "lost":
            return finish("lost", None, "exhaustive")
        if _out_of_budget(deadline, left()):
            return finish("unknown", None, "")
        late = stats["exhaustive_nodes"] >= KINGS_AFTER
        if kings is None and not state.auto and "proof_mode" in stats and late:
            kings_state = SearchState.from_game(game)
            kings_state.auto = True  # the search model plays the Kings as the classic rule does
            kings = _proof_search(kings_state)
            stats["kings_nodes"] = 0
        if kings is not None and not kings.done:
            verdict = advance(kings, slice_nodes, "kings_nodes")
            if verdict == "won":
                return finish("won", kings.line, "exhaustive", kings)
            if _out_of_budget(deadline, left()):
                return finish("unknown", None, "")
        r += 1


class _Beams:
    """One scoring's beam searches, each twice as wide as the last (:data:`BEAM_WIDTHS`)."""

    def __init__(self, variety: int) -> None:
        self.variety = variety
        self.runs = 0
        self.last = 0  # positions the last search took
        self.spent = 0  # positions all of them took
        self.seconds = 0.0
        self.done = False

    def width(self) -> int:
        return BEAM_WIDTHS[self.runs]

    def ran(self, positions: int, seconds: float) -> None:
        self.runs += 1
        self.last = positions
        self.spent += positions
        self.seconds += seconds
        self.done = self.runs >= len(BEAM_WIDTHS)


def _turns(beams: list[_Beams], fits: Callable[[_Beams], bool]) -> Iterator[_Beams]:
    """The beam searches of a round: the first scoring's next width, then each other's until it
    has spent as many positions as the first (with equal widths it would take more: each scoring's
    own positions differ). A beam whose next width no longer ``fits`` is done: one cut off before
    the stock's end finds nothing, so its time is better spent on the exhaustive search."""

    def ready(b: _Beams) -> bool:
        if not b.done:
            b.done = not fits(b)
        return not b.done

    first = beams[0]
    if ready(first):
        yield first
    for b in beams[1:]:
        while ready(b):
            yield b
            if not first.done and b.spent >= first.spent:
                break


_warm: list[bool] = []


def warm_up() -> None:
    """Compile the solver's loops now (or load them from numba's cache on disk: some seconds the
    first time in a process, and the first time ever some more), so that no budget is charged for
    it. :func:`solve` calls it before it starts its clock; after the first call it costs nothing."""
    if _warm:
        return
    clock.warm_up()
    dig_kernel.warm_up()
    state = SearchState.from_game(Game(seed=0))
    beam_search(state, 2, max_nodes=1)
    Exhaustive(state, horizon=state.stock_left(), bound_budget=10, table_log2=10).run(20)
    _warm.append(True)


def _beam_fits(last: int, spent: int, seconds: float, deadline: float | None, nodes_left: int | None) -> bool:
    """Whether the next beam search (twice as wide as the last, which took ``last`` positions; all
    of them took ``spent`` positions and ``seconds``) can reach the stock's end within the budget.
    One cut off finds nothing (a win needs every card dealt), so its time is better spent on the
    exhaustive search, which goes on where it stopped."""
    if last == 0:
        return True
    if nodes_left is not None and nodes_left < BEAM_GROWTH * last:
        return False
    return deadline is None or clock.now() + BEAM_GROWTH * last * seconds / spent <= deadline


def _out_of_budget(deadline: float | None, nodes_left: int | None) -> bool:
    if nodes_left is not None and nodes_left <= 0:
        return True
    return deadline is not None and clock.now() >= deadline


def _proof_search(state: SearchState) -> Exhaustive:
    """The exhaustive search of proof mode from ``state``: every position checked against the
    relaxation, in the walks :data:`PROOF_ORDERS`."""
    return Exhaustive(
        state,
        horizon=state.stock_left(),
        bound_budget=PROOF_BOUND_BUDGET,
        table_log2=PROOF_TABLE_LOG2,
        orders=PROOF_ORDERS,
        starts=PROOF_STARTS,
        restarts=PROOF_RESTARTS,
    )


def _king_to_corner(g: Game) -> Move | None:
    """A move of a King from a sail or the waste to an empty corner, if ``g`` has one (the move
    the classic rule would make by itself; which King goes where changes nothing that matters)."""
    if g.status != "playing":
        return None
    for move in g.legal_moves():
        if not move.is_deal and move.dst in CORNERS and not g.pile(move.dst) and move.src not in FOUNDATIONS:
            return move
    return None


def _engine_line(game: Game, line: list[int], *, kings: bool = False) -> tuple[Move, ...]:
    """Turn abstract moves into the game's moves, replaying them on a copy of the game (so a line
    that the rules would not accept can never be returned). ``kings``: the line is one of the
    search model with Kings placed at once, so after each move the Kings it placed are played by
    hand."""
    g = game.copy()
    out = []
    for m in line:
        move = concrete_move(g, m)
        if not g.is_legal(move):  # pragma: no cover - would mean the mirror drifted
            raise AssertionError(f"solver line not legal at step {len(out)}: {move}: {g.explain(move)}")
        g.play(move)
        out.append(move)
        while kings and (king := _king_to_corner(g)) is not None:
            g.play(king)
            out.append(king)
    if not g.status == "won":  # pragma: no cover
        raise AssertionError("solver line does not win")
    return tuple(out)
