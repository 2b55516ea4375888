"""Crazy Quilt's playout policies, measured alone: how many deals each one's playout wins from the
deal, clairvoyantly (the policies read the stock only through the cards they turn), and how many
cards it leaves off the foundations on average. A playout costs some 30 microseconds compiled and a
millisecond or two as Python, so hundreds of deals take at most seconds; the policies judge the
sampling players' guesses and steer the solver's nested searches
(``windmill_widget.solver.crazy_quilt.playout``: the solver's ``PORTFOLIO``, and the ``SAFE_DIGGER``
that only the sampling players may use).

``--speed``: how fast the playouts run (playouts and moves a second, over every judge's playout
from deals FIRST.., both readings) and the solver's nested searches (units of work a second:
level-1-and-up searches of the first policy, 30,000 units on each of the first four deals of each
reading), in CPU time (the playouts' best of three passes): here compiled (where numba is) and as
Python (a subprocess with ``WINDMILL_WIDGET_PURE_PYTHON=1``, as a default install or Pyodide runs
them); with ``--against``, the same with another checkout's code (e.g. a clone of main, before the
playouts were compiled).

    .venv/bin/python benchmarks/quilt_policies.py --deals 400            # both readings, deals 0-399
    git clone -q . /tmp/main-clone && git -C /tmp/main-clone checkout -q main
    nice -n 5 .venv/bin/python benchmarks/quilt_policies.py --speed --deals 20 --against /tmp/main-clone
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.games.crazy_quilt.search import SearchState
from windmill_widget.lab.stats import wilson
from windmill_widget.solver.crazy_quilt.playout import JUDGES, PER_CARD, PORTFOLIO, SAFE_DIGGER, playout

#: Units of work of each nested search ``--speed`` times, and the deals (of each reading) it runs on.
NESTED_UNITS = 30_000
NESTED_DEALS = 4


def wins(args: argparse.Namespace) -> None:
    seeds = range(args.first, args.first + args.deals)
    for preset in args.rules:
        rules = getattr(QuiltRules, preset)()
        states = [SearchState.from_game(QuiltGame(seed=seed, rules=rules)) for seed in seeds]
        print(f"Crazy Quilt, {preset} rules, deals {seeds.start}-{seeds.stop - 1}: each policy's playout")
        won_by_any = [False] * len(states)
        named = [(f"PORTFOLIO[{k}]", policy) for k, policy in enumerate(PORTFOLIO)] + [
            ("SAFE_DIGGER", SAFE_DIGGER)
        ]
        assert {id(p) for _, p in named} == {id(p) for p in JUDGES}  # every policy a player may judge by
        for name, policy in named:
            t = time.process_time()
            values = [playout(s, None, policy)[0] for s in states]
            won = sum(v == 0 for v in values)
            for i, v in enumerate(values):
                won_by_any[i] |= v == 0
            lo, hi = wilson(won, len(states))
            left = sum(v // PER_CARD for v in values) / len(states)
            us = (time.process_time() - t) / len(states) * 1e6
            print(f"  {name}: won {won}/{len(states)} ({lo:.1%}-{hi:.1%}), "
                  f"{left:.1f} cards left on average, {us:,.0f} µs a playout")  # fmt: skip
        print(f"  any of them: won {sum(won_by_any)}/{len(states)}")


def measure(deals: int, first: int) -> dict:
    """Playouts and moves a second, and the nested searches' units a second, in this process."""
    from windmill_widget.core.compiled import COMPILED
    from windmill_widget.solver.crazy_quilt.nested import Nested

    games = [QuiltGame(seed=seed, rules=getattr(QuiltRules, preset)())
             for preset in ("literal", "common") for seed in range(first, first + deals)]  # fmt: skip
    states = [SearchState.from_game(g) for g in games]
    playout(states[0], None, JUDGES[0])  # loads the compiled loop, where it is compiled
    spent = float("inf")
    for _ in range(3):  # the best of three: the machine may be busy
        t = time.process_time()
        moves = 0
        for s in states:
            for policy in JUDGES:
                moves += playout(s, None, policy)[1]
        spent = min(spent, time.process_time() - t)
    nested = [g for g in games if g.seed < first + NESTED_DEALS]
    t = time.process_time()
    units = 0
    for g in nested:
        search = Nested(SearchState.from_game(g), PORTFOLIO[0])
        search.run(NESTED_UNITS)
        units += search.nodes
    nested_spent = time.process_time() - t
    return {"compiled": COMPILED, "playouts": len(states) * len(JUDGES) / spent, "moves": moves / spent,
            "units": units / nested_spent}  # fmt: skip


def measured(code: str, deals: int, first: int, python: bool) -> dict:
    """:func:`measure` in a fresh interpreter, with the kit's code of the checkout ``code``."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("WINDMILL_WIDGET_PURE_PYTHON", None)
    if python:
        env["WINDMILL_WIDGET_PURE_PYTHON"] = "1"
    script = (
        f"import json, sys\nsys.path.insert(0, {code!r})\nimport windmill_widget\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})\nimport quilt_policies\n"
        f"print(json.dumps(quilt_policies.measure({deals}, {first})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=False
    )
    if done.returncode:
        raise SystemExit(done.stderr[-2000:])
    return json.loads(done.stdout)


def speed(args: argparse.Namespace) -> None:
    here = str(Path(__file__).resolve().parents[1])
    deals = f"deals {args.first}-{args.first + args.deals - 1}"
    print(f"Crazy Quilt's playouts, {deals} of both readings, every judge; nested searches of "
          f"{NESTED_UNITS:,} units on {NESTED_DEALS} deals of each (CPU time):")  # fmt: skip
    runs = [("this checkout", here)] + ([(args.against, args.against)] if args.against else [])
    for name, code in runs:
        for python in (False, True):
            r = measured(code, args.deals, args.first, python)
            mode = "compiled" if r["compiled"] else "as Python"
            print(f"  {name}, {mode}: {r['playouts']:,.0f} playouts/s ({r['moves']:,.0f} moves/s), "
                  f"nested {r['units']:,.0f} units/s")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rules", nargs="+", default=["literal", "common"], choices=QuiltRules.PRESETS)
    parser.add_argument("--speed", action="store_true", help="playouts and nested units a second")
    parser.add_argument("--against", help="--speed: another checkout's code too (a directory)")
    args = parser.parse_args()
    speed(args) if args.speed else wins(args)


if __name__ == "__main__":
    main()
