"""Tournaments: the same records whatever the executor and chunking, notebook-defined strategies in
a process pool, failures recorded while the rest go on, side-by-side comparisons with the
clairvoyant ceiling, and clear errors for bad arguments."""

from __future__ import annotations

import importlib.util
import json
import multiprocessing
import pickle
import sys
import types
import warnings
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from windmill_widget import FOUNDATIONS, Game, QuiltGame, QuiltRules, Rules, strategies
from windmill_widget.lab import Ceiling, Comparison, Results, compare, play_many
from windmill_widget.strategies import greedy, random_strategy, tips

SERIAL = {"executor": "serial", "progress": False}


@pytest.fixture(scope="module")
def pool():
    """Two spawn workers, as the default pool uses: nothing is inherited from this process."""
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
        yield ex


def first(view):
    return view.legal_moves()[0]


def last(view):
    return view.legal_moves()[-1]


NOTEBOOK_CELL = '''
import random

STEP = 2

def notebook_player(view):
    """Defined "in a notebook cell": its module is __main__, which no worker can import."""
    moves = view.legal_moves()
    return moves[(len(view.history) * STEP) % len(moves)]

def make_noisy(seed):
    rng = random.Random(seed)
    def noisy(view):
        return rng.choice(view.legal_moves())
    return noisy

class Picky:
    def __init__(self, prefer):
        self.prefer = prefer
    def __call__(self, view):
        moves = view.legal_moves()
        return next((m for m in moves if m.dst == self.prefer), moves[-1])
'''


@pytest.fixture
def cell() -> dict:
    """The namespace of a notebook cell: functions, a closure factory and a class, all in __main__."""
    namespace: dict = {"__name__": "__main__"}
    exec(compile(NOTEBOOK_CELL, "<notebook cell>", "exec"), namespace)
    return namespace


def test_notebook_strategies_run_in_a_process_pool(cell: dict, pool: ProcessPoolExecutor) -> None:
    player = cell["notebook_player"]
    assert player.__module__ == "__main__"
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(player)  # by reference: what a plain process pool would try, and fail
    strategies = {
        "cell function": player,
        "closure": cell["make_noisy"](7),
        "instance": cell["Picky"]("c"),
        "lambda": lambda view: view.legal_moves()[-1],
    }
    in_pool = compare(strategies, deals=range(40), executor=pool, progress=False)
    here = compare(strategies, deals=range(40), **SERIAL)
    for name in strategies:
        assert in_pool[name].records == here[name].records, name
        assert not in_pool[name].failures
    assert in_pool["instance"].records != in_pool["lambda"].records


def test_strategy_from_an_unimportable_module_is_sent_by_value(pool: ProcessPoolExecutor) -> None:
    module = types.ModuleType("lab_scratch_module")  # e.g. built by exec in a notebook helper
    exec("def scratch(view):\n    return view.legal_moves()[0]\n", module.__dict__)
    sys.modules[module.__name__] = module
    try:
        res = play_many(module.scratch, deals=range(12), executor=pool, progress=False)
    finally:
        del sys.modules[module.__name__]
    assert not res.failures
    assert res.records == play_many(first, deals=range(12), **SERIAL).records


def test_records_do_not_depend_on_executor_or_chunking(pool: ProcessPoolExecutor) -> None:
    # A stateful player (its own seeded generator) gets a fresh copy for every deal, so chunk
    # boundaries and worker processes cannot change what it plays.
    noisy = random_strategy(3)
    deals = range(60)
    runs = [
        play_many(noisy, deals, **SERIAL),
        play_many(noisy, deals, executor="serial", progress=False, chunksize=7),
        play_many(noisy, deals, executor=pool, progress=False, chunksize=1),
        play_many(noisy, deals, executor=pool, progress=False),
        play_many(noisy, deals, executor=ThreadPoolExecutor(3), progress=False, chunksize=5),
        play_many(noisy, list(reversed(deals)), workers=1, progress=False),
    ]
    for r in runs[1:]:
        assert r.records == runs[0].records
        assert repr(r) == repr(runs[0])
    assert [rec.seed for rec in runs[0].records] == list(deals)


def test_default_executor_is_a_process_pool_over_the_cores() -> None:
    res = play_many(greedy, range(200, 260), progress=False)
    assert res.records == play_many(greedy, range(200, 260), **SERIAL).records
    assert res.seconds is not None and res.seconds > 0


def test_failures_are_recorded_and_the_tournament_goes_on(pool: ProcessPoolExecutor) -> None:
    def fragile(view):
        moves = view.legal_moves()
        sail = view.top("n1")
        if view.stock_count == 80 and sail is not None and sail.rank == 7:
            raise ZeroDivisionError("sevens upset me")
        if view.stock_count == 70 and sail is not None and sail.rank == 3:
            return "n1>c"  # not always legal
        return next((m for m in moves if m.dst == "c"), moves[-1])

    res = play_many(fragile, range(150), executor=pool, progress=False)
    kinds = {r.failure_kind for r in res.failures}
    assert res.n == 150
    assert {"ZeroDivisionError", "IllegalMove"} <= kinds
    assert 0 < len(res.failures) < res.n
    assert all(r.error and not r.won for r in res.failures)
    assert all(r.error is None for r in res.records if not r.failed)
    assert res.outcomes["failed"] == len(res.failures)
    assert "sevens upset me" in next(r.error for r in res.failures if r.failure_kind == "ZeroDivisionError")


def test_looping_strategy_under_pysolfc_hits_the_move_cap() -> None:
    def shuttle(view):
        moves = view.legal_moves()
        between = [m for m in moves if m.src in FOUNDATIONS and m.dst in FOUNDATIONS]
        return between[0] if between else moves[0]

    with pytest.warns(RuntimeWarning, match="Every game of shuttle failed"):
        res = play_many(shuttle, range(8), Rules.pysolfc(), max_moves=400, **SERIAL)
    assert {r.failure_kind for r in res.failures} == {"MoveLimit"}
    assert all(r.moves == 400 for r in res.failures)


def test_every_game_failing_warns() -> None:
    with pytest.warns(RuntimeWarning, match="Every game of broken failed"):
        res = play_many(lambda view: None, range(3), name="broken", **SERIAL)
    assert len(res.failures) == 3 and res.win_rate == 0


def test_results_summary_and_access() -> None:
    res = play_many(first, [9, 3, 8, 1], **SERIAL)
    assert res.seeds == [1, 3, 8, 9]  # sorted by seed, whatever order the deals came in
    assert res.n == len(res) == 4 and res.wins == 1 and res.win_rate == 0.25
    assert res.record(8).won and res.game(8).status == "won"
    assert res.ci == pytest.approx((0.0456, 0.6994), abs=1e-4)
    assert res.mean_cards == sum(r.cards for r in res) / 4
    assert sum(res.distribution.values()) == 4 and res.distribution[104] == 1
    assert sum(k for _, _, k in res.histogram()) == 4
    assert res.summary()["wins"] == 1
    assert repr(res) == (
        "<Results first on 4 deals, Rules.strict(): won 1 = 25.0% (95% CI 4.6%-69.9%), "
        f"{res.mean_cards:.1f} cards on average>"
    )
    with pytest.raises(KeyError):
        res.record(2)


def test_to_dataframe() -> None:
    pd = pytest.importorskip("pandas")
    res = play_many(first, range(6), **SERIAL)
    df = res.to_dataframe()
    assert isinstance(df, pd.DataFrame)
    assert list(df.columns) == ["player", "seed", "outcome", "won", "cards", "moves", "seconds", "error"]
    assert df["seed"].tolist() == list(range(6))
    assert df["won"].sum() == res.wins
    both = compare({"a": first, "b": greedy}, range(6), **SERIAL).to_dataframe()
    assert len(both) == 12 and set(both["player"]) == {"a", "b"}


def test_to_dataframe_without_pandas_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    res = play_many(first, range(2), **SERIAL)
    monkeypatch.setitem(sys.modules, "pandas", None)  # makes `import pandas` fail
    with pytest.raises(ImportError, match="pip install pandas"):
        res.to_dataframe()


def test_compare_plays_everyone_on_the_same_deals() -> None:
    deals = [4, 17, 2, 99, 23, 5, 61, 8]
    cmp = compare({"greedy": greedy, "first": first, "random": random_strategy(2)}, deals, **SERIAL)
    assert isinstance(cmp, Comparison)
    assert cmp.names == ["greedy", "first", "random"]
    assert cmp.deals == sorted(deals)
    for r in cmp:
        assert r.seeds == sorted(deals)
        assert (
            r.records
            == play_many(
                {"greedy": greedy, "first": first, "random": random_strategy(2)}[r.name], deals, **SERIAL
            ).records
        )
    pair = cmp.paired("greedy", "first")
    assert pair["both"] + pair["only greedy"] + pair["only first"] + pair["neither"] == len(deals)
    assert 0 <= pair["p_value"] <= 1
    assert cmp.ceiling is None and cmp.ratio_to_ceiling() is None
    assert cmp.best().win_rate == max(r.win_rate for r in cmp)
    listed = compare([greedy, first], deals, **SERIAL)
    assert listed.names == ["greedy", "first"]


def test_compare_with_the_clairvoyant_ceiling() -> None:
    pytest.importorskip("windmill_widget.solver")
    deals = range(10)
    cmp = compare({"greedy": greedy, "first": first}, deals, ceiling=True, ceiling_seconds=0.5, **SERIAL)
    top = cmp.ceiling
    assert isinstance(top, Ceiling)
    assert top.n == 10 and top.won + top.lost + top.unknown == 10
    assert top.decided == top.won + top.lost and not top.errors
    assert top.win_rate == (top.won / top.decided if top.decided else 0.0)
    lo, hi = top.bounds
    assert lo <= top.win_rate <= hi or top.decided == 0
    for rec in top:
        if rec.won:  # the winning line replays in Game
            assert top.game(rec.seed).status == "won"
    for name in cmp.names:  # no player wins a deal the solver proved lost
        for rec in cmp[name]:
            if rec.won:
                assert top.record(rec.seed).result != "lost", (name, rec.seed)
    ratio = cmp.ratio_to_ceiling()
    if top.win_rate:
        assert ratio == pytest.approx(cmp.best().win_rate / top.win_rate)
    assert "ceiling" in repr(cmp) and "unknown" in repr(cmp)
    assert top.bar().ceiling and top.bar().n == top.decided


def test_unpicklable_strategy_runs_in_this_process_but_not_in_a_pool(pool: ProcessPoolExecutor) -> None:
    import threading

    lock = threading.Lock()

    def locked(view):
        with lock:
            return view.legal_moves()[0]

    assert play_many(locked, range(3), **SERIAL).records == play_many(first, range(3), **SERIAL).records
    with ThreadPoolExecutor(2) as threads:  # threads share this process: nothing to send
        assert play_many(locked, range(3), executor=threads, progress=False).records == (
            play_many(first, range(3), **SERIAL).records
        )
    with pytest.raises(TypeError, match="executor='serial'"):
        play_many(locked, range(3), executor=pool, progress=False)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"strategy": "greedy"}, TypeError, "callable"),
        ({"strategy": Game}, TypeError, "pass an instance"),
        ({"deals": []}, ValueError, "deals is empty"),
        ({"deals": 0}, ValueError, "positive number"),
        ({"deals": [1, -2]}, ValueError, "-2 is not one"),
        ({"deals": [1, 2.5]}, ValueError, "2.5 is not one"),
        ({"deals": [3, 1, 3]}, ValueError, "Deal 3 is listed more than once"),
        ({"deals": "123"}, TypeError, "iterable of deal numbers"),
        ({"rules": "easy"}, ValueError, "presets are"),
        ({"rules": 3}, TypeError, "Rules value"),
        ({"executor": "threads"}, ValueError, "serial"),
        ({"executor": 4}, TypeError, "Executor"),
        ({"workers": 0}, ValueError, "workers"),
        ({"max_moves": -1}, ValueError, "max_moves"),
        ({"time_limit": -1}, ValueError, "time_limit"),
        ({"chunksize": 0}, ValueError, "chunksize"),
        ({"chart": "yes"}, TypeError, "chart"),
    ],
)
def test_bad_arguments_get_clear_errors(kwargs: dict, error: type, match: str) -> None:
    args = {"strategy": first, "deals": range(3), "executor": "serial", "progress": False, **kwargs}
    with pytest.raises(error, match=match):
        play_many(**args)


def test_compare_bad_arguments() -> None:
    with pytest.raises(ValueError, match="at least one strategy"):
        compare({}, range(3), **SERIAL)
    with pytest.raises(TypeError, match="several strategies"):
        compare(greedy, range(3), **SERIAL)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Two strategies are called"):
        compare([greedy, greedy], range(3), **SERIAL)
    with pytest.raises(TypeError, match="strategy 'b'"):
        compare({"a": greedy, "b": 5}, range(3), **SERIAL)  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="budget"):
        compare({"a": greedy}, range(3), ceiling=True, ceiling_seconds=None, **SERIAL)


def test_progress_bar_runs_and_can_be_silenced(capsys: pytest.CaptureFixture[str]) -> None:
    play_many(first, range(5), executor="serial", progress=True)
    err = capsys.readouterr().err
    assert "5/5" in err and "won" in err
    play_many(first, range(5), executor="serial", progress=False)
    assert capsys.readouterr().err == ""


def test_results_built_by_hand_are_sorted_and_summarised() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = Results("x", [], Rules.relaxed())
    assert (res.n, res.win_rate, res.ci, res.mean_cards) == (0, 0.0, (0.0, 1.0), 0.0)
    assert "Rules.relaxed()" in repr(res)


# -- issue 15: a strategy's SystemExit ends its game, never the tournament; a real interrupt keeps the rest --
ROGUES = """
import sys

def exits(view):
    if view.stock_count < 90 and view.history and len(view.history) % 7 == 3:
        sys.exit(3)
    return view.legal_moves()[0]

def odd(view):
    class Odd(BaseException):
        pass
    if len(view.history) > 4:
        raise Odd("odd")
    return view.legal_moves()[-1]

def presses_ctrl_c(view):
    if len(view.history) > 2:
        raise KeyboardInterrupt("the strategy's own")
    return view.legal_moves()[-1]

def closes(view):
    if len(view.history) > 3:
        raise GeneratorExit
    return view.legal_moves()[0]

def raises_system_exit(view):
    if len(view.history) > 1:
        raise SystemExit("bye")
    return view.legal_moves()[0]
"""


@pytest.fixture
def rogues() -> dict:
    namespace: dict = {"__name__": "__main__"}
    exec(compile(ROGUES, "<notebook cell>", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("game", ["windmill", "crazy-quilt"])
@pytest.mark.parametrize("where", ["serial", "pool"])
def test_a_strategy_that_exits_loses_its_games_and_the_tournament_goes_on(
    rogues: dict, pool: ProcessPoolExecutor, game: str, where: str
) -> None:
    executor = pool if where == "pool" else "serial"
    names = ("exits", "odd", "presses_ctrl_c", "closes", "raises_system_exit")
    players = {name: rogues[name] for name in names} | {"first": first}
    cmp = compare(players, deals=range(8), game=game, executor=executor, progress=False)
    assert cmp.n == 8 and not cmp.interrupted
    assert all(r.n == 8 for r in cmp)
    kinds = {name: {r.failure_kind for r in cmp[name].failures} for name in players}
    assert kinds["odd"] == {"Odd"} and kinds["presses_ctrl_c"] == {"KeyboardInterrupt"}
    assert kinds["exits"] == kinds["raises_system_exit"] == {"SystemExit"}
    assert kinds["closes"] == {"GeneratorExit"} and kinds["first"] == set()
    assert cmp["first"].records == play_many(first, range(8), game=game, **SERIAL).records


@pytest.mark.parametrize("game", ["windmill", "crazy-quilt"])
@pytest.mark.parametrize("where", ["serial", "pool"])
def test_play_many_records_a_strategy_that_exits_as_failed_games(
    rogues: dict, pool: ProcessPoolExecutor, game: str, where: str
) -> None:
    executor = pool if where == "pool" else "serial"
    for name, kind in (("exits", "SystemExit"), ("closes", "GeneratorExit"), ("odd", "Odd")):
        with pytest.warns(RuntimeWarning, match="Every game"):
            res = play_many(rogues[name], range(6), game=game, executor=executor, progress=False)
        assert res.n == 6 and {r.failure_kind for r in res.failures} == {kind}


@pytest.mark.parametrize("game", ["windmill", "crazy-quilt"])
def test_a_real_interrupt_stops_a_serial_run_and_keeps_the_finished_games(game: str) -> None:
    import signal
    import threading

    lock, count = threading.Lock(), [0]  # a lock: not picklable, so the run calls this very function

    def interrupted(view):
        with lock:
            count[0] += 1
        if count[0] == 400:  # several deals in: the user presses Ctrl-C
            signal.raise_signal(signal.SIGINT)
        return view.legal_moves()[0]

    with pytest.warns(RuntimeWarning, match="Interrupted"):
        res = play_many(interrupted, range(40), game=game, executor="serial", progress=False, chunksize=2)
    assert res.interrupted and 0 < res.n < 40 and res.planned == 40
    assert "interrupted after" in repr(res)
    assert all(not r.failed for r in res.records)  # the interrupted game is not a record at all
    assert res.records == play_many(first, [r.seed for r in res.records], game=game, **SERIAL).records


def test_a_real_interrupt_keeps_the_games_its_chunk_had_finished() -> None:
    """The deals of the interrupted chunk that were over before Ctrl-C are kept too."""
    import signal
    import threading

    lock, starts = threading.Lock(), [0]

    def interrupted(view):
        with lock:
            starts[0] += not view.history
        if starts[0] == 3:  # the third deal of the first chunk of ten: two are finished
            signal.raise_signal(signal.SIGINT)
        return view.legal_moves()[0]

    with pytest.warns(RuntimeWarning, match="Interrupted: 2 of 40 deals"):
        res = play_many(interrupted, range(40), executor="serial", progress=False, chunksize=10)
    assert res.n == 2 and res.records == play_many(first, [0, 1], **SERIAL).records


class InterruptingPool(ProcessPoolExecutor):
    """A pool that, once it has had a few chunks, interrupts the main thread as Ctrl-C would."""

    def __init__(self) -> None:
        super().__init__(2, mp_context=multiprocessing.get_context("spawn"))
        self.submitted = 0

    def submit(self, *args, **kwargs):
        self.submitted += 1
        future = super().submit(*args, **kwargs)
        if self.submitted == 6:
            import _thread

            future.add_done_callback(lambda _: _thread.interrupt_main())
        return future


@pytest.mark.parametrize("game", ["windmill", "crazy-quilt"])
def test_a_real_interrupt_stops_a_pool_run_and_keeps_what_every_player_finished(game: str) -> None:
    pool = InterruptingPool()
    try:
        with pytest.warns(RuntimeWarning, match="Interrupted"):
            cmp = compare({"first": first, "last": last}, deals=range(200), game=game, executor=pool,
                          progress=False, chunksize=4)  # fmt: skip
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    assert cmp.interrupted and 0 < cmp.n < 200 and cmp.planned == 200
    assert [r.seed for r in cmp["first"]] == [r.seed for r in cmp["last"]] == cmp.deals
    assert cmp["first"].records == play_many(first, cmp.deals, game=game, **SERIAL).records


# -- Crazy Quilt in the lab ------------------------------------------------------------------------
QUILT_CELL = '''
def digger(view):
    """A Crazy Quilt player "from a notebook cell": a foundation first, else the last move."""
    moves = view.legal_moves()
    return next((m for m in moves if m.dst.endswith(("+", "-"))), moves[-1])
'''


def test_crazy_quilt_notebook_strategies_run_in_a_process_pool(pool: ProcessPoolExecutor) -> None:
    namespace: dict = {"__name__": "__main__"}
    exec(compile(QUILT_CELL, "<notebook cell>", "exec"), namespace)
    players = {"digger": namespace["digger"], "tips": tips, "random": random_strategy(4)}
    in_pool = compare(players, range(12), game="crazy-quilt", executor=pool, progress=False)
    here = compare(players, range(12), rules=QuiltRules.literal(), **SERIAL)  # the game from the rules
    for name in players:
        assert in_pool[name].records == here[name].records and not in_pool[name].failures, name
        assert {r.game_name for r in in_pool[name].records} == {"crazy-quilt"}
    assert in_pool["tips"].mean_cards > in_pool["random"].mean_cards
    assert "QuiltRules.literal()" in repr(in_pool)
    svg = in_pool.chart_svg()
    assert svg.startswith("<svg") and "digger" in svg and "tips" in svg
    assert "<svg" in in_pool._repr_html_() or "data:image/svg+xml" in in_pool._repr_html_()


def test_compare_with_the_clairvoyant_ceiling_on_crazy_quilt(pool: ProcessPoolExecutor) -> None:
    from windmill_widget.solver import solve

    deals = range(8)
    kwargs = {"game": "crazy-quilt", "ceiling": True, "ceiling_seconds": None, "ceiling_nodes": 30_000}
    cmp = compare({"greedy": greedy, "tips": tips}, deals, **kwargs, **SERIAL)
    top = cmp.ceiling
    assert top.n == 8 and top.won + top.lost + top.unknown == 8 and not top.errors
    assert top.won >= 1  # deals 1 and 3 are won within the budget
    for rec in top:  # the ceiling is the solver's, deal for deal (a node budget: the same anywhere)
        sol = solve(QuiltGame(seed=rec.seed), max_nodes=30_000)
        assert rec.result == sol.result, rec.seed
        if rec.won:
            assert top.game(rec.seed).status == "won"
    for name in cmp.names:  # no player wins a deal the solver proved lost
        for rec in cmp[name]:
            if rec.won:
                assert top.record(rec.seed).result != "lost", (name, rec.seed)
    assert "ceiling" in repr(cmp) and QuiltRules.literal() == cmp.rules
    in_pool = compare({"greedy": greedy}, deals, **kwargs, executor=pool, progress=False)
    assert [r.result for r in in_pool.ceiling] == [r.result for r in top]


def test_a_sealed_players_chunk_holds_its_minimum_while_that_many_deals_are_left() -> None:
    from windmill_widget.lab.runner import Entrant, chunk_size

    def entrant(deals: int, min_chunk: int) -> Entrant:
        return Entrant("p", "player", print, lambda chunk: (), list(range(deals)), min_chunk=min_chunk)

    assert chunk_size(entrant(5, 16), workers=2, fixed=None) == 5  # all of a small run's deals at once
    assert chunk_size(entrant(40, 16), workers=2, fixed=None) == 16
    assert chunk_size(entrant(5, 1), workers=2, fixed=None) == 2  # in process: shared out near the end
    assert chunk_size(entrant(5, 16), workers=2, fixed=3) == 3


@pytest.fixture
def tournament_benchmark(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """``benchmarks/tournament.py`` as a module (it imports ``benchmarks/solver.py`` from beside it)."""
    folder = Path(__file__).resolve().parents[1] / "benchmarks"
    monkeypatch.syspath_prepend(str(folder))
    spec = importlib.util.spec_from_file_location("tournament_benchmark", folder / "tournament.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def test_the_tournament_benchmark_fields_only_players(tournament_benchmark: types.ModuleType) -> None:
    """``benchmarks/tournament.py`` plays every exported player of a game, and nothing else: the
    strategies package also exports helpers (``board_players``, ``Advice``) that a tournament must
    not seat as players (it used to seat ``board_players``, whose "moves" were dicts)."""
    bench = tournament_benchmark
    for game in ("windmill", "crazy-quilt"):
        field = bench.builtin_players(game)
        assert field and all(isinstance(p, strategies.AnyGame) and game in p.players for p in field.values())
        assert "board_players" not in field and "tips" in field
    assert {"deep_sampling", "voting"} <= set(bench.builtin_players("crazy-quilt"))
    assert "recall" not in bench.builtin_players("windmill")


def test_the_tournament_benchmark_reads_its_ceiling_from_a_results_file(
    tournament_benchmark: types.ModuleType, tmp_path: Path
) -> None:
    """``--ceiling-from``: a deal any tier decided is decided, the rest unknown; a file made under
    other rules, one that lacks a deal, or one where a deal is both won and lost is refused."""
    bench = tournament_benchmark

    def row(seed: int, result: str, budget: float, **extra: object) -> str:
        rec = {"seed": seed, "rules": "literal", "redeals": 1, "budget": budget, "result": result,
               "seconds": 0.5, "nodes": 10, "moves": 150 if result == "won" else 0, **extra}  # fmt: skip
        return json.dumps(rec)

    path = tmp_path / "crazy-quilt-literal.jsonl"
    lines = [row(0, "unknown", 1), row(0, "won", 10), row(1, "unknown", 1), row(1, "unknown", 10),
             row(2, "lost", 100_000, measure="units"), row(2, "lost", 120)]  # fmt: skip
    path.write_text("\n".join(lines) + "\n")
    top = bench.file_ceiling(path, "crazy-quilt", QuiltRules.literal(), range(3))
    assert [r.result.value for r in top] == ["won", "unknown", "lost"]
    assert (top.won, top.lost, top.unknown, top.max_seconds, top.max_nodes) == (1, 1, 1, 120, 100_000)
    with pytest.raises(SystemExit, match="not the tournament's"):
        bench.file_ceiling(path, "crazy-quilt", QuiltRules.common(), range(3))
    with pytest.raises(SystemExit, match=r"no verdict on deals \[3\]"):
        bench.file_ceiling(path, "crazy-quilt", QuiltRules.literal(), range(4))
    path.write_text("\n".join([*lines, row(1, "won", 120), row(1, "lost", 100_000, measure="units")]) + "\n")
    with pytest.raises(SystemExit, match="both won and lost"):
        bench.file_ceiling(path, "crazy-quilt", QuiltRules.literal(), range(3))


def test_the_tournament_benchmark_writes_each_chunk_and_resumes_its_file(
    tournament_benchmark: types.ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--save``: the games go to the file a chunk at a time, and a run on a file that holds some of
    them plays only the rest (here a later deal, from ``--first``); the figures are every game's."""
    bench = tournament_benchmark
    path = tmp_path / "games.jsonl"
    rules = QuiltRules.literal()
    played: list[tuple[list[int], int]] = []  # each call's deals, and the games in the file then
    real = bench.compare

    def spy(field, deals, *args, **kwargs):
        played.append((list(deals), len(path.read_text().splitlines()) if path.exists() else 0))
        return real(field, deals, *args, **kwargs)

    bench.compare = spy
    try:
        first = bench.players("crazy-quilt", range(3), 1, rules, 60.0, "tips,greedy", path, chunk=2)
        assert played == [([0, 1], 0), ([2], 4)]  # the first chunk's four games written before the next
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        assert sorted((r["player"], r["seed"]) for r in rows) == [
            (p, s) for p in ("greedy", "tips") for s in (0, 1, 2)
        ]
        played.clear()
        again = bench.players("crazy-quilt", range(4), 1, rules, 60.0, "tips,greedy", path, chunk=2)
    finally:
        bench.compare = real
    assert played == [([3], 6)]  # only the missing deal
    assert len(path.read_text().splitlines()) == 8
    assert [r.cards for r in again["tips"]][:3] == [r.cards for r in first["tips"]]
    assert "already played, resuming" in capsys.readouterr().out
    later = bench.players("crazy-quilt", range(2, 4), 1, rules, 60.0, "tips", path, chunk=2)
    # The game's default player answers to its bare name too.
    hint = bench.players("crazy-quilt", range(1), 1, rules, 60.0, "lookahead", tmp_path / "hint.jsonl")
    assert hint.names == ["lookahead (default)"]
    with pytest.raises(SystemExit, match="no built-in player named nobody"):
        bench.players("crazy-quilt", range(1), 1, rules, 60.0, "nobody", tmp_path / "none.jsonl")
    assert [r.seed for r in later["tips"]] == [2, 3]
    # A file of other rules, or with a line that is no game, is refused rather than mixed in.
    with pytest.raises(SystemExit, match="not this run's"):
        bench.players("crazy-quilt", range(4), 1, QuiltRules.common(), 60.0, "tips", path)
    path.write_text(path.read_text() + "{not json\n")
    with pytest.raises(SystemExit, match="line 9: not a game"):
        bench.players("crazy-quilt", range(4), 1, rules, 60.0, "tips", path)
