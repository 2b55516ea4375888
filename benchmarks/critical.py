"""Critical decisions: how often a Windmill player makes the move that keeps a winnable deal won.

Win rates over whole games are a blunt way to compare players: 600 deals could not tell
``sampling`` from ``lookahead`` (39.0% against 37.3%, McNemar p = 0.50), because a game is lost
by one wrong move among a handful that matter, and the other two hundred moves only add noise.
This benchmark looks at the moves that matter. ``--find`` walks the clairvoyant solver's winning
line of each deal and, at every position where the stock still hides something and the legal
moves lead to more than one distinct position (suits ignored), solves the position after each
move: the line's own move keeps the deal won; a *critical decision* is a position where some
other move loses it (the solver proves the position after it lost). Positions where a move's
verdict stays unknown within the budget are left out, so every decision is scored on proofs.
Then each player named is shown each decision (its view only: the stock's order stays hidden)
and scored on whether its move keeps the deal won.

Every player faces the same decisions, so two players' scores compare pair by pair (an exact
McNemar test on the decisions one gets right and the other wrong), and a decision costs one move's
thinking instead of a whole game. The decisions are positions the clairvoyant solver reached, not
the player's own: getting every critical decision of a deal right does not make a player win
that deal (it would meet other positions), so the score measures judgement at the moments that
matter, not a win rate. A chooser that picks a distinct move at random scores the "random" line.

``--along PLAYER`` finds the decisions along that player's own games instead (every position of a
game up to the move after which the deal can no longer be won): closer to the positions players
meet, but that player is scored against itself: right at every decision of a game up to the one
that lost the deal (if it was decided), wrong at that one.

    .venv/bin/python benchmarks/critical.py --find --deals 0-199     # the decisions (resumable)
    .venv/bin/python benchmarks/critical.py --players lookahead,sampling
    .venv/bin/python benchmarks/critical.py --players "lookahead,sampling:width=256,nodes=1000000,relax=20000"
    .venv/bin/python benchmarks/critical.py --find --along lookahead --players lookahead,sampling

Decisions go to ``benchmarks/results/critical-RULES.jsonl`` (``critical-RULES-along-PLAYER.jsonl``
with ``--along``): a deal a line, with its seed, the line walked, and each decision's position
along it with every distinct move and its verdict. The figures so far are in
``docs/winnability.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from sampling import deal_range, pct  # benchmarks/sampling.py, beside this script

from windmill_widget import Rules
from windmill_widget.lab.critical import BANDS, Decision, DecisionScores, find_decisions, judge
from windmill_widget.solver.windmill.clairvoyant import warm_up

RESULTS = Path(__file__).resolve().parent / "results"


# -- finding the decisions ---------------------------------------------------------------------
def find_deal(seed: int, rules: str, along: str | None = None) -> dict:
    """One deal's record: the line walked (up to its last decision) and each decision's place on
    it, with its distinct moves and their verdicts."""
    warm_up()
    t0 = time.process_time()
    player = make_player(along) if along else None
    found = find_decisions([seed], rules=getattr(Rules, rules)(), along=player, progress=False)
    line = [str(m) for m in found[-1].line] if len(found) else []
    decisions = [
        {"at": len(d.line), "stock": d.stock, "moves": [str(m) for m in d.moves],
         "verdicts": [v.value for v in d.verdicts]}
        for d in found
    ]  # fmt: skip
    return {
        "seed": seed, "rules": rules, "along": along, "solver": found.verdicts[seed].value, "line": line,
        "decisions": decisions, "left_out": found.left_out, "cpu": round(time.process_time() - t0, 1),
    }  # fmt: skip


# -- scoring players ---------------------------------------------------------------------------
def make_player(spec: str) -> Callable:
    """A player from its name in :mod:`windmill_widget.strategies`, or ``sampling:key=value,...``
    for a sampling player with other settings."""
    from windmill_widget import strategies
    from windmill_widget.strategies.windmill.sampling import Sampling

    name, _, settings = spec.partition(":")
    if name == "sampling" and settings:
        kw = {}
        try:
            for item in settings.split(","):
                key, _, value = item.partition("=")
                kw[key.strip()] = int(value)
            return Sampling(**kw)
        except (TypeError, ValueError) as e:
            raise SystemExit(f"bad settings for sampling in {spec[:80]!r}: {e}") from None
    player = getattr(strategies, name, None)
    if not callable(player) or name.startswith("_"):
        raise SystemExit(f"no player named {name!r} (try lookahead, sampling, greedy, tips)")
    if isinstance(player, strategies.AnyGame):
        player = player.player("windmill")  # Windmill's own (a sampling player says how it chose)
    return player


def score_chunk(spec: str, decisions: list[dict]) -> list[dict]:
    """Each decision put to the player ``spec``: whether its move keeps the deal won, what went wrong
    if it failed, its CPU time, and how a sampling player chose."""
    warm_up()
    player = make_player(spec)
    tally = getattr(player, "tally", None)  # a sampling player says how it chose
    seen: dict = {}

    def timed(view):
        t0 = time.process_time()
        seen["how"] = None
        if tally is not None:
            t = tally(view)
            move, seen["how"] = t.move, t.why
        else:
            move = player(view)
        seen["cpu"] = time.process_time() - t0
        return move

    out = []
    for d in decisions:
        seen.clear()
        right, error = judge(timed, decision_of(d))
        out.append({"right": right, "error": error, "cpu": seen.get("cpu", 0.0), "how": seen.get("how")})
    return out


def decision_of(d: dict) -> Decision:
    """A decision of the results file as the lab's :class:`Decision`."""
    return Decision.from_json(
        {**d, "rules": getattr(Rules, d["rules"])().to_dict(), "line": d["line"][: d["at"]]}
    )


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def decisions_of(records: list[dict]) -> list[dict]:
    return [
        {**d, "seed": r["seed"], "rules": r["rules"], "line": r["line"]}
        for r in records
        for d in r["decisions"]
    ]


def report(decisions: list[dict], rows: dict[str, list[dict]]) -> None:
    scores = DecisionScores(
        [decision_of(d) for d in decisions],
        {name: [r["right"] for r in rs] for name, rs in rows.items()},
        {name: [r["error"] for r in rs] for name, rs in rows.items()},
    )
    n = len(decisions)
    deals = sorted({d["seed"] for d in decisions})
    print(
        f"\n{n} critical decisions on {len(deals)} deals (seeds {deals[0]}-{deals[-1]}), by stock cards left:"
    )
    bands = "".join(f"{f'{a}-{b}':>11}" for a, b in BANDS)
    print(f"{'player':36}{'right':>14}{'95% CI':>15}{bands}{'all of a deal':>15}  CPU (median, total)")
    rand = [len(d.winning) / len(d.moves) for d in scores.decisions]
    cells = ""
    for a, b in BANDS:
        xs = [x for x, s in zip(rand, scores.stocks, strict=True) if a <= s <= b]
        cells += f"{pct(sum(xs) / max(1, len(xs))):>11}"
    print(f"{'random (a distinct move)':36}{pct(scores.random_rate):>14}{'':15}{cells}")
    first = None
    for spec, rs in rows.items():
        right = sum(scores.right[spec])
        lo, hi = scores.ci(spec)
        cells = "".join(f"{r:>6}/{t:<4}" for r, t in scores.by_stock(spec).values())
        by_deal: dict[int, bool] = {}
        for d, ok in zip(decisions, scores.right[spec], strict=True):
            by_deal[d["seed"]] = by_deal.get(d["seed"], True) and ok
        cpus = [r["cpu"] for r in rs]
        print(
            f"{spec[:36]:36}{right:>7} {pct(scores.rate(spec)):>6}{f'{pct(lo)}-{pct(hi)}':>15}{cells}"
            f"{f'{sum(by_deal.values())} of {len(by_deal)}':>15}  {median(cpus):.3f} s, {sum(cpus):.0f} s"
        )
        if len(spec) > 36:
            print(f"  ({spec})")
        if scores.errors[spec]:
            print(f"  {len(scores.errors[spec])} failed, the first: {scores.errors[spec][0]}")
        hows = sorted({r["how"] for r in rs if r["how"]})
        if hows:
            wrong = ", ".join(
                f"{h} {sum(not ok for ok, r in zip(scores.right[spec], rs, strict=True) if r['how'] == h)}"
                for h in hows
            )
            print(f"  wrong, by how it chose: {wrong}")
        if first is None:
            first = spec
        else:
            pair = scores.paired(spec, first)
            print(
                f"  against {first}: {pair[f'only {spec}']} right alone, {pair[f'only {first}']} wrong alone "
                f"(McNemar p = {pair['p']:.3g})"
            )
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--find", action="store_true", help="find the critical decisions of --deals")
    ap.add_argument(
        "--deals", type=deal_range, default="0-199", help="a range such as 0-199, or a list such as 3,5,8"
    )
    ap.add_argument("--rules", default="strict", choices=Rules.PRESETS)
    ap.add_argument(
        "--along", default=None, help="find decisions along this player's games, not the solver's"
    )
    ap.add_argument("--players", default="lookahead,sampling", help="players to score, comma-separated")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--out", default=None, help="the decisions file (default: benchmarks/results/critical-RULES.jsonl)"
    )
    args = ap.parse_args()
    if args.along:
        make_player(args.along)  # a bad name stops here
    name = f"critical-{args.rules}" + (f"-along-{args.along.replace(':', '-')}" if args.along else "")
    path = Path(args.out) if args.out else RESULTS / f"{name}.jsonl"
    seeds = args.deals
    if args.find:
        done = {r["seed"] for r in load(path)}
        todo = [s for s in seeds if s not in done]
        print(
            f"finding the critical decisions of {len(todo)} deals ({len(done)} already in {path})",
            file=sys.stderr,
        )
        with ProcessPoolExecutor(args.workers) as pool, path.open("a") as f:
            for record in pool.map(find_deal, todo, [args.rules] * len(todo), [args.along] * len(todo)):
                f.write(json.dumps(record) + "\n")
                f.flush()
    wanted = set(seeds)
    records = [
        r
        for r in load(path)
        if r["seed"] in wanted and r["rules"] == args.rules and r.get("along") == args.along
    ]
    decisions = decisions_of(records)
    if not decisions:
        sys.exit(f"no critical decisions of these deals in {path}: run with --find first")
    # Players split per spec into chunks that alternate seeds, so that every worker gets a mix.
    specs = _split_specs(args.players)
    for spec in specs:
        make_player(spec)  # a bad name or setting stops here, before any work
    scores: dict[str, list[dict]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for spec in specs:
            k = 4 * args.workers
            chunks = [decisions[i::k] for i in range(k)]
            rows: list[dict] = [{}] * len(decisions)
            for i, part in enumerate(pool.map(score_chunk, [spec] * k, chunks)):
                rows[i::k] = part  # back in the decisions' order
            scores[spec] = rows
    report(decisions, scores)


def _split_specs(text: str) -> list[str]:
    """``"lookahead,sampling:width=64,nodes=200000"`` -> the two specs (a setting's comma stays with
    its sampling player)."""
    specs: list[str] = []
    for part in text.split(","):
        if "=" in part and ":" not in part and specs and ":" in specs[-1]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


if __name__ == "__main__":
    main()
