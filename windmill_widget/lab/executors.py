"""Where a tournament's games run: this process, a local process pool, or any executor (dask too).

>>> ex, workers, own = resolve_executor("serial", None)
>>> type(ex).__name__, workers, own
('SerialExecutor', 1, True)
"""

from __future__ import annotations

import os
import warnings
from concurrent.futures import Executor, Future
from typing import Any

from .. import runtime


class SerialExecutor(Executor):
    """Runs each task at once, in this process, when it is submitted (``executor="serial"``).

    Exceptions are kept in the future like any executor's; ``KeyboardInterrupt`` is not, so
    interrupting the cell stops the run at once.
    """

    def submit(self, fn, /, *args, **kwargs) -> Future:  # type: ignore[override]
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as err:
            future.set_exception(err)
        return future


def local_cores() -> int:
    return os.cpu_count() or 1


def default_pool(workers: int) -> Executor:
    """A process pool whose workers start by ``spawn``: a fresh interpreter, not a ``fork`` of a
    Jupyter kernel with its threads and sockets (which can deadlock). Its workers import this
    package and receive strategies as cloudpickle bytes, so nothing depends on ``__main__``."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def _is_dask_client(obj: object) -> bool:
    return type(obj).__name__ == "Client" and hasattr(obj, "get_executor") and hasattr(obj, "nthreads")


def resolve_executor(executor: Any, workers: int | None) -> tuple[Executor, int, bool]:
    """``(executor, how many tasks it runs at once, whether we made it and must shut it down)``.

    ``executor`` is ``None`` (a process pool over ``workers`` or all local cores; in this process
    when that is 1), ``"serial"``, any :class:`concurrent.futures.Executor` (including a dask
    ``client.get_executor()``), or a ``dask.distributed.Client``.

    ``None`` also means this process where no pool can work: under Pyodide (JupyterLite), which
    starts no process, and, with a warning, for a script read from standard input (``python - <
    script.py``), whose workers would die at their start (see
    :func:`~windmill_widget.runtime.spawned_main_problem`).
    """
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise ValueError(
            f"workers is a whole number of at least 1 (or None for every core); got {workers!r}."
        )
    if executor is None:
        n = workers or local_cores()
        if n == 1 or not runtime.can_start_processes():
            return SerialExecutor(), 1, True
        problem = runtime.spawned_main_problem()
        if problem is not None:
            warnings.warn(
                f"The games run in this process, one at a time: worker processes start by running "
                f"the main script again, and {problem}. Save the script to a file and run it "
                "(`python script.py`) to use every core; executor='serial' silences this warning.",
                RuntimeWarning,
                stacklevel=3,
            )
            return SerialExecutor(), 1, True
        return default_pool(n), n, True
    if isinstance(executor, str):
        if executor == "serial":
            return SerialExecutor(), 1, True
        raise ValueError(
            f"executor={executor!r}: use None (a local process pool), 'serial', a concurrent.futures "
            "Executor or a dask Client."
        )
    if _is_dask_client(executor):
        threads = sum(executor.nthreads().values())
        return executor.get_executor(), workers or max(1, threads), False
    if isinstance(executor, Executor):
        n = workers or _executor_workers(executor)
        return executor, n, False
    raise TypeError(
        f"executor must be None, 'serial', a concurrent.futures Executor or a dask Client; got {executor!r}."
    )


def _executor_workers(executor: Executor) -> int:
    n = getattr(executor, "_max_workers", None)  # ThreadPoolExecutor and ProcessPoolExecutor
    if isinstance(n, int) and n > 0:
        return n
    client = getattr(executor, "_client", None)  # dask's ClientExecutor
    if client is not None and hasattr(client, "nthreads"):
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # pragma: no cover - a closed client: fall back to the local count
            pass
    return local_cores()
