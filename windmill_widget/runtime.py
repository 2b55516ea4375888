"""What this Python can do: start threads, start processes. One place answers it for the whole kit.

Under Pyodide (JupyterLite, ``sys.platform == "emscripten"``) a Python program runs inside the
browser's single JavaScript thread: starting a thread or a process fails. The board's autoplay,
step and hint, and the lab's tournaments, ask here and choose how to run (on the event loop, or
serially in this process) instead of failing.

>>> can_start_threads() == (not IS_PYODIDE)
True
"""

from __future__ import annotations

import os
import sys

__all__ = ["IS_PYODIDE", "can_start_processes", "can_start_threads", "spawned_main_problem"]

#: True inside Pyodide (JupyterLite, or Pyodide under Node).
IS_PYODIDE = sys.platform == "emscripten"


def can_start_threads() -> bool:
    """Whether ``threading.Thread(...).start()`` works here (not under Pyodide)."""
    return not IS_PYODIDE


def can_start_processes() -> bool:
    """Whether child processes can be started here (not under Pyodide, nor on WASI)."""
    return not IS_PYODIDE and sys.platform != "wasi"


def spawned_main_problem() -> str | None:
    """Why a process started by ``spawn`` (a fresh interpreter) could not run here, or None.

    Such a child first runs this program's main script again, from its file (``multiprocessing``
    does so, for the functions defined there). A script read from standard input
    (``python - < script.py``) has no file to run again: every child dies at its start. The kit's
    workers need nothing from the script (strategies travel by value, with cloudpickle), but
    ``multiprocessing`` offers no way to skip that step.
    """
    main = sys.modules.get("__main__")
    if getattr(getattr(main, "__spec__", None), "name", None):
        return None  # `python -m module`: the child imports it by name
    path = getattr(main, "__file__", None)
    if path is None or os.path.isfile(path):
        return None  # an interactive session, `python -c`, a kernel; or a script file
    return f"the main script ({path}) is not a file that a new process can run again"
