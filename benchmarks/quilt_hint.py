"""The Crazy Quilt board's Hint: how quick it is, and whether it plays at least as well as ``tips``.

Two parts:

1. ``--latency`` (the default): the Hint's player (``strategies.crazy_quilt.lookahead``, a fresh
   copy per deal, as a board has one) plays deals FIRST.. to their end, and every call of its
   ``advise`` (the move and its one-sentence reason, what the board's Hint asks) is timed in CPU
   time (the machine may be busy: CPU time is what an idle core would take). Printed: p50, p95 and
   max per hint, in a subprocess without numba (``WINDMILL_WIDGET_PURE_PYTHON=1``, as in Pyodide or a
   default install). Only the solver's exhaustive search, which the Hint calls after the redeal, is
   compiled where numba is (``--one-mode`` without that variable measures that mode: on deals 0-7,
   literal, p95 121 ms against 114 ms, and the first call in a process loads the compiled loops,
   some 0.7 s). Target (issue 42): the 95th percentile within 0.3 s.
2. ``--games N``: the Hint's player and ``tips`` on the same deals FIRST..FIRST+N-1, deal by deal:
   each one's win rate with its 95% Wilson interval, and the exact McNemar test on the deals one
   won and the other lost. Each deal's result is appended to
   ``benchmarks/results/quilt-hint-RULES.jsonl`` as it finishes, and a run plays only the deals
   not there yet, so a long run can be split over several sittings.

    nice -n 10 .venv/bin/python benchmarks/quilt_hint.py --deals 8               # latency
    nice -n 10 .venv/bin/python benchmarks/quilt_hint.py --games 1000 --workers 2
    nice -n 10 .venv/bin/python benchmarks/quilt_hint.py --games 1000 --rules common --workers 2
    .venv/bin/python benchmarks/quilt_hint.py --games 1000 --table                # the figures so far
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.core import compiled
from windmill_widget.lab.stats import mcnemar_p, wilson
from windmill_widget.strategies.crazy_quilt import deep_sampling, lookahead, sampling, tips

RESULTS = Path(__file__).resolve().parent / "results"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_hints(first: int, deals: int, rules: QuiltRules) -> tuple[list[float], int]:
    """CPU seconds of every hint along the Hint player's own games, and how many had no reason."""
    times: list[float] = []
    empty = 0
    for seed in range(first, first + deals):
        player = copy.deepcopy(lookahead)  # a board's own player: it remembers one game
        game = QuiltGame(seed=seed, rules=rules)
        while game.status == "playing":
            t = time.process_time()
            advice = player.advise(game.view())
            times.append(time.process_time() - t)
            empty += not advice.reason
            game.play(advice.move)
    return times, empty


def latency(args: argparse.Namespace) -> None:
    """Run this script's latency part in a fresh interpreter without numba."""
    env = dict(os.environ, WINDMILL_WIDGET_PURE_PYTHON="1")
    cmd = [sys.executable, __file__, "--one-mode", "--deals", str(args.deals), "--first",
           str(args.first), "--rules", args.rules]  # fmt: skip
    subprocess.run(cmd, env=env, check=True)


def one_mode(args: argparse.Namespace) -> None:
    rules = getattr(QuiltRules, args.rules)()
    mode = "with numba" if compiled.COMPILED else "pure Python (no numba)"
    times, empty = time_hints(args.first, args.deals, rules)
    deals = f"deals {args.first}-{args.first + args.deals - 1}"
    print(
        f"{mode:>24}: {len(times)} hints on {deals} ({args.rules}), load {os.getloadavg()[0]:.1f}: "
        f"p50 {statistics.median(times) * 1000:.0f} ms, p95 {percentile(times, 0.95) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms (CPU time); {empty} without a reason",
        flush=True,
    )


#: The players ``--player`` may pair with ``tips``: the Hint's, and the lab's sampling players.
PLAYERS = {"lookahead": lookahead, "sampling": sampling, "deep_sampling": deep_sampling}


def play_pair(seed: int, rules_name: str, rival: str = "lookahead") -> dict:
    """One deal played by ``tips`` and by ``rival`` (a name of :data:`PLAYERS`; a fresh copy, as a
    board or the lab has one a game)."""
    rules = getattr(QuiltRules, rules_name)()
    out: dict = {"deal": seed, "rules": rules_name}
    for name, make in (("tips", lambda: tips), (rival, lambda: copy.deepcopy(PLAYERS[rival]))):
        player = make()
        game = QuiltGame(seed=seed, rules=rules)
        t = time.process_time()
        while game.status == "playing":
            game.play(player(game.view()))
        if name != "tips":  # the solver's verdicts after the redeal (won: it played exactly)
            out["verdicts"] = player.verdicts
        out[name] = {
            "won": game.status == "won",
            "placed": game.cards_on_foundations,
            "cpu": round(time.process_time() - t, 3),
        }
    return out


def results_path(rules: str, rival: str) -> Path:
    """The Hint's records keep their name; another player's get their own file."""
    return RESULTS / (f"quilt-hint-{rules}.jsonl" if rival == "lookahead" else f"quilt-{rival}-{rules}.jsonl")


def games(args: argparse.Namespace) -> None:
    path = results_path(args.rules, args.player)
    wanted = range(args.first, args.first + args.games)
    done = {r["deal"]: r for r in _records(path) if r["deal"] in wanted}
    todo = [d for d in wanted if d not in done]
    if todo and not args.table:
        print(f"{len(done)} deals on record, {len(todo)} to play ({args.workers} workers)", flush=True)
        with ProcessPoolExecutor(args.workers) as pool, path.open("a") as out:
            futures = [pool.submit(play_pair, deal, args.rules, args.player) for deal in todo]
            for future in as_completed(futures):  # written as each ends: a run cut short keeps them
                record = future.result()
                out.write(json.dumps(record) + "\n")
                out.flush()
                done[record["deal"]] = record
    table(sorted(done.values(), key=lambda r: r["deal"]), args.rules, args.player)


def _records(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def table(records: list[dict], rules: str, rival: str = "lookahead") -> None:
    n = len(records)
    if not n:
        print("no deals on record")
        return
    deals = sorted(r["deal"] for r in records)
    span = (
        f"{deals[0]}-{deals[-1]}"
        if deals[-1] - deals[0] + 1 == n
        else f"{n} deals from {deals[0]} to {deals[-1]}"
    )
    print(f"Crazy Quilt, {rules} rules, deals {span} ({n} deals), the same deals for both players:")
    for name in ("tips", rival):
        won = sum(r[name]["won"] for r in records)
        lo, hi = wilson(won, n)
        placed = statistics.mean(r[name]["placed"] for r in records)
        cpu = statistics.mean(r[name]["cpu"] for r in records)
        print(f"  {name:>13}: won {won}/{n} = {won / n:.1%} (95% CI {lo:.1%}-{hi:.1%}), "
              f"{placed:.1f} cards placed, {cpu:.2f} CPU s a game")  # fmt: skip
    only_hint = sum(r[rival]["won"] and not r["tips"]["won"] for r in records)
    only_tips = sum(r["tips"]["won"] and not r[rival]["won"] for r in records)
    both = sum(r["tips"]["won"] and r[rival]["won"] for r in records)
    verdicts = Counter(v[0] for r in records if r.get("verdicts") for v in [r["verdicts"]])
    if verdicts:
        said = ", ".join(f"{k} {n}" for k, n in sorted(verdicts.items()))
        print(f"  the solver's first verdict after the redeal, {rival}'s games: {said}")
    print(f"  deal by deal: {only_hint} won by {rival} alone, {only_tips} by tips alone, {both} by both "
          f"(exact McNemar p = {mcnemar_p(only_hint, only_tips):.2g})")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=8, help="latency: deals FIRST..FIRST+N-1 (default 8)")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rules", default="literal", choices=QuiltRules.PRESETS)
    parser.add_argument("--games", type=int, help="the paired comparison with tips on N deals")
    parser.add_argument(
        "--player",
        default="lookahead",
        choices=sorted(PLAYERS),
        help="--games: the player paired with tips (default lookahead, the Hint)",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--table", action="store_true", help="--games: print the figures on record only")
    parser.add_argument("--one-mode", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.games:
        games(args)
    elif args.one_mode:
        one_mode(args)
    else:
        latency(args)


if __name__ == "__main__":
    main()
