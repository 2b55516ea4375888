"""Running a review: :func:`review` walks a game's history, position by position, and collects
each move's verdicts and chances (:mod:`.analysis` says how each is measured)."""

from __future__ import annotations

from typing import Any

from ..core.compiled import COMPILED
from ..core.game import PatienceGame
from ..core.text import excerpt
from ..core.view import PlayerView
from .analysis import (
    CACHE,
    DEFAULTS,
    EXACT,
    EXACT_UNITS,
    PYTHON_DEFAULTS,
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
    """Review every move of ``game``'s history (see the package's docstring for the interface and
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
