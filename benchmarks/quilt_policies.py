"""Crazy Quilt's playout policies, measured alone: how many deals each one's playout wins from the
deal, clairvoyantly (the policies read the stock only through the cards they turn), and how many
cards it leaves off the foundations on average. A playout costs milliseconds, so hundreds of deals
take seconds; the policies judge the sampling players' guesses and steer the solver's nested
searches (``windmill_widget.solver.crazy_quilt.playout``: the solver's ``PORTFOLIO``, and the
``SAFE_DIGGER`` that only the sampling players may use).

    .venv/bin/python benchmarks/quilt_policies.py --deals 400            # both readings, deals 0-399
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.games.crazy_quilt.search import SearchState
from windmill_widget.lab.stats import wilson
from windmill_widget.solver.crazy_quilt.playout import JUDGES, PER_CARD, PORTFOLIO, SAFE_DIGGER, playout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rules", nargs="+", default=["literal", "common"], choices=QuiltRules.PRESETS)
    args = parser.parse_args()
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
            ms = (time.process_time() - t) / len(states) * 1000
            print(f"  {name}: won {won}/{len(states)} ({lo:.1%}-{hi:.1%}), "
                  f"{left:.1f} cards left on average, {ms:.1f} ms a playout")  # fmt: skip
        print(f"  any of them: won {sum(won_by_any)}/{len(states)}")


if __name__ == "__main__":
    main()
