"""What runs in a worker process (or on a dask worker): a chunk of deals for one lane.

Strategies travel as cloudpickle bytes, so a strategy defined in a notebook cell (module
``__main__``, which a worker cannot import) arrives *by value* and works all the same.
"""

from __future__ import annotations

import sys
from typing import Any

import cloudpickle

from ..engine.rules import Rules
from .playout import DEFAULT_MAX_MOVES, play_game
from .records import SolveRecord


def dumps_strategy(strategy: Any) -> bytes:
    """Pickle a strategy so any worker can load it.

    cloudpickle already sends ``__main__`` objects by value; objects from a module that only
    exists in this process (built with ``types.ModuleType``, or exec'd) are sent by value too.
    """
    module = sys.modules.get(getattr(strategy, "__module__", "") or "")
    by_value = (module is not None and module.__name__ != "__main__"
                and getattr(module, "__file__", None) is None and getattr(module, "__spec__", None) is None)
    if by_value:
        cloudpickle.register_pickle_by_value(module)
    try:
        return cloudpickle.dumps(strategy)
    finally:
        if by_value:
            cloudpickle.unregister_pickle_by_value(module)


def play_chunk(payload: bytes, seeds: list[int], rules: Rules, timeout: float | None,
               max_moves: int = DEFAULT_MAX_MOVES) -> list:
    """Play each deal of ``seeds`` with the pickled strategy; one :class:`Record` each."""
    strategy = cloudpickle.loads(payload)
    return [play_game(strategy, seed, rules, timeout=timeout, max_moves=max_moves) for seed in seeds]


def solve_chunk(seeds: list[int], rules: Rules, max_seconds: float | None, max_nodes: int | None) -> list:
    """Run the clairvoyant solver on each deal of ``seeds``; one :class:`SolveRecord` each."""
    from ..engine.game import Game
    from ..solver import solve

    out = []
    for seed in seeds:
        try:
            sol = solve(Game(seed=seed, rules=rules), max_seconds=max_seconds, max_nodes=max_nodes)
            out.append(SolveRecord(seed, sol.result, sol.nodes, sol.seconds, len(sol.moves),
                                   codes=bytes(m.code for m in sol.moves)))
        except Exception as err:  # pragma: no cover - a solver bug must not stop a tournament
            out.append(SolveRecord(seed, "unknown", 0, 0.0, error=f"{type(err).__name__}: {err}"))
    return out
