"""The clock every game's solver measures its time budgets by (one, so a benchmark's choice holds).

``max_seconds`` means wall-clock seconds (``time.perf_counter``), which is what a notebook user
waits for. A benchmark on a shared machine can ask for the process's CPU time instead
(:func:`use_cpu_time`), so that "one second per deal" means one second of one core however busy
the machine is; the benchmark runs one deal per process, so no other caller is affected.

Python loops (Crazy Quilt's nested searches) read it with :func:`now`. Compiled loops (Windmill's,
Crazy Quilt's exhaustive search) read it with :func:`read` (and :func:`warm_up` compiles that): both
come from :mod:`.compiled_clock` on first use, so a solver that never asks for them never loads
numba.

>>> from windmill_widget.solver import clock
>>> clock.now() <= clock.now()
True
>>> clock.now() <= clock.read()
True
"""

from __future__ import annotations

from time import perf_counter, process_time
from typing import TYPE_CHECKING

from ..core.lazy import lazy_names

if TYPE_CHECKING:
    from .compiled_clock import read, warm_up

__all__ = ["now", "read", "use_cpu_time", "warm_up"]

_now = perf_counter


def now() -> float:
    """The current reading of the solver's clock, in seconds."""
    return _now()


def use_cpu_time(on: bool = True) -> None:
    """Measure the solver's budgets in this process's CPU time (``True``) or wall-clock time."""
    global _now
    _now = process_time if on else perf_counter


__getattr__, __dir__ = lazy_names(
    globals(), {name: "windmill_widget.solver.compiled_clock" for name in ("read", "warm_up")}
)
del lazy_names
