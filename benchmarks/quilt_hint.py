"""How quick the Crazy Quilt board's Hint is: ``lookahead.advise`` (the move and its reason) timed on
every position of ``tips``' games, CPU time per call (the machine may be busy: CPU time is what an
idle core would take), and how often each player wins the same deals.

    nice -n 15 .venv/bin/python benchmarks/quilt_hint.py --deals 20            # literal rules
    WINDMILL_WIDGET_PURE_PYTHON=1 .venv/bin/python benchmarks/quilt_hint.py --deals 20 --rules common

Target (issue 42): the 95th percentile under 0.3 s, in pure Python too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.lab.stats import wilson
from windmill_widget.strategies.crazy_quilt import lookahead, tips


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="deals FIRST..FIRST+N-1 (default 20)")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rules", default="literal", choices=QuiltRules.PRESETS)
    parser.add_argument("--every", type=int, default=1, help="time every Nth position (default 1)")
    args = parser.parse_args()
    rules = getattr(QuiltRules, args.rules)()
    pure = os.environ.get("WINDMILL_WIDGET_PURE_PYTHON") == "1"
    deals = f"deals {args.first}-{args.first + args.deals - 1}"
    engine = ", pure Python" if pure else ""
    load = os.getloadavg()[0]
    print(f"Hint (lookahead.advise) on tips' games, {deals}, {rules!r}{engine}, load {load:.2f}")
    times: list[float] = []
    empty_reasons = 0
    wins = {"tips": 0, "lookahead": 0}
    for seed in range(args.first, args.first + args.deals):
        game = QuiltGame(seed=seed, rules=rules)
        i = 0
        while game.status == "playing":
            view = game.view()
            if i % args.every == 0:
                t = time.process_time()
                advice = lookahead.advise(view)
                times.append(time.process_time() - t)
                empty_reasons += not advice.reason
            game.play(tips(view))
            i += 1
        wins["tips"] += game.status == "won"
        game = QuiltGame(seed=seed, rules=rules)
        while game.status == "playing":
            game.play(lookahead(game.view()))
        wins["lookahead"] += game.status == "won"
    print(
        f"{len(times)} hints: median {statistics.median(times) * 1000:.0f} ms, "
        f"95th percentile {percentile(times, 0.95) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
        f"(CPU time); {empty_reasons} without a reason"
    )
    for name, won in wins.items():
        lo, hi = wilson(won, args.deals)
        print(f"{name}: won {won}/{args.deals} (95% CI {lo:.1%}-{hi:.1%})")


if __name__ == "__main__":
    main()
