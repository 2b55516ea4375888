"""Players: callables that take a player view and return a move, for every game of the kit.

None of them can peek at the stock: a view holds only its card count (and which cards are still
unseen, in no particular order). Each name plays whichever game's view it is given: it hands the
view to that game's player (``strategies.windmill``, ``strategies.crazy_quilt``).

========================  ===========================================================================
``random_strategy(seed)``  uniformly random legal moves (a baseline)
``greedy``                 a card to a foundation whenever one fits (Windmill: the centre first), else
                           deal or turn
``tips``                   the rule text's advice, rule by rule (Windmill: seed 000's tips; Crazy
                           Quilt: seed 002's "get into the tableau as quickly as possible")
``lookahead``              the board's Hint. Windmill: searches every sequence of plays in view and
                           weighs the next card by the unseen cards. Crazy Quilt: ``sampling`` with
                           a small solver budget after the redeal, so that a hint answers within
                           0.3 s without numba too (see docs/winnability.md, *The board's Hint*)
``sampling``               guesses the stock's order many times and plays the move that does best on
                           the guesses. Windmill: the move the clairvoyant solver wins most guesses
                           with (some 3 s a game; 40% of strict deals 0-199 against lookahead's 34%,
                           not yet a clear difference; ``sampling_player(samples=..., seed=...)``
                           for settings). Crazy Quilt: the guesses are played out by the solver's
                           playout policies until the redeal, then it plays as ``recall`` (some
                           seconds a game; ``strategies.crazy_quilt.sampling_player`` for settings)
``recall``                 Crazy Quilt only: remembers the waste it turns over, so after a redeal it
                           knows the stock's order and plays the solver's winning line (``tips``
                           before; ``Recall(max_nodes=...)`` in ``strategies.crazy_quilt`` for
                           settings)
``deep_sampling``          Crazy Quilt only: ``sampling`` with 64 guesses instead of 8, each judged by
                           all seven playout policies (some 3 s a game with numba, minutes without;
                           see docs/winnability.md)
``voting``                 Crazy Quilt only: solves 16 guesses at the stock (more for a tie) with the
                           clairvoyant solver's searches after every move it could make, and plays
                           the move that wins the most (some 35-65 s a game with numba; see
                           docs/winnability.md)
========================  ===========================================================================

>>> from windmill_widget import Game, QuiltGame
>>> greedy(Game(seed=1).view()), greedy(QuiltGame(seed=7).view())
(Move('n1>c'), QuiltMove('c1>C-'))
"""

from .advice import Advice
from .any_game import (
    AnyGame,
    board_players,
    deep_sampling,
    default_strategy,
    greedy,
    lookahead,
    random_strategy,
    recall,
    sampling,
    sampling_player,
    tips,
    voting,
)

__all__ = [
    "Advice",
    "AnyGame",
    "board_players",
    "deep_sampling",
    "default_strategy",
    "greedy",
    "lookahead",
    "random_strategy",
    "recall",
    "sampling",
    "sampling_player",
    "tips",
    "voting",
]
