"""What this Python can do: start threads, start processes. One place answers it for the whole kit.

Under Pyodide (JupyterLite, ``sys.platform == "emscripten"``) a Python program runs inside the
browser's single JavaScript thread: starting a thread or a process fails. The board's autoplay,
step and hint, and the lab's tournaments, ask here and choose how to run (on the event loop, or
serially in this process) instead of failing.

>>> can_start_threads() == (not IS_PYODIDE)
True
"""

from __future__ import annotations

import sys

__all__ = ["IS_PYODIDE", "can_start_processes", "can_start_threads"]

#: True inside Pyodide (JupyterLite, or Pyodide under Node).
IS_PYODIDE = sys.platform == "emscripten"


def can_start_threads() -> bool:
    """Whether ``threading.Thread(...).start()`` works here (not under Pyodide)."""
    return not IS_PYODIDE


def can_start_processes() -> bool:
    """Whether child processes can be started here (not under Pyodide, nor on WASI)."""
    return not IS_PYODIDE and sys.platform != "wasi"
