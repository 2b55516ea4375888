"""Windmill (also called Propeller): its rules, rule options, notation, explanations, pictures and
search model. Pure Python on the shared core; it imports nothing of the widget or of other games.

>>> from windmill_widget.games.windmill import Game
>>> Game(seed=3).status
<Status.PLAYING: 'playing'>
"""

from .deal import deal_order
from .game import Game
from .notation import CORNERS, FOUNDATIONS, PILES, SAILS, Move
from .rules import PRESETS, Rules
from .view import PlayerView

__all__ = [
    "CORNERS", "FOUNDATIONS", "PILES", "PRESETS", "SAILS", "Game", "Move", "PlayerView", "Rules",
    "deal_order",
]  # fmt: skip
