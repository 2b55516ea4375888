"""Speed of the Gymnasium environments (windmill_widget.rl) beside the engine's own, for both games.

Every path plays the same kind of game: deals 0, 1, 2 ... to the end, each move drawn uniformly
among the legal ones by a seeded generator (the environments' from the action mask). Each figure is
in moves (steps) per second, by the wall clock and by this process's CPU time:

- the engine through its public API and through its fast core (``benchmarks/engine.py``'s two paths);
- one environment as ``gymnasium.make`` gives it, stepped by random masked actions, each deal begun
  by ``reset(options={"deal": n})`` (as a training loop's ``reset()``, it does not reseed Gymnasium's
  generator, some 50 µs a reset): made, the env sits under Gymnasium's ``OrderEnforcing`` wrapper (a
  step before the first reset raises ``ResetNeeded``), one more Python call a step; the kit registers
  its environments with ``disable_env_checker=True``, so ``PassiveEnvChecker`` is left out
  (``gymnasium.make(..., disable_env_checker=False)`` puts it back);
- the same environment bare (``env.unwrapped``): the kit's own cost, what the wrappers add apart;
- ``SyncVectorEnv`` of ``--envs`` environments in this process, and ``AsyncVectorEnv`` of as many,
  one process each (over all cores; wall clock only), each as Gymnasium makes it and with
  ``copy=False`` (the batch's observations not copied for the caller): a vector step counts one step
  per environment that moved (the step that resets a finished environment is not counted).
  Gymnasium's own work per vector step (batching the observations and infos, the pipes to the
  processes) is much of their cost.

The issue's target: one environment (as made) stepping at least a third of the engine's public API
rate. Each of ``--repeat`` rounds deals the deals out in chunks of ``--chunk`` that the engine's two
paths and the two single environments play in turn, so a load that comes and goes weighs on all of
them alike; the rates shown are the best round's, the ratios the median of the rounds' ratios.
Compare figures only with a run made under the same load (the header gives it). On the shared 2-core
development machine (load average 4-6; default rules, 150 deals, Dict observations, 5 rounds), one
environment's rate as a share of the engine API's, wall clock / CPU time:

- Windmill: made 0.35-0.36 / 0.35, bare 0.37 / 0.37 (before the checker was left out and the resets
  stopped reseeding, in a run under the same load: made 0.34 / 0.32, bare 0.36 / 0.35; at load 9-11,
  made 0.29-0.31 / 0.30-0.32);
- Crazy Quilt: made 0.49 / 0.50, bare 0.49 / 0.49;
- Windmill with ``--flatten`` (one array a step instead of the ``Dict``'s five; load 6): made
  0.38 / 0.40, bare 0.38 / 0.44.

    .venv/bin/python benchmarks/rl.py                       # both games, default rules
    .venv/bin/python benchmarks/rl.py --game windmill --rules pysolfc --games 500
    .venv/bin/python benchmarks/rl.py --flatten --repeat 9
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from statistics import median

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a plain checkout too

import gymnasium as gym
import numpy as np
from engine import PATHS, _load  # benchmarks/engine.py, beside this script

from windmill_widget import find_game
from windmill_widget.rl import ENV_IDS

ENV_OF = {cls.game_type.name: env_id for env_id, cls in ENV_IDS.items()}


def timed(run: Callable[[], int]) -> tuple[float, float, int]:
    """Run ``run`` (which returns how many moves or steps it made): (wall seconds, CPU seconds, count)."""
    wall, cpu = time.perf_counter(), time.process_time()
    count = run()
    return time.perf_counter() - wall, time.process_time() - cpu, count


def single(env: gym.Env, games: int, seed: int, first: int = 0) -> int:
    """``env`` over deals first..first+games-1, stepped by random masked actions: the steps taken."""
    pick = random.Random(seed).random
    steps = 0
    for deal in range(first, first + games):
        _obs, info = env.reset(options={"deal": deal})  # that deal, without reseeding the generator
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _obs, _r, terminated, truncated, info = env.step(legal[int(pick() * len(legal))])
            steps += 1
            done = terminated or truncated
    return steps


def vectorised(
    kind: str, env_id: str, rules: object, n_envs: int, total: int, seed: int, flatten: bool, copy: bool
) -> int:
    """``total`` environment steps through a vector environment of ``n_envs``: the steps counted."""
    make = [lambda: gym.make(env_id, rules=rules, flatten=flatten) for _ in range(n_envs)]
    # copy=False: the batch's observations are read before the next step (Gymnasium copies by default)
    vector = gym.vector.SyncVectorEnv if kind == "sync" else gym.vector.AsyncVectorEnv
    envs = vector(make, copy=copy)
    rng = np.random.default_rng(seed)
    _obs, info = envs.reset(seed=list(range(n_envs)))
    done = np.zeros(n_envs, dtype=bool)
    steps = 0
    while steps < total:
        # uniform among each environment's legal actions: the largest of uniform draws where legal
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        steps += int((~done).sum())  # an environment that finished last step only resets in this one
        _obs, _r, terminated, truncated, info = envs.step(actions)
        done = terminated | truncated
    envs.close()
    return steps


LABELS = {
    "api": "engine, public API",
    "core": "engine, fast core",
    "made": "one environment (gymnasium.make)",
    "bare": "one environment, bare (unwrapped)",
}


def rounds(
    runs: dict[str, Callable[..., int]], games: int, chunk: int, repeat: int
) -> dict[str, list[tuple[float, float]]]:
    """Each path's (wall, CPU) rate in each of ``repeat`` rounds over deals 0..games-1, dealt out in
    chunks of ``chunk`` deals that every path plays in turn (``run(n, first=first)`` plays deals
    first..first+n-1 and returns its moves), so that a load that comes and goes weighs on all alike."""
    out: dict[str, list[tuple[float, float]]] = {path: [] for path in runs}
    for _ in range(repeat):
        spent = {path: (0.0, 0.0, 0) for path in runs}
        for first in range(0, games, chunk):
            for path, run in runs.items():
                w, c, count = timed(partial(run, min(chunk, games - first), first=first))
                w0, c0, count0 = spent[path]
                spent[path] = (w0 + w, c0 + c, count0 + count)
        for path, (w, c, count) in spent.items():
            out[path].append((count / w, count / c))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(ENV_OF), help="one game (default: both)")
    parser.add_argument("--rules", help="a preset of the game's rules (default: the game's default rules)")
    parser.add_argument("--games", type=int, default=300, help="deals per round (default 300)")
    parser.add_argument("--chunk", type=int, default=10, help="deals each path plays in turn (default 10)")
    parser.add_argument("--envs", type=int, default=os.cpu_count() or 2, help="environments per vector env")
    parser.add_argument("--seed", type=int, default=0, help="seed of the move pickers (default 0)")
    parser.add_argument("--flatten", action="store_true", help="flat observations instead of the Dict")
    parser.add_argument("--repeat", type=int, default=5, help="rounds over the deals (default 5)")
    args = parser.parse_args(argv)
    names = [args.game] if args.game else sorted(ENV_OF, reverse=True)
    if args.rules and len(names) > 1:
        parser.error("--rules names a preset of one game: give --game too")

    print(
        f"Random playouts of deals 0..{args.games - 1} in {args.repeat} rounds, "
        f"{'flat' if args.flatten else 'Dict'} observations; rates: the best round's, wall clock / this "
        f"process's CPU time; ratios: the rounds' median; {_load()}"
    )
    for name in names:
        game = find_game(name)
        rules = game.rules_type.from_preset(args.rules) if args.rules else game.rules_type()
        env_id = ENV_OF[name]
        print(f"{game.title}, {rules!r} ({env_id}):")
        made = gym.make(env_id, rules=rules, flatten=args.flatten)
        runs: dict[str, Callable[..., int]] = {
            "api": partial(PATHS["api"], game, rules=rules, seed=args.seed, max_moves=1000),
            "core": partial(PATHS["core"], game, rules=rules, seed=args.seed, max_moves=1000),
            "made": partial(single, made, seed=args.seed),
            "bare": partial(single, made.unwrapped, seed=args.seed),
        }
        rates = rounds(runs, args.games, args.chunk, args.repeat)
        made.close()
        for path, label in LABELS.items():
            best = [max(rate[clock] for rate in rates[path]) for clock in (0, 1)]
            unit = "moves/s" if path in ("api", "core") else "steps/s"
            line = f"  {label:34} {best[0]:9,.0f} / {best[1]:9,.0f} {unit}"
            if path in ("made", "bare"):
                share = {
                    (base, clock): median(
                        r[clock] / b[clock] for r, b in zip(rates[path], rates[base], strict=True)
                    )
                    for base in ("api", "core")
                    for clock in (0, 1)
                }
                line += (
                    f"  ({share['api', 0]:.2f} / {share['api', 1]:.2f} of the API's rate, "
                    f"{share['core', 0]:.2f} / {share['core', 1]:.2f} of the core's)"
                )
            print(line)
        total = int(max(rate[0] for rate in rates["made"]))  # about a second of vector steps each
        for kind in ("sync", "async"):
            for copy in (True, False):
                label = f"{'Sync' if kind == 'sync' else 'Async'}VectorEnv x {args.envs}"
                label += "" if copy else ", copy=False"
                w, c, steps = timed(
                    partial(vectorised, kind, env_id, rules, args.envs, total, args.seed, args.flatten, copy)
                )
                cpu_rate = f"{steps / c:9,.0f}" if kind == "sync" else f"{'-':>9}"
                print(f"  {label:34} {steps / w:9,.0f} / {cpu_rate} steps/s")


if __name__ == "__main__":
    main()
