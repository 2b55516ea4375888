"""``play_many`` and ``compare``: tournaments on many deals, in parallel, with progress and a live chart.

>>> from windmill_widget.strategies import greedy
>>> res = play_many(greedy, deals=range(3), executor="serial", progress=False)
>>> res.n, res.name
(3, 'greedy')
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..engine.rules import Rules
from .charts import Lane
from .compare import Comparison
from .playout import DEFAULT_MAX_MOVES
from .records import Record, Results, SolveRecord
from .stats import wilson
from .worker import dumps_strategy, play_chunk, solve_chunk

#: Per-deal time limit for a strategy, in seconds (a game over it is recorded as failed).
DEFAULT_TIMEOUT = 120.0
#: The solver's time per deal when it provides the clairvoyant ceiling.
CEILING_SECONDS = 1.0


@dataclass
class _Lane:
    name: str
    kind: str  # "player" | "solver"
    payload: bytes | None = None
    strategy: Any = None
    records: dict[int, Any] = field(default_factory=dict)
    wins: int = 0

    def add(self, recs: list) -> None:
        for r in recs:
            self.records[r.seed] = r
            self.wins += r.won

    def lane(self) -> Lane:
        n = len(self.records)
        return Lane(self.name, self.wins, n, *wilson(self.wins, n), ceiling=self.kind == "solver")


def strategy_name(strategy: Callable) -> str:
    return getattr(strategy, "__name__", None) or type(strategy).__name__


def play_many(strategy: Callable, deals: Iterable[int] = range(1000), rules: Rules | None = None,
              executor: Executor | str | Any | None = None, progress: bool = True, *, name: str | None = None,
              timeout: float | None = DEFAULT_TIMEOUT, max_moves: int = DEFAULT_MAX_MOVES,
              chunksize: int | None = None, live: bool | None = None) -> Results:
    """Play ``strategy`` on every deal in ``deals`` and return the :class:`Results`.

    ``executor``: ``None`` (a process pool over the local cores), ``"serial"`` (this process), any
    :class:`concurrent.futures.Executor`, or a dask ``Client`` (its ``get_executor()`` is used).
    A strategy defined in a notebook cell works in every case (it is sent with cloudpickle).

    ``progress`` shows a tqdm bar; ``live`` draws an ipycanvas chart that updates as games finish
    (default: only inside a notebook). A game whose strategy raises, plays an illegal move or runs
    longer than ``timeout`` seconds is recorded as failed, with the error, and the rest go on.
    """
    name = name or strategy_name(strategy)
    lanes = [_Lane(name, "player", dumps_strategy(strategy), strategy)]
    seeds = list(deals)
    elapsed, chart = _run(lanes, seeds, rules or Rules(), executor, progress, live, timeout=timeout,
                          max_moves=max_moves, chunksize=chunksize)
    results = _results(lanes[0], seeds, rules, elapsed)
    results.chart = chart
    return results


def compare(strategies: Mapping[str, Callable] | Iterable[Callable], deals: Iterable[int] = range(1000),
            rules: Rules | None = None, *, ceiling: bool = False, solver_seconds: float = CEILING_SECONDS,
            executor: Executor | str | Any | None = None, progress: bool = True, live: bool | None = None,
            timeout: float | None = DEFAULT_TIMEOUT, max_moves: int = DEFAULT_MAX_MOVES,
            chunksize: int | None = None) -> Comparison:
    """Play several strategies on the *same* deals, side by side; with ``ceiling=True`` also run the
    clairvoyant solver (``solver_seconds`` per deal) for the best any player could have done.

    ``strategies`` is a ``{name: strategy}`` mapping or a list of strategies (named after their
    functions). The other arguments are as for :func:`play_many`.
    """
    if not isinstance(strategies, Mapping):
        strategies = {strategy_name(s): s for s in strategies}
    lanes = [_Lane(n, "player", dumps_strategy(s), s) for n, s in strategies.items()]
    if ceiling:
        lanes.append(_Lane("clairvoyant solver", "solver"))
    seeds = list(deals)
    rules = rules or Rules()
    elapsed, chart = _run(lanes, seeds, rules, executor, progress, live, timeout=timeout, max_moves=max_moves,
                          chunksize=chunksize, solver_seconds=solver_seconds)
    players = {lane.name: _results(lane, seeds, rules, elapsed) for lane in lanes if lane.kind == "player"}
    solver = next((_results(lane, seeds, rules, elapsed) for lane in lanes if lane.kind == "solver"), None)
    comparison = Comparison(players, solver, seeds, rules, elapsed)
    comparison.chart = chart
    return comparison


def _results(lane: _Lane, seeds: list[int], rules: Rules | None, elapsed: float) -> Results:
    return Results(lane.name, [lane.records[s] for s in seeds], rules, seconds=elapsed, kind=lane.kind)


# -- the runner --------------------------------------------------------------------------------------
def _chunks(seeds: list[int], size: int) -> list[list[int]]:
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


def _workers(executor: Any) -> int:
    return getattr(executor, "_max_workers", None) or os.cpu_count() or 1


def _run(lanes: list[_Lane], seeds: list[int], rules: Rules, executor: Any, progress: bool, live: bool | None, *,
         timeout: float | None, max_moves: int, chunksize: int | None,
         solver_seconds: float = CEILING_SECONDS) -> tuple[float, Any]:
    t0 = time.perf_counter()
    own = executor is None
    if own:
        executor = ProcessPoolExecutor(max_workers=os.cpu_count() or 1)
    elif hasattr(executor, "get_executor") and not isinstance(executor, Executor):
        executor = executor.get_executor()  # a dask.distributed Client
    if chunksize is None:
        chunksize = max(1, min(50, len(seeds) // (8 * _workers(executor)) if executor != "serial" else 50))
    bar = _progress_bar(len(seeds) * len(lanes), progress, lanes)
    chart = _live_chart(lanes, len(seeds), live)
    jobs = []  # interleaved, so every lane's bar grows together on the live chart
    for chunk in _chunks(seeds, chunksize):
        for lane in lanes:
            if lane.kind == "solver":
                jobs.append((lane, chunk, solve_chunk, (chunk, rules, solver_seconds, None)))
            else:
                jobs.append((lane, chunk, play_chunk, (lane.payload, chunk, rules, timeout, max_moves)))

    def finished(lane: _Lane, chunk: list[int], recs: list) -> None:
        lane.add(recs)
        if bar is not None:
            bar.update(len(recs))
            bar.set_postfix_str(", ".join(f"{ln.name} {ln.wins / max(1, len(ln.records)):.1%}" for ln in lanes),
                                refresh=False)
        if chart is not None:
            chart.update([ln.lane() for ln in lanes])

    try:
        if executor == "serial":
            for lane, chunk, fn, args in jobs:
                if lane.kind == "player":  # in-process: no pickling round trip
                    recs = _serial_chunk(lane.strategy, chunk, rules, timeout, max_moves)
                else:
                    recs = fn(*args)
                finished(lane, chunk, recs)
        else:
            futures: dict[Future, tuple[_Lane, list[int]]] = {}
            for lane, chunk, fn, args in jobs:
                futures[executor.submit(fn, *args)] = (lane, chunk)
            from concurrent.futures import as_completed

            for fut in as_completed(futures):
                lane, chunk = futures[fut]
                try:
                    recs = fut.result()
                except Exception as err:  # the whole chunk failed (e.g. the strategy would not unpickle)
                    recs = [_failed(lane.kind, seed, err) for seed in chunk]
                finished(lane, chunk, recs)
    finally:
        if own:
            executor.shutdown(wait=True, cancel_futures=True)
        if bar is not None:
            bar.close()
    if chart is not None:
        chart.update([ln.lane() for ln in lanes], force=True)
    return time.perf_counter() - t0, chart


def _serial_chunk(strategy: Callable, seeds: list[int], rules: Rules, timeout: float | None, max_moves: int) -> list:
    from .playout import play_game

    return [play_game(strategy, s, rules, timeout=timeout, max_moves=max_moves) for s in seeds]


def _failed(kind: str, seed: int, err: BaseException):
    msg = f"{type(err).__name__}: {err}"
    if kind == "solver":
        return SolveRecord(seed, "unknown", 0, 0.0, error=msg)
    return Record(seed, False, 0, 0, 0.0, error=msg)


def _progress_bar(total: int, progress: bool, lanes: list[_Lane]):
    if not progress:
        return None
    from tqdm.auto import tqdm

    desc = lanes[0].name if len(lanes) == 1 else f"{len(lanes)} players"
    return tqdm(total=total, desc=desc, unit="game", file=sys.stderr)


def _live_chart(lanes: list[_Lane], total: int, live: bool | None):
    from .live import LiveChart, in_notebook

    if live is None:
        live = in_notebook()
    if not live:
        return None
    try:
        return LiveChart([ln.name for ln in lanes], [total] * len(lanes), ceilings=[ln.kind == "solver" for ln in lanes],
                         show=in_notebook())
    except ImportError:  # pragma: no cover - ipycanvas is a dependency, but be gentle
        return None
