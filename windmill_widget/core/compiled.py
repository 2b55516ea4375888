"""Optional compilation by numba, for loops written once in a style that also runs as Python.

The solvers' inner loops (Windmill's search model and its dig relaxation) are written over flat
integer arrays with explicit stacks, so that the same source runs compiled by numba (a dependency
wherever it has a build) or as plain Python (Pyodide, or ``WINDMILL_WIDGET_PURE_PYTHON=1``), with
the same results, only slower. This module holds what those loops share: whether numba is here,
:func:`jit`, the array constructor each mode wants, and numba's escape hatch back to Python.
"""

from __future__ import annotations

import contextlib
import os

try:
    if os.environ.get("WINDMILL_WIDGET_PURE_PYTHON"):
        raise ImportError("compilation turned off by WINDMILL_WIDGET_PURE_PYTHON")
    import numba
    import numpy as np
    from numba import objmode
except ImportError:  # pragma: no cover - depends on the environment
    numba = None
    np = None

    def objmode(**_kw):  # numba's escape hatch back to Python: nothing to do in Python
        return contextlib.nullcontext()


#: True when the loops run compiled by numba.
COMPILED = numba is not None


def jit(fn):
    """``fn`` compiled by numba (cached on disk), or ``fn`` itself where numba is missing."""
    return numba.njit(cache=True)(fn) if numba is not None else fn


def hot(fn):
    """:func:`jit` for a function on a hot path that allocates nothing (no new array, and it calls
    only functions like it): numba then keeps no reference counts for the arrays it is given.
    Otherwise every call, and every use of an array that a loop may replace, pays atomic
    increments and decrements, which took half the time of the solvers' loops."""
    return numba.njit(cache=True, _nrt=False)(fn) if numba is not None else fn


def int_array(size):
    """``size`` zeros: a list in Python, an int64 array for numba."""
    return [0] * size


if numba is not None:

    @jit
    def int_array(size):  # numba wants a numpy array where Python has a list
        return np.zeros(size, np.int64)


def as_array(values):
    """``values`` (a sequence of ints) as the loops take it: an int64 array when compiled (one slot
    at least: numba types an empty sequence badly), else a list."""
    if numba is None:
        return list(values)
    return np.asarray(values, np.int64) if len(values) else np.zeros(1, np.int64)
