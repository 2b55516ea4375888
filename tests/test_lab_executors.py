"""Where a tournament's games run when no executor is given (issue 39, item 11): a process pool,
except where its workers could not start, where the games run in this process instead."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import types

import pytest

from windmill_widget import runtime
from windmill_widget.lab.executors import SerialExecutor, resolve_executor


@pytest.fixture
def stdin_main(monkeypatch: pytest.MonkeyPatch) -> None:
    """``__main__`` as it is for ``python - < script.py``: a file name that is no file."""
    monkeypatch.setitem(sys.modules, "__main__", types.ModuleType("__main__"))
    monkeypatch.setattr(sys.modules["__main__"], "__file__", "<stdin>", raising=False)


def test_a_script_from_standard_input_plays_in_this_process_with_a_warning(stdin_main: None) -> None:
    assert "<stdin>" in (runtime.spawned_main_problem() or "")
    with pytest.warns(RuntimeWarning, match=r"one at a time.*python script\.py"):
        executor, workers, own = resolve_executor(None, 4)
    assert isinstance(executor, SerialExecutor) and (workers, own) == (1, True)
    assert isinstance(resolve_executor("serial", None)[0], SerialExecutor)  # asked for: no warning


@pytest.mark.parametrize(
    ("file", "spec"), [(__file__, None), (None, None), ("<stdin>", types.SimpleNamespace(name="tool"))]
)
def test_a_main_module_a_worker_can_run_again_is_no_problem(
    monkeypatch: pytest.MonkeyPatch, file: str | None, spec: object
) -> None:
    main = types.ModuleType("__main__")
    if file is not None:
        main.__file__ = file
    main.__spec__ = spec  # type: ignore[assignment]
    monkeypatch.setitem(sys.modules, "__main__", main)
    assert runtime.spawned_main_problem() is None


def test_play_many_from_a_script_on_standard_input(tmp_path) -> None:
    # It ended in BrokenProcessPool: each worker died running "<stdin>" again as the main script.
    script = textwrap.dedent(
        """
        from windmill_widget.lab import compare, play_many

        def first(view):
            return view.legal_moves()[0]

        r = play_many(first, deals=range(6), workers=2, progress=False)
        c = compare([first, lambda view: view.legal_moves()[-1]], deals=3, workers=2, progress=False)
        print(r.n, len(r.failures), c.n)
        """
    )
    done = subprocess.run(
        [sys.executable, "-"], input=script, capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr[-1500:]
    assert done.stdout.split() == ["6", "0", "3"]
    assert done.stderr.count("RuntimeWarning: The games run in this process, one at a time") == 2
    assert "<stdin>:8: RuntimeWarning" in done.stderr, "the warning points at the script's line"


def test_a_script_without_its_main_guard_is_told_to_add_one(tmp_path) -> None:
    # Each worker runs the script again, starts a run of its own there and dies: the pool broke with
    # only Python's own bootstrapping error in the workers' output.
    script = tmp_path / "contest.py"
    script.write_text(
        textwrap.dedent(
            """
            from windmill_widget.lab import play_many

            def first(view):
                return view.legal_moves()[0]

            play_many(first, deals=range(4), workers=2, progress=False)
            """
        )
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    # The traceback's last line is the error; the resource tracker may print its warning about the
    # dead workers' semaphores after it (it runs in a process of its own), so those lines are skipped.
    lines = [
        line
        for line in done.stderr.strip().splitlines()
        if "resource_tracker" not in line and not line.startswith("  warnings.warn(")
    ]
    last = lines[-1]
    assert last.startswith("concurrent.futures.process.BrokenProcessPool:"), last[:300]
    assert 'if __name__ == "__main__":' in last and 'executor="serial"' in last
