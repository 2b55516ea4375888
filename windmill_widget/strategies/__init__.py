"""Players: callables that take a :class:`~windmill_widget.PlayerView` and return a move.

None of them can peek at the stock: a view holds only its card count (and which cards are still
unseen, in no particular order).

========================  ===========================================================================
``random_strategy(seed)``  uniformly random legal moves (a baseline)
``greedy``                 centre first, then corners, deal last
``tips``                   seed 000's strategy advice, rule by rule
``lookahead``              searches every sequence of plays in view and weighs the next deal by the
                           unseen cards (the strongest; the board's Hint uses it)
``sampling``               guesses the stock's order many times and plays the move the clairvoyant
                           solver wins most guesses with (minutes a game, not yet clearly better than
                           lookahead; ``sampling_player(samples=..., seed=...)`` for settings)
========================  ===========================================================================
"""

from .advice import Advice
from .windmill import greedy, lookahead, random_strategy, sampling, sampling_player, tips

#: The strongest no-peeking player shipped; the board's Hint uses it. Deterministic: its effort is a
#: count of positions, not a time (about 5 ms a move on average, at most ~0.1 s). ``sampling`` takes
#: seconds a move (see its module): too slow for a Hint (and not clearly stronger).
default_strategy = lookahead

__all__ = [
    "Advice",
    "default_strategy",
    "greedy",
    "lookahead",
    "random_strategy",
    "sampling",
    "sampling_player",
    "tips",
]
