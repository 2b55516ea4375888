"""The strategy lab: how good is a strategy, honestly, and how good could any strategy be?

- :func:`play_game` plays one deal; :func:`play_many` plays many, in parallel, and returns
  :class:`Results` (win rate with a 95% Wilson interval, cards placed, failures, a chart);
- :func:`compare` plays several strategies on the same deals, with the clairvoyant solver's
  win rate as the :class:`Ceiling` if asked;
- :class:`LiveChart` draws the win rates with ipycanvas while a run goes on;
- :func:`find_decisions` and :func:`score_decisions` (Windmill) score players on the moves that
  decide a deal, where one move keeps it won and another loses it: far more sensitive than win rates.

**Trust.** ``play_many`` and ``compare`` run strategies in ordinary Python processes, beside the
games they play, and Python cannot seal code in the same process: a strategy can read the stock
through ``sys._getframe(1).f_locals`` (the lab's live position, a board's ``self``), find the game
among ``gc.get_objects()``, match the face-up cards against ``deal_order`` of small deal numbers, or
mutate a value all games share (``object.__setattr__`` on the interned ``Move('deal')``). That is
fine for your own players. For a competition, ``compare(..., sealed=True)`` (:mod:`.sealed`) runs
each strategy, or each student's file, in a process of its own that is sent only player views as
JSON and answers only move text; the deals are drawn from a secret the organiser keeps; a move that
overruns ``move_limit`` kills the process and fails that game; on Linux the process is confined
(:mod:`.confine`: no reading your files, no changing any, no sockets, no reaching other processes,
no IPC, nothing left running, 2 GiB of memory).
It does not limit the CPU a strategy uses during its own move.

>>> from windmill_widget.lab import play_many
>>> from windmill_widget.strategies import greedy
>>> play_many(greedy, deals=range(5), executor="serial", progress=False).n
5
"""

from typing import TYPE_CHECKING

from ..core.lazy import lazy_names

if TYPE_CHECKING:  # what type checkers and the docs read; at run time, imported on first use below
    from .ceiling import Ceiling
    from .comparison import Comparison
    from .critical import Decision, Decisions, DecisionScores, find_decisions, score_decisions
    from .live import LiveChart
    from .playout import play_game
    from .records import GameRecord, SolveRecord
    from .results import Results
    from .session import SessionStats, StatsFileError, Tally
    from .stats import Paired, mcnemar_p, wilson
    from .tournament import compare, play_many

__all__ = [
    "Ceiling", "Comparison", "Decision", "DecisionScores", "Decisions", "GameRecord", "LiveChart", "Paired",
    "Results", "SessionStats", "SolveRecord", "StatsFileError", "Tally", "compare", "find_decisions",
    "mcnemar_p", "play_game", "play_many",
    "score_decisions", "wilson",
]  # fmt: skip

#: Where each name lives, imported the first time it is asked for (:mod:`..core.lazy`): a sealed
#: strategy's process imports :mod:`.sealed_player` of this package, and needs none of them.
__getattr__, __dir__ = lazy_names(globals(), {
    **dict.fromkeys(("Decision", "DecisionScores", "Decisions", "find_decisions", "score_decisions"),
                    ".critical"),
    **dict.fromkeys(("SessionStats", "StatsFileError", "Tally"), ".session"),
    **dict.fromkeys(("Paired", "mcnemar_p", "wilson"), ".stats"),
    **dict.fromkeys(("GameRecord", "SolveRecord"), ".records"),
    **dict.fromkeys(("compare", "play_many"), ".tournament"),
    "Ceiling": ".ceiling", "Comparison": ".comparison", "LiveChart": ".live", "play_game": ".playout",
    "Results": ".results",
})  # fmt: skip
del lazy_names, TYPE_CHECKING  # used once, above: the package's names are its __all__
