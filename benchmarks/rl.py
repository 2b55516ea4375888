"""Speed of the Gymnasium environments (windmill_widget.rl) beside the engine's own, for both games.

Every path plays the same kind of game: deals 0, 1, 2 ... to the end, each move drawn uniformly
among the legal ones by a seeded generator (the environments' from the action mask). Four figures
per game, each in moves (steps) per second:

- the engine through its public API and through its fast core (``benchmarks/engine.py``'s two paths);
- one environment (``gymnasium.make``, with its wrappers), stepped by random masked actions;
- ``SyncVectorEnv`` of ``--envs`` environments in this process, and ``AsyncVectorEnv`` of as many,
  one process each (over all cores), each as Gymnasium makes it and with ``copy=False`` (the
  batch's observations not copied for the caller): a vector step counts one step per environment
  that moved (the step that resets a finished environment is not counted). Gymnasium's own work per
  vector step (batching the observations and infos, the pipes to the processes) is much of their cost.

The issue's target: one environment's steps per second at least a third of the engine's moves per
second (the ratio is printed against both engine paths; the three are run in turn, ``--repeat``
times, and the best of each kept). On a shared machine compare figures only
with a run made under the same load (the header gives it); ``--clock cpu`` is steadier there, but
counts only this process, so the asynchronous figure is always wall-clock.

    .venv/bin/python benchmarks/rl.py                       # both games, default rules
    .venv/bin/python benchmarks/rl.py --game windmill --rules pysolfc --games 500
    .venv/bin/python benchmarks/rl.py --flatten --clock cpu
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

import gymnasium as gym
import numpy as np
from engine import CLOCKS, _load, measure  # benchmarks/engine.py, beside this script

from windmill_widget import find_game
from windmill_widget.rl import ENV_IDS

ENV_OF = {cls.game_type.name: env_id for env_id, cls in ENV_IDS.items()}


def single(env_id: str, rules: object, games: int, seed: int, flatten: bool, clock: str) -> tuple[float, int]:
    """One environment over deals 0..games-1: (seconds, steps)."""
    env = gym.make(env_id, rules=rules, flatten=flatten)
    pick = random.Random(seed).random
    steps, now = 0, CLOCKS[clock]
    start = now()
    for deal in range(games):
        _obs, info = env.reset(seed=deal)
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _obs, _r, terminated, truncated, info = env.step(legal[int(pick() * len(legal))])
            steps += 1
            done = terminated or truncated
    seconds = now() - start
    env.close()
    return seconds, steps


def vectorised(
    kind: str,
    env_id: str,
    rules: object,
    n_envs: int,
    total: int,
    seed: int,
    flatten: bool,
    clock: str,
    copy: bool = True,
) -> tuple[float, int]:
    """``total`` environment steps through a vector environment of ``n_envs``: (seconds, steps)."""
    make = [lambda: gym.make(env_id, rules=rules, flatten=flatten) for _ in range(n_envs)]
    # copy=False: the batch's observations are read before the next step (Gymnasium copies by default)
    vector = gym.vector.SyncVectorEnv if kind == "sync" else gym.vector.AsyncVectorEnv
    envs = vector(make, copy=copy)
    rng = np.random.default_rng(seed)
    _obs, info = envs.reset(seed=list(range(n_envs)))
    done = np.zeros(n_envs, dtype=bool)
    steps, now = 0, CLOCKS["wall" if kind == "async" else clock]
    start = now()
    while steps < total:
        # uniform among each environment's legal actions: the largest of uniform draws where legal
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        steps += int((~done).sum())  # an environment that finished last step only resets in this one
        _obs, _r, terminated, truncated, info = envs.step(actions)
        done = terminated | truncated
    seconds = now() - start
    envs.close()
    return seconds, steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(ENV_OF), help="one game (default: both)")
    parser.add_argument("--rules", help="a preset of the game's rules (default: the game's default rules)")
    parser.add_argument("--games", type=int, default=300, help="deals per path (default 300)")
    parser.add_argument("--envs", type=int, default=os.cpu_count() or 2, help="environments per vector env")
    parser.add_argument("--seed", type=int, default=0, help="seed of the move pickers (default 0)")
    parser.add_argument("--flatten", action="store_true", help="flat observations instead of the Dict")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs of the engine and one environment, interleaved; the best is shown",
    )
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall", help="wall-clock or CPU time")
    args = parser.parse_args(argv)
    names = [args.game] if args.game else sorted(ENV_OF, reverse=True)
    if args.rules and len(names) > 1:
        parser.error("--rules names a preset of one game: give --game too")

    print(
        f"Random playouts of deals 0..{args.games - 1} ({args.clock} time; asynchronous: wall time), "
        f"{'flat' if args.flatten else 'Dict'} observations; {_load()}"
    )
    for name in names:
        game = find_game(name)
        rules = game.rules_type.from_preset(args.rules) if args.rules else game.rules_type()
        env_id = ENV_OF[name]
        print(f"{game.title}, {rules!r} ({env_id}):")
        # the engine's paths and the environment in turn, each run --repeat times, the best of each kept:
        # on a shared machine a load that comes and goes then weighs on all three alike
        engine = {"api": 0.0, "core": 0.0}
        rate = 0.0
        for _ in range(args.repeat):
            for path in engine:
                seconds, moves = measure(path, game, args.games, rules, args.seed, 1000, 1, args.clock)
                engine[path] = max(engine[path], moves / seconds)
            seconds, steps = single(env_id, rules, args.games, args.seed, args.flatten, args.clock)
            rate = max(rate, steps / seconds)
        for path, label in (("api", "engine, public API"), ("core", "engine, fast core")):
            print(f"  {label:34} {engine[path]:9,.0f} moves/s")
        ratio = f"{rate / engine['api']:.2f} of the API's rate, {rate / engine['core']:.2f} of the core's"
        print(f"  {'one environment':34} {rate:9,.0f} steps/s  ({ratio})")
        for kind in ("sync", "async"):
            for copy in (True, False):
                name = "SyncVectorEnv" if kind == "sync" else "AsyncVectorEnv"
                label = f"{name} x {args.envs}{'' if copy else ', copy=False'}"
                seconds, steps = vectorised(
                    kind, env_id, rules, args.envs, steps, args.seed, args.flatten, args.clock, copy
                )
                print(f"  {label:34} {steps / seconds:9,.0f} steps/s")


if __name__ == "__main__":
    main()
