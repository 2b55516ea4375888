"""What not seeing the stock costs, near the stock's end: the exact no-peeking value against the
clairvoyant rate and the players' own, position by position.

For each deal (strict rules by default) a player that does not peek (``--by``, ``tips`` by default:
fast) plays until ``S`` cards are left in the stock, or the clairvoyant solver's winning line is
followed to there (``--by solver``: a position from which the deal can still be won). From that
position:

* **exact**: ``no_peek(view).value``, the chance of a win with the best play that does not peek
  (:mod:`windmill_widget.solver.windmill.no_peek`): no player can do better;
* **clairvoyant**: the share of ``--orders`` random orders of the unseen cards that the solver wins
  knowing the order (every player's ceiling, and the issue's yardstick);
* **players**: the share of the same orders each player wins, playing on without peeking
  (``lookahead``, and ``sampling`` with its exact endgame turned off, so it is the samples that
  play; positions worth 0 are not played: no one wins there).

It prints, for each ``S``: the positions, the mean of each, the ratio exact / clairvoyant (what
not peeking costs at best from there) and each player's ratios to both (what the player leaves).
With more than ``--exact-up-to`` cards left (12) there is no exact value, only the others: where
along a deal a player who does not peek loses what the solver would win.
Every part is counted, not timed, so the figures are the same on any machine.

    .venv/bin/python benchmarks/no_peek.py --stock 6,8,10 --deals 0-99 --orders 40
    .venv/bin/python benchmarks/no_peek.py --out /tmp/no-peek.jsonl --report-only
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from sampling import deal_range, numbers  # benchmarks/sampling.py, beside this script
from solver import read_results  # benchmarks/solver.py

from windmill_widget import Game, Rules
from windmill_widget.solver import solve
from windmill_widget.solver.windmill.clairvoyant import warm_up
from windmill_widget.solver.windmill.no_peek import no_peek
from windmill_widget.strategies import greedy, lookahead, tips
from windmill_widget.strategies.windmill.sampling import Sampling

PLAYERS = {"lookahead": lookahead, "sampling": Sampling(exact=0)}
BY = {"tips": tips, "greedy": greedy, "lookahead": lookahead}


def one(
    seed: int,
    stock: int,
    *,
    rules: str,
    by: str,
    orders: int,
    max_units: int,
    solve_nodes: int,
    exact_up_to: int,
) -> dict:
    """The record of deal ``seed`` at ``stock`` cards left."""
    warm_up()
    game = Game(seed=seed, rules=getattr(Rules, rules)())
    line = iter(solve(game, max_nodes=solve_nodes).moves if by == "solver" else ())
    while game.status == "playing" and len(game.pile("stock")) > stock:
        move = next(line, None) if by == "solver" else BY[by](game.view())
        if move is None:  # the solver found no win: no position on its line
            break
        game.play(move)
    rec: dict = {"seed": seed, "stock": stock, "rules": rules, "by": by, "orders": orders}
    if game.status != "playing" or len(game.pile("stock")) != stock:
        return {**rec, "over": True}
    view = game.view()
    value = None
    if stock <= exact_up_to:
        found = no_peek(view, max_units=max_units)
        rec["units"] = found.units
        if not found.complete:
            return {**rec, "exact": None}
        value = found.value
    rec["exact"] = None if value is None else float(value)
    rng = random.Random(f"no-peek:{seed}:{stock}")
    samples = [view.sample(rng) for _ in range(orders)]
    rec["clairvoyant"] = sum(solve(g, max_nodes=solve_nodes).result == "won" for g in samples)
    for name, player in PLAYERS.items():
        won = 0
        for g in samples if value != 0 else ():  # where the best play cannot win, no one does
            g = g.copy()
            while g.status == "playing":
                g.play(player(g.view()))
            won += g.status == "won"
        rec[name] = won
    return rec


def _share(part: float, whole: float) -> str:
    """``part`` as a share of ``whole``; "-" where the whole is nothing (no order could be won)."""
    return f"{part / whole:.3f}" if whole else "-"


def report(records: list[dict]) -> None:
    for stock in sorted({r["stock"] for r in records}):
        rs = [r for r in records if r["stock"] == stock]
        live = [r for r in rs if "clairvoyant" in r]
        over = sum(bool(r.get("over")) for r in rs)
        if not live:
            continue
        n = len(live)
        clair = sum(r["clairvoyant"] / r["orders"] for r in live) / n
        line = (
            f"{stock:3d} cards left: {n} positions ({over} games over, {len(rs) - n - over} beyond the "
            f"exact search's budget); clairvoyant {clair:.3f}"
        )
        exact = None
        if all(r["exact"] is not None for r in live):
            exact = sum(r["exact"] for r in live) / n
            line += f", exact {exact:.3f} ({_share(exact, clair)} of clairvoyant)"
        for name in PLAYERS:
            mean = sum(r[name] / r["orders"] for r in live) / n
            line += f"; {name} {mean:.3f} ({_share(mean, clair)} of clairvoyant"
            line += f", {mean / exact:.3f} of exact)" if exact else ")"
        print(line)
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def stock_sizes(text: str) -> list[int]:
    """``"6,8,10"`` -> those stock sizes (``"6-10"``: each)."""
    return numbers(text, "stock sizes")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=deal_range, default="0-99", help="a range such as 0-99, or a list")
    ap.add_argument("--stock", type=stock_sizes, default="6,8,10", help="stock sizes, such as 6,8,10")
    ap.add_argument("--rules", default="strict", choices=["strict", "relaxed"])
    ap.add_argument(
        "--by", default="tips", choices=[*sorted(BY), "solver"], help="who plays down to the position"
    )
    ap.add_argument("--orders", type=int, default=40, help="random orders of the unseen cards a position")
    ap.add_argument("--max-units", type=int, default=20_000_000, help="the exact search's budget")
    ap.add_argument("--exact-up-to", type=int, default=12, help="no exact search with more stock cards")
    ap.add_argument("--solve-nodes", type=int, default=1_000_000, help="the solver's budget an order")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="no-peek-benchmark.jsonl", help="JSON lines, appended; resumed from")
    ap.add_argument("--report-only", action="store_true")
    args = ap.parse_args()
    keys = {"rules": args.rules, "by": args.by, "orders": args.orders}
    todo = [(d, s) for s in args.stock for d in args.deals]
    out = Path(args.out)
    done: dict[tuple[int, int], dict] = {}
    for r in read_results(out):  # a torn last line (a run killed mid-write) is played again
        if all(r[k] == v for k, v in keys.items()) and (r["seed"], r["stock"]) in todo:
            done[r["seed"], r["stock"]] = r
    left = [] if args.report_only else [t for t in todo if t not in done]
    work = partial(
        one, max_units=args.max_units, solve_nodes=args.solve_nodes, exact_up_to=args.exact_up_to, **keys
    )
    with ProcessPoolExecutor(args.workers) as pool, out.open("a") as f:
        for fut in as_completed([pool.submit(work, d, s) for d, s in left]):
            r = fut.result()
            done[r["seed"], r["stock"]] = r
            f.write(json.dumps(r) + "\n")
            f.flush()
    if not done and args.report_only:
        print(
            f"No record in {out} of these deals and stock sizes with --rules {args.rules}, --by {args.by} "
            f"and --orders {args.orders} (they must match the run's)."
        )
        return
    report([done[t] for t in todo if t in done])


if __name__ == "__main__":
    main()
