"""Playing one deal with a strategy, fast and safely.

A tournament plays tens of thousands of games, so the loop drives the engine's
:class:`~windmill_widget.engine.position.Position` directly and builds each
:class:`~windmill_widget.engine.PlayerView` without recomputing the legal moves. The rules are
still only the engine's: the legal moves come from ``Position.legal_codes`` and every move a
strategy returns is checked against them before it is applied.

Anything a strategy does wrong (raises, returns something that is not a legal move, runs past the
time limit) ends *that* game as a failure with the error recorded; it never escapes.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..engine.game import Game
from ..engine.notation import S, Move
from ..engine.position import Position
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .records import Record

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

#: A game this long is not going anywhere (only possible with ``transfers="any"``, where moves loop).
DEFAULT_MAX_MOVES = 2_000


class DealTimeout(Exception):
    """A strategy took longer than the time allowed for one deal."""


def fast_view(pos: Position, codes: list[int], history: tuple[Move, ...], unseen: tuple[int, ...]) -> PlayerView:
    """The same snapshot as ``Game.view()``, built from legal codes already known.

    (Tested against ``Game.view()`` in ``tests/test_lab_playout.py``.)
    """
    view = PlayerView.__new__(PlayerView)
    piles = [list(p) for p in pos.piles]
    piles[S] = [None] * len(piles[S])  # type: ignore[list-item]
    view._pos = Position(piles, pos.rules, pos.corner_run)
    view._unseen = unseen
    view._legal = [Move._from_code(c) for c in codes]
    view.history = history
    return view


def _as_code(move: object) -> int:
    if isinstance(move, Move):
        return move.code
    if isinstance(move, str):
        return Move.parse(move).code
    raise TypeError(f"A strategy must return a Move or move text such as 'n1>c', not {move!r}.")


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Interrupt the body after ``seconds`` with :class:`DealTimeout` (where a timer signal is
    available: the main thread on Unix); elsewhere the game loop checks the clock between moves."""
    use_signal = (seconds is not None and hasattr(signal, "setitimer")
                  and threading.current_thread() is threading.main_thread())
    if not use_signal:
        yield
        return

    def _raise(signum, frame):  # noqa: ARG001
        raise DealTimeout(f"the strategy took longer than {seconds:g}s on this deal")

    old = signal.signal(signal.SIGALRM, _raise)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def play_game(strategy: Callable[[PlayerView], object], seed: int, rules: Rules | None = None, *,
              timeout: float | None = None, max_moves: int = DEFAULT_MAX_MOVES) -> Record:
    """Play deal ``seed`` to the end with ``strategy`` and return its :class:`Record`.

    >>> from windmill_widget.strategies import greedy
    >>> r = play_game(greedy, 1)
    >>> r.seed, r.status in ("won", "lost"), r.cards >= 1
    (1, True, True)
    """
    rules = rules or Rules()
    t0 = time.perf_counter()
    game = Game(seed=seed, rules=rules)
    pos = game._pos
    codes_played = bytearray()
    history: list[Move] = []
    error: str | None = None
    deadline = None if timeout is None else t0 + timeout
    stock_len = -1
    unseen: tuple[int, ...] = ()
    try:
        with time_limit(timeout):
            while True:
                codes = pos.legal_codes()
                if not codes:
                    break
                if len(codes_played) >= max_moves:
                    error = f"MoveLimit: no result after {max_moves} moves"
                    break
                stock = pos.piles[S]
                if len(stock) != stock_len:  # the unseen set changes only when the stock does
                    stock_len = len(stock)
                    unseen = tuple(sorted(stock))
                move = strategy(fast_view(pos, codes, tuple(history), unseen))
                code = _as_code(move)
                if code not in codes:
                    why = game.explain(Move._from_code(code)) or "it is not one of the legal moves"
                    error = f"IllegalMove: {Move._from_code(code)}: {why}"
                    break
                pos.apply(code)
                codes_played.append(code)
                history.append(Move._from_code(code))
                if deadline is not None and time.perf_counter() > deadline:
                    raise DealTimeout(f"the strategy took longer than {timeout:g}s on this deal")
    except Exception as err:  # a broken strategy loses this deal, never the tournament
        error = f"{type(err).__name__}: {err}"
    return Record(seed=seed, won=error is None and pos.is_won(), cards=pos.on_foundations(),
                  moves=len(codes_played), seconds=time.perf_counter() - t0, error=error,
                  codes=bytes(codes_played))
