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

from windmill_widget import Game, Move, Rules
from windmill_widget.games.windmill.search import SearchState, signature
from windmill_widget.lab.stats import mcnemar_p, wilson
from windmill_widget.solver import solve
from windmill_widget.solver.windmill.clairvoyant import warm_up

RESULTS = Path(__file__).resolve().parent / "results"
#: Positions of the solver's budget for a deal's winning line, and for a move's verdict (first
#: the small budget, then the big one for the moves it leaves unknown).
LINE_NODES = 3_000_000
MOVE_NODES = (300_000, 3_000_000)
#: Stock bands the scores are broken down by (cards still in the stock).
BANDS = ((1, 9), (10, 29), (30, 59), (60, 103))


def deal_range(text: str) -> list[int]:
    """``"0-199"`` -> 0..199; ``"3,5,8"`` -> those deals."""
    if "-" in text:
        lo, hi = text.split("-")
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(",")]


def distinct_moves(game: Game) -> tuple[list[Move], list[tuple]]:
    """The legal moves, one for each distinct position they lead to (suits ignored, corners and
    sails interchangeable), and those positions' signatures."""
    moves: list[Move] = []
    sigs: list[tuple] = []
    for m in game.legal_moves():
        child = game.copy()
        child.play(m)
        sig = signature(SearchState.from_game(child))
        if sig not in sigs:
            moves.append(m)
            sigs.append(sig)
    return moves, sigs


def which(game: Game, move: Move, sigs: list[tuple]) -> int:
    """The index of the distinct position ``move`` leads to."""
    child = game.copy()
    child.play(move)
    return sigs.index(signature(SearchState.from_game(child)))


# -- finding the decisions ---------------------------------------------------------------------
def find_deal(seed: int, rules: str, along: str | None = None) -> dict:
    """The critical decisions along the solver's winning line of one deal, or along the game the
    player ``along`` plays (up to the move after which the deal can no longer be won)."""
    warm_up()
    t0 = time.process_time()
    r = getattr(Rules, rules)()
    sol = solve(Game(seed=seed, rules=r), max_nodes=LINE_NODES)
    record: dict = {"seed": seed, "rules": rules, "along": along, "solver": sol.result.value}
    record.update(line=[], decisions=[], left_out=0)
    if sol.result.value == "won":
        line = sol.moves if along is None else _game_of(make_player(along), seed, r)
        record["line"] = [str(m) for m in line]
        _walk(record, Game(seed=seed, rules=r), line, known_won=along is None)
    record["cpu"] = round(time.process_time() - t0, 1)
    return record


def _game_of(player: Callable, seed: int, rules: Rules) -> list[Move]:
    game = Game(seed=seed, rules=rules)
    while game.outcome is None:
        game.play(player(game.view()))
    return list(game.history)


def _walk(record: dict, game: Game, line: list[Move], *, known_won: bool) -> None:
    """Add the decisions along ``line`` to ``record``. With ``known_won`` the line wins, so its own
    moves need no verdict; else the walk stops once no move keeps the deal won."""
    for at, move in enumerate(line):
        stock = len(game.view().unseen)
        if stock:
            moves, sigs = distinct_moves(game)
            if len(moves) > 1:
                mine = which(game, move, sigs)
                verdicts = [
                    "won" if known_won and i == mine else _verdict(game, m) for i, m in enumerate(moves)
                ]
                if "unknown" in verdicts:
                    record["left_out"] += 1
                elif "lost" in verdicts and "won" in verdicts:
                    record["decisions"].append(
                        {"at": at, "stock": stock, "moves": [str(m) for m in moves], "verdicts": verdicts}
                    )
                if verdicts[mine] != "won":
                    return  # the deal is lost (or undecided) from here on
        game.play(move)


def _verdict(game: Game, move: Move) -> str:
    child = game.copy()
    child.play(move)
    for nodes in MOVE_NODES:
        verdict = solve(child, max_nodes=nodes).result.value
        if verdict != "unknown":
            return verdict
    return "unknown"


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
    """Each decision's move by the player ``spec``, whether it keeps the deal won, and its CPU time."""
    warm_up()
    player = make_player(spec)
    out = []
    for d in decisions:
        game = Game(seed=d["seed"], rules=getattr(Rules, d["rules"])())
        for m in d["line"][: d["at"]]:
            game.play(Move(m))
        _, sigs = distinct_moves(game)
        t0 = time.process_time()
        tally = getattr(player, "tally", None)  # a sampling player says how it chose
        how = None
        if tally is not None:
            t = tally(game.view())
            move, how = t.move, t.why
        else:
            move = player(game.view())
        cpu = time.process_time() - t0
        right = d["verdicts"][which(game, move, sigs)] == "won"
        out.append(
            {"seed": d["seed"], "at": d["at"], "stock": d["stock"], "right": right, "cpu": cpu, "how": how}
        )
    return out


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


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report(decisions: list[dict], scores: dict[str, list[dict]]) -> None:
    n = len(decisions)
    deals = sorted({d["seed"] for d in decisions})
    print(
        f"\n{n} critical decisions on {len(deals)} deals (seeds {deals[0]}-{deals[-1]}), by stock cards left:"
    )
    bands = "".join(f"{f'{a}-{b}':>11}" for a, b in BANDS)
    print(f"{'player':36}{'right':>14}{'95% CI':>15}{bands}{'all of a deal':>15}  CPU (median, total)")
    rand = [d["verdicts"].count("won") / len(d["verdicts"]) for d in decisions]
    cells = ""
    for a, b in BANDS:
        xs = [x for x, d in zip(rand, decisions, strict=True) if a <= d["stock"] <= b]
        cells += f"{pct(sum(xs) / max(1, len(xs))):>11}"
    print(f"{'random (a distinct move)':36}{pct(sum(rand) / n):>14}{'':15}{cells}")
    first = None
    for spec, rows in scores.items():
        right = sum(r["right"] for r in rows)
        lo, hi = wilson(right, len(rows))
        cells = ""
        for a, b in BANDS:
            xs = [r for r in rows if a <= r["stock"] <= b]
            cells += f"{sum(r['right'] for r in xs):>6}/{len(xs):<4}"
        by_deal: dict[int, bool] = {}
        for r in rows:
            by_deal[r["seed"]] = by_deal.get(r["seed"], True) and r["right"]
        cpus = [r["cpu"] for r in rows]
        print(
            f"{spec[:36]:36}{right:>7} {pct(right / len(rows)):>6}{f'{pct(lo)}-{pct(hi)}':>15}{cells}"
            f"{f'{sum(by_deal.values())} of {len(by_deal)}':>15}  {median(cpus):.3f} s, {sum(cpus):.0f} s"
        )
        if len(spec) > 36:
            print(f"  ({spec})")
        hows = sorted({r["how"] for r in rows if r["how"]})
        if hows:
            wrong = ", ".join(f"{h} {sum(not r['right'] for r in rows if r['how'] == h)}" for h in hows)
            print(f"  wrong, by how it chose: {wrong}")
        if first is None:
            first = (spec, {(r["seed"], r["at"]): r["right"] for r in rows})
        else:
            base = first[1]
            only_a = sum(r["right"] and not base[(r["seed"], r["at"])] for r in rows)
            only_b = sum(base[(r["seed"], r["at"])] and not r["right"] for r in rows)
            p = mcnemar_p(only_a, only_b)
            print(f"  against {first[0]}: {only_a} right alone, {only_b} wrong alone (McNemar p = {p:.3g})")
    print(f"load average now: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--find", action="store_true", help="find the critical decisions of --deals")
    ap.add_argument("--deals", default="0-199", help="a range such as 0-199, or a list such as 3,5,8")
    ap.add_argument("--rules", default="strict", choices=["strict", "classic", "relaxed", "pysolfc"])
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
    seeds = deal_range(args.deals)
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
            rows = [row for part in pool.map(score_chunk, [spec] * k, chunks) for row in part]
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
