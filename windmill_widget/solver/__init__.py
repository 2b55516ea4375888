"""The clairvoyant solver: it knows the order of the stock, which no player does.

Use it to learn whether a deal *could* be won, and how; and in the lab, as the ceiling that
no-peeking strategies are measured against.

>>> from windmill_widget import Game
>>> from windmill_widget.solver import solve
>>> solve(Game(seed=8), max_seconds=10).result
'won'
"""

from .clairvoyant import Solution, solve

__all__ = ["Solution", "solve"]
