"""Random-playout speed of the rules engines (Windmill and Crazy Quilt), on one core.

Each game is dealt from its own seed (0, 1, 2, ...) and played to the end by picking uniformly among
the legal moves with a seeded generator, so every run plays the same games. Two paths are timed:

- the public API: ``Game(seed)``, ``game.legal_moves()``, ``game.play(move)`` (with its legality check
  and undo record), what a notebook user or a simple strategy loop pays;
- the fast core: ``Position.legal_codes()`` and ``Position.apply(code)`` on integer move codes, what
  solvers use.

A game counts from the deal to its end (no legal move left, or won). PySolFC's transfers let moves undo
each other, so games are capped at ``--max-moves``. The header gives the machine's load average: on a
shared machine compare figures only with a run made right before or after, under the same load.

    .venv/bin/python benchmarks/engine.py                        # both games, default rules
    .venv/bin/python benchmarks/engine.py --game windmill --rules pysolfc --games 1000
    .venv/bin/python benchmarks/engine.py --game crazy-quilt --rules common
    .venv/bin/python benchmarks/engine.py --game windmill --profile core
    .venv/bin/python benchmarks/engine.py --clock cpu                # on a busy machine
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget import all_games, find_game
from windmill_widget.core import PatienceGame

Game = type[PatienceGame]


def playout_api(game: Game, games: int, rules: object, seed: int, max_moves: int, first: int = 0) -> int:
    """Play ``games`` random games (deals ``first``, ``first + 1`` ...) through the public API; return
    the number of moves played."""
    pick = random.Random(seed).random  # uniform pick: legal[int(pick() * len(legal))], cheaper than choice()
    moves = 0
    for deal in range(first, first + games):
        g = game(seed=deal, rules=rules)
        for _ in range(max_moves):
            legal = g.legal_moves()
            if not legal:
                break
            g.play(legal[int(pick() * len(legal))])
            moves += 1
    return moves


def playout_core(game: Game, games: int, rules: object, seed: int, max_moves: int, first: int = 0) -> int:
    """The same games through the position core (integer codes, no checks, no history)."""
    pick = random.Random(seed).random
    moves = 0
    for deal in range(first, first + games):
        pos = game(seed=deal, rules=rules)._pos  # the core position a game wraps
        legal_codes, apply = pos.legal_codes, pos.apply
        for _ in range(max_moves):
            codes = legal_codes()
            if not codes:
                break
            apply(codes[int(pick() * len(codes))])
            moves += 1
    return moves


PATHS = {"api": playout_api, "core": playout_core}


def _load() -> str:
    """The machine's load when the run starts: figures measured on a busy machine are lower."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:  # not on every platform
        return "load unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


#: Wall-clock time, or this process's CPU time: on a machine that other work keeps busy the CPU time
#: is the steadier measure (it leaves out the time the process waited for a core).
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def measure(
    path: str, game: Game, games: int, rules: object, seed: int, max_moves: int, repeat: int, clock: str
) -> tuple[float, int]:
    """Best of ``repeat`` runs: (seconds, moves)."""
    best, moves, now = float("inf"), 0, CLOCKS[clock]
    for _ in range(repeat):
        start = now()
        moves = PATHS[path](game, games, rules, seed, max_moves)
        best = min(best, now() - start)
    return best, moves


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(all_games()), help="one game (default: both)")
    parser.add_argument("--games", type=int, default=1000, help="games per run (default 1000)")
    parser.add_argument("--rules", help="a preset of the game's rules (default: the game's default rules)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the move picker (default 0)")
    parser.add_argument("--max-moves", type=int, default=1000, help="cap per game (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per path; the best is shown (default 5)")
    parser.add_argument("--profile", choices=sorted(PATHS), help="profile one path with cProfile instead")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="wall", help="wall-clock (default) or CPU time"
    )
    args = parser.parse_args(argv)
    chosen = (
        [find_game(args.game)]
        if args.game
        else [find_game(name) for name in sorted(all_games(), reverse=True)]
    )
    if args.rules and len(chosen) > 1:
        parser.error("--rules names a preset of one game: give --game too")

    print(
        f"Random playouts of deals 0..{args.games - 1}, best of {args.repeat} runs on one core "
        f"({args.clock} time); "
        f"Python {platform.python_version()} on {platform.machine()}; {_load()}"
    )
    for game in chosen:
        rules = game.rules_type.from_preset(args.rules) if args.rules else game.rules_type()
        if args.profile:
            profiler = cProfile.Profile()
            profiler.runcall(PATHS[args.profile], game, args.games, rules, args.seed, args.max_moves)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
            continue
        print(f"{game.title}, {rules!r}:")
        labels = {"api": "public API (legal_moves/play)", "core": "fast core (Position.legal_codes/apply)"}
        for path, label in labels.items():
            seconds, moves = measure(
                path, game, args.games, rules, args.seed, args.max_moves, args.repeat, args.clock
            )
            rates = f"{args.games / seconds:7,.0f} games/s {moves / seconds:9,.0f} moves/s"
            print(f"  {label:39} {rates}  ({moves / args.games:.1f} moves/game)")


if __name__ == "__main__":
    main()
