"""numba is the optional extra ``fast``: a default install goes without it, and the first solve
that runs as Python says once, in one line, how to make it faster."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from windmill_widget.core import compiled

ROOT = Path(__file__).resolve().parents[1]

#: A solve with numba hidden (as in a default install), run twice, then once more in a child
#: process (a tournament's worker inherits the environment); prints the verdicts.
WITHOUT_NUMBA = """
import subprocess, sys
sys.modules["numba"] = None
from windmill_widget import Game, solve
from windmill_widget.core import compiled
assert not compiled.COMPILED
print(solve(Game(seed=1), max_nodes=20_000).result.value)
print(solve(Game(seed=1), max_nodes=20_000).result.value)
child = subprocess.run(
    [sys.executable, "-c", "import sys; sys.modules['numba'] = None\\n"
     "from windmill_widget.core import compiled; print(compiled.advise_fast_extra())"],
    capture_output=True, text=True, check=True,
)
print(child.stdout.strip(), repr(child.stderr))
"""


def run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("WINDMILL_WIDGET_")}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**clean, **env},
    )


def test_a_solve_without_numba_says_once_in_one_line_how_to_make_it_faster() -> None:
    done = run(WITHOUT_NUMBA)
    assert done.stdout.split("\n") == ["won", "won", "False ''", ""]
    assert done.stderr == compiled.FAST_EXTRA_ADVICE + "\n"
    assert "\n" not in compiled.FAST_EXTRA_ADVICE
    assert 'pip install "windmill-widget[fast]"' in compiled.FAST_EXTRA_ADVICE


def test_no_advice_where_pure_python_was_chosen_or_numba_cannot_exist() -> None:
    chosen = run(
        "from windmill_widget import Game, solve\nprint(solve(Game(seed=1), max_nodes=2_000).result.value)\n",
        WINDMILL_WIDGET_PURE_PYTHON="1",
    )
    assert chosen.stderr == ""
    pyodide = run(
        "import sys; sys.modules['numba'] = None\n"
        "from windmill_widget.core import compiled\n"
        "sys.platform = 'emscripten'\n"
        "print(compiled.advise_fast_extra())\n"
    )
    assert (pyodide.stdout, pyodide.stderr) == ("False\n", "")


@pytest.mark.skipif(not compiled.COMPILED, reason="numba is not installed here, or turned off")
def test_no_advice_where_the_loops_are_compiled() -> None:
    assert compiled.advise_fast_extra() is False


def test_numba_is_the_extra_fast_and_the_dev_extras_keep_it() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not [d for d in project["dependencies"] if d.startswith("numba")]
    extras = project["optional-dependencies"]
    assert [d.split(">")[0] for d in extras["fast"]] == ["numba"]
    assert any("fast" in d for d in extras["dev"] if d.startswith("windmill_widget["))
