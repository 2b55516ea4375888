"""windmill_widget: play, teach and study two-deck patience games in Jupyter: Windmill (Propeller)
and Crazy Quilt.

>>> from windmill_widget import Game, Rules, QuiltGame, find_game
>>> Game(seed=42, rules=Rules.relaxed()).rules
Rules.relaxed()
>>> find_game("crazy-quilt") is QuiltGame
True
"""

from typing import TYPE_CHECKING

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
from .core.lazy import lazy_names
from .games.crazy_quilt import QuiltGame, QuiltMove, QuiltRules, QuiltView
from .games.windmill import CORNERS, FOUNDATIONS, PILES, SAILS, Game, Move, PlayerView, Rules

if TYPE_CHECKING:  # what type checkers and the docs read; at run time, imported on first use below
    from .lab import Ceiling, Comparison, GameRecord, LiveChart, Results, compare, play_game, play_many
    from .solver import Solution, solve
    from .strategies import (
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
    from .widget import PatienceWidget, QuiltWidget, WindmillWidget

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
    "deep_sampling",
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
    "voting",
]  # fmt: skip


#: Where each of the other public names lives, imported the first time it is asked for (see
#: :mod:`.core.lazy`): the lab, the solver and the players (whose solvers bring numba) and the widgets
#: (anywidget, ipywidgets) cost most of an import, and a worker or a sealed strategy needs few of them.
_LAZY = {
    **dict.fromkeys(("Ceiling", "Comparison", "GameRecord", "LiveChart", "Results", "compare", "play_game",
                     "play_many"), ".lab"),
    **dict.fromkeys(("Solution", "solve"), ".solver"),
    **dict.fromkeys(("deep_sampling", "default_strategy", "greedy", "lookahead", "random_strategy", "recall",
                     "sampling", "sampling_player", "tips", "voting"), ".strategies"),
    **dict.fromkeys(("PatienceWidget", "QuiltWidget", "WindmillWidget"), ".widget"),
}  # fmt: skip
_lazy_getattr, _lazy_dir = lazy_names(globals(), _LAZY)
del lazy_names, TYPE_CHECKING  # used once, above: the package's names are its __all__


def __getattr__(name: str):
    if name == "__version__":  # from the installed metadata, read when asked (importlib.metadata is slow)
        from importlib.metadata import PackageNotFoundError, version

        try:
            value = version("windmill_widget")
        except PackageNotFoundError:  # a source tree on sys.path that was never installed
            value = "0+unknown"
        globals()[name] = value
        return value
    return _lazy_getattr(name)


def __dir__() -> list[str]:
    return sorted({*_lazy_dir(), "__version__"})
