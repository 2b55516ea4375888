"""The tournament loop: deals go out in chunks to an executor, results come back, the progress bar
and the live chart follow.

Chunks are sized from the time the games are taking (about ``TARGET_SECONDS`` of play each), so a
fast player is not drowned in task overhead and a slow one still updates the bar often. At most
two chunks per worker are in flight, which keeps every worker busy and lets an interrupt stop the
run quickly. Each deal's result depends only on the deal (every deal gets a fresh strategy), so
none of this changes the records, only how fast they arrive.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any

from .charts import Bar
from .executors import SerialExecutor
from .progress import progress_bar
from .stats import wilson

#: Seconds of play a chunk aims at once the games' pace is known.
TARGET_SECONDS = 0.2
#: The largest chunk, however fast the games.
MAX_CHUNK = 2_000
#: Seconds an interrupted run waits for the chunks in flight to send back what they finished.
INTERRUPT_GRACE = 2.0


@dataclass
class Entrant:
    """One player (or the solver) in a run: its deals, what has been sent, what has come back."""

    name: str
    kind: str  # "player" | "solver"
    task: Callable[..., list]  # play_chunk or solve_chunk
    args: Callable[[list[int]], tuple]  # the task's arguments for a chunk of seeds
    seeds: list[int]
    sent: int = 0
    records: list = field(default_factory=list)
    wins: int = 0
    decided: int = 0
    busy: float = 0.0  # seconds of play over the records so far
    min_chunk: int = 1  # at least this many deals a chunk (a sealed player's process starts per chunk)

    @property
    def left(self) -> int:
        return len(self.seeds) - self.sent

    def take(self, size: int) -> list[int]:
        chunk = self.seeds[self.sent : self.sent + size]
        self.sent += len(chunk)
        return chunk

    def add(self, records: list) -> None:
        self.records.extend(records)
        for r in records:
            self.wins += r.won
            self.busy += r.seconds
            if self.kind == "solver":
                self.decided += r.decided

    def rate(self) -> float:
        n = self.decided if self.kind == "solver" else len(self.records)
        return self.wins / n if n else 0.0

    def bar(self) -> Bar:
        if self.kind == "solver":
            return Bar(self.name, self.wins, self.decided, *wilson(self.wins, self.decided), ceiling=True,
                       total=len(self.seeds))  # fmt: skip
        n = len(self.records)
        return Bar(self.name, self.wins, n, *wilson(self.wins, n), total=len(self.seeds))


def chunk_size(e: Entrant, workers: int, fixed: int | None) -> int:
    if fixed:
        return fixed
    if not e.records:
        size = 1 if e.kind == "solver" else 4  # a probe: learn the pace first
    else:
        size = int(TARGET_SECONDS / max(e.busy / len(e.records), 1e-6))
    tail = math.ceil(e.left / (2 * workers))  # near the end, share what is left among the workers
    # ... but a chunk holds at least min_chunk deals while that many are left (a sealed player's
    # process, ~0.5 s to start, serves the whole chunk): a small sealed run starts one a player
    return max(1, min(max(size, e.min_chunk), tail, MAX_CHUNK), min(e.min_chunk, e.left))


def _progress_bar(total: int, entrants: list[Entrant], enabled: bool, label: str | None) -> Any:
    if not enabled:
        return None
    desc = label or (entrants[0].name if len(entrants) == 1 else "tournament")
    return progress_bar(total, desc=desc, unit="game")


def _postfix(entrants: list[Entrant]) -> str:
    if len(entrants) == 1:
        return f"won {entrants[0].rate():.1%}"
    return " · ".join(f"{e.name if e.kind == 'player' else 'ceiling'} {e.rate():.1%}" for e in entrants)


#: What a broken process pool adds: a new worker process runs the main script again first, so a script
#: that starts a run at its top level starts one in every worker, and each dies of it.
UNGUARDED_SCRIPT = (
    "A worker process died. In a script (python script.py), put the calls that start a run under "
    '`if __name__ == "__main__":`, since each new process runs the script again; or pass '
    'executor="serial". Otherwise the worker\'s own error is printed above.'
)


def run(
    entrants: list[Entrant],
    executor: Executor,
    workers: int,
    own: bool,
    *,
    progress: bool = True,
    chart: Any = None,
    chunksize: int | None = None,
    label: str | None = None,
) -> tuple[float, bool]:
    """Play every entrant's deals; return the wall-clock seconds, and whether a real interrupt (Ctrl-C,
    the kernel's interrupt) stopped the run early: the records finished by then are kept in the
    entrants. ``own``: shut the executor down at the end (it was made for this run). Raises what a
    chunk raised beyond a single game (a strategy that will not load in the workers, a broken pool),
    after cancelling the rest. ``label`` names the run on its progress bar (the players, the game and
    its rules)."""
    t0 = time.perf_counter()
    window = 1 if isinstance(executor, SerialExecutor) else 2 * workers
    bar = _progress_bar(sum(len(e.seeds) for e in entrants), entrants, progress, label)
    if chart is not None:
        chart.update([e.bar() for e in entrants], force=True)
    pending: dict[Future, Entrant] = {}
    interrupted = False
    current: Entrant | None = None  # whose chunk is being run (serially) or read back
    try:
        while True:
            while len(pending) < window:
                waiting = [e for e in entrants if e.left]
                if not waiting:
                    break
                current = min(waiting, key=lambda e: e.sent / len(e.seeds))  # players advance together
                chunk = current.take(chunk_size(current, workers, chunksize))
                pending[executor.submit(current.task, *current.args(chunk))] = current
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                e = current = pending.pop(future)
                records = future.result()
                e.add(records)
                if bar is not None:
                    bar.set_postfix_str(_postfix(entrants), refresh=False)
                    bar.update(len(records))
                if chart is not None:
                    chart.update([e.bar() for e in entrants])
    except KeyboardInterrupt as err:  # a real interrupt: stop here, keep every game finished so far
        interrupted = True
        if current is not None:
            current.add(getattr(err, "records", []))  # the deals its chunk finished (ChunkInterrupted)
        _collect(pending, INTERRUPT_GRACE)
        _drop(pending, executor, own)
    except BrokenExecutor as err:  # a broken process pool: most often a script without its main guard
        _drop(pending, executor, own)
        # Looked up, not imported: concurrent.futures.process needs _multiprocessing, which Pyodide lacks.
        process = sys.modules.get("concurrent.futures.process")
        if process is not None and isinstance(err, process.BrokenProcessPool):
            raise process.BrokenProcessPool(f"{err} {UNGUARDED_SCRIPT}") from err
        raise
    except BaseException:  # a broken run: stop sending work, drop what is queued
        _drop(pending, executor, own)
        raise
    finally:
        if bar is not None:
            bar.close()
    if own and not interrupted:
        executor.shutdown(wait=True)
    if chart is not None:
        chart.update([e.bar() for e in entrants], force=True)
        chart.finish(complete=not interrupted)
    return time.perf_counter() - t0, interrupted


def _collect(pending: dict[Future, Entrant], grace: float) -> None:
    """After an interrupt, the records of chunks that finish within ``grace`` seconds: workers that
    the interrupt reached too (a terminal's Ctrl-C and the kernel's interrupt signal the whole process
    group) send back what their chunks finished."""
    if not pending:
        return
    done, _ = wait(pending, timeout=grace)
    for future in done:
        e = pending.pop(future)
        try:
            e.add(future.result())
        except KeyboardInterrupt as err:
            e.add(getattr(err, "records", []))
        except BaseException:  # a broken worker: its chunk is simply not finished
            pass


def _drop(pending: dict[Future, Entrant], executor: Executor, own: bool) -> None:
    for future in pending:
        future.cancel()
    if own:
        executor.shutdown(wait=False, cancel_futures=True)
