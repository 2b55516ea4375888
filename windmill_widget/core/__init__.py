"""The shared core of the kit: cards of a double deck, seeded deals, moves and their notation,
a game with history, undo/redo and its outcome, the player view, save files, SVG primitives and
the registry of games, PySolFC's numbered deals. Pure Python (the standard library only, and two
optional packages where installed: numba compiles the solvers' loops, pysol-cards deals PySolFC's
games); it imports nothing of any game, of the players, the lab or the widget.

>>> from windmill_widget.core import find_game, Status
>>> game = find_game("windmill")(seed=3)
>>> game.status is Status.PLAYING
True
"""

from .annotations import Annotation, AnnotationsWarning
from .cards import Card, CardLike
from .deal import DEAL_ALGORITHM, check_seed
from .errors import IllegalMove, SaveFileError
from .game import PatienceGame
from .moves import Move, Notation
from .outcome import Outcome, Status, Termination
from .registry import all_games, find_game
from .savefile import load as load_game
from .view import PlayerView, Strategy

__all__ = [
    "DEAL_ALGORITHM",
    "Annotation",
    "AnnotationsWarning",
    "Card",
    "CardLike",
    "IllegalMove",
    "Move",
    "Notation",
    "Outcome",
    "PatienceGame",
    "PlayerView",
    "SaveFileError",
    "Status",
    "Strategy",
    "Termination",
    "all_games",
    "check_seed",
    "find_game",
    "load_game",
]  # fmt: skip
