"""Windmill's players (each takes a :class:`~windmill_widget.PlayerView` and returns a move)."""

from .basic import greedy, random_strategy
from .lookahead import lookahead
from .sampling import sampling, sampling_player
from .tips import tips

__all__ = ["greedy", "lookahead", "random_strategy", "sampling", "sampling_player", "tips"]
