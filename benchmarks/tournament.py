"""Tournament throughput and how good the shipped players are, against the clairvoyant ceiling.

Three parts, each printed as it finishes:

1. speed: ``play_many(greedy)`` on 10,000 deals over every local core (the default process pool),
   and on 1,000 deals in this process for the one-core rate;
2. every built-in player (``windmill_widget.strategies.__all__``) on the same 500 deals, with its
   win rate and 95% Wilson interval, and each one against ``greedy`` and ``tips`` deal by deal
   (exact McNemar test). Every player is deterministic (``lookahead`` limits its effort by a count
   of positions, not by time), so the same deals give the same games on any machine, however busy;
3. the ceiling: the clairvoyant solver (1 s per deal) on 200 deals next to the best no-peeking
   player, and the ratio of their win rates (the solver's over the deals it decided). Or, with
   ``--ceiling-from FILE``, the verdicts already in a results file of ``benchmarks/solver.py`` (every
   tier run there, up to its longest: Crazy Quilt's 120 s tier, which no run here could afford), on
   the players' own deals, and every player's rate against it.

    .venv/bin/python benchmarks/tournament.py
    .venv/bin/python benchmarks/tournament.py --deals 2000 --players-deals 200 --ceiling-deals 50
    .venv/bin/python benchmarks/tournament.py --rules relaxed --skip-speed
    .venv/bin/python benchmarks/tournament.py --rules pysolfc --skip-speed --skip-ceiling --workers 1
    .venv/bin/python benchmarks/tournament.py --game crazy-quilt --ceiling-nodes 150000   # Crazy Quilt
    .venv/bin/python benchmarks/tournament.py --game crazy-quilt --skip-speed --players tips,recall,sampling
    .venv/bin/python benchmarks/tournament.py --game crazy-quilt --skip-speed --players-deals 50 \
        --ceiling-from benchmarks/results/crazy-quilt-literal.jsonl --save /tmp/quilt-players.jsonl

``--save FILE`` writes every game (player, deal, outcome, cards placed, moves, seconds) as JSON lines,
so each figure can be checked deal by deal. It writes them as they are played, ``--chunk`` deals at a
time, and a run given a file that already holds games under the same rules plays only the games
missing from it: a long run that stops (a reboot, Ctrl-C) goes on where it stopped, and the figures
are those of every game in the file. ``--first N`` starts at deal N instead of 0:

    .venv/bin/python benchmarks/tournament.py --game crazy-quilt --rules literal --skip-speed \
        --skip-ceiling --players voting --first 50 --players-deals 150 --workers 2 --time-limit 900 \
        --save benchmarks/results/quilt-voting2-50-199-literal.jsonl

The players are the kit's public names, which play whichever game they are given; ``--game``
picks the game (``--rules``: one of its presets, its default by default).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import platform
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from solver import read_results  # benchmarks/solver.py, beside this script

import windmill_widget.strategies as strategies
from windmill_widget.core.registry import find_game
from windmill_widget.lab import Ceiling, Comparison, Results, compare, play_many
from windmill_widget.lab.playout import check_rules
from windmill_widget.lab.records import GameRecord, Result, SolveRecord

# Left out of the players' run, by game. Windmill's sampling takes minutes a game and has a benchmark
# of its own (benchmarks/sampling.py); Crazy Quilt's takes seconds and is run here.
SLOW = {"windmill": {"sampling", "sampling_player"}, "crazy-quilt": {"sampling_player"}}


def builtin_players(game: str = "windmill") -> dict[str, Callable]:
    """Every player the strategies package exports for ``game``, ready to play: factories (functions
    whose parameters all have defaults) are called, with ``seed=0`` when they take one; only players
    (:class:`~windmill_widget.strategies.AnyGame`) are kept, so helpers such as ``board_players`` and
    classes such as ``Advice`` are not; ``default_strategy`` is listed under the player it names, not
    twice; the ``SLOW`` ones and those of other games only (``recall`` for Windmill) are left out."""
    players: dict[str, Callable] = {}
    default = getattr(strategies, "default_strategy", None)
    for name in strategies.__all__:
        obj = getattr(strategies, name)
        if name == "default_strategy" or name in SLOW.get(game, ()):
            continue
        if inspect.isfunction(obj) and _is_factory(obj):
            params = inspect.signature(obj).parameters
            obj = obj(seed=0) if "seed" in params else obj()
        if not isinstance(obj, strategies.AnyGame) or game not in obj.players:
            continue
        label = f"{name} (default)" if getattr(strategies, name) is default else name
        players[label] = obj
    if default is not None and not any(label.endswith("(default)") for label in players):
        players["default_strategy"] = default
    return players


def _is_factory(fn: Callable) -> bool:
    """A function whose parameters all have defaults makes players; a player takes the view."""
    params = list(inspect.signature(fn).parameters.values())
    return not params or all(p.default is not inspect.Parameter.empty for p in params)


def _children_cpu() -> float:
    """CPU seconds used by finished child processes (the pool's workers, once shut down)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return float("nan")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def speed(deals: int, workers: int, rules: Any) -> None:
    cpu0, t0 = _children_cpu(), time.perf_counter()
    res = play_many(strategies.greedy, range(deals), rules, workers=workers, progress=False)
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    print(f"greedy, {deals:,} deals on {workers} cores: {wall:.2f} s ({deals / wall:,.0f} games/s)")
    # On a busy machine the wall time says little; the workers' CPU time says what idle cores would do.
    print(
        f"  workers' CPU time {cpu:.2f} s (start-up included): ~{cpu / workers:.2f} s on {workers} idle cores"
    )
    print(f"  {res!r}")
    one = min(deals, 1000)
    t0 = time.perf_counter()
    play_many(strategies.greedy, range(one), rules, executor="serial", progress=False)
    wall1 = time.perf_counter() - t0
    print(f"greedy, {one:,} deals in this process: {wall1:.2f} s ({one / wall1:,.0f} games/s on one core)")


def players(
    game: str,
    deals: range,
    workers: int,
    rules: Any,
    time_limit: float,
    only: str | None = None,
    save: Path | None = None,
    chunk: int = 10,
) -> Comparison:
    field = builtin_players(game)
    if only:
        # "lookahead" names "lookahead (default)" too: the label only marks the game's default player
        bare = {label.removesuffix(" (default)"): label for label in field}
        names = [bare.get(n.strip(), n.strip()) for n in only.split(",")]
        unknown = [n for n in names if n not in field]
        if unknown:
            raise SystemExit(f"no built-in player named {', '.join(unknown)}; there are {', '.join(field)}")
        field = {n: field[n] for n in names}
    if save is None:
        cmp = compare(field, deals, rules, workers=workers, progress=True, time_limit=time_limit)
    else:
        cmp = _played_and_saved(field, deals, rules, game, workers, time_limit, save, chunk)
    span = f"{deals.start}-{deals.stop - 1}"
    print(f"Built-in players on the same {len(deals)} deals, {span} ({cmp.seconds:.1f} s):")
    for r in sorted(cmp, key=lambda r: -r.win_rate):
        lo, hi = r.ci
        rate = f"{r.win_rate:6.1%}  [{lo:5.1%}, {hi:5.1%}]"
        mean_ms = 1000 * sum(rec.seconds for rec in r) / r.n
        failed = _failures(r)
        print(f"  {r.name:<24} {rate}  {r.mean_cards:5.1f} cards  {mean_ms:7.1f} ms/game{failed}")
    for base in ("greedy", "tips"):  # deal by deal: far more telling than overlapping intervals
        if base not in cmp.results:
            continue
        for name in cmp.names:
            if name not in ("greedy", base):
                pair = cmp.paired(name, base)
                print(f"  {name} vs {base}: won by {name} only {pair[f'only {name}']}, by {base} only "
                      f"{pair[f'only {base}']} (exact McNemar p = {pair['p_value']:.2g})")  # fmt: skip
    return cmp


def best_name(cmp: Comparison) -> str:
    """The name of the comparison's best player."""
    best = cmp.best()
    return next(name for name, r in cmp.results.items() if r is best)


def _played_and_saved(
    field: dict[str, Callable], deals: range, rules: Any, game: str, workers: int, time_limit: float,
    path: Path, chunk: int,
) -> Comparison:  # fmt: skip
    """Play the games missing from the file ``path`` (every game of ``field`` on ``deals``),
    ``chunk`` deals at a time, appending each chunk's games as it ends; the comparison of every
    game on ``deals`` in the file."""
    if chunk < 1:
        raise SystemExit(f"--chunk must be 1 or more, not {chunk}")
    done = saved_games(path, rules, game)
    have = sum(len(done.get(n, {})) for n in field)
    if have:
        print(f"{path}: {have} of these games already played, resuming")
    t0 = time.perf_counter()
    todo = [s for s in deals if any(s not in done.get(n, {}) for n in field)]
    for i in range(0, len(todo), chunk):
        part = todo[i : i + chunk]
        need = {n: f for n, f in field.items() if any(s not in done.get(n, {}) for s in part)}
        cmp = compare(need, part, rules, workers=workers, progress=True, time_limit=time_limit)
        new = [
            (name, rec)
            for name, res in cmp.results.items()
            for rec in res
            if rec.seed not in done.get(name, {})
        ]
        with path.open("a") as out:
            for name, rec in new:
                out.write(json.dumps(_row(name, rec, rules)) + "\n")
                done.setdefault(name, {})[rec.seed] = rec
        if cmp.interrupted:
            raise SystemExit(f"interrupted: {len(new)} more games written to {path}; run again to go on")
    results = {n: Results(n, [done[n][s] for s in deals], rules) for n in field}
    print(f"games in {path}")
    return Comparison(results, deals=list(deals), rules=rules, seconds=time.perf_counter() - t0)


def _row(name: str, rec: GameRecord, rules: Any) -> dict:
    """A game as a line of the --save file: who played which deal, and how it ended."""
    row = {"player": name, "seed": rec.seed, "rules": repr(rules), "outcome": rec.outcome.value,
           "cards": rec.cards, "moves": rec.moves, "seconds": round(rec.seconds, 4)}  # fmt: skip
    if rec.error:
        row["error"] = rec.error
    return row


def saved_games(path: Path, rules: Any, game: str) -> dict[str, dict[int, GameRecord]]:
    """The games in a --save file, by player and deal (none if the file is missing). Every game
    must have been played under ``rules``: a file is one tournament's."""
    games: dict[str, dict[int, GameRecord]] = {}
    if not path.exists():
        return games
    name = find_game(game).name
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            rec = GameRecord(int(row["seed"]), Result(row["outcome"]), int(row["cards"]), int(row["moves"]),
                             row.get("error"), float(row.get("seconds", 0.0)), game_name=name)  # fmt: skip
            player, made_under = str(row["player"]), row["rules"]
        except (ValueError, KeyError, TypeError) as e:
            raise SystemExit(f"{path}, line {n}: not a game of this script ({e}): {line[:80]!r}") from e
        if made_under != repr(rules):
            raise SystemExit(f"{path}, line {n}: a game under {made_under}, not this run's {rules!r}")
        games.setdefault(player, {})[rec.seed] = rec
    return games


def file_ceiling(path: Path, game: str, rules: Any, deals: range) -> Ceiling:
    """The clairvoyant ceiling on ``deals`` from a results file of ``benchmarks/solver.py``:
    a deal that any tier decided is decided (the solver is sound, so two tiers never disagree: checked),
    the others are unknown. Every deal must have a record, made under ``rules``."""
    if not path.exists():
        raise SystemExit(f"no results file {path}: run benchmarks/solver.py first")
    rules_type = find_game(game).rules_type
    verdicts: dict[int, dict] = {}
    seconds = units = 0.0
    for r in read_results(path):
        seed = r["seed"]
        if seed not in deals:
            continue
        made_under = getattr(rules_type, r["rules"])()
        if "redeals" in r:
            made_under = replace(made_under, redeals=r["redeals"])
        if made_under != rules:
            raise SystemExit(f"{path} holds deal {seed} under {made_under!r}, not the tournament's {rules!r}")
        if r.get("measure") == "units":
            units = max(units, r["budget"])
        else:
            seconds = max(seconds, r["budget"])
        old = verdicts.get(seed)
        if old is not None and {old["result"], r["result"]} == {"won", "lost"}:
            raise SystemExit(f"{path}: deal {seed} is both won and lost: the solver is unsound")
        if old is None or old["result"] == "unknown":
            verdicts[seed] = r
    missing = [s for s in deals if s not in verdicts]
    if missing:
        raise SystemExit(f"{path} has no verdict on deals {missing[:8]}: run benchmarks/solver.py on them")
    records = [SolveRecord(s, r["result"], nodes=r["nodes"], moves=r["moves"], seconds=r["seconds"],
                           game_name=find_game(game).name) for s, r in sorted(verdicts.items())]  # fmt: skip
    return Ceiling(records, rules, max_seconds=seconds or None, max_nodes=int(units) or None,
                   name=f"clairvoyant solver ({path.name}, every tier)")  # fmt: skip


def against_file_ceiling(cmp: Comparison, top: Ceiling) -> None:
    """Every player's win rate against a ceiling read from a results file, on the same deals."""
    lo, hi = top.ci
    low, high = top.bounds
    print(f"{top.name}, {top.budget()}, {top.n} deals:")
    print(f"  decided {top.decided}/{top.n} ({top.won} won, {top.lost} proved lost, {top.unknown} unknown)")
    print(f"  clairvoyant win rate {top.win_rate:.1%} [{lo:.1%}, {hi:.1%}] over the decided deals")
    print(f"  over all {top.n} deals, whatever the unknown ones hold: {low:.1%} to {high:.1%}")
    both = Comparison(cmp.results, top, deals=cmp.deals, rules=cmp.rules)
    for r in sorted(cmp, key=lambda r: -r.win_rate):
        ratio = both.ratio_to_ceiling(r.name)
        span = (
            f" ({r.win_rate / high:.1%} to {r.win_rate / low:.1%} counting the unknown ones)" if low else ""
        )
        text = f"{ratio:.1%}" if ratio is not None else "n/a"
        print(f"  {r.name:<24} {r.win_rate:6.1%}: {text} of the clairvoyant win rate{span if low else ''}")


def _failures(r: Results) -> str:
    """How many games failed, by kind (``MoveLimit``, ``TimeLimit``, ...), if any did."""
    if not r.failures:
        return ""
    kinds = Counter(rec.failure_kind for rec in r.failures)
    return ", failed: " + ", ".join(f"{n} {kind}" for kind, n in kinds.most_common())


def ceiling(
    game: str,
    best: str,
    deals: int,
    workers: int,
    rules: Any,
    seconds: float | None,
    time_limit: float,
    nodes: int | None = None,
) -> None:
    field = {best: builtin_players(game)[best]}
    cmp = compare(
        field,
        range(deals),
        rules,
        ceiling=True,
        ceiling_seconds=seconds,
        ceiling_nodes=nodes,
        workers=workers,
        time_limit=time_limit,
    )
    top, mine = cmp.ceiling, cmp[best]
    assert top is not None
    lo, hi = top.ci
    low, high = top.bounds
    print(f"Clairvoyant solver, {top.budget()}, {deals} deals ({cmp.seconds:.1f} s):")
    verdicts = f"{top.won} won, {top.lost} proved lost, {top.unknown} unknown"
    median_ms = top.median_seconds * 1000
    decided = f"{top.decided}/{top.n} = {top.decided_fraction:.1%}"
    print(f"  decided {decided} ({verdicts}); median {median_ms:.0f} ms per deal")
    print(f"  clairvoyant win rate {top.win_rate:.1%} [{lo:.1%}, {hi:.1%}] over the decided deals")
    print(f"  over all {top.n} deals, whatever the unknown ones hold: {low:.1%} to {high:.1%}")
    ratio = cmp.ratio_to_ceiling()
    ratio_text = f"{ratio:.1%}" if ratio is not None else "n/a"
    print(f"  best no-peeking player, {best}: {mine.win_rate:.1%} on the same deals")
    print(f"  -> {ratio_text} of the clairvoyant win rate over the decided deals", end="")
    if low > 0:  # the unknown deals could go either way: the ratio over all deals lies in this range
        print(f" ({mine.win_rate / high:.1%} to {mine.win_rate / low:.1%} counting the unknown ones)")
    else:
        print()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=10_000, help="deals for the speed run")
    ap.add_argument("--players-deals", type=int, default=500, help="deals per built-in player")
    ap.add_argument("--first", type=int, default=0, help="the players' first deal (default 0)")
    ap.add_argument("--chunk", type=int, default=10, help="with --save: deals played between writes")
    ap.add_argument("--ceiling-deals", type=int, default=200, help="deals for the solver ceiling")
    ap.add_argument("--ceiling-seconds", type=float, default=1.0, help="solver seconds per deal (0: none)")
    ap.add_argument(
        "--ceiling-nodes", type=int, default=None, help="solver positions per deal (default: none)"
    )
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds a player may take per game")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (every core)")
    ap.add_argument("--game", default="windmill", choices=["windmill", "crazy-quilt"], help="the game")
    ap.add_argument("--rules", default=None, help="rules preset (default: the game's, strict or literal)")
    ap.add_argument("--players", default=None, help="only these built-in players, comma-separated")
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--skip-ceiling", action="store_true")
    ap.add_argument(
        "--ceiling-from", type=Path, default=None, help="a benchmarks/solver.py results file: the ceiling"
    )
    ap.add_argument(
        "--save", type=Path, default=None, help="write every game to this file (JSON lines), resuming it"
    )
    args = ap.parse_args()
    rules = check_rules(args.rules, args.game)

    machine = f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores"
    load = ", load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()) if hasattr(os, "getloadavg") else ""
    print(f"{machine}{load}; {args.workers} workers; {rules!r}")
    print(f"Players: {', '.join(builtin_players(args.game))}")
    if not args.skip_speed:
        speed(args.deals, args.workers, rules)
    deals = range(args.first, args.first + args.players_deals)
    cmp = players(args.game, deals, args.workers, rules, args.time_limit, args.players, args.save, args.chunk)
    best = best_name(cmp)
    if args.ceiling_from:
        against_file_ceiling(cmp, file_ceiling(args.ceiling_from, args.game, rules, deals))
    elif not args.skip_ceiling:
        seconds = args.ceiling_seconds or None
        ceiling(
            args.game,
            best,
            args.ceiling_deals,
            args.workers,
            rules,
            seconds,
            args.time_limit,
            args.ceiling_nodes,
        )


if __name__ == "__main__":  # the spawn workers import this file: run only as a script
    main()
