"""The Windmill rules engine: pure Python, no widget imports.

>>> from windmill_widget.engine import Game
>>> Game(seed=3).status
'playing'
"""

from .cards import Card
from .deal import DEAL_ALGORITHM, deal_order
from .errors import IllegalMove, SaveFileError
from .game import Game
from .notation import CORNERS, FOUNDATIONS, PILES, SAILS, Move
from .rules import PRESETS, Rules
from .view import PlayerView, Strategy

__all__ = [
    "CORNERS", "DEAL_ALGORITHM", "FOUNDATIONS", "PILES", "PRESETS", "SAILS",
    "Card", "Game", "IllegalMove", "Move", "PlayerView", "Rules", "SaveFileError", "Strategy", "deal_order",
]  # fmt: skip
