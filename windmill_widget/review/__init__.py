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

from __future__ import annotations

from typing import Any

from ..core.compiled import COMPILED
from ..core.game import PatienceGame
from ..core.text import excerpt
from ..core.view import PlayerView
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
    Settings,
    Verdicts,
    choices,
    game_positions,
    move_review,
    remember,
    settled,
)
from .report import Review
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


def review(
    game: PatienceGame,
    *,
    budget: int | None = None,
    samples: int | None = None,
    sample_budget: int | None = None,
    exact: int = EXACT,
    exact_units: int = EXACT_UNITS,
    seed: int = 0,
    playouts: int | None = None,
    progress: bool = True,
    cache: ReviewCache | None = None,
) -> Review:
    """Review every move of ``game``'s history (see the module's docstring for the interface and
    :mod:`.analysis` for the method). Settings left out take the game's defaults for this machine:
    ``DEFAULTS`` where numba compiles the solvers, ``PYTHON_DEFAULTS`` where they run as Python (a
    default install, Pyodide), so a Windmill game reviews in about a minute there, not three or four
    (:func:`default_settings`). Raises ``TypeError`` for anything but a game of the kit and
    ``ValueError`` for a budget or sample count below 1."""
    if isinstance(game, PlayerView):
        raise TypeError(
            "review() takes the game itself, not the view a player sees: the solver's verdicts read "
            "the stock's order (review(game), not review(game.view()))."
        )
    if not isinstance(game, PatienceGame):
        raise TypeError(f"review() takes a game of the kit (e.g. Game(seed=42)), not {excerpt(game)}.")
    defaults, which = default_settings(game.name)
    settings = Settings(
        defaults["budget"] if budget is None else budget,
        defaults["samples"] if samples is None else samples,
        defaults["sample_budget"] if sample_budget is None else sample_budget,
        exact,
        exact_units,
        seed,
        defaults.get("playouts", 0) if playouts is None else playouts,
    )
    if cache is None:
        cache = CACHE
    elif not isinstance(cache, ReviewCache):
        raise TypeError(f"cache must be a ReviewCache, not {excerpt(cache)}.")
    positions = game_positions(game)
    moves = game.history
    bar = _bar(len(moves) + 1, progress)
    tick = (lambda: None) if bar is None else (lambda: bar.set_postfix_str("solving", refresh=False))
    try:
        verdicts = Verdicts(positions, settings, cache, tick).all()
        if bar is not None:
            bar.update(1)
        reviewed = []
        last_unseen: tuple = ()
        prior = None  # what the solver found on each guess after the last move (analysis.choices)
        redealt = False  # after a redeal the player has seen the new stock's order (as the waste)
        for i, move in enumerate(moves):
            position = positions[i]
            known = redealt or position.view().stock_count == 0
            if known:  # the played move's chance is the verdict after it, solved or inferred above
                remember(positions[i + 1], verdicts[i + 1], cache)
            # no estimate where the verdict or the move before settles it (analysis.settled)
            unseen = position.view().unseen
            shown = unseen != last_unseen or not reviewed  # a card was shown: other guesses from here
            carry = None if shown else reviewed[-1].chance_after
            found = settled(position, verdicts[i].lost, carry) or choices(
                position, known, settings, cache, None if shown else prior
            )
            prior = found.after(move)
            last_unseen = unseen
            reviewed.append(move_review(i, position, move, verdicts[i], verdicts[i + 1], found))
            redealt = redealt or str(move) == "redeal"
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return Review(game.name, reviewed, verdicts[0], verdicts[-1], _settings_dict(settings, which))


def default_settings(name: str) -> tuple[dict[str, int], str]:
    """The settings :func:`review` takes for a game named ``name`` where none are given, and where
    they come from: ``DEFAULTS`` where numba compiles Windmill's solver, ``PYTHON_DEFAULTS`` over them
    where it runs as Python (a default install, Pyodide, ``WINDMILL_WIDGET_PURE_PYTHON=1``)."""
    defaults = dict(DEFAULTS.get(name, DEFAULTS["crazy-quilt"]))
    lighter = PYTHON_DEFAULTS.get(name, {})
    if COMPILED or not lighter:
        return defaults, "DEFAULTS"
    return {**defaults, **lighter}, "PYTHON_DEFAULTS"


def _settings_dict(settings: Settings, defaults: str) -> dict[str, Any]:
    out: dict[str, Any] = {name: getattr(settings, name) for name in Settings.__dataclass_fields__}
    out["defaults"] = defaults
    return out


def _bar(total: int, progress: bool) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm  # imported here: it loads ipywidgets inside a notebook

    return tqdm(total=total, desc="Reviewing", unit="move", dynamic_ncols=True)
