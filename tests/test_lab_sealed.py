"""Sealed tournaments: each strategy in a process of its own, seeing only player views, on deals drawn
from the organiser's secret. Strategies here are written the way a careless or hostile student would:
they crash, exit, print to stdout, flood their pipe, answer junk, never answer, or try to read the
stock. Each misdeed must fail that game only, with a short record, and reach nothing else."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from windmill_widget import Game, QuiltGame
from windmill_widget.lab import compare, play_many
from windmill_widget.lab.confine import landlock_abi
from windmill_widget.lab.sealed import SealedError, SealedPlayer, sealed_seeds
from windmill_widget.strategies import greedy

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="sealed play needs a POSIX system"),
    pytest.mark.filterwarnings("ignore:Every game of:RuntimeWarning"),  # the rogues' games all fail
]

SEALED = {"executor": "serial", "progress": False, "sealed": True, "secret": "test class"}
GAMES = ["windmill", "crazy-quilt"]


def first(view):
    return view.legal_moves()[0]


def last(view):
    return view.legal_moves()[-1]


def student(tmp_path: Path, name: str, body: str) -> str:
    """A student's strategy file."""
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return str(path)


# -- the deals -----------------------------------------------------------------------------------
def test_the_secret_draws_the_same_deals_and_only_the_secret_does() -> None:
    a = compare([first], deals=3, **SEALED)
    again = compare([first], deals=3, **SEALED)
    assert a.secret == "test class" and a.deals == again.deals == sorted(sealed_seeds("test class", 3))
    assert a["first"].records == again["first"].records
    other = compare([first], deals=3, **{**SEALED, "secret": "another class"})
    assert not set(other.deals) & set(a.deals)
    assert min(a.deals) > 2**32  # far beyond any range a strategy could enumerate


def test_without_a_secret_a_fresh_one_is_drawn_and_kept_for_a_replay() -> None:
    options = {k: v for k, v in SEALED.items() if k != "secret"}
    first_run = compare([first], deals=2, **options)
    assert isinstance(first_run.secret, str) and len(first_run.secret) >= 32
    replay = compare([first], deals=2, **{**options, "secret": first_run.secret})
    assert replay.deals == first_run.deals and replay["first"].records == first_run["first"].records
    assert "sealed" in repr(replay)


@pytest.mark.parametrize("game", GAMES)
def test_sealed_games_are_the_games_played_in_process(game: str) -> None:
    """Sealing changes who may look, not the game: the same records as an ordinary run."""
    players = {"first": first, "last": last}
    sealed = compare(players, deals=4, game=game, **SEALED)
    plain = compare(players, deals=sealed.deals, game=game, executor="serial", progress=False)
    for name in players:
        assert sealed[name].records == plain[name].records
        assert not sealed[name].failures and sealed[name].records[0].game_name == game


def stumbles(view):
    return view.pile("nowhere")  # no game has such a pile: the view raises


@pytest.mark.parametrize("game", GAMES)
def test_a_failure_says_where_in_the_strategy_as_in_process(game: str) -> None:
    sealed = compare({"stumbles": stumbles}, deals=1, game=game, **SEALED)
    plain = play_many(stumbles, sealed.deals, game=game, executor="serial", progress=False)
    assert sealed["stumbles"].records == plain.records
    error = sealed["stumbles"].records[0].error
    assert error is not None and "(in stumbles, line " in error, error


def test_a_process_pool_plays_the_same_sealed_tournament() -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        in_pool = compare({"greedy": greedy}, deals=6, **{**SEALED, "executor": pool})
    here = compare({"greedy": greedy}, deals=6, **SEALED)
    assert in_pool["greedy"].records == here["greedy"].records


def test_dask_plays_the_same_sealed_tournament(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    alice = student(tmp_path, "alice", "def strategy(view):\n    return view.legal_moves()[-1]\n")
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)  # fmt: skip
    with cluster, distributed.Client(cluster) as client:
        on_dask = compare({"alice": alice}, deals=3, game="crazy-quilt", **{**SEALED, "executor": client})
    here = compare({"alice": alice}, deals=3, game="crazy-quilt", **SEALED)
    assert on_dask["alice"].records == here["alice"].records


# -- what a strategy gets ------------------------------------------------------------------------
def test_a_sealed_strategy_gets_only_the_view(tmp_path: Path) -> None:
    """Its process holds no game, no deal number, no secret: its environment is the few variables it
    needs, its arguments the module's name, the one object it is given a view rebuilt from JSON."""
    spy = student(
        tmp_path,
        "spy",
        """
        import gc, os, sys
        from windmill_widget.core.game import PatienceGame
        def strategy(view):
            games = [o for o in gc.get_objects() if isinstance(o, PatienceGame)]
            secret = [k for k, v in os.environ.items() if "test class" in v or "SECRET" in k]
            raise RuntimeError(f"{type(view).__name__} games={len(games)} secret={secret} "
                               f"argv={sys.argv[1:]} stock={view.stock_count} env={sorted(os.environ)}")
        """,
    )
    os.environ["ORGANISER_SECRET"] = "test class"
    try:
        record = compare({"spy": spy}, deals=1, **SEALED)["spy"].records[0]
    finally:
        del os.environ["ORGANISER_SECRET"]
    view = Game.view_type.__name__  # the game's own view class, rebuilt from JSON
    expected = f"RuntimeError: {view} games=0 secret=[] argv=[] stock=95 env=["
    assert record.error.startswith(expected), record.error
    assert "ORGANISER_SECRET" not in record.error


# -- misbehaving students ------------------------------------------------------------------------
MISDEEDS = {
    "crashes": ("import os\ndef strategy(view):\n    os.abort()\n",
                "Crash: the strategy's process ended (killed by SIGABRT)"),
    "exits": ("import sys\ndef strategy(view):\n    sys.exit(3)\n", "SystemExit: 3"),
    "leaves": ("import os\ndef strategy(view):\n    os._exit(0)\n",
               "Crash: the strategy's process ended (exit code 0)"),
    "raises": ("def strategy(view):\n    raise KeyboardInterrupt('mine')\n", "KeyboardInterrupt: mine"),
    "junk": ("def strategy(view):\n    return 'x' * 1_000_000\n",
             "IllegalMove: the strategy returned 'xxxxx"),
    "not a move": ("def strategy(view):\n    return 42\n", "TypeError: the strategy returned 42, not a move"),
    "illegal": ("def strategy(view):\n    return 'c>c'\n", "IllegalMove: c>c at move 0"),
}  # fmt: skip


@pytest.mark.parametrize("misdeed", MISDEEDS)
def test_a_misbehaving_strategy_fails_its_games_with_a_short_record(tmp_path: Path, misdeed: str) -> None:
    body, error = MISDEEDS[misdeed]
    rogue = student(tmp_path, "rogue", body)
    c = compare({"rogue": rogue, "greedy": greedy}, deals=2, move_limit=5, **SEALED)
    assert [r.outcome for r in c["rogue"].records] == ["failed", "failed"]  # each deal, not just one
    for r in c["rogue"].records:
        assert len(r.error) < 400, r.error
        if error:
            assert r.error.startswith(error), r.error
    assert not c["greedy"].failures  # the other strategy's games went on


def test_a_strategy_that_floods_its_answer_pipe_is_cut_off(tmp_path: Path) -> None:
    """It knows its pipe's file descriptor (it can list its own): whatever it writes there is read
    at most a few kilobytes at a time and then it is killed."""
    flood = student(
        tmp_path,
        "flood",
        """
        import os
        def strategy(view):
            for fd in range(3, 64):
                try:
                    os.write(fd, b'{"id": 99, "move": "deal"}\\n' + b'y' * 100_000)
                except OSError:
                    pass
            return view.legal_moves()[0]
        """,
    )
    r = compare({"flood": flood}, deals=1, move_limit=5, **SEALED)["flood"].records[0]
    assert r.error.startswith("Junk: the strategy's process"), r.error


def test_a_strategy_printing_to_stdout_does_not_garble_its_answers(tmp_path: Path) -> None:
    chatty = student(
        tmp_path,
        "chatty",
        """
        import os, sys
        def strategy(view):
            print('{"id": 1, "move": "deal"}')
            os.write(1, b'junk on fd 1\\n' * 1000)
            sys.__stdout__.write('more junk\\n' * 1000)
            print('and on stderr', file=sys.stderr)
            return view.legal_moves()[0]
        """,
    )
    sealed = compare({"chatty": chatty}, deals=2, **SEALED)["chatty"]
    plain = play_many(first, deals=[r.seed for r in sealed.records], executor="serial", progress=False)
    assert not sealed.failures
    assert sealed.records == plain.records


@pytest.mark.parametrize("game", GAMES)
def test_a_strategy_that_sleeps_past_the_move_limit_is_killed_and_the_next_game_goes_on(
    tmp_path: Path, game: str
) -> None:
    sleepy = student(
        tmp_path,
        "sleepy",
        """
        import time
        def strategy(view):
            if len(view.history) == 2:
                time.sleep(600)
            return view.legal_moves()[0]
        """,
    )
    c = compare({"sleepy": sleepy}, deals=2, game=game, move_limit=0.5, **SEALED)
    for r in c["sleepy"].records:  # a fresh process for the second deal: it fails the same way, at move 2
        assert r.error == "TimeLimit: the strategy thought longer than 0.5 s over a move, at move 2"
        assert r.moves == 2


def test_a_strategy_that_ignores_signals_still_dies_at_the_move_limit(tmp_path: Path) -> None:
    stubborn = student(
        tmp_path,
        "stubborn",
        """
        import signal
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGALRM, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)
        def strategy(view):
            while True:
                pass
        """,
    )
    r = compare({"stubborn": stubborn}, deals=1, move_limit=0.5, **SEALED)["stubborn"].records[0]
    assert r.error.startswith("TimeLimit: the strategy thought longer than 0.5 s")


def test_the_game_time_limit_binds_a_sealed_strategy_too(tmp_path: Path) -> None:
    body = "import time\ndef strategy(view):\n    time.sleep(0.2)\n    return view.legal_moves()[0]\n"
    slow = student(tmp_path, "slow", body)
    r = compare({"slow": slow}, deals=1, time_limit=0.5, move_limit=5, **SEALED)["slow"].records[0]
    assert r.error.startswith("TimeLimit: the strategy ran past 0.5 s"), r.error
    assert r.moves <= 2  # each move takes 0.2 s: a third could not end within the game's 0.5 s


def test_a_strategy_is_stopped_between_its_moves(tmp_path: Path) -> None:
    """Its process group is stopped (SIGSTOP) from its answer to the next request: a thread it
    started, or a serve loop it rewrote to spin, gets no CPU while the organiser plays."""
    spinner = student(tmp_path, "spinner", "def strategy(view):\n    return view.legal_moves()[0]\n")
    with SealedPlayer(spinner) as player:
        player.load()
        player.choose(Game(seed=1).view())
        stat = Path(f"/proc/{player._process.pid}/stat")
        if stat.exists():
            for _ in range(200):  # the signal takes effect as soon as the kernel schedules it
                if stat.read_text().rsplit(")", 1)[1].split()[0] == "T":
                    break
                time.sleep(0.01)
            assert stat.read_text().rsplit(")", 1)[1].split()[0] == "T"  # stopped
        assert player.choose(Game(seed=2).view())  # and woken for its next move


# -- students' files -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("def helper(view):\n    return view.legal_moves()[0]\n",
         "StrategyLoadError: ValueError: broken.py defines no strategy (it defines helper: "
         "name the one to play strategy)"),
        ("x = 1\n",
         "StrategyLoadError: ValueError: broken.py defines no strategy. A strategy file defines "
         "def strategy(view)"),
        ("class strategy:\n    def __call__(self, view):\n        pass\n",
         "StrategyLoadError: ValueError: In broken.py, strategy is a class; make it a player: "
         "strategy = strategy()."),
        ("strategy = 3\n",
         "StrategyLoadError: ValueError: In broken.py, strategy is 3, not a function of the view."),
        ("def strategy(view)\n    return 1\n",
         "StrategyLoadError: SyntaxError: expected ':' (broken.py, line 1)"),
        ("raise SystemExit('no')\n", "StrategyLoadError: SystemExit: no"),
        ("import time\ntime.sleep(600)\n", "StrategyLoadError: TimeLimit: the strategy took longer than"),
    ],
)  # fmt: skip
def test_a_file_that_defines_no_strategy_says_what_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, error: str
) -> None:
    monkeypatch.setattr("windmill_widget.lab.sealed.LOAD_LIMIT", 1.0)  # the load before the run
    broken = student(tmp_path, "broken", body)
    with pytest.warns(RuntimeWarning, match="Every game of broken failed"):
        c = compare([broken, greedy], deals=3, **SEALED)
    assert c.names == ["broken", "greedy"]
    assert all(r.error.startswith(error) for r in c["broken"].records), c["broken"].records[0].error
    assert not c["greedy"].failures


def test_a_file_can_name_a_player_object(tmp_path: Path) -> None:
    body = "from windmill_widget.strategies import random_strategy\nstrategy = random_strategy(5)\n"
    kit = student(tmp_path, "kit", body)
    c = compare({"kit": kit}, deals=2, **SEALED)
    assert not c["kit"].failures


def test_files_are_only_for_sealed_runs_and_must_exist(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="A strategy 'x' is a callable"):
        compare({"x": str(tmp_path / "x.py")}, deals=1, executor="serial", progress=False)
    with pytest.raises(FileNotFoundError, match="There is no strategy file"):
        compare({"x": str(tmp_path / "missing.py")}, deals=1, **SEALED)
    with pytest.raises(ValueError, match="pass sealed=True"):
        compare([first], deals=1, secret="s", executor="serial", progress=False)
    with pytest.raises(ValueError, match="move_limit is a number of seconds above 0"):
        compare([first], deals=1, move_limit=0, **SEALED)
    with pytest.raises(ValueError, match="secret is a non-empty text"):
        compare([first], deals=1, **{**SEALED, "secret": ""})
    import threading

    lock = threading.Lock()
    with pytest.raises(TypeError, match="A sealed strategy travels to a process of its own, and 'locked'"):
        compare({"locked": lambda view, lock=lock: first(view)}, deals=1, **SEALED)


# -- the player's end on its own -----------------------------------------------------------------
def test_a_long_request_to_a_process_that_stopped_reading_still_meets_the_limit(tmp_path: Path) -> None:
    """A request longer than the pipe's buffer, to a strategy that took its serve loop over and
    reads no more: the write is bound by the move limit too."""
    deaf = student(
        tmp_path,
        "deaf",
        """
        import sys, time
        def strategy(view):
            frame = sys._getframe(1)
            while frame is not None and "requests" not in frame.f_locals:
                frame = frame.f_back
            frame.f_locals["requests"].close()  # no more reading
            return view.legal_moves()[0]
        """,
    )

    class LongView:
        def to_dict(self) -> dict:
            return {"game": "windmill", "padding": "x" * 1_000_000}

    with SealedPlayer(deaf, move_limit=1) as player:
        player.load()
        player.choose(Game(seed=1).view())
        with pytest.raises(SealedError, match=r"TimeLimit|Crash"):
            player.choose(LongView())


def test_starting_the_process_has_its_own_limit_not_the_strategys_load_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Starting Python and the kit takes about a second, however quick the strategy's own load is
    # asked to be; the start has its own limit (sealed.START_LIMIT), and overrunning it says so.
    quick = student(tmp_path, "quick", "def strategy(view):\n    return view.legal_moves()[0]\n")
    with SealedPlayer(quick, load_limit=0.001) as player:
        player._launch()  # well over a millisecond, within the start's own limit
    monkeypatch.setattr("windmill_widget.lab.sealed.START_LIMIT", 0.001)
    with SealedPlayer(quick) as player, pytest.raises(SealedError, match=r"took longer than .* to start"):
        player._launch()


def test_the_sealed_player_reloads_a_fresh_copy_and_restarts_after_a_kill(tmp_path: Path) -> None:
    counter = student(
        tmp_path,
        "counter",
        """
        import time
        seen = []
        def strategy(view):
            seen.append(1)
            if len(seen) == 3:
                time.sleep(60)
            return str(len(seen))
        """,
    )
    view = Game(seed=1).view()
    with SealedPlayer(counter, move_limit=0.5) as player:
        assert player.load() == "strategy"
        assert [player.choose(view), player.choose(view)] == ["1", "2"]
        player.load()  # a fresh copy: its list is empty again
        assert player.choose(view) == "1"
        pid = player._process.pid
        player.choose(view)
        with pytest.raises(SealedError, match=r"TimeLimit: the strategy thought longer than 0\.5 s"):
            player.choose(view)
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # killed, not abandoned
        player.load()
        assert player._process.pid != pid and player.choose(view) == "1"


# -- peeking routes ------------------------------------------------------------------------------
# Each peeker raises "PEEKED <the stock's first cards>" if it found the stock, else "no stock": the
# same file is run in process (where the route works, so the test can fail) and sealed.
PEEK_HELPERS = """
import gc, sys
from windmill_widget.core.game import PatienceGame

def stock_of(obj):
    for o in (obj, getattr(obj, "_game", None)):
        if isinstance(o, PatienceGame):
            o = o._pos
        if hasattr(type(o), "STOCK") and isinstance(getattr(o, "piles", None), list):
            stock = o.piles[o.STOCK]
            if stock and None not in stock:
                return list(stock)
    return None

def same_deal(obj, view):
    pos = obj._pos if isinstance(obj, PatienceGame) else obj
    seen = view.to_dict()["piles"]
    return all(list(p) == seen[i] for i, p in enumerate(pos.piles) if i != pos.STOCK)

def found(stock):
    raise RuntimeError("PEEKED " + " ".join(map(str, stock[:10])) if stock else "no stock")
"""

PEEKERS = {
    "frames": PEEK_HELPERS
    + """
def strategy(view):
    frame = sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()):
            stock = stock_of(value)
            if stock:
                found(stock)
        frame = frame.f_back
    found(None)
""",
    "gc": PEEK_HELPERS
    + """
def strategy(view):
    for obj in gc.get_objects():
        stock = stock_of(obj)
        if stock and len(stock) == view.stock_count and same_deal(obj, view):
            found(stock)
    found(None)
""",
    "deal numbers": PEEK_HELPERS
    + """
from windmill_widget import find_game
def strategy(view):
    game = find_game(view.game)
    seen = view.to_dict()["piles"]
    for seed in range(5000):
        if game(seed=seed, rules=view.rules).view().to_dict()["piles"] == seen:
            found(stock_of(game(seed=seed, rules=view.rules)))
    found(None)
""",
}


def peeker(tmp_path: Path, route: str) -> str:
    return student(tmp_path, f"peek_{route.replace(' ', '_')}", PEEKERS[route])


def in_process(path: str):
    import runpy

    return runpy.run_path(path)["strategy"]


def stock_of(game) -> str:
    return "PEEKED " + " ".join(map(str, game._pos.piles[game._pos.STOCK][:10]))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("route", PEEKERS)
def test_a_peeking_route_works_in_process_and_not_sealed(tmp_path: Path, route: str, game: str) -> None:
    from windmill_widget import find_game
    from windmill_widget.lab import play_game

    path = peeker(tmp_path, route)
    seed = 4321  # a small deal number, as an ordinary tournament uses
    here = play_game(in_process(path), seed, game=game)
    assert here.error.startswith("RuntimeError: " + stock_of(find_game(game)(seed=seed))), here.error
    sealed = compare({"peeker": path}, deals=1, game=game, move_limit=120, **SEALED)["peeker"].records[0]
    assert sealed.error.startswith("RuntimeError: no stock"), sealed.error


def test_the_widget_self_is_reachable_in_process_but_not_sealed(tmp_path: Path) -> None:
    """The board's step() calls the strategy with the widget on the stack (``self``): in process a
    strategy finds the game there; sealed it finds nothing."""
    from windmill_widget import WindmillWidget

    path = peeker(tmp_path, "frames")
    board = WindmillWidget(seed=42)
    with pytest.raises(RuntimeError, match="^" + stock_of(board.game)):
        board.step(in_process(path))
    sealed = compare({"peeker": path}, deals=1, **SEALED)["peeker"].records[0]
    assert sealed.error.startswith("RuntimeError: no stock")


def test_mutating_the_shared_deal_move_breaks_later_games_in_process_but_not_sealed(tmp_path: Path) -> None:
    from windmill_widget import Move

    mutator = student(
        tmp_path,
        "mutator",
        """
        from windmill_widget import Move, QuiltMove
        def strategy(view):
            for move, other in ((Move('deal'), Move('n1>c')), (QuiltMove('turn'), QuiltMove('a1>S+'))):
                object.__setattr__(move, 'code', other.code)
            return view.legal_moves()[0]
        """,
    )
    deal, code = Move("deal"), Move("deal").code
    deals = list(range(4))
    clean = play_many(greedy, deals, executor="serial", progress=False)
    try:
        broken = compare({"mutator": in_process(mutator), "greedy": greedy}, deals=deals, executor="serial",
                         progress=False)  # fmt: skip
        assert Move("deal").code != code  # the route works: every later game of this process is wrong
        assert broken["greedy"].records != clean.records
    finally:
        object.__setattr__(deal, "code", code)
        from windmill_widget import QuiltMove

        turn = QuiltMove("turn")
        object.__setattr__(turn, "code", QuiltMove.notation.action_codes["turn"])
    sealed = compare({"mutator": mutator, "greedy": greedy}, deals=4, **SEALED)
    assert Move("deal").code == code and not sealed["mutator"].failures
    fair = play_many(greedy, sealed.deals, executor="serial", progress=False)
    assert sealed["greedy"].records == fair.records


# -- what the operating system enforces ----------------------------------------------------------
needs_landlock = pytest.mark.skipif(landlock_abi() < 6, reason="needs Landlock ABI 6 (Linux 6.12)")


@needs_landlock
def test_a_sealed_strategy_cannot_reach_files_the_kernel_or_other_processes(tmp_path: Path) -> None:
    """What a process of the same user could otherwise do: read the notebook that shows the secret,
    write a file, connect to the Jupyter kernel, read the organiser's memory, signal it."""
    notebook = tmp_path / "notebook.ipynb"
    notebook.write_text("the secret is test class")
    import socket

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    burglar = student(
        tmp_path,
        "burglar",
        f"""
        import os, socket, signal
        def attempt(what, do):
            try:
                do()
                return what
            except Exception:
                return None
        def strategy(view):
            parent = os.getppid()
            done = [
                attempt("read", lambda: open({str(notebook)!r}).read()),
                attempt("write", lambda: open({str(tmp_path / "out.txt")!r}, "w").write("x")),
                attempt("connect", lambda: socket.create_connection(("127.0.0.1", {port}), timeout=2)),
                attempt("memory", lambda: open(f"/proc/{{parent}}/mem", "rb").read(1)),
                attempt("environ", lambda: open(f"/proc/{{parent}}/environ", "rb").read()),
                attempt("signal", lambda: os.kill(parent, 0)),
            ]
            raise RuntimeError("got " + ",".join(d for d in done if d))
        """,
    )
    c = compare({"burglar": burglar}, deals=1, **SEALED)
    server.close()
    error = c["burglar"].records[0].error
    assert error.split(" (in strategy")[0] == "RuntimeError: got ", error  # none of them worked
    assert not (tmp_path / "out.txt").exists()
    assert c.confinement.files and c.confinement.network and c.confinement.signals
    assert c.confinement.memory > 0


@needs_landlock
def test_a_sealed_strategy_may_still_import_packages_and_the_kit(tmp_path: Path) -> None:
    reader = student(
        tmp_path,
        "reader",
        """
        import json, fractions
        from windmill_widget.strategies import greedy
        from windmill_widget.solver import solve
        def strategy(view):
            return greedy(view)
        """,
    )
    assert not compare({"reader": reader}, deals=2, **SEALED)["reader"].failures


def test_a_memory_hog_fails_its_game_not_the_machine(tmp_path: Path) -> None:
    body = "def strategy(view):\n    block = bytearray(8 * 2**30)\n    return view.legal_moves()[0]\n"
    hog = student(tmp_path, "hog", body)
    r = compare({"hog": hog}, deals=1, **SEALED)["hog"].records[0]
    assert r.error.startswith("MemoryError"), r.error


@pytest.mark.parametrize("game", [Game, QuiltGame])
def test_the_view_json_holds_no_stock_order_and_no_deal_number(game) -> None:
    g = game(seed=123456789)
    data = g.view().to_dict()
    text = repr(data)
    assert "123456789" not in text and "seed" not in text
    assert data["piles"][g._pos.STOCK] == len(g._pos.piles[g._pos.STOCK])


def test_a_student_using_the_shared_random_generator_gets_the_same_games_however_chunked(
    tmp_path: Path,
) -> None:
    body = "import random\ndef strategy(view):\n    return random.choice(view.legal_moves())\n"
    dice = student(tmp_path, "dice", body)
    together = compare({"dice": dice}, deals=4, chunksize=4, **SEALED)["dice"]
    apart = compare({"dice": dice}, deals=4, chunksize=1, **SEALED)["dice"]
    assert together.records == apart.records and not together.failures


def test_a_small_sealed_run_starts_one_process_a_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its start (Python, bubblewrap, the sealed player) costs more than a game: one process serves all
    # of a player's deals when there are fewer than a chunk's worth (a fresh copy of it for each deal),
    # besides the one that loads it before the run. A run sharing its last deals out one by one
    # started a process for each.
    launched: list[str | None] = []
    launch = SealedPlayer._launch

    def counting(self: SealedPlayer) -> None:
        launched.append(self._file)
        launch(self)

    monkeypatch.setattr(SealedPlayer, "_launch", counting)
    dice = student(
        tmp_path, "dice", "import random\ndef strategy(view):\n    return random.choice(view.legal_moves())\n"
    )
    c = compare({"dice": dice, "greedy": greedy}, deals=5, **SEALED)
    assert c.n == 5 and not c["dice"].failures and not c["greedy"].failures
    assert sorted(launched, key=str) == [dice, dice, None, None]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a process to confine")
def test_a_confined_process_of_a_user_other_than_root_can_start_no_process() -> None:
    """``RLIMIT_NPROC`` at 0: a fork fails (root is exempt, which the confinement report says)."""
    from windmill_widget.lab.confine import confine

    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports by its exit code
        code = 1
        try:
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)  # nobody
            report = confine(memory=2**30)
            try:
                child = os.fork()
            except OSError:
                code = 0 if report.processes and report.memory == 2**30 else 2
            else:
                if child == 0:
                    os._exit(3)
                code = 4
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0


def test_a_system_that_confines_only_in_part_is_warned_about(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a layer is missing (here: no bubblewrap, no seccomp, an old Landlock without signal
    scoping), the run goes on, and a warning names the layers and what nothing stops (the report comes
    from the process, before the strategy runs)."""
    from windmill_widget.lab import tournament
    from windmill_widget.lab.confine import Confinement

    class OldKernel(SealedPlayer):
        def load(self) -> str:
            name = super().load()
            self.confinement = Confinement(landlock=3, files=True, memory=2**31)
            return name

    monkeypatch.setattr(tournament, "SealedPlayer", OldKernel)
    with pytest.warns(RuntimeWarning) as caught:
        c = compare([first], deals=1, **SEALED)
    message = str(caught[0].message)
    assert message.startswith(
        "This system seals the strategies' processes only in part (Landlock ABI 3, no seccomp filter, "
        "no namespaces): nothing stops them from changing files' modes, owners, times and extended "
        "attributes; opening sockets (TCP, MPTCP, UDP, unix, netlink); signalling or tracing other "
        "processes; changing other processes' resource limits and priorities; System V and POSIX IPC "
        "shared with other processes; leaving processes running after the tournament."
    ), message
    assert "files" not in c.confinement.missing() and not c["first"].failures


def _user_namespaces_allowed() -> bool:
    import ctypes

    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports by its exit code
        os._exit(0 if ctypes.CDLL(None).unshare(0x10000000) == 0 else 1)  # CLONE_NEWUSER
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux namespaces")
def test_without_bubblewrap_a_sealed_process_makes_its_own_namespaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where bubblewrap is missing (a pip install), the process still moves into new user, mount,
    network, IPC and UTS namespaces with every mount read-only, if the system allows it; the PID
    namespace is bubblewrap's alone."""
    if not _user_namespaces_allowed():
        pytest.skip("this system refuses unprivileged user namespaces")
    monkeypatch.setattr("windmill_widget.lab.confine.BWRAP", None)
    c = compare([first], deals=1, **SEALED)
    assert c.confinement.namespaces == "ipc mnt net user uts" and c.confinement.readonly, c.confinement
    assert not c["first"].failures


@needs_landlock
def test_compiled_code_runs_in_a_confined_process_that_may_write_no_cache() -> None:
    # A sealed strategy may call the kit's compiled loops (the sampling player does); where a loop
    # has to be compiled there (here, for a new argument type), numba cannot write its cache on
    # disk, and that must cost only the cache, not the call.
    code = (
        "import numpy as np\n"
        "from windmill_widget.games.windmill import search_kernel as sk\n"
        "from windmill_widget.lab.confine import confine\n"
        "assert confine().files\n"
        "T, TH, TC = sk.trie_new(np.int32(8))\n"
        "print(len(T))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.strip() == "32"


@pytest.mark.parametrize("after", [b"", b'{"id": 0, "ready": "x"}\n'])
def test_a_junk_answer_is_named_as_junk_however_the_pipe_splits_what_follows(after: bytes) -> None:
    """Junk nested 4000 deep, alone or read in one piece with the line after it: the record says the
    answer could not be read (before, the second case said only 'out of turn', so the message
    depended on how the pipe happened to split the two)."""
    player = SealedPlayer(b"def strategy(view):\n    return None\n")
    read, write = os.pipe()
    try:
        os.write(write, b"[" * 4000 + b"\n" + after)
        player._answers = read
        with pytest.raises(SealedError) as err:
            player._reply(player._read_line(time.monotonic() + 5, "too slow"))
    finally:
        for fd in (read, write):  # a failure closes the player's end (read) itself
            with contextlib.suppress(OSError):
                os.close(fd)
        player._answers = -1
    assert err.value.kind == "Junk" and "nested too deep to read" in err.value.message
