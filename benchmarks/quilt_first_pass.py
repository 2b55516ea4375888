"""Where Crazy Quilt's no-peeking players lose: in the first pass, or after the redeal?

From the redeal on, a player who watched the waste knows the stock's order, and the players play
exactly from there. So two measurements say where a game is lost:

1. ``--player NAME`` (default ``sampling``): the player plays each deal until its last redeal is
   made; the clairvoyant solver then judges that position (with ``--units`` of work, then ten
   times that while unknown), and the player plays on to the end. Printed per deal and in total:
   the position's verdict at the redeal and the game's end.
2. ``--judges``: from each deal, each of the first three playout judges of the sampling players
   (``playout.JUDGES``) plays the first pass to its redeal; the compiled exhaustive search then
   decides the last pass, and the units it took are summed up (median and 90th percentile, for
   wins and losses apart), beside how often the judge's own playout of that last pass wins.

    nice -n 5 .venv/bin/python benchmarks/quilt_first_pass.py --deals 25
    nice -n 5 .venv/bin/python benchmarks/quilt_first_pass.py --judges --deals 30
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.games.crazy_quilt.search import SearchState
from windmill_widget.solver.crazy_quilt import solve
from windmill_widget.solver.crazy_quilt.exhaustive import Exhaustive, warm_up
from windmill_widget.solver.crazy_quilt.playout import JUDGES, playout
from windmill_widget.strategies import crazy_quilt as players

#: Units the exhaustive search may take on one last pass in ``--judges`` (every one measured so
#: far took under 400,000).
LAST_PASS_UNITS = 2_000_000


def at_the_redeal(player_name: str, rules: QuiltRules, deals: range, units: int) -> None:
    verdicts: Counter[tuple[str, str]] = Counter()
    for seed in deals:
        game = QuiltGame(seed=seed, rules=rules)
        player = copy.deepcopy(getattr(players, player_name))  # a fresh memory for each game
        t = time.process_time()
        while game.status == "playing" and game.redeals_left:
            game.play(player(game.view()))
        first = time.process_time() - t
        verdict = str(game.status)
        budget = units
        while verdict == "playing":
            result = str(solve(game, max_nodes=budget).result)
            verdict = result if result != "unknown" or budget >= 10 * units else "playing"
            budget *= 10
        while game.status == "playing":
            game.play(player(game.view()))
        verdicts[verdict, str(game.status)] += 1
        print(f"deal {seed}: first pass {first:.1f} CPU s; at the redeal {verdict}; the game {game.status}")
    print(f"{player_name}, {rules!r}, deals {deals.start}-{deals.stop - 1}:")
    for (at_redeal, end), n in sorted(verdicts.items()):
        print(f"  at the redeal {at_redeal:8} then the game {end:5}: {n}")


def last_passes(rules: QuiltRules, deals: range) -> None:
    warm_up()
    units: dict[str, list[int]] = {"won": [], "lost": [], "unknown": []}
    own = 0
    for seed in deals:
        for policy in JUDGES[:3]:
            s = SearchState.from_game(QuiltGame(seed=seed, rules=rules))
            line: list[int] = []
            playout(s, line, policy)
            for m in line:  # the judge's first pass, to its redeal
                if not s.redeals:
                    break
                s.apply(m)
            if s.redeals:  # (a game that ended before it)
                continue
            own += playout(s, None, policy)[0] == 0
            search = Exhaustive(s)
            verdict = search.run(LAST_PASS_UNITS) or "unknown"
            units[verdict].append(search.nodes + search.work[0])
    total = sum(len(v) for v in units.values())
    print(f"the first three judges' first passes, {rules!r}, deals {deals.start}-{deals.stop - 1}: {total}")
    for verdict, ns in units.items():
        if ns:
            ns.sort()
            print(f"  last pass {verdict:7}: {len(ns):3}, units median {statistics.median(ns):,.0f}, "
                  f"90th percentile {ns[int(0.9 * len(ns))]:,}, most {ns[-1]:,}")  # fmt: skip
    print(f"  won by the judge's own playout of the last pass: {own}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", choices=("literal", "common"), default="literal")
    parser.add_argument("--deals", type=int, default=25, help="deals FIRST..FIRST+N-1")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument(
        "--player", default="sampling", choices=("sampling", "lookahead", "deep_sampling", "recall")
    )
    parser.add_argument("--units", type=int, default=200_000, help="the solver's first budget at the redeal")
    parser.add_argument("--judges", action="store_true", help="the judges' first passes instead (item 2)")
    args = parser.parse_args()
    rules = QuiltRules.literal() if args.rules == "literal" else QuiltRules.common()
    deals = range(args.first, args.first + args.deals)
    if args.judges:
        last_passes(rules, deals)
    else:
        at_the_redeal(args.player, rules, deals, args.units)


if __name__ == "__main__":
    main()
