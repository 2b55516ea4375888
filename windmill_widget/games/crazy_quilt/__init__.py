"""Crazy Quilt (also Quilt, Carpet, Japanese Rug), from seed 002: its rules, rule options, notation,
explanations and pictures. Pure Python on the shared core; it imports nothing of the widget or of
other games.

>>> from windmill_widget.games.crazy_quilt import QuiltGame
>>> QuiltGame(seed=3).status
<Status.PLAYING: 'playing'>
"""

from .deal import BASES, deal_order
from .game import QuiltGame
from .notation import CELLS, DOWN, FOUNDATIONS, PILES, UP, QuiltMove
from .rules import QuiltRules
from .view import QuiltView

__all__ = [
    "BASES", "CELLS", "DOWN", "FOUNDATIONS", "PILES", "UP", "QuiltGame", "QuiltMove", "QuiltRules",
    "QuiltView", "deal_order",
]  # fmt: skip
