"""Crazy Quilt's players (each takes a :class:`~windmill_widget.QuiltView` and returns a move)."""

from .basic import greedy, random_strategy
from .last_pass import Recall, recall
from .lookahead import lookahead
from .sampling import QuiltSampling, Sampling, sampling, sampling_player
from .tips import tips

__all__ = [
    "QuiltSampling",
    "Recall",
    "Sampling",
    "greedy",
    "lookahead",
    "random_strategy",
    "recall",
    "sampling",
    "sampling_player",
    "tips",
]
