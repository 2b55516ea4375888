"""Autoplay in a real kernel, with strategies a careless or hostile tinkerer writes: one that raises
SystemExit or KeyboardInterrupt, calls sys.exit(), thinks for ever, or answers junk. The kernel must stay
alive (the next cell runs, every variable is kept), the board must say what happened, and Stop must work
while a strategy thinks."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterator

import pytest
from jupyter_client.manager import start_new_kernel

TIMEOUT = 60


@pytest.fixture(scope="module")
def kernel() -> Iterator[object]:
    manager, client = start_new_kernel(kernel_name="python3")
    try:
        run(
            client,
            "import asyncio, json, sys, threading\nfrom windmill_widget import WindmillWidget, QuiltWidget",
        )
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
def test_a_strategy_that_raises_anything_stops_autoplay_not_the_kernel(kernel: object, raises: str) -> None:
    run(
        kernel,
        f"""
        kept = "still here"
        def rogue(view, moves=[]):
            moves.append(1)
            if len(moves) > 3:
                {raises}
            return view.legal_moves()[-1]
        w = WindmillWidget(seed=42)
        task = w.autoplay(rogue, delay=0)
        """,
    )
    assert finish(kernel) == "error"
    assert value(kernel, "kept") == "still here"  # the kernel lived: nothing was lost
    assert value(kernel, "len(w.game.history)") == 3
    message = value(kernel, "w.state['message']")
    assert message["kind"] == "error" and message["text"].startswith("Autoplay stopped: rogue raised ")  # type: ignore[index]
    assert value(kernel, "w.state['autoplay']") is False  # the board no longer says it is playing


def test_stop_works_while_a_slow_strategy_thinks(kernel: object) -> None:
    run(
        kernel,
        """
        thinking, answer = threading.Event(), threading.Event()
        def slow(view):
            thinking.set()
            answer.wait(30)  # a long think
            return view.legal_moves()[0]
        w = WindmillWidget(seed=42)
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


def test_a_strategy_that_never_answers_runs_into_the_move_limit(kernel: object) -> None:
    run(
        kernel,
        """
        never = threading.Event()
        def stuck(view):
            never.wait()
        w = WindmillWidget(seed=42)
        task = w.autoplay(stuck, delay=0, move_limit=0.5)
        """,
    )
    assert finish(kernel) == "time_limit"
    assert "took longer than 0.5 s" in value(kernel, "w.state['message']['text']")  # type: ignore[operator]
    assert value(kernel, "1 + 1") == 2
    run(kernel, "never.set()")


def test_a_junk_answer_comes_back_as_a_short_message(kernel: object) -> None:
    run(kernel, "w = QuiltWidget(seed=7)\ntask = w.autoplay(lambda view: 'x' * 1_000_000, delay=0)")
    assert finish(kernel) == "error"
    text = value(kernel, "w.state['message']['text']")
    assert isinstance(text, str) and len(text) < 300 and "not a move" in text
