"""The strategy lab: how good is a strategy, honestly, and how good could any strategy be?

- :func:`play_game` plays one deal; :func:`play_many` plays many, in parallel, and returns
  :class:`Results` (win rate with a 95% Wilson interval, cards placed, failures, a chart);
- :func:`compare` plays several strategies on the same deals, with the clairvoyant solver's
  win rate as the :class:`Ceiling` if asked;
- :class:`LiveChart` draws the win rates with ipycanvas while a run goes on.

>>> from windmill_widget.lab import play_many
>>> from windmill_widget.strategies import greedy
>>> play_many(greedy, deals=range(5), executor="serial", progress=False).n
5
"""

from .ceiling import Ceiling
from .comparison import Comparison
from .live import LiveChart
from .playout import play_game
from .records import GameRecord, SolveRecord
from .results import Results
from .stats import mcnemar_p, wilson
from .tournament import compare, play_many

__all__ = [
    "Ceiling", "Comparison", "GameRecord", "LiveChart", "Results", "SolveRecord",
    "compare", "mcnemar_p", "play_game", "play_many", "wilson",
]  # fmt: skip
