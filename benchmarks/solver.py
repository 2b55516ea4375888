"""How good the clairvoyant solver is: deals decided (won, or proved lost) within a time limit, in tiers.

Each deal is solved by one process on one core, with ``--seconds`` of that process's CPU time per
deal (``--workers`` processes run side by side, one deal each at a time; ``--dask ADDRESS`` sends
them to a dask cluster instead).
Every verdict is appended to a results file (JSON lines: seed, rules, budget, verdict, method, time,
CPU time, positions), so a run can be stopped and resumed, and **tiers** build on each other: a run
with a bigger budget solves only the deals that every smaller budget left unknown. The Solvitaire
form of the figures (won / lost / unknown at each budget, the conservative 95% interval, CPU time)
is printed from the file:

    .venv/bin/python benchmarks/solver.py                                   # strict, deals 0-999, 1 s
    .venv/bin/python benchmarks/solver.py --seconds 10                      # then the 1 s unknowns, 10 s
    .venv/bin/python benchmarks/solver.py --seconds 600 --workers 2         # then a long run, resumable
    .venv/bin/python benchmarks/solver.py --table                           # the table, from the file
    .venv/bin/python benchmarks/solver.py --rules relaxed --deals 200 --seconds 2
    .venv/bin/python benchmarks/solver.py --deals 200 --stock 40           # from the middle of games
    .venv/bin/python benchmarks/solver.py --game crazy-quilt                # Crazy Quilt (see QUILT_DOC)
    .venv/bin/python benchmarks/solver.py --units 2.5M                      # a budget in units of work
    .venv/bin/python benchmarks/solver.py --units 25M                       # (then 250M, 800M)

A budget in seconds is the issue's measure, and it depends on the machine (on this project's
2-core machine the same code has run 1.5 to 2 times slower on one day than on another). ``--units``
budgets the solver's *work* instead (positions plus relaxed positions, ``solve(max_nodes=...)``):
its tiers give the same verdicts, deal by deal, on any machine, so anyone can check them. Units
tiers are kept apart from seconds tiers in the results file (``"measure": "units"``); ``--table``
prints both.

The results file defaults to ``benchmarks/results/windmill-<rules>.jsonl`` (``--results`` to change
it; mid-game runs use their own file). With ``--stock N`` each deal is first played by ``greedy``
until N cards are left in the stock and solved from there (a deal whose game ends sooner is left
out): how the solver does when asked in the middle of a game.

Also printed for each run: the clairvoyant win rate with its 95% Wilson interval, median and 95th
percentile time per deal (an unknown deal counts its full time) and positions per second.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import Game, QuiltRules, Rules
from windmill_widget.lab.stats import Paired, wilson
from windmill_widget.solver import clock, solve
from windmill_widget.solver.windmill import clairvoyant
from windmill_widget.solver.windmill.clairvoyant import warm_up
from windmill_widget.strategies import greedy

RESULTS = Path(__file__).resolve().parent / "results"
PRESETS = Rules.PRESETS
RESTARTS = clairvoyant.PROOF_RESTARTS  # the solver's own walk that restarts, seed and all


# -- Windmill: one deal --------------------------------------------------------------------------
def windmill_job(
    seed: int,
    preset: str,
    budget: float,
    stock: int | None,
    units: bool = False,
    restart_seed: int | None = None,
) -> dict:
    """Solve deal ``seed`` of Windmill under ``Rules.<preset>()`` within ``budget`` seconds; the
    record written to the results file. Runs in a worker process (or on a dask worker), one deal at
    a time, so the budget is measured in this process's CPU time: one second of one core, however
    busy the machine is. With ``units`` the budget is that many units of work instead (the same
    verdict on any machine). ``restart_seed``: another seed for the draws of proof mode's walk that
    restarts than the solver's own (``benchmarks/restart_seeds.py``)."""
    clock.use_cpu_time()
    warm_up()  # numba's compilation is not the deal's work
    # Set for every job: a worker process runs many, and the module keeps what the last one set.
    clairvoyant.PROOF_RESTARTS = (
        RESTARTS if restart_seed is None or RESTARTS is None else replace(RESTARTS, seed=restart_seed)
    )
    game = Game(seed=seed, rules=getattr(Rules, preset)())
    if stock is not None:
        while len(game.pile("stock")) > stock and game.status == "playing":
            game.play(greedy(game.view()))
        if game.status != "playing":
            return {"seed": seed, "rules": preset, "budget": budget, "stock": stock, "result": "skipped"}
    sol, verdict = _solve_timed(game, budget, units)
    return {
        "seed": seed,
        "rules": preset,
        **({"measure": "units"} if units else {}),
        **({} if restart_seed is None else {"restart_seed": restart_seed}),
        "budget": budget,
        "stock": stock,
        **verdict,
        "order": sol.stats.get("order", ""),  # the exhaustive search's walk that won
    }


def _solve_timed(game, budget: float, units: bool) -> tuple:
    """Solve ``game`` within ``budget`` (units of work, or CPU seconds); the solution and the fields
    of its record that both games' results files share, in their order."""
    cpu = time.process_time()
    sol = solve(game, max_nodes=int(budget)) if units else solve(game, max_seconds=budget)
    return sol, {
        "result": str(sol.result),
        "method": sol.method,
        "how": sol.how if sol.method else "",
        "seconds": round(sol.seconds, 4),
        "cpu": round(time.process_time() - cpu, 4),
        "nodes": sol.nodes,
        "moves": len(sol.moves),
    }


# -- the results file -----------------------------------------------------------------------------
def read_results(path: Path) -> list[dict]:
    """Every record in a results file (a missing file has none; a torn last line is skipped)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:  # a run killed in mid-write: that deal is simply solved again
            continue
    return out


def status_at(records: Iterable[dict], budget: float) -> dict[int, dict]:
    """Each deal's verdict at a budget of ``budget`` seconds: the record of the smallest budget
    (up to ``budget``) that decided it, or else its record at exactly ``budget`` (unknown). Deals
    with neither are missing: that tier has not been run for them yet."""
    out: dict[int, dict] = {}
    for r in records:
        b = r["budget"]
        if b > budget or (r["result"] not in ("won", "lost") and b != budget):
            continue
        old = out.get(r["seed"])
        if old is None or (
            r["result"] in ("won", "lost") and (old["result"] == "unknown" or b < old["budget"])
        ):
            out[r["seed"]] = r
    return out


def in_units(record: dict) -> bool:
    """Whether a record is of a tier budgeted in units of work (``--units``); older records, and
    every run with ``--seconds``, carry no ``measure`` and are budgeted in seconds."""
    return record.get("measure") == "units"


def to_solve(records: list[dict], seeds: Iterable[int], budget: float) -> list[int]:
    """The deals a run with ``budget`` still has to solve: not decided by this budget or a smaller
    one, and not tried with this budget yet."""
    known = status_at(records, budget)
    return [s for s in seeds if s not in known]


# -- running ----------------------------------------------------------------------------------------
def run_jobs(jobs: list[tuple], workers: int, dask: str | None, job_fn=None) -> Iterator[dict]:
    """Each job's record as it completes: one process per deal at a time (``job_fn``, Windmill's
    :func:`windmill_job` unless given)."""
    job_fn = job_fn or windmill_job
    if workers <= 1 and dask is None:
        for job in jobs:
            yield job_fn(*job)
        return
    pool: Executor
    if dask is not None:
        from dask.distributed import Client

        pool = Client(dask).get_executor()
    else:
        pool = ProcessPoolExecutor(workers)
    with pool:
        futures = [pool.submit(job_fn, *job) for job in jobs]
        for future in as_completed(futures):
            yield future.result()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report_run(rows: list[dict], budget: str) -> None:
    """The figures of one run (the deals it solved)."""
    rows = [r for r in rows if r["result"] != "skipped"]
    n = len(rows)
    if not n:
        print("nothing to solve: every deal is decided, or was tried with this budget already")
        return
    results = Counter(r["result"] for r in rows)
    methods = Counter((r["result"], r["how"]) for r in rows if r["result"] != "unknown")
    won, lost, unknown = results["won"], results["lost"], results["unknown"]
    decided = won + lost
    times = [r["seconds"] for r in rows]
    nodes = sum(r["nodes"] for r in rows)
    lo, hi = wilson(won, n)
    print(
        f"decided within {budget}: {decided}/{n} = {decided / n:.1%} "
        f"(won {won}, proved lost {lost}, unknown {unknown})"
    )
    print(f"  decided by: {decided_by(methods)}")
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
    if sum(times):
        print(f"search speed: {nodes / sum(times):,.0f} positions/s per core ({nodes:,} positions)")


def decided_by(methods: Counter) -> str:
    """How the deals were decided, counted: ``won by beam search 799, ...`` (``-`` for none)."""
    return ", ".join(f"{res} by {how} {k}" for (res, how), k in sorted(methods.items())) or "-"


def conservative(won: int, unknown: int, n: int) -> tuple[float, float]:
    """Solvitaire's conservative 95% interval for the share of winnable deals: from the Wilson
    interval's low end with every unknown deal counted lost to its high end with every one won."""
    return wilson(won, n)[0], wilson(won + unknown, n)[1]


def budget_text(budget: float, units: bool) -> str:
    """A budget as the tables print it: ``1 s``, ``225,000 units`` or ``2.5 million units``."""
    if not units:
        return f"{budget:g} s"
    if budget < 1e6:
        return f"{budget:,.0f} units"
    return f"{budget / 1e9:g} billion units" if budget >= 1e9 else f"{budget / 1e6:g} million units"


def units_budget(text: str) -> float:
    """``--units`` (of either game): a whole number of units, or one with a suffix (``2.5M``, ``1.5G``)."""
    scale = {"K": 1e3, "M": 1e6, "G": 1e9}.get(text[-1:].upper(), 1)
    try:
        value = float(text[:-1] if scale != 1 else text) * scale
    except ValueError:
        value = 0
    if value < 1 or value != int(value):
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of units such as 2500000 or 2.5M")
    return value


def table(records: list[dict], seeds: range, rules: str, units: bool = False, game: str = "Windmill") -> str:
    """The Solvitaire-form table of a results file: one row per budget, a deal counted decided
    when a run with that budget or a smaller one decided it. (``rules``: the preset's name, or
    the rules' repr when it has a ``(``.)"""
    records = [r for r in records if r["seed"] in seeds and r["result"] != "skipped"]
    rules_text = rules if "(" in rules else f"Rules.{rules}()"
    lines = [
        f"{game}, {rules_text}, deals {seeds.start}-{seeds.stop - 1}"
        + (", budgets in units of work (the same verdicts on any machine):" if units else ":"),
        "",
        "| budget per deal | sample | won | lost | unknown | decided | winnable (95%, conservative) "
        "| CPU time |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for budget in sorted({r["budget"] for r in records}):
        rows = list(status_at(records, budget).values())
        n = len(rows)
        if n < len(seeds):
            lines.append(f"| {budget_text(budget, units)} | {n} of {len(seeds)} so far | | | | | | |")
            continue
        c = Counter(r["result"] for r in rows)
        lo, hi = conservative(c["won"], c["unknown"], n)
        # CPU time of everything it took to reach this tier (each earlier tier's runs included).
        cpu = sum(r.get("cpu", r["seconds"]) for r in records if r["budget"] <= budget)
        lines.append(
            f"| {budget_text(budget, units)} | {n} | {c['won']} | {c['lost']} | {c['unknown']} | "
            f"{(c['won'] + c['lost']) / n:.1%} | {lo:.1%}-{hi:.1%} | {cpu / 3600:.2f} h |"
        )
    return "\n".join(lines)


def main() -> None:
    chosen = argparse.ArgumentParser(add_help=False)
    chosen.add_argument("--game", default="windmill", choices=["windmill", "crazy-quilt"])
    if chosen.parse_known_args()[0].game == "crazy-quilt":
        quilt_main()
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="windmill", choices=["windmill", "crazy-quilt"],
                        help="the game (crazy-quilt: see quilt_main's help)")  # fmt: skip
    parser.add_argument("--deals", type=int, default=1000, help="deals FIRST..FIRST+N-1 (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="first deal (default 0)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=1.0, help="time limit per deal (default 1)")
    budget.add_argument(
        "--units",
        type=units_budget,
        help="a budget of work per deal instead (e.g. 2.5M): the same on any machine",
    )
    parser.add_argument("--rules", default="strict", choices=PRESETS)
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
    parser.add_argument(
        "--dask", metavar="ADDRESS", help="solve on this dask scheduler instead of local processes"
    )
    parser.add_argument("--results", type=Path, help="the results file (JSON lines) to resume and extend")
    parser.add_argument(
        "--table", action="store_true", help="print the table from the results file, solve nothing"
    )
    args = parser.parse_args()

    seeds = range(args.first, args.first + args.deals)
    name = f"windmill-{args.rules}" + ("" if args.stock is None else f"-stock{args.stock}")
    path = args.results or RESULTS / f"{name}.jsonl"
    units = args.units is not None
    mine = [r for r in read_results(path) if (r.get("stock"), r["rules"]) == (args.stock, args.rules)]
    if args.table:  # the seconds tiers, then the units tiers if any were run
        print(table([r for r in mine if not in_units(r)], seeds, args.rules))
        measured = [r for r in mine if in_units(r)]
        if measured:
            print()
            print(table(measured, seeds, args.rules, units=True))
        return
    records = [r for r in mine if in_units(r) == units]
    amount = args.units if units else args.seconds
    todo = to_solve(records, seeds, amount)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Clairvoyant solver: deals {seeds.start}-{seeds.stop - 1}, Rules.{args.rules}(), "
        f"{budget_text(amount, units)} per deal"
        + ("" if args.stock is None else f", from greedy's position with {args.stock} cards in the stock")
        + f": {len(todo)} to solve ({len(seeds) - len(todo)} decided or tried already), "
        + (f"on dask {args.dask}" if args.dask else f"{args.workers} worker(s) on {os.cpu_count()} cores")
        + f" ({platform.python_implementation()} {platform.python_version()}, {cpu_model()}, "
        + f"load {load:.2f})",
        flush=True,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    rows = []
    jobs = [(s, args.rules, amount, args.stock, units) for s in todo]
    with path.open("a") as out:
        for row in run_jobs(jobs, args.workers, args.dask):
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows.append(row)
    wall = time.perf_counter() - t0
    report_run(rows, budget_text(amount, units))
    print(f"wall time: {wall:.1f} s, load {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "")
    print()
    print(table(records + rows, seeds, args.rules, units))


# -- Crazy Quilt ----------------------------------------------------------------------------------
QUILT_DOC = """Crazy Quilt's clairvoyant solver, in tiers (``--game crazy-quilt``).

As for Windmill: each deal is solved by one process on one core with ``--seconds`` of its CPU time
per deal, or ``--units``, a budget of work (positions searched plus relaxed positions, e.g.
``250K``) that gives the same verdict on any machine; every verdict goes to a results file
(``benchmarks/results/crazy-quilt-<rules>[-redealsN].jsonl``), a bigger budget solves only the deals
the smaller ones left unknown, and ``--table`` prints the Solvitaire-form tables (seconds tiers,
units tiers) and how the winnable share grows with 0-3 redeals (from the four files' units tiers).
``--players`` also plays those players on the same deals and sets their rates against the ceiling.

    .venv/bin/python benchmarks/solver.py --game crazy-quilt --workers 1            # literal, 1 s
    .venv/bin/python benchmarks/solver.py --game crazy-quilt --seconds 10           # the unknowns, 10 s
    .venv/bin/python benchmarks/solver.py --game crazy-quilt --units 250K           # work, not time
    .venv/bin/python benchmarks/solver.py --game crazy-quilt --rules common --units 2.5M
    .venv/bin/python benchmarks/solver.py --game crazy-quilt --redeals 0 --units 250K
    .venv/bin/python benchmarks/solver.py --game crazy-quilt --table --deals 100

After a change to the solver, the files' rows are the old solver's: a run skips the deals they
decided. Move the files aside (``git`` keeps the old ones), run the tiers again, and compare the
verdicts deal by deal with the old files: a deal won before and lost now (or the other way) is a
soundness bug, not a result.
"""


def quilt_rules(preset: str, redeals: int | None) -> QuiltRules:
    """The preset's rules, with ``redeals`` instead of its one redeal when given."""
    rules = getattr(QuiltRules, preset)()
    return rules if redeals is None else replace(rules, redeals=redeals)


def quilt_job(seed: int, preset: str, redeals: int, budget: float, units: bool = False) -> dict:
    """Solve Crazy Quilt deal ``seed`` under ``preset`` with ``redeals`` within ``budget`` seconds of
    this process's CPU time (or units of work, with ``units``); the record for the results file."""
    from windmill_widget import QuiltGame

    clock.use_cpu_time()
    game = QuiltGame(seed=seed, rules=quilt_rules(preset, redeals))
    sol, verdict = _solve_timed(game, budget, units)
    return {
        "seed": seed,
        "rules": preset,
        "redeals": redeals,
        **({"measure": "units"} if units else {}),
        "budget": budget,
        **verdict,
        "certificate": str(sol.certificate) if sol.certificate else "",
    }


def quilt_results(preset: str, redeals: int) -> Path:
    """The results file of a reading and a number of redeals (the preset's one redeal: no suffix)."""
    return RESULTS / f"crazy-quilt-{preset}{'' if redeals == 1 else f'-redeals{redeals}'}.jsonl"


def redeals_table(preset: str, seeds: range) -> str:
    """How the winnable share grows with 0-3 redeals: each number of redeals' complete units tiers."""
    lines = [
        f"Crazy Quilt, {preset} reading, deals {seeds.start}-{seeds.stop - 1}, by the redeals allowed "
        "(budgets in units of work):",
        "",
        "| redeals | budget per deal | sample | won | lost | unknown | decided "
        "| winnable (95%, conservative) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for redeals in range(4):
        records = [
            r for r in read_results(quilt_results(preset, redeals)) if in_units(r) and r["seed"] in seeds
        ]
        for budget in sorted({r["budget"] for r in records}):
            rows = list(status_at(records, budget).values())
            if len(rows) < len(seeds):
                continue
            c = Counter(r["result"] for r in rows)
            lo, hi = conservative(c["won"], c["unknown"], len(rows))
            lines.append(
                f"| {redeals} | {budget_text(budget, True)} | {len(rows)} | {c['won']} | {c['lost']} | "
                f"{c['unknown']} | {(c['won'] + c['lost']) / len(rows):.1%} | {lo:.1%}-{hi:.1%} |"
            )
    return "\n".join(lines)


def cpu_model() -> str:
    """The processor's name, as Linux reports it (else the machine type)."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
        return next(line.split(":", 1)[1].strip() for line in lines if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.machine()


def quilt_main() -> None:
    parser = argparse.ArgumentParser(description=QUILT_DOC.split("\n\n")[0])
    parser.add_argument("--game", default="crazy-quilt", choices=["windmill", "crazy-quilt"])
    parser.add_argument("--deals", type=int, default=1000, help="deals FIRST..FIRST+N-1 (default 1000)")
    parser.add_argument("--first", type=int, default=0, help="first deal (default 0)")
    parser.add_argument("--seconds", type=float, default=None, help="CPU time per deal (default 1)")
    parser.add_argument("--units", "--nodes", dest="units", type=units_budget,
                        help="a budget of work per deal (e.g. 250K): the same on any machine")  # fmt: skip
    parser.add_argument("--rules", default="literal", choices=["literal", "common"])
    parser.add_argument("--redeals", type=int, choices=range(4), default=1,
                        help="redeals allowed, 0-3 (default: the presets' one)")  # fmt: skip
    parser.add_argument("--players", default="",
                        help="players to play on the same deals (e.g. tips,sampling)")  # fmt: skip
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="deals solved side by side, one core each (default: all cores)")  # fmt: skip
    parser.add_argument("--results", type=Path, help="the results file (JSON lines) to resume and extend")
    parser.add_argument("--table", action="store_true", help="print the tables from the results files")
    args = parser.parse_args()
    if args.units is not None and args.seconds:
        parser.error(
            "give --seconds or --units, not both (a tier is budgeted in one; --seconds 0 is ignored)"
        )
    seeds = range(args.first, args.first + args.deals)
    path = args.results or quilt_results(args.rules, args.redeals)
    rules = repr(quilt_rules(args.rules, args.redeals))
    mine = [r for r in read_results(path) if (r["rules"], r.get("redeals", 1)) == (args.rules, args.redeals)]
    if args.table:
        print(table([r for r in mine if not in_units(r)], seeds, rules, game="Crazy Quilt"))
        print()
        print(table([r for r in mine if in_units(r)], seeds, rules, units=True, game="Crazy Quilt"))
        print()
        print(redeals_table(args.rules, seeds))
        return
    units = args.units is not None
    amount = args.units if units else args.seconds or 1.0
    records = [r for r in mine if in_units(r) == units]
    todo = to_solve(records, seeds, amount)
    print(
        f"Crazy Quilt's clairvoyant solver: deals {seeds.start}-{seeds.stop - 1}, {rules}, "
        f"{budget_text(amount, units)} per deal: {len(todo)} to solve ({len(seeds) - len(todo)} decided or "
        f"tried already), {args.workers} worker(s) on {os.cpu_count()} cores "
        f"({platform.python_implementation()} {platform.python_version()}, {cpu_model()}, "
        f"load {os.getloadavg()[0]:.2f})",
        flush=True,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    rows = []
    jobs = [(s, args.rules, args.redeals, amount, units) for s in todo]
    with path.open("a") as out:
        for row in run_jobs(jobs, args.workers, None, quilt_job):
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows.append(row)
    report_run(rows, budget_text(amount, units))
    if rows:
        cpu = sum(r["cpu"] for r in rows)
        rate = sum(r["nodes"] for r in rows) / max(cpu, 1e-9)
        print(
            f"CPU time {cpu:.0f} s, {rate:,.0f} units a CPU second, "
            f"wall time {time.perf_counter() - t0:.0f} s; load average {os.getloadavg()[0]:.2f}"
        )
    print()
    print(table(records + rows, seeds, rules, units, game="Crazy Quilt"))
    if args.players:
        quilt_players(args, seeds, status_at(records + rows, amount))


def quilt_players(args: argparse.Namespace, seeds: range, verdicts: dict[int, dict]) -> None:
    """Play ``--players`` on the same deals: each one's win rate, its share of the clairvoyant rate
    (won deals at this tier; a lower bound of the ceiling) and, deal by deal, against ``tips``."""
    from windmill_widget.lab import play_many
    from windmill_widget.strategies import crazy_quilt as players

    n = len(seeds)
    rate = sum(verdicts.get(s, {}).get("result") == "won" for s in seeds) / n
    best = None
    won_by: dict[str, set[int]] = {}
    for name in filter(None, args.players.split(",")):
        t1 = time.perf_counter()
        res = play_many(getattr(players, name), seeds, rules=quilt_rules(args.rules, args.redeals),
                        workers=args.workers, progress=False)  # fmt: skip
        won_by[name] = {rec.seed for rec in res if rec.won}
        plo, phi = wilson(res.wins, res.n)
        ratio = f"{res.win_rate / rate:.1%} of the clairvoyant rate" if rate else "no clairvoyant win"
        print(
            f"{name}: won {res.wins}/{res.n} = {res.win_rate:.1%} (95% CI {plo:.1%}-{phi:.1%}), "
            f"{res.mean_cards:.1f} cards placed on average; {ratio} ({time.perf_counter() - t1:.0f} s)",
            flush=True,
        )
        if best is None or (res.win_rate, res.mean_cards) > best[1:]:
            best = (name, res.win_rate, res.mean_cards)
    for name in won_by.keys() - {"tips"} if "tips" in won_by else ():  # deal by deal, against tips
        mine, base = won_by[name], won_by["tips"]
        counts = {"both": len(mine & base), f"only {name}": len(mine - base), "only tips": len(base - mine),
                  "neither": n - len(mine | base)}  # fmt: skip
        print(Paired(name, "tips", counts).text)
    if best is not None:
        share = f"{best[1] / rate:.1%}" if rate else "n/a"
        print(
            f"best player: {best[0]}, {best[1]:.1%}, {share} of the clairvoyant win rate (at most: that rate "
            "counts unknown deals as lost)"
        )


if __name__ == "__main__":
    main()
