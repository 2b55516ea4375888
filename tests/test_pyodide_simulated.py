"""The kit where no thread or process can start, as under Pyodide (JupyterLite), simulated in this
Python: :mod:`windmill_widget.runtime` is told it runs under Pyodide, and starting a thread or a
process raises, as it does there. Autoplay, step and hint then run on the event loop; play_many and
compare run serially, with their progress bar; a sealed tournament is refused in one line; and no
module fails at import where Pyodide lacks what it would import."""

from __future__ import annotations

import asyncio
import multiprocessing.process
import subprocess
import sys
import textwrap
import threading
import time
import warnings
from typing import Any

import pytest

from windmill_widget import runtime
from windmill_widget.lab import compare, play_many
from windmill_widget.strategies import default_strategy, greedy, random_strategy
from windmill_widget.widget import QuiltWidget, WindmillWidget


def _no_thread(self: Any, *args: Any, **kwargs: Any) -> None:
    raise RuntimeError("can't start new thread")


def _no_process(self: Any, *args: Any, **kwargs: Any) -> None:
    raise OSError("no processes here")


@pytest.fixture
def pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    from tqdm import std

    monkeypatch.setattr(runtime, "IS_PYODIDE", True)
    monkeypatch.setattr(threading.Thread, "start", _no_thread)
    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", _no_process)
    monkeypatch.setattr(subprocess.Popen, "__init__", _no_process)
    # a progress bar starts tqdm's monitor thread unless one runs already: make it try
    monkeypatch.setattr(std.tqdm, "monitor", None)
    monkeypatch.setattr(std.tqdm, "monitor_interval", std.tqdm.monitor_interval)
    assert not runtime.can_start_threads() and not runtime.can_start_processes()


def test_hint_step_and_autoplay_run_on_the_loop(pyodide: None) -> None:
    w = WindmillWidget(seed=42)
    assert w.hint() is not None and w.step() is not None
    assert asyncio.run(w.run_autoplay(greedy, delay=0, max_moves=5)) == "max_moves"
    assert len(w.game.history) == 6 == w.state["moves"] and not w.state["autoplay"]
    q = QuiltWidget(seed=7)
    assert asyncio.run(q.run_autoplay(delay=0, max_moves=3)) == "max_moves"
    assert len(q.game.history) == 3


def test_autoplay_on_the_loop_hears_stop_between_moves(pyodide: None) -> None:
    w = WindmillWidget(seed=42)

    async def main() -> tuple[Any, int]:
        task = w.autoplay(random_strategy(3), delay=0)
        turns = 0
        while len(w.game.history) < 4 and not task.done() and turns < 10_000:
            turns += 1
            await asyncio.sleep(0)
        w.handle_intent({"type": "stop"})
        return await task, turns

    result, turns = asyncio.run(main())
    assert result == "stopped" and turns > 4, "the loop turned between moves"
    assert w.state["moves"] == len(w.game.history) >= 4 and not w.state["autoplay"]


def test_autoplay_on_the_loop_reports_a_raise_and_an_overrun(pyodide: None) -> None:
    w = WindmillWidget(seed=42)
    assert asyncio.run(w.run_autoplay(lambda view: exit(3), delay=0)) == "error"
    assert "SystemExit" in w.state["message"]["text"]

    def slow(view: Any) -> Any:
        time.sleep(0.05)
        return default_strategy(view)

    assert asyncio.run(w.run_autoplay(slow, delay=0, move_limit=0.01)) == "time_limit"
    assert w.game.history == () and w.state["version"] == 0, "the late answer was not played"
    assert "took longer than 0.01 s" in w.state["message"]["text"]


def test_play_many_and_compare_run_serially_with_their_progress_bar(
    pyodide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # tqdm's "cannot start its monitor" among others
        r = play_many(greedy, deals=5, workers=2)
        c = compare({"greedy": greedy, "random": random_strategy(1)}, deals=3)
    assert r.n == 5 and not r.failures
    assert c.n == 3 and c.names == ["greedy", "random"]
    bars = capsys.readouterr().err
    assert "5/5" in bars and "6/6" in bars


def test_a_sealed_tournament_is_refused_in_one_line(pyodide: None) -> None:
    with pytest.raises(NotImplementedError) as err:
        compare({"greedy": greedy}, deals=3, sealed=True)
    text = str(err.value)
    assert "\n" not in text and "Pyodide" in text and "cannot start processes" in text


def test_nothing_fails_at_import_without_what_pyodide_lacks() -> None:
    # What Pyodide's Python lacks (measured in Pyodide 0.27: resource, fcntl, termios,
    # _multiprocessing; numba has no build): every module of the kit still imports, and a game plays.
    script = textwrap.dedent(
        """
        import importlib, pkgutil, sys, sysconfig
        sysconfig.get_config_vars()  # read with the real platform's name (Pyodide has its own)
        sys.platform = "emscripten"
        for name in ("resource", "fcntl", "termios", "_multiprocessing", "numba"):
            sys.modules[name] = None  # `import name` raises ImportError, as there
        import windmill_widget
        from windmill_widget import runtime
        assert runtime.IS_PYODIDE and not runtime.can_start_threads()
        for m in pkgutil.walk_packages(windmill_widget.__path__, "windmill_widget."):
            if m.name.startswith("windmill_widget.rl"):  # Gymnasium imports multiprocessing at once
                try:
                    importlib.import_module(m.name)
                except ImportError as err:
                    assert "windmill_widget[rl]" in str(err) and "Pyodide" in str(err), err
                continue
            importlib.import_module(m.name)
        from windmill_widget.lab import play_many
        from windmill_widget.strategies import greedy
        print(play_many(greedy, deals=3, workers=2, progress=False).n)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["3"]


def test_a_strategy_that_takes_the_alarm_over_plays_on_in_this_thread(pyodide: None) -> None:
    # Where threads run, its next moves go to a helper thread; here none can start.
    import signal

    def grabby(view: Any) -> Any:
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        return greedy(view)

    r = play_many(grabby, deals=2, executor="serial", progress=False)
    assert r.n == 2 and not r.failures, r.failures
