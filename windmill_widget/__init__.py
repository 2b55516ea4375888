"""windmill_widget: play, teach and study two-deck patience games in Jupyter: Windmill (Propeller)
and Crazy Quilt.

>>> from windmill_widget import Game, Rules, QuiltGame, find_game
>>> Game(seed=42, rules=Rules.relaxed()).rules
Rules.relaxed()
>>> find_game("crazy-quilt") is QuiltGame
True
"""

from importlib.metadata import PackageNotFoundError, version

from .core import (
    Card,
    IllegalMove,
    Outcome,
    PatienceGame,
    SaveFileError,
    Status,
    Strategy,
    Termination,
    all_games,
    find_game,
    load_game,
)
from .games.crazy_quilt import QuiltGame, QuiltMove, QuiltRules, QuiltView
from .games.windmill import CORNERS, FOUNDATIONS, PILES, SAILS, Game, Move, PlayerView, Rules
from .lab import Ceiling, Comparison, GameRecord, LiveChart, Results, compare, play_game, play_many
from .solver import Solution, solve
from .strategies import (
    default_strategy,
    greedy,
    lookahead,
    random_strategy,
    recall,
    sampling,
    sampling_player,
    tips,
)

try:
    __version__ = version("windmill_widget")
except PackageNotFoundError:  # a source tree on sys.path that was never installed
    __version__ = "0+unknown"

__all__ = [
    "CORNERS",
    "FOUNDATIONS",
    "PILES",
    "SAILS",
    "Card",
    "Ceiling",
    "Comparison",
    "Game",
    "GameRecord",
    "IllegalMove",
    "LiveChart",
    "Move",
    "Outcome",
    "PatienceGame",
    "PatienceWidget",
    "PlayerView",
    "QuiltGame",
    "QuiltMove",
    "QuiltRules",
    "QuiltView",
    "QuiltWidget",
    "Results",
    "Rules",
    "SaveFileError",
    "Solution",
    "Status",
    "Strategy",
    "Termination",
    "WindmillWidget",
    "all_games",
    "compare",
    "default_strategy",
    "find_game",
    "greedy",
    "load_game",
    "lookahead",
    "play_game",
    "play_many",
    "random_strategy",
    "recall",
    "sampling",
    "sampling_player",
    "solve",
    "tips",
]  # fmt: skip


_WIDGETS = ("PatienceWidget", "QuiltWidget", "WindmillWidget")


def __getattr__(name: str):
    # The widgets pull in anywidget/ipywidgets; import them only when asked for.
    if name in _WIDGETS:
        from . import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'windmill_widget' has no attribute {name!r}")
