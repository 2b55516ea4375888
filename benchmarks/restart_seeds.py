"""How much of a units tier is luck: the deals a tier leaves open, solved again with other seeds
of the solver's walk that restarts.

Proof mode's walk that restarts (``clairvoyant.PROOF_RESTARTS``) draws its random moves from a
fixed seed, so the solver gives the same verdict on every run; but which deals its runs happen to
win is luck, and another seed wins others. This takes the deals that ``--after`` units of work left
open in ``benchmarks/solver.py``'s results file (its units tiers), solves each with ``--units``
once per seed of ``--seeds``, and prints how many each seed decides and the share of the file's
deals that budget decides with it:

    .venv/bin/python benchmarks/restart_seeds.py --units 25M --seeds 1-4   # after solver.py --units 2.5M

Seed 1 is the solver's own, so its row is the tier ``solver.py --units`` prints (the script says so
if they differ: the solver has changed since). Records go to
``benchmarks/results/restart-seeds-<rules>.jsonl``; a deal already solved with a seed and budget is
not solved again, so a run can be stopped and resumed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from sampling import numbers
from solver import (
    PRESETS,
    RESTARTS,
    RESULTS,
    budget_text,
    conservative,
    in_units,
    read_results,
    run_jobs,
    status_at,
    units_budget,
)


def seed_list(text: str) -> list[int]:
    """``--seeds``: ``1-4`` or ``1,3,7`` (an argparse type; a seed fits in 32 bits)."""
    seeds = numbers(text, "seeds")
    if max(seeds) >= 1 << 32:
        raise argparse.ArgumentTypeError(f"seeds must be below 2**32, not {text[:40]!r}")
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--units", type=units_budget, default=25e6, help="the budget per deal (default 25M)")
    parser.add_argument(
        "--after",
        type=units_budget,
        default=2.5e6,
        help="solve the deals this units tier left unknown (default 2.5M)",
    )
    parser.add_argument(
        "--seeds", type=seed_list, default=[1, 2, 3, 4], help="seeds of the draws (default 1-4)"
    )
    parser.add_argument("--rules", default="strict", choices=PRESETS)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="deals solved side by side")
    args = parser.parse_args()
    if RESTARTS is None:
        parser.error("the solver has no walk that restarts (clairvoyant.PROOF_RESTARTS is None)")
    if args.after >= args.units:
        parser.error(f"--after ({budget_text(args.after, True)}) must be below --units")

    tiers = [r for r in read_results(RESULTS / f"windmill-{args.rules}.jsonl") if in_units(r)]
    tiers = [r for r in tiers if r.get("stock") is None and r["rules"] == args.rules]
    before = status_at(tiers, args.after)
    if not any(r["budget"] == args.after for r in tiers):
        sys.exit(f"no units tier of {budget_text(args.after, True)} in the results file: run "
                 f"benchmarks/solver.py --rules {args.rules} --units {args.after:.0f} first")  # fmt: skip
    open_deals = sorted(s for s, r in before.items() if r["result"] == "unknown")

    path = RESULTS / f"restart-seeds-{args.rules}.jsonl"
    done = {(r["seed"], r["restart_seed"]): r for r in read_results(path) if r["budget"] == args.units}
    jobs = [
        (deal, args.rules, args.units, None, True, seed)
        for seed in args.seeds
        for deal in open_deals
        if (deal, seed) not in done
    ]
    seeds = ", ".join(map(str, args.seeds))
    print(
        f"Deals {budget_text(args.after, True)} left open ({len(open_deals)} of {len(before)}, "
        f"Rules.{args.rules}()), {budget_text(args.units, True)} each, seeds {seeds} of the walk "
        f"that restarts: {len(jobs)} to solve",
        flush=True,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as out:
        for row in run_jobs(jobs, args.workers, None):
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[(row["seed"], row["restart_seed"])] = row
    print(report(done, open_deals, before, args))

    shipped = status_at(tiers, args.units)
    if RESTARTS.seed in args.seeds and all(d in shipped for d in open_deals):
        mine = {d for d in open_deals if done[(d, RESTARTS.seed)]["result"] != "unknown"}
        theirs = {d for d in open_deals if shipped[d]["result"] != "unknown"}
        if mine != theirs:
            print(
                f"\nnote: seed {RESTARTS.seed} (the solver's own) decided other deals than the units "
                f"tier of {budget_text(args.units, True)} in the results file: the solver has changed "
                f"since that tier ran (only there: {sorted(theirs - mine)}; only here: "
                f"{sorted(mine - theirs)})"
            )


def report(done: dict, open_deals: list[int], before: dict[int, dict], args: argparse.Namespace) -> str:
    """The table: per seed, the open deals it decides, and the tier's figures over all the deals
    with it (the deals the smaller tier decided count for every seed)."""
    n = len(before)
    won_before = sum(r["result"] == "won" for r in before.values())
    lost_before = sum(r["result"] == "lost" for r in before.values())
    lines = [
        "",
        f"| seed | decided of the {len(open_deals)} | won | lost | decided of {n} within "
        f"{budget_text(args.units, True)} | winnable (95%, conservative) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    decided_by: dict[int, set[int]] = {}
    for seed in args.seeds:
        rows = [done[(d, seed)] for d in open_deals if (d, seed) in done]
        if len(rows) < len(open_deals):
            lines.append(f"| {seed} | {len(rows)} of {len(open_deals)} solved so far | | | | |")
            continue
        won = sum(r["result"] == "won" for r in rows)
        lost = sum(r["result"] == "lost" for r in rows)
        decided_by[seed] = {r["seed"] for r in rows if r["result"] != "unknown"}
        unknown = len(open_deals) - won - lost
        lo, hi = conservative(won_before + won, unknown, n)
        name = f"{seed} (the solver's own)" if seed == RESTARTS.seed else str(seed)
        share = (won_before + lost_before + won + lost) / n
        lines.append(f"| {name} | {won + lost} | {won} | {lost} | {share:.1%} | {lo:.1%}-{hi:.1%} |")
    if len(decided_by) > 1:
        every = set.intersection(*decided_by.values())
        some = set.union(*decided_by.values()) - every
        listed = ", ".join(map(str, sorted(some))) or "-"
        lines += ["", f"decided with every seed: {len(every)} deals; with some seeds only: {listed}"]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
