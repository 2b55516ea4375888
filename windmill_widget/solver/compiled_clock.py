"""The solvers' clock (:mod:`.clock`) as their compiled loops read it: numba calls back into Python
for it. Kept apart from :mod:`.clock`, which provides these names on first use, so that a solver
with no compiled loops (Crazy Quilt's) reads the same clock without loading numba.

>>> from windmill_widget.solver import clock
>>> clock.now() <= read()
True
"""

from __future__ import annotations

from ..core.compiled import COMPILED, hot, objmode
from . import clock


def read() -> float:
    """:func:`.clock.now`, for the solvers' compiled loops to call (numba calls back into Python for
    it). One function for every loop: numba compiles such a call back the first time it runs,
    and :func:`warm_up` runs it, so no deal's budget pays for that."""
    with objmode(t="float64"):
        t = clock.now()
    return t


if COMPILED:
    read = hot(read)


def warm_up() -> None:
    """Compile :func:`read` now (see there)."""
    read()
