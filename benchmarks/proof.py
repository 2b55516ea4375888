"""How fast the solver's proof mode walks a deal, with and without the relaxation's shared table.

Proof mode is the exhaustive search with every position checked against the dig relaxation (see
``windmill_widget.solver.windmill``); on a lost deal it is what finishes the proof. This runs it
alone from each deal's first position for a fixed amount of CPU time, once with the shared table
(``dig_kernel.SharedTable``, as the solver runs it) and once without, and prints per deal: the
verdict if one was reached, the positions visited, how many the relaxation cut off, the work
(positions visited plus relaxed positions searched) and the CPU seconds. The relaxation is
compiled before any clock starts. Its walks are the solver's (``clairvoyant.PROOF_ORDERS``, the
later ones and the walk that restarts joining as the solver has them join), or with ``--orders``
the walks named, all from the start and none restarting (one walk alone: how that order alone
fares).

    .venv/bin/python benchmarks/proof.py                        # deals 4, 33, 58; 30 s each
    .venv/bin/python benchmarks/proof.py --deals 4,58 --seconds 60 --rules strict
    .venv/bin/python benchmarks/proof.py --deals 295,663,444 --seconds 10 --orders "deal first"
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from sampling import deal_range  # benchmarks/sampling.py, beside this script

from windmill_widget import Game, Rules
from windmill_widget.games.windmill.search import SearchState
from windmill_widget.solver import clock
from windmill_widget.solver.windmill import dig_kernel
from windmill_widget.solver.windmill.clairvoyant import (
    PROOF_BOUND_BUDGET,
    PROOF_ORDERS,
    PROOF_RESTARTS,
    PROOF_STARTS,
    PROOF_TABLE_LOG2,
    warm_up,
)
from windmill_widget.solver.windmill.exhaustive import Exhaustive, Order


def walk(seed: int, rules: Rules, seconds: float, table: bool, orders: tuple[Order, ...] | None) -> dict:
    """Proof mode from deal ``seed``'s first position; its walks in ``orders`` (all starting at
    once), or as the solver runs them (``None``)."""
    state = SearchState.from_game(Game(seed=seed, rules=rules))
    dfs = Exhaustive(
        state,
        horizon=state.stock_left(),
        bound_budget=PROOF_BOUND_BUDGET,
        table_log2=PROOF_TABLE_LOG2 if table else None,
        orders=PROOF_ORDERS if orders is None else orders,
        starts=PROOF_STARTS if orders is None else None,
        restarts=PROOF_RESTARTS if orders is None else None,
    )
    t0 = clock.now()
    verdict = dfs.run(10**15, t0 + seconds)
    return {
        "verdict": verdict or "-",
        "order": dfs.winner or "",
        "positions": dfs.positions,
        "pruned": dfs.pruned,
        "work": dfs.nodes,
        "cpu": clock.now() - t0,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=deal_range, default="4,33,58", help="deals: 4,33,58 (default), or 0-9")
    ap.add_argument("--seconds", type=float, default=30.0, help="CPU seconds per run (default 30)")
    ap.add_argument("--rules", default="strict", choices=Rules.PRESETS)
    ap.add_argument(
        "--orders",
        help=f"comma-separated walks, from: {', '.join(o.value for o in Order)} (default: the solver's)",
    )
    args = ap.parse_args(argv)
    if args.seconds <= 0:
        ap.error("--seconds must be positive")
    orders = None
    if args.orders:
        try:
            orders = tuple(Order(x.strip()) for x in args.orders.split(","))
        except ValueError:
            ap.error(f"--orders takes names from: {', '.join(o.value for o in Order)}")
    rules = getattr(Rules, args.rules)()
    warm_up()
    print(
        f"Proof mode alone, Rules.{args.rules}(), {args.seconds:g} s of CPU per run "
        f"(CPython {platform.python_version()}, relaxation compiled: {dig_kernel.COMPILED}, "
        f"load {os.getloadavg()[0]:.2f})\n"
    )
    print("| deal | shared table | verdict | found by | positions | cut off | work | CPU s |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for seed in args.deals:
        for table in (True, False):
            r = walk(seed, rules, args.seconds, table, orders)
            print(
                f"| {seed} | {'yes' if table else 'no'} | {r['verdict']} | {r['order'] or '-'} | "
                f"{r['positions']:,} | {r['pruned']:,} | {r['work']:,} | {r['cpu']:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
