"""Crazy Quilt's exhaustive search alone (``windmill_widget.solver.crazy_quilt.exhaustive``, the
compiled kernel; as Python with ``WINDMILL_WIDGET_PURE_PYTHON=1``): on each deal, from the deal, the
search to its verdict or to its budget, and its speed in units of work (positions plus the suit
relaxation's small positions) a CPU second. One JSON line a deal on standard output (and ``--out``).

    .venv/bin/python benchmarks/quilt_exhaustive.py --deals 3 9 --units 20M
    WINDMILL_WIDGET_PURE_PYTHON=1 .venv/bin/python benchmarks/quilt_exhaustive.py --deals 9 --units 300K
    .venv/bin/python benchmarks/quilt_exhaustive.py --rules common --deals 4 7 --units 50M --seconds 60
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.core.compiled import COMPILED
from windmill_widget.games.crazy_quilt.search import SearchState
from windmill_widget.solver import clock
from windmill_widget.solver.crazy_quilt.exhaustive import Exhaustive, warm_up


def units(text: str) -> int:
    """``20M``, ``300K`` or a plain number."""
    scale = {"K": 10**3, "M": 10**6, "G": 10**9}.get(text[-1:].upper(), 1)
    return int(float(text[:-1] if scale > 1 else text) * scale)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[3, 9])
    parser.add_argument("--rules", default="literal", choices=QuiltRules.PRESETS)
    parser.add_argument("--units", type=units, default=units("20M"), help="units of work per deal")
    parser.add_argument("--seconds", type=float, help="CPU seconds per deal, besides the units")
    parser.add_argument("--out", type=Path, help="a JSON lines file to append the records to")
    args = parser.parse_args()
    clock.use_cpu_time()
    warm_up()  # loading the compiled loops is not the deals' work
    for seed in args.deals:
        game = QuiltGame(seed=seed, rules=getattr(QuiltRules, args.rules)())
        cpu = time.process_time()
        dfs = Exhaustive(SearchState.from_game(game))
        deadline = None if args.seconds is None else clock.now() + args.seconds
        verdict = dfs.run(args.units, deadline)
        cpu = time.process_time() - cpu
        record = {
            "seed": seed, "rules": args.rules, "compiled": COMPILED, "budget": args.units,
            "seconds_budget": args.seconds, "result": verdict or "unknown", "positions": dfs.nodes,
            "relaxed": dfs.work[0], "refuted": dfs.pruned, "cpu": round(cpu, 3),
            "units_per_second": round((dfs.nodes + dfs.work[0]) / max(cpu, 1e-9)),
        }  # fmt: skip
        line = json.dumps(record)
        print(line, flush=True)
        if args.out:
            with args.out.open("a") as f:
                f.write(line + "\n")


if __name__ == "__main__":
    main()
