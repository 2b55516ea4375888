"""Playing one deal with a strategy, fast and safely.

A tournament plays tens of thousands of games, so the loop drives the engine's position core
(integer move codes, as the engine intends for tournaments and solvers) and hands the strategy a
:class:`~windmill_widget.PlayerView` built from legal moves already known, instead of paying for
``Game.view()`` each turn. The rules are still only the engine's: legal moves come from
``Position.legal_codes`` and every move a strategy returns is checked against them.

Anything a strategy does wrong (raises, returns something that is not a legal move, plays on past
the move cap or the time limit) ends *that* game as a failure with the error recorded; it never
escapes. Only ``KeyboardInterrupt`` and friends do, so you can still stop a run.
"""

from __future__ import annotations

import signal
import sysconfig
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from ..engine.deal import check_seed
from ..engine.game import Game
from ..engine.notation import MOVES, Move, S
from ..engine.position import Position, explain
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .records import GameRecord

#: More moves than any finished game needs (~200): only loops get here, and under
#: ``transfers="any"`` (PySolFC's rules) a player can shuttle a card between foundations forever.
DEFAULT_MAX_MOVES = 2_000
#: Seconds one game may take before it is recorded as failed.
DEFAULT_TIME_LIMIT = 60.0


class _TimeUp(BaseException):
    """Raised inside a strategy that overran the time limit. A BaseException, so a strategy's own
    ``except Exception`` cannot swallow it."""


def fast_view(
    pos: Position, codes: list[int], history: tuple[Move, ...], unseen: tuple[int, ...]
) -> PlayerView:
    """The same snapshot as ``Game.view()``, built from legal codes already known.

    (``tests/test_lab_playout.py`` checks it against ``Game.view()``.)
    """
    view = PlayerView.__new__(PlayerView)
    piles = [list(p) for p in pos.piles]
    piles[S] = [None] * len(piles[S])  # type: ignore[list-item]  # a count, never the order
    view._pos = Position(piles, pos.rules, pos.corner_run)
    view._unseen = unseen
    view._legal = [MOVES[c] for c in codes]  # type: ignore[misc]  # legal codes are all moves
    view.history = history
    return view


class _Alarm:
    """A SIGALRM timer that interrupts only the strategy's own code, never the engine's.

    Signals are delivered to the main thread only, and we leave alone a SIGALRM that someone else
    set up (pytest-timeout, for one); elsewhere the loop's clock check between moves is the limit.
    """

    __slots__ = ("armed", "inside", "old")

    def __init__(self, seconds: float | None) -> None:
        self.inside = False
        self.armed = (
            seconds is not None
            and hasattr(signal, "setitimer")
            and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN, None)
        )
        if self.armed:
            self.old = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, seconds)

    def _ring(self, signum: int, frame: Any) -> None:
        if self.inside:  # outside the strategy, the clock check after the move catches it
            raise _TimeUp

    def disarm(self) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
            self.armed = False


_LIBRARY = tuple({sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")})


def _where(err: BaseException) -> str:
    """`` (in name, line n)``: where a strategy broke, in its own code rather than inside the
    standard library or an installed package it called (``random.choice([])``, say)."""
    frames = traceback.extract_tb(err.__traceback__)[1:]  # the first frame is play_deal's call
    if not frames:
        return ""
    own = [f for f in frames if not f.filename.startswith(_LIBRARY)]
    frame = (own or frames)[-1]
    return f" (in {frame.name}, line {frame.lineno})"


def _short(text: str, limit: int = 500) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _not_a_move(value: object) -> str:
    hint = ""
    if callable(value):
        hint = " (a callable: was a strategy factory passed, e.g. random_strategy for random_strategy(1)?)"
    return f"the strategy returned {value!r}, not a Move or move text such as 'n1>c'{hint}"


def play_deal(
    strategy: Callable[[PlayerView], Any],
    seed: int,
    rules: Rules,
    max_moves: int = DEFAULT_MAX_MOVES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> GameRecord:
    """:func:`play_game` without the argument checks (the tournament's inner loop)."""
    t0 = time.perf_counter()
    pos = Game(seed=seed, rules=rules)._pos  # the position core a Game wraps
    legal_codes, apply, is_over = pos.legal_codes, pos.apply, pos.is_over
    stock = pos.piles[S]
    played = bytearray()
    history: tuple[Move, ...] = ()
    error: str | None = None
    deadline = float("inf") if time_limit is None else t0 + time_limit
    stock_len, unseen = -1, ()
    alarm = _Alarm(time_limit)
    try:
        while True:
            codes = legal_codes()
            if is_over(codes):  # no move left, or (transfers="any") none that leads anywhere
                break
            n = len(played)
            if n >= max_moves:
                error = (
                    f"MoveLimit: still playing after {max_moves} moves (under transfers='any' "
                    "cards can shuttle between foundations forever)"
                )
                break
            if len(stock) != stock_len:  # the unseen set changes only when the stock does
                stock_len = len(stock)
                unseen = tuple(sorted(stock))
            view = fast_view(pos, codes, history, unseen)
            try:
                alarm.inside = True
                move = strategy(view)
            except _TimeUp:
                error = f"TimeLimit: the strategy ran past {time_limit:g} s, at move {n}"
                break
            except Exception as err:  # a broken strategy loses this deal, never the tournament
                error = f"{type(err).__name__}: {_short(str(err))}{_where(err)}, at move {n}"
                break
            finally:
                alarm.inside = False
            if type(move) is Move or isinstance(move, Move):
                code = move.code
            elif isinstance(move, str):
                try:
                    code = Move.parse(move).code
                except ValueError as err:
                    error = f"IllegalMove: {_short(repr(move), 80)} at move {n}: {_short(str(err))}"
                    break
            else:
                error = f"TypeError: {_short(_not_a_move(move))}, at move {n}"
                break
            if code not in codes:
                why = explain(pos, code)  # never None for a code that is not legal
                error = f"IllegalMove: {Move._from_code(code)} at move {n}: {why[1] if why else 'not legal'}"
                break
            apply(code)
            played.append(code)
            history += (MOVES[code],)
            if time.perf_counter() > deadline:
                error = f"TimeLimit: the game ran past {time_limit:g} s, at move {n + 1}"
                break
    except _TimeUp:  # a safety net: the alarm only raises while the strategy runs, caught above
        error = f"TimeLimit: the strategy ran past {time_limit:g} s, at move {len(played)}"
    finally:
        alarm.disarm()
    outcome = "failed" if error else "won" if pos.is_won() else "lost"
    return GameRecord(
        seed=seed,
        outcome=outcome,
        cards=pos.on_foundations(),
        moves=len(played),
        error=error,
        seconds=time.perf_counter() - t0,
        codes=bytes(played),
    )


def check_strategy(strategy: object, what: str = "strategy") -> None:
    """Raise a TypeError that says what a strategy is, unless ``strategy`` looks like one."""
    if isinstance(strategy, type):
        raise TypeError(
            f"The {what} {strategy.__name__} is a class; pass an instance, e.g. {strategy.__name__}()."
        )
    if not callable(strategy):
        raise TypeError(
            f"A {what} is a callable that takes a PlayerView and returns a move (e.g. greedy); "
            f"got {strategy!r}."
        )


def check_limits(max_moves: object, time_limit: object) -> None:
    if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 1:
        raise ValueError(f"max_moves is a whole number of at least 1; got {max_moves!r}.")
    if time_limit is not None and (
        not isinstance(time_limit, (int, float)) or isinstance(time_limit, bool) or not time_limit > 0
    ):
        raise ValueError(
            f"time_limit is a number of seconds above 0, or None for no limit; got {time_limit!r}."
        )


def check_rules(rules: Rules | str | None) -> Rules:
    """``None`` -> strict rules; a preset name such as ``"pysolfc"`` -> that preset."""
    from ..engine.rules import PRESETS

    if rules is None:
        return Rules.strict()
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(f"Unknown rules preset {rules!r}; the presets are {', '.join(PRESETS)}.")
        return getattr(Rules, rules)()
    if not isinstance(rules, Rules):
        raise TypeError(
            f"rules must be a Rules value (e.g. Rules.relaxed()) or a preset name, not {rules!r}."
        )
    return rules


def play_game(
    strategy: Callable[[PlayerView], Any],
    seed: int,
    rules: Rules | str | None = None,
    *,
    max_moves: int = DEFAULT_MAX_MOVES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> GameRecord:
    """Play deal ``seed`` to the end with ``strategy`` and return its :class:`GameRecord`.

    Each turn the strategy gets the player's view (the stock only as a count) and returns a
    :class:`~windmill_widget.Move` or move text. A raise, a non-move, an illegal move, more than
    ``max_moves`` moves or more than ``time_limit`` seconds end the game as ``"failed"``. The game
    is ``"lost"`` when no legal move is left or, under ``transfers="any"``, when the only moves left
    shuttle cards between foundations without ever leading to a deal or a play from the sails or
    the waste (the engine still lists such moves; the game is over in all but name).

    >>> def first(view):
    ...     return view.legal_moves()[0]
    >>> r = play_game(first, 8)
    >>> r.outcome, r.cards, r.moves
    ('won', 104, 181)
    >>> r.game().status
    'won'
    >>> print(play_game(lambda view: "n1>c", 8).error)  # doctest: +NORMALIZE_WHITESPACE
    IllegalMove: n1>c at move 0: The centre needs a 2 next (its top card is an Ace);
    the 8♥ on sail n1 cannot go there.
    >>> play_game(lambda view: None, 8).error
    "TypeError: the strategy returned None, not a Move or move text such as 'n1>c', at move 0"
    """
    check_strategy(strategy)
    check_seed(seed)
    check_limits(max_moves, time_limit)
    return play_deal(strategy, seed, check_rules(rules), max_moves, time_limit)
