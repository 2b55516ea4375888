"""The clock every game's solver measures its time budgets by (one, so a benchmark's choice holds).

``max_seconds`` means wall-clock seconds (``time.perf_counter``), which is what a notebook user
waits for. A benchmark on a shared machine can ask for the process's CPU time instead
(:func:`use_cpu_time`), so that "one second per deal" means one second of one core however busy
the machine is; the benchmark runs one deal per process, so no other caller is affected.

>>> now() <= now()
True
>>> now() <= read()
True
"""

from __future__ import annotations

import time

from ..core.compiled import COMPILED, hot, objmode

_now = time.perf_counter


def now() -> float:
    """The current reading of the solver's clock, in seconds."""
    return _now()


def read() -> float:
    """:func:`now`, for the solvers' compiled loops to call (numba calls back into Python for
    it). One function for every loop: numba compiles such a call back the first time it runs,
    and :func:`warm_up` runs it, so no deal's budget pays for that."""
    with objmode(t="float64"):
        t = now()
    return t


if COMPILED:
    read = hot(read)


def warm_up() -> None:
    """Compile :func:`read` now (see there)."""
    read()


def use_cpu_time(on: bool = True) -> None:
    """Measure the solver's budgets in this process's CPU time (``True``) or wall-clock time."""
    global _now
    _now = time.process_time if on else time.perf_counter
