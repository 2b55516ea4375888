"""What runs in a worker process (or on a dask worker): a chunk of deals for one entrant.

Strategies travel as cloudpickle bytes, so a strategy defined in a notebook cell (module
``__main__``, which a worker cannot import) arrives *by value* and works all the same. Every deal
gets a *fresh* copy, loaded from those bytes: a player with state (a seeded random generator, a
cache) starts each deal the same way, so the results do not depend on which deals happened to
share a chunk or a process.

The functions here are module-level, so any executor (including ``spawn`` process pools and dask)
can import them by name.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from ..core.registry import game_of_rules
from .playout import play_deal
from .records import GameRecord, Result, SolveRecord, Verdict, pack_codes
from .sealed import SealedError, SealedPlayer


class StrategyLoadError(RuntimeError):
    """A worker could not load the strategy it was sent."""


class ChunkInterrupted(KeyboardInterrupt):
    """A real interrupt (Ctrl-C, the kernel's) in the middle of a chunk: it still stops the run, and
    carries the records of the chunk's deals finished before it, so the run keeps them."""

    def __init__(self, records: list) -> None:
        super().__init__(f"interrupted after {len(records)} deals of a chunk")
        self.records = records

    def __reduce__(self) -> tuple:  # back from a worker process with its records
        return (type(self), (self.records,))


def _keeping(play: Callable[[int], Any], seeds: list[int]) -> list:
    """``play`` each deal of ``seeds``; on a real interrupt, raise :class:`ChunkInterrupted` with the
    records finished so far."""
    out: list = []
    try:
        for seed in seeds:
            out.append(play(seed))
    except KeyboardInterrupt:
        raise ChunkInterrupted(out) from None
    return out


def dumps_strategy(strategy: Any, *, readable: Callable[[str], bool] | None = None) -> bytes:
    """Pickle a strategy so any worker can load it (raises TypeError if it cannot be pickled).

    cloudpickle already sends ``__main__`` objects by value; objects from a module that exists
    only in this process (a ``types.ModuleType`` filled by ``exec``) are sent by value too, and so
    are those of a module whose file ``readable`` says the worker may not read (a sealed process
    reads only installed packages: a teacher's own module travels with the strategy).
    """
    import cloudpickle

    module = sys.modules.get(getattr(strategy, "__module__", "") or "")
    file = getattr(module, "__file__", None)
    by_value = (
        module is not None
        and module.__name__ != "__main__"
        and (
            (file is None and getattr(module, "__spec__", None) is None)
            or (file is not None and readable is not None and not readable(file))
        )
    )
    if by_value:
        cloudpickle.register_pickle_by_value(module)
    try:
        return cloudpickle.dumps(strategy)
    except Exception as err:
        raise TypeError(
            f"This strategy cannot be sent to worker processes ({type(err).__name__}: {err}); "
            "run it in this process with executor='serial', or keep unpicklable things "
            "(open files, locks, widgets) out of it."
        ) from err
    finally:
        if by_value:
            cloudpickle.unregister_pickle_by_value(module)


def load_strategy(payload: bytes | Callable) -> Callable:
    """A fresh strategy from its pickled bytes (an unpicklable one that only ever runs in this
    process is passed as itself)."""
    if not isinstance(payload, bytes):
        return payload
    import cloudpickle

    try:
        return cloudpickle.loads(payload)
    except Exception as err:
        raise StrategyLoadError(
            f"A worker could not load the strategy ({type(err).__name__}: {err}). Everything it uses "
            "must be importable in the worker or defined in the notebook itself."
        ) from None


def play_chunk(
    payload: bytes | Callable,
    seeds: list[int],
    rules: Any,
    max_moves: int,
    time_limit: float | None,
) -> list[GameRecord]:
    """Play each deal of ``seeds`` with a fresh copy of the pickled strategy; one record each."""
    return _keeping(lambda seed: play_deal(load_strategy(payload), seed, rules, max_moves, time_limit), seeds)


def play_sealed_chunk(
    source: bytes | str,
    seeds: list[int],
    rules: Any,
    max_moves: int,
    time_limit: float | None,
    move_limit: float | None,
) -> list[GameRecord]:
    """Play each deal of ``seeds`` with the strategy sealed in a process of its own (one for the
    chunk, a fresh copy of the strategy loaded in it for each deal, a new process after one was
    killed); one record each. A deal whose strategy will not load fails with the reason."""

    def play(seed: int) -> GameRecord:
        try:
            player.load()
        except SealedError as err:
            return fail_chunk(f"StrategyLoadError: {err}", game_of_rules(rules).name, [seed])[0]
        return play_deal(None, seed, rules, max_moves, time_limit, sealed=player)

    with SealedPlayer(source, move_limit=move_limit) as player:
        return _keeping(play, seeds)


def fail_chunk(error: str, game_name: str, seeds: list[int]) -> list[GameRecord]:
    """A failed record for each deal of ``seeds`` (a sealed strategy that would not load at all)."""
    return [GameRecord(seed, Result.FAILED, 0, 0, error=error, game_name=game_name) for seed in seeds]


def solve_chunk(
    seeds: list[int], rules: Any, max_seconds: float | None, max_nodes: int | None
) -> list[SolveRecord]:
    """Run the clairvoyant solver on each deal of ``seeds``; one :class:`SolveRecord` each."""
    import time

    from ..solver import solve

    game = game_of_rules(rules)
    out = []
    for seed in seeds:
        t0 = time.perf_counter()
        try:
            sol = solve(game(seed=seed, rules=rules), max_seconds=max_seconds, max_nodes=max_nodes)
        except Exception as err:  # a solver bug on one deal must not stop a tournament
            out.append(
                SolveRecord(
                    seed,
                    Verdict.UNKNOWN,
                    error=f"{type(err).__name__}: {err}",
                    seconds=time.perf_counter() - t0,
                    game_name=game.name,
                )
            )
            continue
        moves = tuple(sol.moves) if sol.result == "won" else ()
        out.append(
            SolveRecord(
                seed,
                sol.result,
                nodes=sol.nodes,
                moves=len(moves),
                seconds=sol.seconds,
                codes=pack_codes(m.code for m in moves),
                game_name=game.name,
            )
        )
    return out
