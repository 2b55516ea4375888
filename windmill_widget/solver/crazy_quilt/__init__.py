"""Crazy Quilt's clairvoyant solver (see :func:`windmill_widget.solver.solve` for the entry point)."""

from typing import TYPE_CHECKING

from ...core.lazy import lazy_names

if TYPE_CHECKING:
    from .clairvoyant import solve

__all__ = ["solve"]

# Imported on first use: the sampling player reads the playout policies of this package without it.
__getattr__, __dir__ = lazy_names(globals(), {"solve": ".clairvoyant"})
del lazy_names, TYPE_CHECKING  # used once, above: the package's names are its __all__
