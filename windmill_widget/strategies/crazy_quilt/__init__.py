"""Crazy Quilt's players (each takes a :class:`~windmill_widget.QuiltView` and returns a move)."""

from .basic import greedy, random_strategy
from .lookahead import lookahead
from .tips import tips

__all__ = ["greedy", "lookahead", "random_strategy", "tips"]
