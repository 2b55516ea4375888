"""The clairvoyant solver: its wins replay in the engine, its "lost" is a proof, its budgets hold.

Soundness is checked against a brute force that knows nothing but the engine: a depth-first search
over full engine positions (card identities, sail and corner names and all) on endgames small
enough to exhaust. The solver, with its rank-only mirror, canonical keys, beam search and the
dig relaxation, must reach the same verdict on every one, under every rules preset.
"""

from __future__ import annotations

import random
import time
from unittest import mock

import brute_force
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pure_python import both_ways

from windmill_widget import Card, Game, Rules, greedy, random_strategy
from windmill_widget.core.cards import RANK_OF
from windmill_widget.core.compiled import COMPILED
from windmill_widget.games.windmill.rules import PRESETS
from windmill_widget.games.windmill.search import SearchState, concrete_move
from windmill_widget.solver import Solution, clock, solve
from windmill_widget.solver.windmill import clairvoyant, exhaustive
from windmill_widget.solver.windmill.beam import VARIETY
from windmill_widget.solver.windmill.bound import relaxed_winnable
from windmill_widget.solver.windmill.exhaustive import Exhaustive, Order, Restarts, luby

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None)
SUITS = "SHDC"


def brute_force_winnable(game: Game, limit: int = 400_000) -> bool:
    """Plain reachability over engine positions (the engine's rules and nothing else)."""
    return brute_force.brute_force_winnable(game, lambda pos: pos.corner_run, limit)


def endgame(rng: random.Random, rules: Rules, cards_out: int, *, empty_corner: bool = False) -> Game:
    """A random full-deck position with ``cards_out`` cards still to place: foundations built up
    to random heights (corner nw empty with ``empty_corner``), the rest shuffled into sails, waste
    and stock."""
    while True:
        corners = [0 if empty_corner and i == 0 else rng.randint(0, 13) for i in range(4)]
        centre = 52 - (cards_out - sum(13 - h for h in corners))
        if 1 <= centre <= 52:
            break
    deck = {r: [f"{'A23456789TJQK'[r - 1]}{s}" for s in SUITS for _ in range(2)] for r in range(1, 14)}
    for pile in deck.values():
        rng.shuffle(pile)
    centre_cards = [deck[(h - 1) % 13 + 1].pop() for h in range(1, centre + 1)]
    corner_cards = {
        name: [deck[14 - i].pop() for i in range(1, h + 1)]
        for name, h in zip(("nw", "ne", "se", "sw"), corners, strict=True)
    }
    rest = [c for pile in deck.values() for c in pile]
    rng.shuffle(rest)
    sails_n = min(8, len(rest))
    sails = dict(zip(("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2"), rest[:sails_n], strict=False))
    others = rest[sails_n:]
    cut = rng.randint(0, len(others))
    run = rng.choice([0, 0, 1]) if rules.corner_streak else 0
    return Game.from_position(
        center=centre_cards,
        corners=corner_cards,
        sails=sails,
        waste=others[:cut],
        stock=others[cut:],
        rules=rules,
        corner_run=run,
    )


def late_position(seed: int, rules: Rules, stock_left: int) -> Game:
    """A real game played (greedy or random, by seed) until the stock is nearly gone: usually a deep
    waste, so usually lost, and small enough for the brute force."""
    game = Game(seed=seed, rules=rules)
    player = greedy if seed % 2 else random_strategy(seed)
    while len(game.pile("stock")) > stock_left and game.status == "playing":
        game.play(player(game.view()))
    return game


def replays_to_a_win(game: Game, sol: Solution) -> bool:
    g = game.copy()
    for m in sol.moves:
        g.play(m)  # raises IllegalMove if the line is not legal
    return g.status == "won"


# -- soundness on small endgames ------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**32), cards_out=st.integers(4, 13))
def test_verdict_matches_brute_force_on_endgames(preset: str, seed: int, cards_out: int) -> None:
    game = endgame(random.Random(seed), getattr(Rules, preset)(), cards_out)
    truth = brute_force_winnable(game)
    sol = solve(game)
    assert sol.result == ("won" if truth else "lost")
    if truth:
        assert replays_to_a_win(game, sol)
    else:
        assert sol.moves == ()


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), cards_out=st.integers(4, 13))
def test_proof_mode_matches_brute_force_on_endgames(preset: str, seed: int, cards_out: int) -> None:
    # The solver's proof mode (the exhaustive search restarted with every position checked against
    # the dig relaxation) switched on at once, so that it decides these endgames.
    game = endgame(random.Random(seed), getattr(Rules, preset)(), cards_out)
    truth = brute_force_winnable(game)
    with mock.patch.object(clairvoyant, "PROOF_AFTER", 0):
        sol = solve(game)
    assert sol.result == ("won" if truth else "lost")
    if truth:
        assert replays_to_a_win(game, sol)


def decides_as(truth: bool, game: Game, dfs: Exhaustive, step: int) -> None:
    """Run ``dfs`` (a search from ``game``) in slices of ``step`` units to its verdict: that of the
    brute force (``truth``), and a win whose line wins when the engine replays it."""
    verdict = None
    while verdict is None:
        verdict = dfs.run(step)
    assert verdict == ("won" if truth else "lost")
    if truth:
        g = game.copy()
        for m in dfs.line:
            g.play(concrete_move(g, m))
        assert g.status == "won"


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), cards_out=st.integers(6, 14), step=st.integers(1, 40))
def test_walks_taking_turns_match_brute_force_on_endgames(
    preset: str, seed: int, cards_out: int, step: int
) -> None:
    # Proof mode's walks (plays first, deal first, ...) sharing the positions they have seen, in
    # slices of a few positions so that they take many turns: a position still on another walk's
    # line must not be taken for lost, so the search may say "lost" only once every walk that
    # started is exhausted.
    game = endgame(random.Random(seed), getattr(Rules, preset)(), cards_out)
    truth = brute_force_winnable(game)
    state = SearchState.from_position(game._pos)
    orders = clairvoyant.PROOF_ORDERS
    starts = tuple(i * step for i in range(len(orders)))  # later walks join the search under way
    dfs = Exhaustive(state, horizon=state.stock_left(), bound_budget=10_000, orders=orders, starts=starts)
    decides_as(truth, game, dfs, step)
    if truth:
        assert dfs.won_by in clairvoyant.PROOF_ORDERS


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), cards_out=st.integers(6, 14), unit=st.integers(1, 30))
def test_a_walk_that_restarts_wins_only_wins_and_proves_nothing(
    preset: str, seed: int, cards_out: int, unit: int
) -> None:
    # Proof mode's walk that restarts (runs of a few units, so that it abandons its line many
    # times) beside the walks that do not: a position on an abandoned line was not searched to the
    # end, so no walk may skip it, nor take the positions above it for searched when it backs up
    # through them. (These endgames are rich in wins; the tags are tested directly below.)
    game = endgame(random.Random(seed), getattr(Rules, preset)(), cards_out)
    truth = brute_force_winnable(game)
    state = SearchState.from_position(game._pos)
    restarts = Restarts(Order.PLAYS_FIRST, noise=128, unit=unit, start=unit, seed=seed % 1000)
    dfs = Exhaustive(
        state, horizon=state.stock_left(), bound_budget=10_000, orders=clairvoyant.PROOF_ORDERS,
        starts=(0, 0, 3 * unit, 5 * unit), restarts=restarts,
    )  # fmt: skip
    decides_as(truth, game, dfs, unit)


def test_walks_that_restart_and_their_runs() -> None:
    # It joins once the search has done its start's work; its runs follow Luby's sequence in
    # units of work, each with a tag of its own, and the tags come round.
    state = SearchState.from_game(Game(seed=58))

    def search(start: int) -> Exhaustive:
        dfs = Exhaustive(state, horizon=95, bound_budget=300, restarts=Restarts(unit=1_000, start=start))
        dfs.run(60_000)
        return dfs

    assert search(10**6).runs == 0
    dfs = search(2_000)
    assert dfs.runs > 5 and dfs._probe is not None
    done = sum(luby(i) for i in range(1, dfs.runs))  # the runs before the last, in units of 1,000
    work = int(dfs._probe.st[exhaustive._NODES])  # a turn can overrun its run by one check
    assert 1_000 * done <= work < 1_000 * (done + luby(dfs.runs)) + 300 * dfs.runs
    tags = set()
    for runs in range(1, 300):
        dfs._restart(dfs._probe, runs)
        tags.add(dfs._probe.tag)
    assert tags == set(range(1, 126)) and not dfs.won_by_restarts


def test_a_restart_leaves_its_line_tagged_as_a_line() -> None:
    # What a run leaves on its line when it restarts was not searched to the end: it must stay
    # tagged as on a line (its run's tag, or the other walk's where that walk was there first),
    # not as searched, or the other walks would skip it. (Here the other walk, a few thousand
    # positions into deal 58, finishes none of them.)
    state = SearchState.from_game(Game(seed=58))
    dfs = Exhaustive(state, horizon=95, bound_budget=300, restarts=Restarts(unit=500, start=0))
    restart = dfs._restart
    left: list[int] = []

    def checked(w, runs: int) -> None:
        line = [int(w.at[lv]) for lv in range(1, int(w.st[exhaustive._D]) + 1)]
        restart(w, runs)
        left.extend(line)
        assert all(dfs._seen[slot + 2] >> exhaustive._TAG_SHIFT != 0 for slot in line)

    dfs._restart = checked
    dfs.run(20_000)
    assert dfs.runs > 5 and len(left) > 50


@pytest.mark.parametrize(
    "kwargs",
    [
        {"noise": 0}, {"noise": 257}, {"unit": 0}, {"start": -1}, {"seed": -1}, {"seed": 2**32},
        {"order": "plays first"},
    ],
)  # fmt: skip
def test_restarts_badly_given_are_refused(kwargs: dict) -> None:
    with pytest.raises(ValueError, match=r"noise|order"):
        Restarts(**kwargs)
    with pytest.raises(ValueError, match="restarts must be"):
        Exhaustive(SearchState.from_game(Game(seed=1)), restarts=kwargs)


def walk_cases() -> list[tuple[str, int, int]]:
    """(preset, seed, stock left): positions of real games (see :func:`late_position`), of every
    preset: won by the plays-first walk, the centre-first one and the corners-first one, lost, and
    undecided within the work given."""
    return [
        ("strict", 128, 76), ("classic", 130, 50), ("relaxed", 101, 47), ("pysolfc", 107, 49),
        ("strict", 124, 48), ("classic", 106, 42), ("pysolfc", 139, 73), ("strict", 100, 40),
    ]  # fmt: skip


def walk_results(cases) -> list:
    """Proof mode's walks from each position, in slices, with the later walks joining on the way:
    what they found and the work it took."""
    out = []
    for preset, seed, stock_left in cases:
        game = late_position(seed, getattr(Rules, preset)(), stock_left)
        state = SearchState.from_position(game._pos)
        orders = clairvoyant.PROOF_ORDERS
        starts = tuple(min(i, 2) * 3_000 for i in range(len(orders)))
        kw = {"horizon": state.stock_left(), "bound_budget": 20_000, "table_log2": 16}
        restarts = Restarts(unit=2_000, start=3_000)
        dfs = Exhaustive(state, orders=orders, starts=starts, restarts=restarts, **kw)
        verdict = None
        while verdict is None and dfs.nodes < 60_000:
            verdict = dfs.run(5_000)
        out.append([verdict, dfs.winner, dfs.line, dfs.nodes, dfs.positions, dfs.runs])
    return out


@pytest.mark.skipif(not COMPILED, reason="the loops are not compiled here (no numba, or turned off)")
def test_compiled_and_python_walks_agree() -> None:
    compiled, python = both_ways(walk_results, walk_cases())
    assert python == compiled
    # Wins by more than one walk, and a search that ran out of work, were on trial.
    assert len({won_by for _, won_by, _, _, _, _ in compiled} - {None}) >= 2
    assert None in {verdict for verdict, _, _, _, _, _ in compiled}
    assert max(runs for *_, runs in compiled) >= 3  # the walk that restarts took part, and restarted


@pytest.mark.parametrize(
    ("seed", "order"), [(295, Order.DEAL_FIRST), (663, Order.CORNERS_FIRST), (444, Order.CENTRE_FIRST)]
)
def test_each_order_wins_a_deal_that_plays_first_finds_late(seed: int, order: Order) -> None:
    # Why proof mode walks in more than one order: each of these deals is won by one order
    # within a million units of work, where the plays-first walk alone needs more (295: 1.9
    # million; 663 and 444: over 3 million).
    state = SearchState.from_game(Game(seed=seed))
    budget = 1_100_000

    def walk(o: Order) -> str | None:
        return Exhaustive(state, horizon=95, bound_budget=10**6, table_log2=22, orders=(o,)).run(budget)

    assert walk(order) == "won"
    assert walk(Order.PLAYS_FIRST) is None


@pytest.mark.parametrize("preset", ["strict", "relaxed", "pysolfc"])  # classic places them itself
@settings(max_examples=12, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), cards_out=st.integers(13, 14))
def test_search_with_kings_placed_at_once_wins_only_what_the_rules_win(
    preset: str, seed: int, cards_out: int
) -> None:
    # The solver's second search plays every King to an empty corner as soon as it is at hand:
    # fewer choices, so its wins are wins under rules that leave the Kings to the player (with
    # those Kings placed by hand), and its failures say nothing.
    game = endgame(random.Random(seed), getattr(Rules, preset)(), cards_out, empty_corner=True)
    state = SearchState.from_position(game._pos)
    state.auto = True
    dfs = Exhaustive(state, horizon=state.stock_left(), bound_budget=10_000, orders=clairvoyant.PROOF_ORDERS)
    verdict = dfs.run(10**7)
    if verdict == "won":
        if preset != "pysolfc":  # PySolFC's transfers make these too big to brute-force
            assert brute_force_winnable(game)
        moves = clairvoyant._engine_line(game, dfs.line, kings=True)  # raises unless it replays and wins
        assert replays_to_a_win(game, Solution("won", moves, 0, 0.0, "exhaustive"))
    else:
        assert verdict == "lost"


def test_the_search_with_kings_placed_at_once_wins_a_deal_first() -> None:
    # Strict deal 316 with the second search running from the start: it wins first, and its line
    # (the Kings it placed at once played by hand) wins under the strict rules. Without it the
    # same budget does not decide the deal. (With the first beam alone: the second wins this deal
    # within 236,090 units, before the Kings search.)
    game = Game(seed=316)
    with mock.patch.object(clairvoyant, "BEAM_VARIETIES", (VARIETY,)):
        with mock.patch.object(clairvoyant, "KINGS_AFTER", 0):
            sol = solve(game, max_nodes=1_000_000)
        assert sol.result == "won" and "Kings placed at once" in sol.stats["order"]
        assert sol.stats["kings_nodes"] > 0
        assert replays_to_a_win(game, sol)
        assert solve(game, max_nodes=1_000_000).result == "unknown"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"orders": ()},
        {"orders": (Order.DEAL_FIRST, Order.DEAL_FIRST)},
        {"orders": ("deal first",)},
        {"orders": (Order.PLAYS_FIRST, Order.DEAL_FIRST), "starts": (0,)},
        {"orders": (Order.PLAYS_FIRST, Order.DEAL_FIRST), "starts": (10, 20)},
    ],
)
def test_walks_badly_given_are_refused(kwargs: dict) -> None:
    with pytest.raises(ValueError, match=r"orders|starts"):
        Exhaustive(SearchState.from_game(Game(seed=1)), **kwargs)


@pytest.mark.parametrize("preset", ["strict", "relaxed", "classic"])  # pysolfc: too big to brute-force
@settings(max_examples=12, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), stock_left=st.integers(0, 3))
def test_lost_verdicts_match_brute_force_on_real_late_positions(
    preset: str, seed: int, stock_left: int
) -> None:
    game = late_position(seed, getattr(Rules, preset)(), stock_left)
    assume(game.status == "playing")
    try:
        truth = brute_force_winnable(game, limit=60_000)
    except AssertionError:
        assume(False)  # too big to check here
    sol = solve(game)
    assert sol.result == ("won" if truth else "lost")
    if truth:
        assert replays_to_a_win(game, sol)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), cards_out=st.integers(14, 22))
def test_bound_never_refutes_a_winnable_endgame(preset: str, seed: int, cards_out: int) -> None:
    game = endgame(random.Random(seed), getattr(Rules, preset)(), cards_out)
    sol = solve(game, max_nodes=300_000)
    if sol.result == "won":
        # Every position along the winning line is winnable: the relaxation must never say "lost".
        pos = game._pos.copy()
        assert relaxed_winnable(SearchState.from_position(pos), budget=10**6) is not False
        for m in sol.moves:
            pos.apply(m.code)
            assert relaxed_winnable(SearchState.from_position(pos), budget=10**6) is not False


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=4, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), stock_left=st.integers(25, 50))
def test_bound_never_refutes_a_winnable_midgame(preset: str, seed: int, stock_left: int) -> None:
    # With stock left, the relaxation's deals (straight to the next card a foundation needs) are
    # what is on trial.
    game = late_position(seed, getattr(Rules, preset)(), stock_left)
    assume(game.status == "playing")
    sol = solve(game, max_nodes=100_000)
    assume(sol.won)
    pos = game._pos.copy()
    for m in sol.moves:
        assert relaxed_winnable(SearchState.from_position(pos), budget=10**5) is not False
        pos.apply(m.code)


# -- whole deals ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "seed"), [("strict", 8), ("strict", 21), ("relaxed", 8), ("classic", 8), ("pysolfc", 8)]
)
def test_winning_line_replays_in_the_engine(preset: str, seed: int) -> None:
    game = Game(seed=seed, rules=getattr(Rules, preset)())
    sol = solve(game, max_seconds=30)
    assert sol.result == "won" and sol.won and sol.decided
    assert replays_to_a_win(game, sol)
    assert sol.nodes > 0 and sol.seconds > 0


def test_bound_holds_along_full_winning_lines() -> None:
    for seed in (8, 21, 23):
        game = Game(seed=seed)
        sol = solve(game, max_seconds=30)
        assert sol.won
        pos = game._pos.copy()
        for m in sol.moves:
            assert relaxed_winnable(SearchState.from_position(pos), budget=10**6) is not False
            pos.apply(m.code)


@pytest.mark.parametrize(
    ("preset", "seed"), [("strict", 8), ("strict", 21), ("relaxed", 8), ("classic", 8), ("pysolfc", 8)]
)
def test_proof_search_never_refutes_a_position_on_a_winning_line(preset: str, seed: int) -> None:
    # The search behind proof mode, from every 12th position along a full deal's winning line: it
    # checks every position against the relaxation, so it must find a win or run out, never "lost".
    game = Game(seed=seed, rules=getattr(Rules, preset)())
    sol = solve(game, max_nodes=2_000_000)
    assert sol.won
    pos = game._pos.copy()
    verdicts = []
    for i, m in enumerate(sol.moves):
        if i % 12 == 0:
            state = SearchState.from_position(pos)
            dfs = Exhaustive(state, horizon=state.stock_left(), bound_budget=clairvoyant.PROOF_BOUND_BUDGET)
            verdicts.append(dfs.run(3_000))
        pos.apply(m.code)
    assert "lost" not in verdicts and len(verdicts) > 8


def test_proof_mode_proves_a_deal_lost_whose_first_choice_is_made() -> None:
    # Deal 58 with its one early play (a 2 to the centre) made at once: nothing else can be
    # played for thirty deals. The relaxation proves the position lost only after those deals;
    # the proof mode's exhaustive search walks them and has each position after them proved lost.
    game = Game(seed=58)
    game.play(next(m for m in game.legal_moves() if str(m).endswith(">c")))
    # A small budget hunts wins only (no proof mode) and finds no verdict; a big one runs proof
    # mode from the first position.
    assert solve(game, max_nodes=100_000).result == "unknown"
    sol = solve(game, max_nodes=2_000_000)
    assert sol.result == "lost" and sol.method == "exhaustive" and sol.moves == ()
    assert sol.stats["pruned"] > 0 and "proof_mode" in sol.stats
    assert str(sol.certificate) == "an exhaustive search"


def test_solves_from_the_middle_of_a_game() -> None:
    game = Game(seed=8)
    first = solve(game, max_seconds=30)
    for m in first.moves[:60]:
        game.play(m)
    again = solve(game, max_seconds=30)
    assert again.won and replays_to_a_win(game, again)


def test_a_won_game_needs_no_moves() -> None:
    game = Game(seed=8)
    for m in solve(game, max_seconds=30).moves:
        game.play(m)
    assert solve(game) == Solution("won", (), 0, solve(game).seconds, "exhaustive")
    assert solve(game).moves == ()


def test_a_stuck_position_is_lost() -> None:
    game = Game.from_position(center=["AS"], sails={"n1": "5H"}, stock=[])
    sol = solve(game)
    assert sol.result == "lost" and not sol.won and sol.decided and sol.moves == ()


def test_staged_lesson_position_proved_lost_by_exhaustion() -> None:
    # The centre needs a 3; both 3s are buried in the waste under 5s that nothing accepts, and the
    # last stock card (a 4) cannot help.
    names = ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2")
    sails = dict(zip(names, ["9H", "9D", "8H", "8D", "7H", "7D", "6H", "6D"], strict=True))
    game = Game.from_position(center=["AS", "2S"], sails=sails, waste=["3H", "3D", "5C", "5S"], stock=["4C"])
    sol = solve(game)
    assert sol.result == "lost" and sol.method in ("beam", "exhaustive", "relaxation")
    # The search alone, without the relaxation, proves it too.
    dfs = Exhaustive(SearchState.from_position(game._pos), horizon=0)
    assert dfs.run(10**6) == "lost"


def frozen_deal_58() -> Game:
    """Deal 58 after the thirty deals it forces: no King and no 3 turn up before them, so nothing
    can be played but the 2 (then the 3, 4 and 5 to the centre), and 27 cards lie in the waste."""
    game = Game(seed=58)

    def to_centre() -> bool:
        for m in game.legal_moves():
            if str(m).endswith(">c"):
                game.play(m)
                return True
        return False

    assert to_centre()
    for _ in range(30):
        assert [str(m) for m in game.legal_moves()] == ["deal"]
        game.deal()
    while to_centre():
        pass
    return game


def test_dig_relaxation_proves_a_long_waste_lost() -> None:
    game = frozen_deal_58()
    assert len(game.pile("waste")) == 27 and len(game.pile("stock")) == 64
    state = SearchState.from_position(game._pos)
    assert relaxed_winnable(state, budget=10**6) is False
    assert relaxed_winnable(state, budget=1_000) is None  # too small a budget: no conclusion
    sol = solve(game, max_seconds=60)
    assert sol.result == "lost" and sol.method == "relaxation" and sol.moves == ()
    assert str(sol.certificate) == "the dig relaxation" and sol.certificate.proof == "relaxation"


def test_sliced_search_reaches_the_same_verdict() -> None:
    # Slices cut by the clock, even in the middle of a bound check (which is then redone), must
    # not change the verdict. Slices grow, as the solver's do, so every check gets to finish.
    verdicts = set()
    retried = 0
    games = [late_position(seed, Rules.strict(), 10) for seed in range(6)]
    games += [endgame(random.Random(seed), Rules.strict(), 18) for seed in range(6)]
    # Checks long enough to be cut short (the relaxation reads the clock every 4096 positions).
    games += [late_position(seed, Rules.strict(), 25) for seed in (1, 5)]
    for seed, game in enumerate(games):
        if game.status != "playing":
            continue
        whole = Exhaustive(SearchState.from_position(game._pos), horizon=30)
        verdict = whole.run(10**6)
        sliced = Exhaustive(SearchState.from_position(game._pos), horizon=30)
        slices = 0
        step = None
        while step is None:
            step = sliced.run(10**6, deadline=time.perf_counter() + 0.00002 * 1.2**slices)
            slices += 1
        assert step == verdict, seed
        verdicts.add(verdict)
        retried += sliced.retried
    assert verdicts == {"won", "lost"}  # both kinds of verdict were on trial
    assert retried > 0  # and checks were cut short and redone


@pytest.mark.parametrize("budget", [{"max_nodes": 50}, {"max_seconds": 0.05}])
def test_budgets_give_unknown_on_a_hard_deal(budget: dict) -> None:
    sol = solve(Game(seed=4), **budget)
    assert sol.result == "unknown" and not sol.decided and sol.moves == ()
    if "max_nodes" in budget:
        assert sol.nodes <= 50 + 200  # stops within one step of the budget


def test_a_budget_of_work_gives_the_same_answer_however_fast_the_clock_runs(monkeypatch) -> None:
    # The units tiers of docs/winnability.md promise the same verdict, deal by deal, on any machine:
    # under max_nodes alone nothing may steer the search by the clock. Deal 396 is won by proof
    # mode's corners-first walk after some 4 million units, with both beams, the four walks and the
    # walk that restarts all taking part; a clock that jumps 0.37 s at every reading must change
    # nothing.
    first = solve(Game(seed=396), max_nodes=6_000_000)
    readings = iter(range(10**9))
    monkeypatch.setattr(clock, "_now", lambda: next(readings) * 0.37)
    second = solve(Game(seed=396), max_nodes=6_000_000)
    assert first.result == "won" and first.stats["exhaustive_nodes"] > clairvoyant.PROOF_STARTS[-1]
    assert (second.result, second.moves, second.nodes, second.stats) == (
        first.result,
        first.moves,
        first.nodes,
        first.stats,
    )
    assert next(readings) > 2  # the racing clock was read, and ignored


def test_solution_reports_itself() -> None:
    sol = solve(Game(seed=8), max_seconds=30)
    text = repr(sol)
    assert text.startswith("<Solution won, ") and "moves" in text and "positions" in text
    assert sol.nodes_per_second > 0


def test_suits_do_not_matter() -> None:
    # The same deal with every card's suit rotated has the same verdict and line length.
    game = Game(seed=21)
    order = [
        game.pile("c")[0],
        *(game.pile(n)[0] for n in ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2")),
        *reversed(game.pile("stock")),
    ]
    rotated = [Card(rank=c.rank, suit=SUITS[(SUITS.index(c.suit) + 1) % 4], deck=c.deck) for c in order]
    assert [RANK_OF[c.id] for c in rotated] == [c.rank for c in order]
    a = solve(game, max_seconds=30)
    b = solve(Game.from_order(rotated), max_seconds=30)
    assert a.result == b.result == "won" and len(a.moves) == len(b.moves)


@pytest.mark.parametrize(("args", "error"), [((42,), TypeError), ((Game(seed=1),), None)])
def test_solve_checks_its_game(args: tuple, error: type | None) -> None:
    if error is None:
        assert solve(*args, max_nodes=10).result in ("won", "lost", "unknown")
    else:
        with pytest.raises(error, match="Game"):
            solve(*args)


@pytest.mark.parametrize(
    "budget", [{"max_seconds": -1}, {"max_nodes": -5}, {"max_nodes": "10"}, {"max_seconds": True}]
)
def test_solve_refuses_nonsense_budgets(budget: dict) -> None:
    with pytest.raises(ValueError, match="at least 0"):
        solve(Game(seed=1), **budget)


def test_proof_mode_gets_its_share_of_a_long_budget() -> None:
    # Past PROOF_SHARE_AFTER positions each exhaustive slice gets PROOF_SHARE units of work for
    # each position of the beam round before it; without it the beam search takes nearly all.
    # A slice ends only after its last check, so the checks get a small budget here: one check
    # with the solver's budget can take a whole slice's share by itself.
    game = Game(seed=4)  # neither won nor lost within these budgets
    with mock.patch.object(clairvoyant, "PROOF_BOUND_BUDGET", 20_000):
        with mock.patch.object(clairvoyant, "PROOF_SHARE_AFTER", 10**12):
            beam_first = solve(game, max_nodes=400_000)
        with mock.patch.object(clairvoyant, "PROOF_SHARE_AFTER", 0):
            shared = solve(game, max_nodes=400_000)
    assert beam_first.result == shared.result == "unknown"
    assert beam_first.stats["exhaustive_nodes"] < beam_first.stats["beam_nodes"]
    assert shared.stats["exhaustive_nodes"] >= clairvoyant.PROOF_SHARE * shared.stats["beam_nodes"] * 0.9


def test_the_second_beam_wins_deals_the_first_finds_no_win_in() -> None:
    # Scored the other way round (sails alike ahead), the beam keeps other positions: strict deals
    # 657 and 33 it wins 16 and 64 wide, where the solver without it needed 2.65 and 5.0 million
    # units (its exhaustive walks). Budgets of work, so the verdicts are the same on any machine.
    for seed in (657, 33):
        with mock.patch.object(clairvoyant, "BEAM_VARIETIES", (VARIETY,)):
            alone = solve(Game(seed=seed), max_nodes=200_000)
        both = solve(Game(seed=seed), max_nodes=200_000)
        assert alone.result == "unknown"
        assert both.won and both.method == "beam", both
        assert both.stats["order"] == "beam scoring variety -4"
        g = Game(seed=seed)
        for move in both.moves:
            g.play(move)
        assert g.status == "won"


def solve_recording_beams(seed: int, max_nodes: int) -> tuple[Solution, list[tuple[int, int, int, int]]]:
    """Solve strict deal ``seed`` within ``max_nodes`` units, recording each beam search the solver
    runs: its scoring's variety, its width, the budget it was given and the positions it took."""
    clairvoyant.warm_up()  # its own tiny beam search is not the solve's
    calls = []
    real = clairvoyant.beam_search

    def recorded(state, width, **kw):
        found = real(state, width, **kw)
        calls.append((kw["variety"], width, kw["max_nodes"], found.nodes))
        return found

    with mock.patch.object(clairvoyant, "beam_search", recorded):
        sol = solve(Game(seed=seed), max_nodes=max_nodes)
    return sol, calls


def test_the_beams_take_turns_and_share_the_beam_s_work() -> None:
    # Each width of the first scoring is followed by the second's, as wide as brings it level.
    sol, calls = solve_recording_beams(4, 3_000_000)  # neither won nor lost within it
    assert sol.result == "unknown"
    firsts = [w for v, w, _, _ in calls if v == VARIETY]
    seconds = [w for v, w, _, _ in calls if v == -4]
    assert firsts == list(clairvoyant.BEAM_WIDTHS[: len(firsts)]) and len(firsts) >= 6
    assert seconds == list(clairvoyant.BEAM_WIDTHS[: len(seconds)])
    assert calls[0][0] == VARIETY  # the first scoring goes first
    spent = {v: sum(n for v2, _, _, n in calls if v2 == v) for v in (VARIETY, -4)}
    assert 0.5 < spent[-4] / spent[VARIETY] < 2, spent


def test_after_the_widest_beams_the_exhaustive_search_has_the_rest_of_the_budget() -> None:
    # Deal 58 stays unknown far beyond this budget: both scorings run every width once, in order,
    # and then stop; the search goes on, exhaustive alone, until the whole budget is spent.
    sol, calls = solve_recording_beams(58, 7_000_000)
    assert sol.result == "unknown"
    for variety in clairvoyant.BEAM_VARIETIES:
        assert [w for v, w, _, _ in calls if v == variety] == list(clairvoyant.BEAM_WIDTHS)
    assert sol.nodes >= 7_000_000
    beams, proof = sol.stats["beam_nodes"], sol.stats["exhaustive_nodes"]
    # Past its share of 1.5 units a beam position: the beams' time came back to it.
    assert proof > clairvoyant.PROOF_SHARE * beams + 500_000, sol.stats


def test_no_beam_search_is_started_that_the_budget_would_cut_off() -> None:
    # A beam search finds a win only at the stock's end, so one that the budget cuts off is time
    # lost: the exhaustive search, which goes on where it stopped, gets that time instead.
    sol, calls = solve_recording_beams(4, 700_000)  # neither won nor lost within it
    assert sol.result == "unknown" and len(calls) > 3
    assert all(spent <= budget for _, _, budget, spent in calls), calls  # none was cut off
    assert sol.stats["exhaustive_nodes"] > sol.stats["beam_nodes"]


def test_a_beam_search_too_big_for_the_time_left_is_skipped() -> None:
    # The next beam search, twice as wide, is expected to take twice the last one's positions,
    # at the speed the beam searches so far went (here 1 second for 100,000 positions).
    with mock.patch.object(clairvoyant.clock, "now", lambda: 10.0):
        assert clairvoyant._beam_fits(0, 0, 0.0, 10.5, None)  # nothing to go by: try it
        assert clairvoyant._beam_fits(50_000, 100_000, 1.0, 11.0, None)  # 1 s needed, 1 s left
        assert not clairvoyant._beam_fits(50_000, 100_000, 1.0, 10.9, None)
        assert clairvoyant._beam_fits(50_000, 100_000, 1.0, None, 100_000)
        assert not clairvoyant._beam_fits(50_000, 100_000, 1.0, None, 99_999)
