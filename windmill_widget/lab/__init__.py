"""The strategy lab: tournaments on many deals, with honest statistics, in parallel.

>>> from windmill_widget.lab import play_many
>>> from windmill_widget.strategies import greedy
>>> play_many(greedy, deals=range(5), executor="serial", progress=False).n
5
"""

from .compare import Comparison
from .playout import play_game
from .records import Record, Results, SolveRecord
from .stats import mcnemar_p, wilson
from .tournament import compare, play_many

__all__ = [
    "Comparison", "Record", "Results", "SolveRecord", "compare", "mcnemar_p", "play_game", "play_many", "wilson",
]  # fmt: skip
