"""windmill_widget: play, teach and study the two-deck patience Windmill (Propeller) in Jupyter.

>>> from windmill_widget import Game, Rules
>>> Game(seed=42, rules=Rules.relaxed()).rules
Rules.relaxed()
"""

from .engine import (
    CORNERS,
    FOUNDATIONS,
    PILES,
    SAILS,
    Card,
    Game,
    IllegalMove,
    Move,
    PlayerView,
    Rules,
    SaveFileError,
    Strategy,
)
from .lab import Ceiling, Comparison, GameRecord, LiveChart, Results, compare, play_game, play_many
from .solver import Solution, solve
from .strategies import default_strategy, greedy, lookahead, random_strategy, tips

__version__ = "0.1.0"

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
    "PlayerView",
    "Results",
    "Rules",
    "SaveFileError",
    "Solution",
    "Strategy",
    "WindmillWidget",
    "compare",
    "default_strategy",
    "greedy",
    "lookahead",
    "play_game",
    "play_many",
    "random_strategy",
    "solve",
    "tips",
]  # fmt: skip


def __getattr__(name: str):
    # The widget pulls in anywidget/ipywidgets; import it only when asked for.
    if name == "WindmillWidget":
        from .widget import WindmillWidget

        return WindmillWidget
    raise AttributeError(f"module 'windmill_widget' has no attribute {name!r}")
