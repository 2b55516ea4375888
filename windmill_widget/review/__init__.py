"""A move-by-move review of a game, as a chess player gets after each game: where the deal was lost,
each move's effect on the chance of winning it, the mistakes marked and the better move shown.

For any game of the kit (Windmill under every rules preset, Crazy Quilt under both readings and any
number of redeals), finished or not. Pure Python: it depends on the engine, the solver and the
players, never on the widget.

Interface (what a board or a notebook calls)
--------------------------------------------
``review(game, *, budget=None, samples=None, sample_budget=None, exact=EXACT,
exact_units=EXACT_UNITS, seed=0, playouts=None, progress=True, cache=CACHE) -> Review``
    Reviews ``game.history`` (moves taken back are left out). Effort is counted in the solver's
    units (positions), never in seconds, so a review is the same on any machine: ``budget`` per
    clairvoyant solve of a position, ``samples`` guesses at the stock per position and
    ``sample_budget`` per guess (``None``: the game's defaults, ``DEFAULTS[game.name]`` where numba
    compiles the solver, and the lighter ``PYTHON_DEFAULTS[game.name]`` over them where it runs as
    Python: a default install, Pyodide; ``Review.settings["defaults"]`` says which, and the table's
    caption too), and
    Windmill's exact no-peeking search (``exact`` stock cards,
    ``exact_units`` of work); Crazy Quilt's ``playouts``, guesses on which a no-peeking player's
    playout is played after each move (a lower bound on the chance where the solver leaves most
    guesses undecided: ``Chance.floor``; 0 plays none). ``progress``: a tqdm.auto bar. ``cache``:
    a :class:`ReviewCache` (positions already reviewed cost nothing: reviewing twice, or
    transpositions).
``Review`` (a sequence of ``MoveReview``, ``review[i]`` is move ``i + 1``)
    ``.turning_point`` (the ``MoveReview`` after which the deal could no longer be won, or
    ``None``), ``.summary()`` (a sentence), ``.marked(band)``, ``.count(band)``, ``.chances()``
    (the curve to chart: the chance before each move, then after the last) and ``.ranges()`` (the
    band where it is unknown), ``.settings_note()`` (the effort, in a sentence), ``str()`` and
    ``_repr_html_()`` (a table), ``.to_pandas()``, ``.to_dict()``/``Review.from_dict()`` (JSON),
    ``.verdict_start``/``.verdict_end``, ``.game`` (registry name), ``.settings``.
``MoveReview``
    ``index`` (from 0), ``number`` (from 1), ``move`` (notation), ``text`` (the move in words),
    ``verdict_before``/``verdict_after`` (``SolverVerdict``: ``.result`` a
    :class:`~windmill_widget.solver.Verdict`, ``.line`` a winning line in notation, ``.method``,
    ``.how`` the certificate in words; ``.won``/``.lost``/``.decided``), ``chance_before``/
    ``chance_after`` (``Chance``: ``.value`` 0-1, ``.error`` its standard error, ``.exact``,
    ``.samples``, ``.known``; where it is not known, ``.range``: from ``.floor``, what a no-peeking
    player's playouts win, to the clairvoyant ceiling), ``drop``, ``band``
    (``Band.NONE/INACCURACY/MISTAKE/BLUNDER``, ``.nag`` ``?!`` ``?`` ``??``), ``best`` (the
    better move in notation, or ``None`` when the move played was as good as any), ``reason`` (a
    sentence), ``choices`` (distinct moves there were), ``turning``.

How the chances are measured, and why the verdicts cost a few solves per game:
:mod:`windmill_widget.review.analysis`.

>>> from windmill_widget import Game
>>> from windmill_widget.strategies import greedy
>>> game = Game(seed=8)
>>> for _ in range(6):
...     _ = game.play(greedy(game.view()))
>>> r = review(game, samples=4, progress=False)
>>> len(r), r[0].verdict_before.result, r[-1].verdict_after.won
(6, <Verdict.WON: 'won'>, True)
>>> r[0].band in Band, 0 <= r[0].chance_after.value <= 1
(True, True)
>>> Review.from_dict(r.to_dict()) == r
True
"""

from .analysis import (
    BUDGET,
    CACHE,
    DEFAULTS,
    EXACT,
    EXACT_UNITS,
    PYTHON_DEFAULTS,
    SAMPLE_BUDGET,
    SAMPLES,
    ReviewCache,
)
from .report import Review
from .run import default_settings, review
from .values import Band, Chance, MoveReview, SolverVerdict

__all__ = [
    "BUDGET",
    "CACHE",
    "DEFAULTS",
    "EXACT",
    "EXACT_UNITS",
    "PYTHON_DEFAULTS",
    "SAMPLES",
    "SAMPLE_BUDGET",
    "Band",
    "Chance",
    "MoveReview",
    "Review",
    "ReviewCache",
    "SolverVerdict",
    "default_settings",
    "review",
]
