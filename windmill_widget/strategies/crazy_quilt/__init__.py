"""Crazy Quilt's players (each takes a :class:`~windmill_widget.QuiltView` and returns a move).

``lookahead`` (the board's Hint) and ``sampling`` guess the stock's order until the redeal and play
exactly after it; they differ only in the solver's budget after the redeal. ``deep_sampling`` is
``sampling`` with eight times the guesses, each judged by every playout policy, for the lab: some 3 s
a game with numba (minutes without). ``voting`` solves each guess with the clairvoyant solver's
searches after every move it could make and plays the move that wins the most guesses, for the lab
too (some 35-65 s a game): the strongest measured, 64% of deals 0-49 under either reading, about
two thirds of the clairvoyant rate (docs/winnability.md). :class:`Lookahead` is the heuristic search
of plays that was the Hint before (no better than ``tips``, and slower).
"""

from .basic import greedy, random_strategy
from .last_pass import Recall, recall
from .lookahead import Lookahead
from .sampling import QuiltSampling, Sampling, deep_sampling, lookahead, sampling, sampling_player
from .tips import tips
from .voting import QuiltVoting, Voting, voting

__all__ = [
    "Lookahead",
    "QuiltSampling",
    "QuiltVoting",
    "Recall",
    "Sampling",
    "Voting",
    "deep_sampling",
    "greedy",
    "lookahead",
    "random_strategy",
    "recall",
    "sampling",
    "sampling_player",
    "tips",
    "voting",
]
