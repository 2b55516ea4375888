"""Optional compilation by numba, for loops written once in a style that also runs as Python.

The solvers' inner loops (Windmill's search model and its dig relaxation) are written over flat
integer arrays with explicit stacks, so that the same source runs compiled by numba (the optional
extra ``fast``: ``pip install "windmill-widget[fast]"``) or as plain Python (a default install,
Pyodide, or ``WINDMILL_WIDGET_PURE_PYTHON=1``), with the same results, only slower. This module holds
what those loops share: whether numba is here, :func:`jit`, the array constructor each mode wants,
numba's escape hatch back to Python, and the one line that says how to make a solve faster
(:func:`advise_fast_extra`).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sys
from pathlib import Path

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

_PACKAGE = Path(__file__).resolve().parents[1]
_STAMP: list[bytes] = []


def _kit_stamp() -> bytes:
    """One fingerprint of every source file of the kit that has compiled functions. Numba
    stamps a cached function with its own file only, so a loop in one file that calls a compiled
    function in another would keep the old machine code when only the other file changed."""
    if not _STAMP:
        digest = hashlib.sha256()
        for path in sorted(_PACKAGE.rglob("*.py")):
            text = path.read_bytes()
            if b"compiled import" in text or path.name == "compiled.py":  # core's own too
                digest.update(str(path.relative_to(_PACKAGE)).encode() + b"\0" + text)
        _STAMP.append(digest.digest())
    return _STAMP[0]


def _install_cache_locator() -> None:
    """Put :class:`_KitCacheLocator` first among numba's cache locators (whose names have
    changed between numba versions: where they are not found, numba's own stamps stay)."""
    from numba.core import caching

    def find(*names):
        return next((getattr(caching, n) for n in names if hasattr(caching, n)), None)

    impl = find("CacheImpl", "_CacheImpl")
    in_tree = find("InTreeCacheLocator", "_InTreeCacheLocator")
    user_wide = find("UserWideCacheLocator", "_UserWideCacheLocator")
    if impl is None or in_tree is None or user_wide is None:  # pragma: no cover - other numba
        return

    class _KitCacheLocator(in_tree):
        """Numba's cache beside the source (or in the user's cache when that is not writable, or
        beside the source read-only when neither is), stamped with :func:`_kit_stamp`."""

        def get_source_stamp(self):
            return _kit_stamp()

        @classmethod
        def from_function(cls, py_func, py_file):
            if not Path(py_file).resolve().is_relative_to(_PACKAGE):
                return None
            self = cls(py_func, py_file)
            beside = self._cache_path
            try:
                self.ensure_cache_path()
            except OSError:
                try:
                    self._cache_path = user_wide(py_func, py_file).get_cache_path()
                    self.ensure_cache_path()
                except Exception:  # no home, or none to write in (a system-wide install, a sealed
                    # process): read what is cached beside the source, write nothing (see _quiet),
                    # rather than numba's "no locator available" failing the import
                    self._cache_path = beside
            return self

    impl._locator_classes.insert(0, _KitCacheLocator)


if numba is not None:
    _install_cache_locator()


def jit(fn):
    """``fn`` compiled by numba (cached on disk), or ``fn`` itself where numba is missing."""
    return _quiet(numba.njit(cache=True)(fn)) if numba is not None else fn


def hot(fn):
    """:func:`jit` for a function on a hot path that allocates nothing (no new array, and it calls
    only functions like it): numba then keeps no reference counts for the arrays it is given.
    Otherwise every call, and every use of an array that a loop may replace, pays atomic
    increments and decrements, which took half the time of the solvers' loops."""
    return _quiet(numba.njit(cache=True, _nrt=False)(fn)) if numba is not None else fn


_QUIET: dict[type, type] = {}


def _quiet(dispatcher):
    """``dispatcher``, whose disk cache no longer fails a call when it cannot be written (a
    sealed tournament's confined process may write no file): the machine code is then simply
    not kept. Numba raises such errors on Linux."""
    cache = getattr(dispatcher, "_cache", None)
    if cache is None or not hasattr(cache, "save_overload"):  # pragma: no cover - other numba
        return dispatcher
    base = type(cache)
    if base not in _QUIET:

        def save_overload(self, sig, data):
            with contextlib.suppress(OSError):
                base.save_overload(self, sig, data)

        _QUIET[base] = type(f"Quiet{base.__name__}", (base,), {"save_overload": save_overload})
    cache.__class__ = _QUIET[base]
    return dispatcher


def int_array(size):
    """``size`` zeros: a list in Python, an int64 array for numba."""
    return [0] * size


if numba is not None:

    @jit
    def int_array(size):  # numba wants a numpy array where Python has a list
        return np.zeros(size, np.int64)


def grown(a, size):
    """``a`` with room for ``size`` (its length doubled as often as needed), its contents kept:
    ``a`` itself when it is long enough."""
    if len(a) >= size:
        return a
    m = max(len(a), 1)
    while m < size:
        m *= 2
    b = int_array(m)
    for i in range(len(a)):
        b[i] = a[i]
    return b


if numba is not None:
    grown = jit(grown)


def as_array(values):
    """``values`` (a sequence of ints) as the loops take it: an int64 array when compiled (one slot
    at least: numba types an empty sequence badly), else a list."""
    if numba is None:
        return list(values)
    return np.asarray(values, np.int64) if len(values) else np.zeros(1, np.int64)


#: What the first solve that runs as Python where numba could run says, once, in one line.
FAST_EXTRA_ADVICE = (
    "windmill_widget: the solver runs as pure Python here, without numba; "
    'pip install "windmill-widget[fast]" makes it twenty to thirty times faster.'
)
#: Set once the advice is given, so that the worker processes of a tournament, which inherit the
#: environment, do not give it again.
_ADVISED = "WINDMILL_WIDGET_FAST_ADVISED"


def advise_fast_extra() -> bool:
    """Say :data:`FAST_EXTRA_ADVICE` (a warning of the ``windmill_widget`` logger, one line on
    standard error unless logging is set up otherwise) if the loops run as Python for want of
    numba, the first time in a process and its children; whether it said it. Nothing is said
    where numba was turned off on purpose (``WINDMILL_WIDGET_PURE_PYTHON``) or cannot exist
    (Pyodide). ``logging.getLogger("windmill_widget").setLevel(logging.ERROR)`` silences it."""
    if (
        COMPILED
        or os.environ.get(_ADVISED)
        or os.environ.get("WINDMILL_WIDGET_PURE_PYTHON")
        or sys.platform == "emscripten"
    ):
        return False
    os.environ[_ADVISED] = "1"
    logging.getLogger("windmill_widget").warning(FAST_EXTRA_ADVICE)
    return True
