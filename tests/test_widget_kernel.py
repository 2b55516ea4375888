"""Autoplay and the lab's runners in a real kernel, with strategies a careless or hostile tinkerer
writes: one that raises SystemExit or KeyboardInterrupt, calls sys.exit(), thinks for ever, takes the
alarm signal over, or answers junk. The kernel must stay alive (the next cell runs, every variable is
kept), the board must say what happened, Stop must work while a strategy thinks, and the kernel's own
interrupt must stop a tournament and keep the games it finished. Every case on a board of each game."""

from __future__ import annotations

import json
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from jupyter_client.manager import start_new_kernel

TIMEOUT = 60
#: Each case on a board of each game (the Crazy Quilt cases use strategies written here).
BOARDS = {"windmill": "WindmillWidget(seed=42)", "crazy-quilt": "QuiltWidget(seed=7)"}


@pytest.fixture(scope="module")
def kernel() -> Iterator[object]:
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        run(
            client,
            "import asyncio, json, signal, sys, threading, warnings\n"
            "from windmill_widget import WindmillWidget, QuiltWidget\n"
            "from windmill_widget.lab import compare, play_many",
        )
        client.manager = manager  # type: ignore[attr-defined]  # to interrupt the kernel
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(client: object, code: str) -> str:
    """Run a cell; return what it printed. Fails on an error in the cell."""
    out: list[str] = []
    errors: list[str] = []

    def hook(msg: dict) -> None:
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream":
            out.append(content["text"])
        elif kind == "error":
            errors.append(f"{content['ename']}: {content['evalue']}")

    reply = client.execute_interactive(textwrap.dedent(code), timeout=TIMEOUT, output_hook=hook)
    assert reply["content"]["status"] == "ok" and not errors, errors
    return "".join(out)


def value(client: object, expr: str) -> object:
    return json.loads(run(client, f"print(json.dumps({expr}))"))


def finish(client: object, task: str = "task") -> str:
    """Await the autoplay task from a cell (the kernel's loop runs it), and return its result."""
    return value(client, f"str(await asyncio.wait_for({task}, {TIMEOUT}))")  # type: ignore[return-value]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize(
    "raises",
    [
        "raise SystemExit(3)",
        "sys.exit()",
        "raise KeyboardInterrupt",
        "raise GeneratorExit",
        "raise BaseException('odd')",
    ],
)
def test_a_strategy_that_raises_anything_stops_autoplay_not_the_kernel(
    kernel: object, raises: str, board: str
) -> None:
    run(
        kernel,
        f"""
        kept = "still here"
        def rogue(view, moves=[]):
            moves.append(1)
            if len(moves) > 3:
                {raises}
            return view.legal_moves()[-1]
        w = {BOARDS[board]}
        task = w.autoplay(rogue, delay=0)
        """,
    )
    assert finish(kernel) == "error"
    assert value(kernel, "kept") == "still here"  # the kernel lived: nothing was lost
    assert value(kernel, "len(w.game.history)") == 3
    message = value(kernel, "w.state['message']")
    assert message["kind"] == "error" and message["text"].startswith("Autoplay stopped: rogue raised ")  # type: ignore[index]
    assert value(kernel, "w.state['autoplay']") is False  # the board no longer says it is playing


@pytest.mark.parametrize("board", BOARDS)
def test_stop_works_while_a_slow_strategy_thinks(kernel: object, board: str) -> None:
    run(
        kernel,
        f"""
        thinking, answer = threading.Event(), threading.Event()
        def slow(view):
            thinking.set()
            answer.wait(30)  # a long think
            return view.legal_moves()[0]
        w = {BOARDS[board]}
        task = w.autoplay(slow, delay=0)
        """,
    )
    # While the strategy thinks, other cells run and the board's Stop is heard.
    assert value(kernel, "thinking.wait(10)") is True
    assert value(kernel, "1 + 1") == 2
    run(kernel, "w.handle_intent({'type': 'stop'})")
    assert finish(kernel) == "stopped"
    assert value(kernel, "[w.state['autoplay'], len(w.game.history)]") == [False, 0]
    run(kernel, "answer.set()")  # its late answer changes nothing
    assert value(kernel, "len(w.game.history)") == 0


@pytest.mark.parametrize("board", BOARDS)
def test_a_strategy_that_never_answers_runs_into_the_move_limit(kernel: object, board: str) -> None:
    run(
        kernel,
        f"""
        never = threading.Event()
        def stuck(view):
            never.wait()
        w = {BOARDS[board]}
        task = w.autoplay(stuck, delay=0, move_limit=0.5)
        """,
    )
    assert finish(kernel) == "time_limit"
    assert "took longer than 0.5 s" in value(kernel, "w.state['message']['text']")  # type: ignore[operator]
    assert value(kernel, "1 + 1") == 2
    run(kernel, "never.set()")


@pytest.mark.parametrize("board", BOARDS)
def test_a_junk_answer_comes_back_as_a_short_message(kernel: object, board: str) -> None:
    run(kernel, f"w = {BOARDS[board]}\ntask = w.autoplay(lambda view: 'x' * 1_000_000, delay=0)")
    assert finish(kernel) == "error"
    text = value(kernel, "w.state['message']['text']")
    assert isinstance(text, str) and len(text) < 300 and "not a move" in text


# -- the lab's runners in a kernel -----------------------------------------------------------------
@pytest.mark.parametrize("game", BOARDS)
@pytest.mark.parametrize("raises", ["raise SystemExit(3)", "sys.exit()", "raise KeyboardInterrupt"])
def test_a_strategy_that_exits_loses_its_game_in_a_tournament_not_the_kernel(
    kernel: object, raises: str, game: str
) -> None:
    run(
        kernel,
        f"""
        kept = "still here"
        def quitter(view):
            if len(view.history) == 2:
                {raises}
            return view.legal_moves()[0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = compare({{"quitter": quitter, "first": lambda view: view.legal_moves()[0]}}, deals=3,
                          game={game!r}, executor="serial", progress=False)
        """,
    )
    assert value(kernel, "[len(out['quitter'].failures), len(out['first'].failures), out.n]") == [3, 0, 3]
    assert value(kernel, "kept") == "still here"


@pytest.mark.parametrize("game", BOARDS)
def test_the_time_limit_binds_off_the_main_thread_in_a_kernel(kernel: object, game: str) -> None:
    """In a thread pool no alarm can interrupt a strategy: the game stops waiting for it instead."""
    run(
        kernel,
        f"""
        import time
        from concurrent.futures import ThreadPoolExecutor
        def waits(view):
            if view.history:
                time.sleep(30)  # far past the limit (and no alarm can reach a thread)
            return view.legal_moves()[0]
        with ThreadPoolExecutor(1) as pool, warnings.catch_warnings():
            warnings.simplefilter("ignore")
            started = time.monotonic()
            off_main = play_many(waits, deals=[1], game={game!r}, executor=pool, time_limit=1, progress=False)
            waited = time.monotonic() - started
        """,
    )
    assert value(kernel, "off_main.records[0].error") == "TimeLimit: the strategy ran past 1 s, at move 1"
    assert value(kernel, "waited < 25") is True  # it did not wait for the sleeper


@pytest.mark.parametrize("game", BOARDS)
def test_the_time_limit_binds_a_strategy_that_swallows_the_alarm(kernel: object, game: str) -> None:
    """On the kernel's main thread the limit is an alarm: a strategy that takes SIGALRM over is
    noticed after that move, and its next moves run in a thread the game stops waiting for."""
    run(
        kernel,
        f"""
        before = signal.getsignal(signal.SIGALRM)
        release, calls = threading.Event(), []
        def sneaky(view):
            calls.append(1)
            if len(calls) == 1:
                signal.signal(signal.SIGALRM, lambda *args: None)  # the alarm rings in vain
            elif len(calls) > 3:
                release.wait()
            return view.legal_moves()[0]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            swallowed = play_many(sneaky, deals=[1], game={game!r}, executor="serial", time_limit=1,
                                  progress=False)
        release.set()
        """,
    )
    assert value(kernel, "swallowed.records[0].error") == "TimeLimit: the strategy ran past 1 s, at move 3"
    assert value(kernel, "signal.getsignal(signal.SIGALRM) == before") is True  # put back


def interrupt_when(kernel: object, code: str, ready: Callable[[], bool]) -> dict:
    """Run ``code`` in the kernel, send the kernel's interrupt (as the notebook's stop button does) once
    ``ready()``, and return the cell's reply."""
    msg_id = kernel.execute(textwrap.dedent(code))  # type: ignore[attr-defined]
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        assert time.monotonic() < deadline, "the run never got there"
        if kernel.shell_channel.msg_ready():  # type: ignore[attr-defined]
            reply = kernel.get_shell_msg(timeout=1)  # type: ignore[attr-defined]
            assert reply["parent_header"].get("msg_id") != msg_id, f"the cell ended first: {reply['content']}"
        time.sleep(0.05)
    kernel.manager.interrupt_kernel()  # type: ignore[attr-defined]
    while True:
        reply = kernel.get_shell_msg(timeout=TIMEOUT)  # type: ignore[attr-defined]
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply


def logged(log: Path, lines: int) -> Callable[[], bool]:
    """Ready once ``log`` has ``lines`` lines (and a moment more: a finished game's record reaches the
    organiser)."""

    def ready() -> bool:
        if log.exists() and len(log.read_text().splitlines()) >= lines:
            time.sleep(0.5)
            return True
        return False

    return ready


SLOW_AFTER = """
import pathlib, time
LOG = pathlib.Path({log!r})
def patient(view):
    if not view.history:
        with LOG.open("a") as f:
            f.write("a game began\\n")
    if len(LOG.read_text().splitlines()) >= {lines}:
        time.sleep(0.1)  # from then on every game drags on, until the interrupt
    return view.legal_moves()[0]
"""


@pytest.mark.parametrize("game", BOARDS)
def test_a_kernel_interrupt_stops_a_serial_run_and_keeps_its_finished_games(
    kernel: object, tmp_path: Path, game: str
) -> None:
    log = tmp_path / "log"
    code = (
        SLOW_AFTER.format(log=str(log), lines=3)
        + f"""
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    stopped = play_many(patient, deals=range(6), game={game!r}, executor="serial", progress=False)
"""
    )
    reply = interrupt_when(kernel, code, logged(log, 3))
    assert reply["content"]["status"] == "ok"  # the run returned: the interrupt did not escape
    assert value(kernel, "[stopped.n, stopped.planned, stopped.interrupted]") == [2, 6, True]
    assert value(kernel, "[str(w.message) for w in caught]") == [
        "Interrupted: 2 of 6 deals were played by every entrant; these results are for them."
    ]
    assert value(kernel, "1 + 1") == 2


def test_a_kernel_interrupt_stops_a_pool_run_and_keeps_what_every_player_finished(
    kernel: object, tmp_path: Path
) -> None:
    log = tmp_path / "log"
    code = (
        SLOW_AFTER.format(log=str(log), lines=4)
        + """
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    pooled = compare({"patient": patient, "first": lambda view: view.legal_moves()[0]}, deals=range(12),
                     workers=2, chunksize=1, progress=False)
"""
    )
    reply = interrupt_when(kernel, code, logged(log, 4))
    assert reply["content"]["status"] == "ok"
    n, planned, interrupted, same = value(
        kernel, "[pooled.n, pooled.planned, pooled.interrupted, pooled['first'].n == pooled['patient'].n]"
    )  # type: ignore[misc]
    assert 1 <= n < planned == 12 and interrupted and same
    assert value(kernel, "1 + 1") == 2


def sealed_children(pid: int) -> list[int]:
    """The sealed strategy processes the kernel ``pid`` started that are still there."""
    found = []
    for p in Path("/proc").iterdir():
        try:
            parent = (p / "stat").read_text().rsplit(")", 1)[1].split()[1]
            if parent == str(pid) and b"sealed_player" in (p / "cmdline").read_bytes():
                found.append(int(p.name))
        except (OSError, IndexError):
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table in /proc")
def test_a_kernel_interrupt_stops_a_sealed_run_and_leaves_no_process_behind(
    kernel: object, tmp_path: Path
) -> None:
    """A sealed strategy cannot tell the test how far it got (it may write no file): every game is
    slow, and the interrupt comes once a strategy's process has been playing for a while."""
    student = tmp_path / "student.py"
    student.write_text(
        "import time\ndef strategy(view):\n    time.sleep(0.2)\n    return view.legal_moves()[0]\n"
    )
    pid = value(kernel, "__import__('os').getpid()")
    seen: dict[int, float] = {}

    def playing() -> bool:  # a chunk's process: one that followed the load before the run (which may
        # take seconds on a busy machine, bubblewrap's start included), and has been playing a second
        now = time.monotonic()
        children = sealed_children(pid)  # type: ignore[arg-type]
        ended = any(child not in children for child in seen)
        return any(
            (ended and now - seen.setdefault(child, now) > 1) or now - seen.setdefault(child, now) > 20
            for child in children
        )

    code = f"""
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    sealed = compare({{"student": {str(student)!r}}}, deals=6, sealed=True, secret="s", executor="serial",
                     progress=False)
"""
    reply = interrupt_when(kernel, code, playing)
    assert reply["content"]["status"] == "ok"
    assert value(kernel, "[sealed.n, sealed.planned, sealed.interrupted]") == [0, 6, True]
    assert not sealed_children(pid)  # type: ignore[arg-type]  # killed with the run, not left thinking
