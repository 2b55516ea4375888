"""How good the ``sampling`` player is, against the clairvoyant ceiling and ``lookahead``.

On each deal (strict rules by default) it plays ``sampling`` (or ``sampling_player(...)`` with the
settings given), plays ``lookahead``, and asks the clairvoyant solver (``solve()`` with a node
budget). Then it prints: sampling's win rate with its 95% Wilson interval; the solver's (won over
decided, unknown deals counted honestly as the lab's ``Ceiling`` does, with the range the rate must
lie in whatever the unknown deals hold); the ratio of the two; lookahead's rate and an exact
McNemar test of sampling against it, deal by deal; and seconds per game and per move (median, p95,
worst) with the machine's load. Every player is deterministic (its effort is counted, never
timed), so the same deals give the same games on any machine; only the seconds vary.

Each deal's record is appended to ``--out`` (JSON lines) as it finishes, and deals already there
are not played again: a long run can be stopped and resumed, or spread over several sittings.

    .venv/bin/python benchmarks/sampling.py                         # deals 0-199, 2 processes
    .venv/bin/python benchmarks/sampling.py --deals 0-19 --samples 8
    .venv/bin/python benchmarks/sampling.py --deals 0-199 --out /tmp/sampling.jsonl --report-only
    nice -n 10 .venv/bin/python benchmarks/sampling.py --deals 0-99 --out /tmp/sampling.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import partial
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from solver import read_results  # benchmarks/solver.py, beside this script

from windmill_widget import Game, Rules
from windmill_widget.lab import Ceiling
from windmill_widget.lab.records import SolveRecord
from windmill_widget.lab.stats import mcnemar_p, wilson
from windmill_widget.solver import solve
from windmill_widget.solver.windmill.clairvoyant import warm_up
from windmill_widget.strategies import lookahead
from windmill_widget.strategies.windmill.sampling import (
    AGREE,
    EXACT,
    EXACT_UNITS,
    MARGIN,
    NODES,
    RELAX,
    SAMPLES,
    WIDTH,
    Sampling,
)


def numbers(text: str, what: str = "deals") -> list[int]:
    """``"0-199"`` -> 0..199; ``"3,5,8"`` -> those numbers (an argparse type, with
    :func:`deal_range`: bad text is a usage error that says what it takes)."""
    try:
        if "-" in text:
            lo, hi = text.split("-")
            out = list(range(int(lo), int(hi) + 1))
        else:
            out = [int(x) for x in text.split(",")]
    except ValueError:
        out = []
    if not out or min(out) < 0:
        raise argparse.ArgumentTypeError(
            f"{text[:40]!r} is not a range of {what} such as 0-199 or a list such as 3,5,8"
        )
    return out


def deal_range(text: str) -> list[int]:
    """``"0-199"`` -> 0..199; ``"3,5,8"`` -> those deals."""
    return numbers(text, "deals")


def one_deal(seed: int, *, rules: str, settings: dict, solve_nodes: int) -> dict:
    """Play one deal with each player and solve it; the record of all three."""
    r = getattr(Rules, rules)()
    player = Sampling(**settings)
    game = Game(seed=seed, rules=r)
    warm_up()  # loading (or compiling) the solver's loops is not the first move's thinking
    move_secs = []
    how: dict[str, int] = {}
    start = time.perf_counter()
    while game.outcome is None:
        t0 = time.perf_counter()
        t = player.tally(game.view())
        move_secs.append(time.perf_counter() - t0)
        how[t.why] = how.get(t.why, 0) + 1
        game.play(t.move)
    secs = time.perf_counter() - start
    look = Game(seed=seed, rules=r)
    while look.outcome is None:
        look.play(lookahead(look.view()))
    t0 = time.perf_counter()
    sol = solve(Game(seed=seed, rules=r), max_nodes=solve_nodes)
    return {
        "seed": seed,
        "sampling": game.status.value,
        "lookahead": look.status.value,
        "solver": sol.result.value,
        "solver_secs": round(time.perf_counter() - t0, 2),
        "secs": round(secs, 2),
        "moves": len(move_secs),
        "move_secs": [round(x, 3) for x in move_secs],
        "how": how,
        "settings": settings,
        "rules": rules,
        "solve_nodes": solve_nodes,
    }


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def report(records: list[dict], solve_nodes: int, rules: str) -> None:
    n = len(records)
    won = sum(r["sampling"] == "won" for r in records)
    lk = sum(r["lookahead"] == "won" for r in records)
    ceiling = Ceiling(
        [SolveRecord(r["seed"], r["solver"]) for r in records], getattr(Rules, rules)(), max_nodes=solve_nodes
    )
    lo, hi = wilson(won, n)
    first, last = min(r["seed"] for r in records), max(r["seed"] for r in records)
    gaps = last - first + 1 - n
    print(f"\n{n} deals ({first}-{last}{f', {gaps} between them not played' if gaps else ''}), {rules} rules")
    print(f"sampling   won {won:4d} of {n} = {pct(won / n)} (95% CI {pct(lo)}-{pct(hi)})")
    llo, lhi = wilson(lk, n)
    print(f"lookahead  won {lk:4d} of {n} = {pct(lk / n)} (95% CI {pct(llo)}-{pct(lhi)})")
    print(f"{ceiling!r}".replace("\n", ""))
    clo, chi = ceiling.bounds
    rate = ceiling.win_rate
    ratio = (won / n) / rate if rate else float("nan")
    ratio_range = (won / n / chi if chi else float("nan"), won / n / clo if clo else float("nan"))
    print(
        f"ratio sampling / clairvoyant: {ratio:.2f} (won over decided; {ratio_range[0]:.2f}-"
        f"{ratio_range[1]:.2f} whatever the {ceiling.unknown} unknown deals hold); lookahead's: "
        f"{(lk / n) / rate if rate else float('nan'):.2f}"
    )
    only_s = sum(r["sampling"] == "won" and r["lookahead"] != "won" for r in records)
    only_l = sum(r["lookahead"] == "won" and r["sampling"] != "won" for r in records)
    p = mcnemar_p(only_s, only_l)
    print(
        f"McNemar sampling vs lookahead: {only_s} deals won by sampling alone, {only_l} by lookahead "
        f"alone; p = {p:.3g}"
    )
    games = [r["secs"] for r in records]
    moves = [x for r in records for x in r["move_secs"]]
    print(
        f"seconds per game: median {median(games):.1f}, p95 {quantile(games, 0.95):.1f}; per move: median "
        f"{median(moves):.3f}, p95 {quantile(moves, 0.95):.2f}, worst {max(moves):.2f} ({len(moves)} moves)"
    )
    how: dict[str, int] = {}
    for r in records:
        for k, v in r["how"].items():
            how[k] = how.get(k, 0) + v
    print("decisions:", ", ".join(f"{k} {v}" for k, v in sorted(how.items())))
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--deals", type=deal_range, default="0-199", help="a range such as 0-199, or a list such as 3,5,8"
    )
    ap.add_argument("--rules", default="strict", choices=Rules.PRESETS)
    ap.add_argument("--samples", type=int, default=SAMPLES)
    ap.add_argument("--width", type=int, default=WIDTH)
    ap.add_argument("--nodes", type=int, default=NODES)
    ap.add_argument("--relax", type=int, default=RELAX)
    ap.add_argument("--agree", type=int, default=AGREE)
    ap.add_argument("--margin", type=int, default=MARGIN)
    ap.add_argument("--exact", type=int, default=EXACT, help="stock cards from which it plays exactly")
    ap.add_argument("--exact-units", type=int, default=EXACT_UNITS)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--solve-nodes", type=int, default=200_000, help="the clairvoyant solver's budget a deal")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="sampling-benchmark.jsonl", help="JSON lines, appended; resumed from")
    ap.add_argument("--report-only", action="store_true", help="print the figures of the deals in --out")
    args = ap.parse_args()
    settings = {
        k: getattr(args, k)
        for k in ("samples", "width", "nodes", "relax", "agree", "seed", "margin", "exact", "exact_units")
    }
    deals = args.deals
    out = Path(args.out)
    done: dict[int, dict] = {}
    for r in read_results(out):  # a torn last line (a run killed mid-write) is played again
        r["settings"].setdefault("margin", 1)  # (records from before the options)
        r["settings"].setdefault("exact", 0)
        r["settings"].setdefault("exact_units", EXACT_UNITS)
        same = r["settings"] == settings and r["rules"] == args.rules and r["solve_nodes"] == args.solve_nodes
        if same and r["seed"] in deals:
            done[r["seed"]] = r
    todo = [] if args.report_only else [d for d in deals if d not in done]
    print(
        f"sampling {settings} on {len(deals)} {args.rules} deals ({len(done)} already in {out}), "
        f"{args.workers} processes; {platform.processor() or platform.machine()}, load "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        flush=True,
    )
    work = partial(one_deal, rules=args.rules, settings=settings, solve_nodes=args.solve_nodes)
    with ProcessPoolExecutor(args.workers) as pool, out.open("a") as f:
        futures = [pool.submit(work, d) for d in todo]
        for fut in as_completed(futures):
            r = fut.result()
            done[r["seed"]] = r
            f.write(json.dumps(r) + "\n")
            f.flush()
            print(
                f"deal {r['seed']:4d}: sampling {r['sampling']:4s} lookahead {r['lookahead']:4s} solver "
                f"{r['solver']:7s} {r['secs']:6.1f} s, {r['moves']} moves",
                flush=True,
            )
    if done:
        report([done[d] for d in deals if d in done], args.solve_nodes, args.rules)
    else:
        print(
            f"No record in {out} of these deals with these settings (the player's, --rules and "
            "--solve-nodes must match the run's).",
            file=sys.stderr,
        )
        if args.report_only:
            raise SystemExit(1)


if __name__ == "__main__":
    main()
