"""``play_many`` and ``compare``: a strategy (or several) on many deals, in parallel, honestly scored.

>>> def first(view):
...     return view.legal_moves()[0]
>>> play_many(first, deals=range(20), executor="serial", progress=False)
<Results first on 20 deals, Rules.strict(): won 1 = 5.0% (95% CI 0.9%-23.6%), 64.7 cards on average>
>>> from windmill_widget.strategies import greedy, random_strategy
>>> players = {"greedy": greedy, "random": random_strategy(1)}
>>> both = compare(players, deals=10, executor="serial", progress=False)
>>> both.names, both.n, both["random"].n
(['greedy', 'random'], 10, 10)
"""

from __future__ import annotations

import os
import secrets
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from .. import runtime
from ..core.deal import check_seed
from ..core.registry import game_of_rules
from ..core.text import excerpt, shorten
from .ceiling import CEILING_NAME, Ceiling
from .comparison import Comparison
from .confine import Confinement, readable_in_sealed
from .executors import SerialExecutor, resolve_executor
from .live import LiveChart
from .playout import (
    DEFAULT_MAX_MOVES,
    DEFAULT_TIME_LIMIT,
    GameType,
    check_limits,
    check_rules,
    check_strategy,
)
from .results import Results
from .runner import Entrant, run
from .sealed import MOVE_LIMIT as SEALED_MOVE_LIMIT
from .sealed import SealedError, SealedPlayer, sealed_seeds
from .worker import dumps_strategy, fail_chunk, play_chunk, play_sealed_chunk, solve_chunk

#: Seconds the clairvoyant solver gets per deal when it provides the ceiling.
CEILING_SECONDS = 1.0
#: Deals a sealed player's chunk holds at least (all of them when fewer are left): its process starts
#: once a chunk (some tenths of a second: bubblewrap, Python, the sealed player); a game takes ~0.1-0.3 s.
SEALED_MIN_CHUNK = 16

Deals = Iterable[int] | int


def check_deals(deals: Deals) -> list[int]:
    """Deal numbers as a list: ``deals=500`` means ``range(500)``; each deal at most once."""
    if isinstance(deals, int) and not isinstance(deals, bool):
        if deals < 1:
            raise ValueError(
                f"deals={deals}: give a positive number of deals, or the deal numbers themselves."
            )
        return list(range(deals))
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Iterable):
        raise TypeError(
            f"deals is an iterable of deal numbers (e.g. range(1000)) or a count; got {excerpt(deals)}."
        )
    seeds = list(deals)
    if not seeds:
        raise ValueError("deals is empty: give at least one deal number, e.g. deals=range(100).")
    for s in seeds:
        try:
            check_seed(s)
        except ValueError:
            raise ValueError(f"Deals are whole numbers from 0 to 2**64-1; {excerpt(s)} is not one.") from None
    if len(set(seeds)) != len(seeds):
        seen: set[int] = set()
        dup = next(s for s in seeds if s in seen or seen.add(s))  # type: ignore[func-returns-value]
        raise ValueError(f"Deal {dup} is listed more than once; each deal is played once.")
    return seeds


def run_label(names: list[str], rules: Any) -> str:
    """What a progress bar calls a run: its players, the game and its rules (``"greedy, tips · Windmill,
    relaxed"``), so that several bars under one cell tell their runs apart."""
    players = ", ".join(names)
    if len(players) > 40:
        players = players[:39] + "…"
    return f"{players} · {game_of_rules(rules).title}, {rules.preset or 'custom rules'}"


def strategy_name(strategy: Callable) -> str:
    return getattr(strategy, "__name__", None) or type(strategy).__name__


def _payload(strategy: Callable, executor: Any) -> bytes | Callable:
    try:
        return dumps_strategy(strategy)
    except TypeError:
        if isinstance(executor, (SerialExecutor, ThreadPoolExecutor)):
            return strategy  # it never leaves this process (and is not copied for each deal)
        raise


def _chart(chart: bool | LiveChart | None) -> LiveChart | None:
    if isinstance(chart, LiveChart):
        chart.show()
        return chart
    if chart is True:
        from .live import in_notebook

        if in_notebook():  # a canvas needs a notebook to be seen
            live = LiveChart(keep=False)  # it gives way to the result when the run ends
            live.show()
            return live
        return None
    if chart in (False, None):
        return None
    raise TypeError(f"chart is True, False or a LiveChart; got {chart!r}.")


def _warn_interrupted(done: int, planned: int) -> None:
    warnings.warn(
        f"Interrupted: {done} of {planned} deals were played by every entrant; these results are for them.",
        RuntimeWarning,
        stacklevel=3,
    )


def _warn_if_all_failed(results: Results) -> None:
    if results.n and len(results.failures) == results.n:
        warnings.warn(
            f"Every game of {results.name} failed; the first: {results.failures[0].error}",
            RuntimeWarning,
            stacklevel=3,
        )


def play_many(
    strategy: Callable,
    deals: Deals = range(1000),
    rules: Any = None,
    executor: Any = None,
    progress: bool = True,
    chart: bool | LiveChart = False,
    *,
    game: str | GameType | None = None,
    name: str | None = None,
    workers: int | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    chunksize: int | None = None,
) -> Results:
    """Play ``strategy`` on every deal of ``deals`` and return its :class:`Results`.

    - ``deals``: deal numbers (``range(1000)``, a list) or a count (``500`` = ``range(500)``).
    - ``rules``: the game's rules (:class:`~windmill_widget.Rules`, :class:`~windmill_widget.QuiltRules`)
      or a preset name; the game's default rules by default.
    - ``game``: the game's name or class (``"crazy-quilt"``); by default the game of ``rules``, else
      Windmill.
    - ``executor``: ``None`` = a process pool over ``workers`` (default: every local core),
      ``"serial"`` = this process, any :class:`concurrent.futures.Executor`, or a
      ``dask.distributed.Client`` (``client.get_executor()`` works too). Strategies defined in a
      notebook cell (functions, lambdas, closures, objects) are sent with cloudpickle. ``None``
      plays in this process where no pool can work: under Pyodide (JupyterLite), and, with a
      warning, in a script read from standard input (``python - < script.py``).
    - ``progress``: a tqdm bar (``tqdm.auto``: a widget in notebooks, text in terminals).
    - ``chart``: ``True`` for a live ipycanvas chart under the cell while the run lasts (it gives way
      to the result when the run ends, as the progress bar does), or a :class:`LiveChart` (it stays).
    - A game that raises, returns a non-move or an illegal move, or runs past ``max_moves``
      moves or ``time_limit`` seconds is recorded as failed, with its error; the rest go on.

    Every deal gets a fresh copy of the strategy, so the records are the same whatever the
    executor, the number of workers or the chunking: a player that needs randomness should seed
    its own generator (as ``random_strategy(seed)`` does).
    """
    check_strategy(strategy)
    seeds = check_deals(deals)
    rules = check_rules(rules, game)
    check_limits(max_moves, time_limit)
    _check_chunksize(chunksize)
    name = name or strategy_name(strategy)
    executor, workers, own = resolve_executor(executor, workers)
    try:
        payload = _payload(strategy, executor)
    except BaseException:
        if own:
            executor.shutdown(wait=False)
        raise
    player = Entrant(
        name, "player", play_chunk, partial(_play_args, payload, rules, max_moves, time_limit), seeds
    )
    live = _chart(chart)
    seconds, interrupted = run([player], executor, workers, own, progress=progress, chart=live,
                               chunksize=chunksize, label=run_label([name], rules))  # fmt: skip
    results = Results(name, player.records, rules, seconds=seconds, planned=len(seeds))
    if interrupted:
        _warn_interrupted(results.n, len(seeds))
    results.chart = live
    _warn_if_all_failed(results)
    return results


def compare(
    strategies: Mapping[str, Callable] | Iterable[Callable],
    deals: Deals = range(1000),
    rules: Any = None,
    *,
    game: str | GameType | None = None,
    ceiling: bool = False,
    ceiling_seconds: float | None = CEILING_SECONDS,
    ceiling_nodes: int | None = None,
    executor: Any = None,
    workers: int | None = None,
    progress: bool = True,
    chart: bool | LiveChart = False,
    max_moves: int = DEFAULT_MAX_MOVES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    chunksize: int | None = None,
    sealed: bool = False,
    secret: str | None = None,
    move_limit: float | None = SEALED_MOVE_LIMIT,
) -> Comparison:
    """Play several strategies on the *same* deals, side by side, and return a :class:`Comparison`.

    ``strategies`` is ``{"name": strategy, ...}`` or a list (named after the functions). With
    ``ceiling=True`` the clairvoyant solver also works on every deal (``ceiling_seconds`` each,
    and/or ``ceiling_nodes``): it reads the stock order, so its win rate over the deals it decides
    is the best any player could hope for. The other arguments (``game`` too) are as for :func:`play_many`;
    all players and the solver share one executor and advance together on the live chart.

    ``sealed=True`` runs a competition in which no strategy can peek or meddle (see :mod:`.sealed`):
    each strategy plays in a process of its own that sees only player views as JSON and answers move
    text; a strategy may then also be a student's file (``{"alice": "students/alice.py"}``, defining
    ``def strategy(view): ...``). The deals are then numbers drawn from ``secret`` (default: a fresh
    one): ``deals=100`` or ``deals=range(100)`` are the secret's deals 0 to 99, the same again for the
    same secret, which ``comparison.secret`` keeps. A strategy that thinks longer than ``move_limit``
    seconds over a move (default 10) is killed and that game recorded as failed. What the operating
    system confined the processes to is in ``comparison.confinement`` (a warning names what stays
    open where a layer is missing: see :mod:`.confine`). A sealed game costs a round trip between
    processes per move.
    Where no process can start (Pyodide, JupyterLite), ``sealed=True`` raises NotImplementedError.
    """
    if sealed:
        _check_sealed_possible()
    named = _named(strategies, files=sealed)
    seeds = check_deals(deals)
    if sealed:
        secret = _check_secret(secret)
        seeds = sealed_seeds(secret, 0, indices=seeds)
        _check_move_limit(move_limit)
    elif secret is not None:
        raise ValueError("secret draws a sealed tournament's deals: pass sealed=True with it.")
    rules = check_rules(rules, game)
    check_limits(max_moves, time_limit)
    _check_chunksize(chunksize)
    if ceiling:
        _check_solver(ceiling_seconds, ceiling_nodes)
    confinement = None
    if sealed:  # every strategy loads once in a sealed process before the run: a file that will not
        # load fails its deals at once (with the reason) instead of once per deal in the workers
        sources = {n: _sealed_source(s, n) for n, s in named.items()}
        probed, confinement = _probe(sources)
        game_name = game_of_rules(rules).name
    executor, workers, own = resolve_executor(executor, workers)
    try:
        if sealed:
            entrants = [
                Entrant(n, "player", play_sealed_chunk,
                        partial(_sealed_args, src, rules, max_moves, time_limit, move_limit), seeds,
                        min_chunk=SEALED_MIN_CHUNK)
                if probed[n] is None else
                Entrant(n, "player", fail_chunk,
                        partial(_fail_args, f"StrategyLoadError: {probed[n]}", game_name), seeds)
                for n, src in sources.items()
            ]  # fmt: skip
        else:
            entrants = [
                Entrant(n, "player", play_chunk,
                        partial(_play_args, _payload(s, executor), rules, max_moves, time_limit), seeds)
                for n, s in named.items()
            ]  # fmt: skip
    except BaseException:
        if own:
            executor.shutdown(wait=False)
        raise
    if ceiling:
        entrants.append(
            Entrant(CEILING_NAME, "solver", solve_chunk,
                    partial(_solve_args, rules, ceiling_seconds, ceiling_nodes), seeds)
        )  # fmt: skip
    live = _chart(chart)
    seconds, interrupted = run(entrants, executor, workers, own, progress=progress, chart=live,
                               chunksize=chunksize, label=run_label(list(named), rules))  # fmt: skip
    played = list(seeds)
    if interrupted:  # score everyone on the deals all of them finished: still deal for deal
        common = set.intersection(*({r.seed for r in e.records} for e in entrants))
        played = [s for s in seeds if s in common]
        for e in entrants:
            e.records = [r for r in e.records if r.seed in common]
        _warn_interrupted(len(played), len(seeds))
    results = {
        e.name: Results(e.name, e.records, rules, seconds=seconds, planned=len(seeds))
        for e in entrants
        if e.kind == "player"
    }
    top = None
    if ceiling:
        top = Ceiling(entrants[-1].records, rules, max_seconds=ceiling_seconds, max_nodes=ceiling_nodes)
    comparison = Comparison(results, top, deals=played, rules=rules, seconds=seconds, planned=len(seeds))
    comparison.secret = secret if sealed else None
    comparison.confinement = confinement
    comparison.chart = live
    for r in results.values():
        _warn_if_all_failed(r)
    return comparison


def _play_args(payload: bytes | Callable, rules: Any, max_moves: int, time_limit: float | None,
               chunk: list[int]) -> tuple:  # fmt: skip
    return (payload, chunk, rules, max_moves, time_limit)


def _sealed_args(source: bytes | str, rules: Any, max_moves: int, time_limit: float | None,
                 move_limit: float | None, chunk: list[int]) -> tuple:  # fmt: skip
    return (source, chunk, rules, max_moves, time_limit, move_limit)


def _fail_args(error: str, game_name: str, chunk: list[int]) -> tuple:
    return (error, game_name, chunk)


def _probe(sources: dict[str, bytes | str]) -> tuple[dict[str, str | None], Confinement | None]:
    """Load each strategy once in a sealed process (a few at a time): the reason each one will not
    load (``None`` if it does), and what the system confined them to. Warns if that is not all the
    sealing :mod:`.confine` describes."""

    def load(source: bytes | str) -> tuple[str | None, Confinement | None]:
        try:
            with SealedPlayer(source) as player:
                player.load()
                return None, player.confinement
        except SealedError as err:
            return str(err), None

    with ThreadPoolExecutor(max_workers=min(4, len(sources))) as pool:
        loaded = dict(zip(sources, pool.map(load, sources.values()), strict=True))
    confinement = next((c for _, c in loaded.values() if c is not None), None)
    if confinement is not None:
        open_doors = confinement.open_doors()
        if open_doors:
            warnings.warn(
                f"This system seals the strategies' processes only in part ({confinement.layers()}): "
                f"nothing stops them from {'; '.join(open_doors)}. See windmill_widget.lab.confine "
                "(bubblewrap and unprivileged user namespaces, seccomp, Landlock).",
                RuntimeWarning,
                stacklevel=3,
            )
    return {n: error for n, (error, _) in loaded.items()}, confinement


def _check_sealed_possible() -> None:
    """Refuse a sealed run, in one line that says why, where its processes cannot start."""
    if not runtime.can_start_processes():
        raise NotImplementedError(
            "Sealed tournaments play each strategy in a process of its own, and this Python "
            f"({'Pyodide' if runtime.IS_PYODIDE else sys.platform}) cannot start processes: "
            "run compare(..., sealed=True) in a Python installed on a computer."
        )
    if os.name != "posix":
        raise NotImplementedError("Sealed tournaments need a POSIX system (Linux, macOS).")


def _check_move_limit(move_limit: object) -> None:
    if move_limit is not None and (
        not isinstance(move_limit, (int, float)) or isinstance(move_limit, bool) or not move_limit > 0
    ):
        raise ValueError(
            f"move_limit is a number of seconds above 0, or None for no limit; got {excerpt(move_limit)}."
        )


def _sealed_source(strategy: Any, name: str) -> bytes | str:
    """What a sealed process loads: a strategy file's path, or the strategy pickled by value."""
    if isinstance(strategy, (str, os.PathLike)):
        path = Path(strategy)
        if not path.is_file():
            raise FileNotFoundError(f"There is no strategy file {excerpt(str(strategy))}.")
        return str(path.resolve())
    try:
        return dumps_strategy(strategy, readable=readable_in_sealed)
    except TypeError as err:
        raise TypeError(
            f"A sealed strategy travels to a process of its own, and {name!r} cannot "
            f"be pickled ({shorten(str(err.__cause__ or err), 120)}): keep open files, locks and widgets "
            "out of it, or give its file."
        ) from None


def _check_secret(secret: object) -> str:
    if secret is None:
        return secrets.token_hex(16)  # kept in the results: the organiser can play the same deals again
    if not isinstance(secret, str) or not secret:
        raise ValueError(
            f"secret is a non-empty text (the organiser's, to draw the deals from); got {excerpt(secret)}."
        )
    return secret


def _solve_args(rules: Any, max_seconds: float | None, max_nodes: int | None, chunk: list[int]) -> tuple:
    return (chunk, rules, max_seconds, max_nodes)


def _named(strategies: Mapping[str, Any] | Iterable[Any], *, files: bool = False) -> dict[str, Any]:
    """The strategies by name; with ``files`` (sealed runs) a strategy may be a file's path."""

    def is_file(s: object) -> bool:
        return files and isinstance(s, (str, os.PathLike))

    if isinstance(strategies, Mapping):
        named = dict(strategies)
    elif callable(strategies):
        raise TypeError("compare() takes several strategies: {'name': strategy, ...} or a list of them.")
    else:
        named = {}
        for s in strategies:
            if not is_file(s):
                check_strategy(s)
            name = Path(s).stem if is_file(s) else strategy_name(s)
            if name in named:
                raise ValueError(
                    f"Two strategies are called {name!r}; name them: compare({{'a': ..., 'b': ...}})."
                )
            named[name] = s
    if not named:
        raise ValueError("compare() needs at least one strategy.")
    for name, s in named.items():
        if not isinstance(name, str) or not name:
            raise TypeError(f"Strategy names are non-empty strings; got {name!r}.")
        if not is_file(s):
            check_strategy(s, f"strategy {name!r}")
    return named


def _check_chunksize(chunksize: object) -> None:
    if chunksize is not None and (
        not isinstance(chunksize, int) or isinstance(chunksize, bool) or chunksize < 1
    ):
        raise ValueError(
            f"chunksize is a whole number of deals of at least 1, or None to adapt; got {chunksize!r}."
        )


def _check_solver(max_seconds: float | None, max_nodes: int | None) -> None:
    if max_seconds is None and max_nodes is None:
        raise ValueError("ceiling=True needs a budget per deal: ceiling_seconds and/or ceiling_nodes.")
    if max_seconds is not None and not max_seconds > 0:
        raise ValueError(f"ceiling_seconds is a number of seconds above 0; got {max_seconds!r}.")
    try:
        from ..solver import solve  # noqa: F401
    except ImportError as err:  # pragma: no cover - the solver ships with the package
        raise ImportError(
            f"ceiling=True needs the clairvoyant solver (windmill_widget.solver): {err}"
        ) from err
