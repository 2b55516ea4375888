"""What sealing costs: a sealed tournament against the same one in process, for both games.

Prints, for ``greedy`` (Windmill) and a first-legal-move player (Crazy Quilt):

1. how long a sealed process takes to start and load its strategy;
2. seconds per game in this process (``executor="serial"``), sealed and not, and the ratio;
3. the machine's load average beside each figure (timings on a busy machine are noisy).

    .venv/bin/python benchmarks/sealed.py
    .venv/bin/python benchmarks/sealed.py --deals 200
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

from windmill_widget.lab import compare
from windmill_widget.lab.sealed import SealedPlayer
from windmill_widget.lab.worker import dumps_strategy
from windmill_widget.strategies import greedy


def first(view):
    return view.legal_moves()[0]


def load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    args = parser.parse_args()

    starts = []
    for _ in range(5):
        t0 = time.perf_counter()
        with SealedPlayer(dumps_strategy(greedy)) as player:
            player.load()
        starts.append(time.perf_counter() - t0)
    best, worst = min(starts), max(starts)
    print(f"sealed process start and load: {best:.3f} s best of 5, {worst:.3f} s worst ({load()})")

    for game, player in (("windmill", greedy), ("crazy-quilt", first)):
        name = player.__name__
        options = {"game": game, "executor": "serial", "progress": False}
        t0 = time.perf_counter()
        sealed = compare({name: player}, deals=args.deals, sealed=True, secret="benchmark", **options)
        t_sealed = time.perf_counter() - t0
        t0 = time.perf_counter()
        plain = compare({name: player}, deals=sealed.deals, **options)
        t_plain = time.perf_counter() - t0
        assert sealed[name].records == plain[name].records, "sealing changed the games"
        moves = sum(r.moves for r in plain[name].records)
        print(
            f"{game}, {name}, {args.deals} deals on one core ({moves / args.deals:.0f} moves a game): "
            f"sealed {t_sealed / args.deals * 1000:.1f} ms a game "
            f"({t_sealed / moves * 1e6:.0f} µs a move, start and probe included), "
            f"in process {t_plain / args.deals * 1000:.2f} ms a game: {t_sealed / t_plain:.0f}x ({load()})"
        )


if __name__ == "__main__":
    main()
