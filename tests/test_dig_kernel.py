"""The dig relaxation's loop runs compiled (numba) or as Python: both must give
the same verdicts and search the same number of relaxed positions.

Soundness (never "lost" where the game can be won) is tested in ``test_solver.py`` against brute
force; this file only checks that compiling changes nothing.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from windmill_widget import Game, Rules
from windmill_widget.games.windmill.search import SearchState
from windmill_widget.solver.windmill import dig_kernel
from windmill_widget.solver.windmill.bound import dig_search

PRESETS = ("strict", "relaxed", "classic", "pysolfc")


def positions(seed: int, count: int) -> list[tuple[str, int, list[str]]]:
    """(preset, deal, moves) of random positions along random games, from a seeded generator."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        preset = rng.choice(PRESETS)
        deal = rng.randrange(10**6)
        g = Game(seed=deal, rules=getattr(Rules, preset)())
        for _ in range(rng.randrange(0, 140)):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
        out.append((preset, deal, [str(m) for m in g.history]))
    return out


def verdicts(cases: list[tuple[str, int, list[str]]], budget: int) -> list[list]:
    out = []
    for preset, deal, moves in cases:
        g = Game(seed=deal, rules=getattr(Rules, preset)())
        for m in moves:
            g.play(m)
        out.append(list(dig_search(SearchState.from_game(g), budget)))
    return out


@pytest.mark.skipif(not dig_kernel.COMPILED, reason="the loop is not compiled here (no numba, or turned off)")
def test_compiled_and_python_agree():
    cases = positions(seed=20261124, count=60)
    compiled = verdicts(cases, budget=50_000)
    script = (
        "import json, sys\n"
        "from tests.test_dig_kernel import verdicts\n"
        "from windmill_widget.solver.windmill import dig_kernel\n"
        "assert not dig_kernel.COMPILED\n"
        "print(json.dumps(verdicts(json.load(sys.stdin), 50_000)))\n"
    )
    env = dict(os.environ, WINDMILL_WIDGET_PURE_PYTHON="1")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    python = json.loads(done.stdout)
    assert python == compiled
    # Not a vacuous agreement: the sample holds relaxed wins, proofs of loss and spent budgets.
    assert {v for v, _ in compiled} >= {True, False}


def test_budget_and_deadline_give_no_conclusion():
    # Deal 58 with a 2 played and fourteen cards dealt: lost, but the relaxation needs about 166,000
    # relaxed positions to show it.
    state = SearchState.from_game(Game(seed=58))
    state.apply(1)
    for _ in range(14):
        state.apply(0)
    assert dig_search(state, budget=10**6) == (False, 166_281)
    assert dig_search(state, budget=1_000) == (None, 1_001)
    verdict, nodes = dig_search(state, budget=10**7, deadline=0.0)  # a deadline long past
    assert verdict is None and nodes == 4096  # the clock is read every 4096 positions
