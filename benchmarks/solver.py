"""How good the clairvoyant solver is: deals decided within the time limit, the clairvoyant win rate,
time per deal and search speed.

Each deal is solved by one process on one core (``--workers`` processes run side by side, one deal
each at a time), with ``max_seconds`` per deal. Prints, for the deals given:

* decided within the limit (won, or proved lost), and how;
* the clairvoyant win rate with its 95% Wilson interval: won / all deals (a lower bound, counting
  unknown deals as lost) and won / decided;
* median and 95th-percentile time per deal (an unknown deal counts its full time);
* positions per second (beam and exhaustive search together).

    .venv/bin/python benchmarks/solver.py                      # deals 0-999, strict, 1 s each
    .venv/bin/python benchmarks/solver.py --deals 200 --seconds 2 --rules relaxed
    .venv/bin/python benchmarks/solver.py --deals 200 --stock 40   # from the middle of games
    .venv/bin/python benchmarks/solver.py --game crazy-quilt       # Crazy Quilt (see QUILT_DOC)

With ``--stock N`` each deal is first played by ``greedy`` until N cards are left in the stock, and
solved from there (a deal whose game ends sooner is left out): how the solver does when asked in
the middle of a game, where proofs of loss become possible.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import Game, Rules
from windmill_widget.lab.stats import wilson
from windmill_widget.solver import solve
from windmill_widget.strategies import greedy


def solve_one(args: tuple[int, str, float, int | None]) -> tuple[int, str, str, int, float]:
    seed, preset, seconds, stock = args
    game = Game(seed=seed, rules=getattr(Rules, preset)())
    if stock is not None:
        while len(game.pile("stock")) > stock and game.status == "playing":
            game.play(greedy(game.view()))
        if game.status != "playing":
            return seed, "skipped", "", 0, 0.0
    sol = solve(game, max_seconds=seconds)
    return seed, sol.result, sol.how if sol.method else "", sol.nodes, sol.seconds


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    chosen = argparse.ArgumentParser(add_help=False)
    chosen.add_argument("--game", default="windmill", choices=["windmill", "crazy-quilt"])
    if chosen.parse_known_args()[0].game == "crazy-quilt":
        quilt_main()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="windmill", choices=["windmill", "crazy-quilt"],
                        help="the game (crazy-quilt: see quilt_main's help)")  # fmt: skip
    parser.add_argument("--deals", type=int, default=1000, help="deals 0..N-1 (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="first deal (default 0)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time limit per deal (default 1)")
    parser.add_argument("--rules", default="strict", choices=["strict", "relaxed", "classic", "pysolfc"])
    parser.add_argument(
        "--stock",
        type=int,
        default=None,
        help="solve from where greedy has played the deal down to this many stock cards",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="deals solved side by side, one core each (default: all cores)",
    )
    args = parser.parse_args()

    seeds = range(args.first, args.first + args.deals)
    print(
        f"Clairvoyant solver: deals {seeds.start}-{seeds.stop - 1}, Rules.{args.rules}(), "
        f"{args.seconds:g} s per deal"
        + ("" if args.stock is None else f", from greedy's position with {args.stock} cards in the stock")
        + f", {args.workers} worker(s) on {os.cpu_count()} cores "
        f"({platform.python_implementation()} {platform.python_version()})",
        flush=True,
    )
    t0 = time.perf_counter()
    jobs = [(s, args.rules, args.seconds, args.stock) for s in seeds]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            rows = list(pool.map(solve_one, jobs, chunksize=4))
    else:
        rows = [solve_one(j) for j in jobs]
    wall = time.perf_counter() - t0

    skipped = sum(r[1] == "skipped" for r in rows)
    rows = [r for r in rows if r[1] != "skipped"]
    if skipped:
        print(f"left out: {skipped} deals whose greedy game ended before that point")
    n = len(rows)
    results = Counter(r[1] for r in rows)
    methods = Counter((r[1], r[2]) for r in rows if r[1] != "unknown")
    won, lost, unknown = results["won"], results["lost"], results["unknown"]
    decided = won + lost
    times = [r[4] for r in rows]
    nodes = sum(r[3] for r in rows)
    lo, hi = wilson(won, n)
    print(
        f"decided within {args.seconds:g} s: {decided}/{n} = {decided / n:.1%} "
        f"(won {won}, proved lost {lost}, unknown {unknown})"
    )
    print("  decided by: " + ", ".join(f"{res} by {how} {k}" for (res, how), k in sorted(methods.items())))
    print(
        f"clairvoyant win rate: {won}/{n} = {won / n:.1%} (95% CI {lo:.1%}-{hi:.1%}), a lower bound "
        f"(unknown deals counted as lost)"
    )
    if decided:
        dlo, dhi = wilson(won, decided)
        print(f"  over the decided deals: {won}/{decided} = {won / decided:.1%} (95% CI {dlo:.1%}-{dhi:.1%})")
    print(
        f"time per deal: median {statistics.median(times):.3f} s, "
        f"95th percentile {percentile(times, 0.95):.3f} s, max {max(times):.3f} s"
    )
    print(f"search speed: {nodes / sum(times):,.0f} positions/s per core ({nodes:,} positions)")
    print(f"wall time: {wall:.1f} s")


# -- Crazy Quilt ----------------------------------------------------------------------------------
QUILT_DOC = """Crazy Quilt's clairvoyant solver against its best players (``--game crazy-quilt``).

Each deal is solved by one process on one core with ``--seconds`` per deal (or ``--nodes``, a
budget that gives the same answer on any machine). Prints the deals decided, the clairvoyant win
rate with its 95% interval in Solvitaire's conservative form (from the Wilson lower bound with the
unknown deals counted lost to the Wilson upper bound with them counted won), the median and 95th
percentile time per deal, and each player's win rate on the same deals with its ratio to the
clairvoyant rate.

    .venv/bin/python benchmarks/solver.py --game crazy-quilt                  # deals 0-999, literal, 1 s
    .venv/bin/python benchmarks/solver.py --game crazy-quilt --deals 200 --rules common
"""


def quilt_solve_one(
    args: tuple[int, str, float | None, int | None],
) -> tuple[int, str, str, int, float, float]:
    from windmill_widget import QuiltGame, QuiltRules

    seed, preset, seconds, nodes = args
    cpu = time.process_time()
    sol = solve(
        QuiltGame(seed=seed, rules=getattr(QuiltRules, preset)()), max_seconds=seconds, max_nodes=nodes
    )
    return seed, sol.result, sol.how if sol.method else "", sol.nodes, sol.seconds, time.process_time() - cpu


def cpu_model() -> str:
    """The processor's name, as Linux reports it (else the machine type)."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
        return next(line.split(":", 1)[1].strip() for line in lines if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.machine()


def quilt_main() -> None:
    from windmill_widget import QuiltRules
    from windmill_widget.lab import play_many
    from windmill_widget.strategies import crazy_quilt as players

    parser = argparse.ArgumentParser(description=QUILT_DOC.split("\n\n")[0])
    parser.add_argument("--game", default="crazy-quilt", choices=["windmill", "crazy-quilt"])
    parser.add_argument("--deals", type=int, default=1000, help="deals FIRST..FIRST+N-1 (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="first deal (default 0)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time limit per deal (default 1; 0: none)")
    parser.add_argument("--nodes", type=int, default=None, help="node budget per deal (default: none)")
    parser.add_argument("--rules", default="literal", choices=["literal", "common"])
    parser.add_argument("--players", default="greedy,tips,lookahead",
                        help="players to compare (default greedy,tips,lookahead; '' for none)")  # fmt: skip
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="deals solved side by side, one core each (default: all cores)")  # fmt: skip
    args = parser.parse_args()
    seconds = args.seconds or None
    seeds = range(args.first, args.first + args.deals)
    budget = (
        " and ".join(b for b in (seconds and f"{seconds:g} s", args.nodes and f"{args.nodes:,} nodes") if b)
        or "no limit"
    )
    print(
        f"Crazy Quilt's clairvoyant solver: deals {seeds.start}-{seeds.stop - 1}, QuiltRules.{args.rules}(), "
        f"{budget} per deal, {args.workers} worker(s) on {os.cpu_count()} cores "
        f"({platform.python_implementation()} {platform.python_version()}, {cpu_model()})",
        flush=True,
    )
    t0 = time.perf_counter()
    jobs = [(s, args.rules, seconds, args.nodes) for s in seeds]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            rows = list(pool.map(quilt_solve_one, jobs, chunksize=4))
    else:
        rows = [quilt_solve_one(j) for j in jobs]
    wall = time.perf_counter() - t0
    n = len(rows)
    results = Counter(r[1] for r in rows)
    methods = Counter((r[1], r[2]) for r in rows if r[1] != "unknown")
    won, lost, unknown = results["won"], results["lost"], results["unknown"]
    decided = won + lost
    times = [r[4] for r in rows]
    cpu = sum(r[5] for r in rows)
    lo, hi = wilson(won, n)[0], wilson(won + unknown, n)[1]
    print(
        f"decided within {budget}: {decided}/{n} = {decided / n:.1%} "
        f"(won {won}, proved lost {lost}, unknown {unknown})"
    )
    print("  decided by: " + ", ".join(f"{res} by {how} {k}" for (res, how), k in sorted(methods.items())))
    rate = won / n
    print(
        f"clairvoyant win rate: at least {won}/{n} = {rate:.1%}, at most {won + unknown}/{n} = "
        f"{(won + unknown) / n:.1%}; 95% CI {lo:.1%}-{hi:.1%} (Wilson, unknown counted lost to counted won)"
    )
    print(
        f"time per deal: median {statistics.median(times):.3f} s, "
        f"95th percentile {percentile(times, 0.95):.3f} s, max {max(times):.3f} s"
    )
    nodes = sum(r[3] for r in rows)
    print(
        f"solver CPU time: {cpu:.0f} s ({nodes / max(cpu, 1e-9):,.0f} positions per CPU second); "
        f"wall time {wall:.0f} s; load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    best = None
    for name in filter(None, args.players.split(",")):
        t1 = time.perf_counter()
        res = play_many(getattr(players, name), seeds, rules=getattr(QuiltRules, args.rules)(),
                        workers=args.workers, progress=False)  # fmt: skip
        plo, phi = wilson(res.wins, res.n)
        ratio = f"{res.win_rate / rate:.1%} of the clairvoyant rate" if rate else "no clairvoyant win"
        print(
            f"{name}: won {res.wins}/{res.n} = {res.win_rate:.1%} (95% CI {plo:.1%}-{phi:.1%}), "
            f"{res.mean_cards:.1f} cards placed on average; {ratio} ({time.perf_counter() - t1:.0f} s)",
            flush=True,
        )
        if best is None or (res.win_rate, res.mean_cards) > best[1:]:
            best = (name, res.win_rate, res.mean_cards)
    if best is not None:
        share = f"{best[1] / rate:.1%}" if rate else "n/a"
        print(
            f"best player: {best[0]}, {best[1]:.1%}, {share} of the clairvoyant win rate (at most: that rate "
            "counts unknown deals as lost)"
        )


if __name__ == "__main__":
    main()
