"""Crazy Quilt's clairvoyant solver (see :func:`windmill_widget.solver.solve` for the entry point)."""

from .clairvoyant import solve

__all__ = ["solve"]
