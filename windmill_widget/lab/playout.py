"""Playing one deal with a strategy, fast and safely, for any game of the kit.

A tournament plays tens of thousands of games, so the loop is lean: it drives the game through the
core's protocol (:class:`~windmill_widget.core.game.PatienceGame`: ``view``, ``play``, ``outcome``),
whose legal moves are computed once per turn and shared by the view and the check of the strategy's
move. The rules are only the game's own: every move a strategy returns is judged by them.

Anything a strategy does wrong (raises anything, ``SystemExit`` and ``KeyboardInterrupt`` included;
returns something that is not a legal move; plays on past the move cap or the time limit) ends *that*
game as a failure with the error recorded; it never escapes. Only a real interrupt (Ctrl-C, the
kernel's interrupt) stops a run, and the runner keeps the games finished so far.

The time limit binds on the main thread by an alarm (SIGALRM), elsewhere by a helper thread the game
stops waiting for. A strategy that takes the alarm over is noticed after that move, and its next
moves run in a helper thread; one that takes it over and never returns from *that same move* cannot
be stopped in this process (Python cannot stop a thread, and it refused the signal): interrupt the
kernel (the run keeps its finished games), or play it sealed (``compare(..., sealed=True)``), which
kills its process.
"""

from __future__ import annotations

import os
import pathlib
import queue
import signal
import sysconfig
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from .. import runtime
from ..core.deal import check_seed
from ..core.errors import IllegalMove
from ..core.game import PatienceGame
from ..core.registry import find_game, game_of_rules
from ..core.text import excerpt
from ..core.view import PlayerView
from .records import GameRecord, Result, pack_codes
from .sealed import SealedError, SealedPlayer

#: More moves than any finished game needs (~200 in Windmill, ~250 in Crazy Quilt): only loops get
#: here, and under Windmill's ``transfers="any"`` (PySolFC's rules) a player can shuttle a card
#: between foundations forever.
DEFAULT_MAX_MOVES = 2_000
#: Seconds one game may take before it is recorded as failed.
DEFAULT_TIME_LIMIT = 60.0

GameType = type[PatienceGame]


class _TimeUp(BaseException):
    """Raised inside a strategy that overran the time limit. A BaseException, so a strategy's own
    ``except Exception`` cannot swallow it."""


class _Failed(Exception):
    """A strategy failed its game: ``str(err)`` is the record's error (``"Kind: what, at move n"``)."""


#: After the deadline, the alarm rings again this often until the strategy gives in.
RING_AGAIN_S = 0.05

try:  # the C function: signal.getsignal wraps it in an enum on every call, which a check per move pays
    from _signal import getsignal as _handler
except ImportError:  # pragma: no cover - not CPython
    _handler = signal.getsignal


class _Interrupts:
    """On the main thread, where signals arrive: tells a real Ctrl-C or kernel interrupt (which stops
    the run) from a ``KeyboardInterrupt`` the strategy raised itself (which fails its game only)."""

    def __init__(self) -> None:
        self.interrupted = False
        self.old = signal.getsignal(signal.SIGINT)
        self.active = threading.current_thread() is threading.main_thread() and (
            callable(self.old) or self.old == signal.SIG_DFL
        )
        if self.active:
            signal.signal(signal.SIGINT, self._interrupt)

    def _interrupt(self, signum: int, frame: Any) -> None:
        self.interrupted = True
        if callable(self.old) and self.old is not signal.default_int_handler:
            self.old(signum, frame)  # someone else's handler first (it may raise itself)
        raise KeyboardInterrupt

    def keep(self) -> None:
        """Put the handler back if the strategy replaced it."""
        if self.active and _handler(signal.SIGINT) != self._interrupt:
            signal.signal(signal.SIGINT, self._interrupt)

    def close(self) -> None:
        if self.active:
            signal.signal(signal.SIGINT, self.old)


class _MainThreadCalls:
    """Calls the strategy in this thread (the fastest way), on the main thread: a SIGALRM timer
    interrupts a strategy that overruns the time limit, even in ``time.sleep``, and rings again until
    it gives in; it is left alone if someone else set one up (pytest-timeout). A strategy that takes
    the timer over is noticed after its move: the handler is put back, and :attr:`tampered` says the
    rest of the game's calls should go to a helper thread."""

    def __init__(self, deadline: float, time_limit: float | None) -> None:
        self.inside = False
        self.tampered = False
        self.alarm = (
            time_limit is not None
            and hasattr(signal, "setitimer")
            and (signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN, None))
        )
        if self.alarm:
            self.old_alarm = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, max(deadline - time.perf_counter(), 1e-3), RING_AGAIN_S)

    def _ring(self, signum: int, frame: Any) -> None:
        if self.inside:  # outside the strategy, the clock check after the move catches it
            raise _TimeUp

    def call(self, strategy: Callable[[PlayerView], Any], view: PlayerView) -> Any:
        try:
            self.inside = True
            return strategy(view)
        finally:
            self.inside = False
            if self.alarm and _handler(signal.SIGALRM) != self._ring:
                signal.signal(signal.SIGALRM, self._ring)  # taken over by the strategy: take it back
                self.tampered = True

    def close(self) -> None:
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old_alarm)
            self.alarm = False


class _HelperThreadCalls:
    """Calls the strategy in a daemon thread of its own and waits at most until the game's deadline:
    off the main thread (a thread pool, a dask thread), where no signal can interrupt the strategy,
    and after a strategy took the main thread's timer over. A strategy that overruns is abandoned
    (Python cannot stop a thread: it may go on until it returns, but nothing waits for it). A
    ``KeyboardInterrupt`` raised in that thread is always the strategy's own."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.requests: queue.SimpleQueue = queue.SimpleQueue()
        self.answers: queue.SimpleQueue = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._serve, name="strategy", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            job = self.requests.get()
            if job is None:
                return
            strategy, view = job
            try:
                self.answers.put((True, strategy(view)))
            except BaseException as err:  # anything: the game's failure, reported in the caller's thread
                self.answers.put((False, err))

    def call(self, strategy: Callable[[PlayerView], Any], view: PlayerView) -> Any:
        self.requests.put((strategy, view))
        try:
            ok, value = self.answers.get(timeout=max(self.deadline - time.perf_counter(), 0) + 1e-3)
        except queue.Empty:
            raise _TimeUp from None
        if ok:
            return value
        raise value

    def close(self) -> None:
        self.requests.put(None)  # an abandoned strategy's thread ends when it returns


# The kit's own folder too: an editable install is not under site-packages, and a strategy that
# calls view.pile("nowhere") broke in its own line, not in the view's check.
_LIBRARY = tuple(
    {sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    | {str(pathlib.Path(__file__).resolve().parents[1]) + os.sep}
)


def _where(err: BaseException) -> str:
    """`` (in name, line n)``: where a strategy broke, in its own code rather than inside the
    standard library, the kit or an installed package it called (``random.choice([])``, say)."""
    frames = traceback.extract_tb(err.__traceback__)[1:]  # the first frame is play_deal's call
    if not frames:
        return ""
    own = [f for f in frames if not f.filename.startswith(_LIBRARY)]
    frame = (own or frames)[-1]
    return f" (in {frame.name}, line {frame.lineno})"


def _short(text: str, limit: int = 500) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _not_a_move(value: object, example: str) -> str:
    hint = ""
    if callable(value):
        hint = " (a callable: was a strategy factory passed, e.g. random_strategy for random_strategy(1)?)"
    return f"the strategy returned {excerpt(value)}, not a move or move text such as {example!r}{hint}"


class _SealedCalls:
    """Asks a strategy sealed in a process of its own (:class:`~.sealed.SealedPlayer`): only the
    view's JSON goes there, only move text comes back. It may think for its move limit, or for what
    is left of the game's time if that is less (then the game's time limit is what it overran)."""

    tampered = False

    def __init__(self, player: SealedPlayer, deadline: float) -> None:
        self.player = player
        self.deadline = deadline

    def call(self, strategy: object, view: PlayerView) -> str:
        left = self.deadline - time.perf_counter()
        limit = self.player.move_limit
        if left == float("inf") or (limit is not None and limit <= left):
            return self.player.choose(view)
        try:
            return self.player.choose(view, max(left, 0.0))
        except SealedError as err:
            if err.kind == "TimeLimit":
                raise _TimeUp from None
            raise

    def close(self) -> None:
        pass


def play_deal(
    strategy: Callable[[PlayerView], Any] | None,
    seed: int,
    rules: Any,
    max_moves: int = DEFAULT_MAX_MOVES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    sealed: SealedPlayer | None = None,
) -> GameRecord:
    """:func:`play_game` without the argument checks (the tournament's inner loop). The game is the
    one whose rules ``rules`` are. With ``sealed``, the strategy is the one in that sealed process."""
    t0 = time.perf_counter()
    game = game_of_rules(rules)(seed=seed, rules=rules)
    move_type = game.move_type
    played: list[int] = []
    error: str | None = None
    deadline = float("inf") if time_limit is None else t0 + time_limit
    main = threading.current_thread() is threading.main_thread()
    interrupts = _Interrupts()
    calls: _MainThreadCalls | _HelperThreadCalls | _SealedCalls
    if sealed is not None:
        calls = _SealedCalls(sealed, deadline)
    elif main:
        calls = _MainThreadCalls(deadline, time_limit)
    else:
        calls = _HelperThreadCalls(deadline)
    try:
        while game.outcome is None:  # no move left, or (Windmill, transfers="any") none that leads anywhere
            n = len(played)
            if n >= max_moves:
                error = (
                    f"MoveLimit: still playing after {max_moves} moves (under transfers='any' "
                    "cards can shuttle between foundations forever)"
                )
                break
            try:
                move = calls.call(strategy, game.view())
            except _TimeUp:
                error = f"TimeLimit: the strategy ran past {time_limit:g} s, at move {n}"
                break
            except SealedError as err:  # what the sealed process reported (it may have been killed)
                error = f"{err.kind}: {_short(err.message)}, at move {n}"
                break
            except KeyboardInterrupt as err:
                if interrupts.interrupted:
                    raise  # a real Ctrl-C or kernel interrupt: the run stops (the runner keeps what is done)
                error = f"KeyboardInterrupt: {_short(str(err))}{_where(err)}, at move {n}"
                break
            except BaseException as err:  # SystemExit too: a broken strategy loses this deal, never the run
                error = f"{type(err).__name__}: {_short(str(err))}{_where(err)}, at move {n}"
                break
            interrupts.keep()
            if isinstance(calls, _MainThreadCalls) and calls.tampered and calls.alarm:
                calls.close()  # the strategy took the timer over: its next moves run in a helper thread
                if runtime.can_start_threads():  # (else here, the clock checked after each move)
                    calls = _HelperThreadCalls(deadline)
            if not isinstance(move, (str, move_type)):
                error = f"TypeError: {_short(_not_a_move(move, move_type.notation.example))}, at move {n}"
                break
            try:
                move = game.play(move)
            except IllegalMove as err:
                what = excerpt(move) if err.rule == "notation" else str(err.move)
                error = f"IllegalMove: {what} at move {n}: {_short(str(err))}"
                break
            played.append(move.code)
            if time.perf_counter() > deadline:
                error = f"TimeLimit: the game ran past {time_limit:g} s, at move {n + 1}"
                break
    except _TimeUp:  # a safety net: the alarm only raises while the strategy runs, caught above
        error = f"TimeLimit: the strategy ran past {time_limit:g} s, at move {len(played)}"
    finally:
        calls.close()
        interrupts.close()
    outcome = Result.FAILED if error else Result.WON if game.status == "won" else Result.LOST
    return GameRecord(
        seed=seed,
        outcome=outcome,
        cards=game.cards_on_foundations,
        moves=len(played),
        error=error,
        seconds=time.perf_counter() - t0,
        codes=pack_codes(played),
        game_name=game.name,
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


def check_game(game: str | GameType | None, rules: Any = None) -> GameType:
    """The game to play: ``game`` by name or class; else the game whose rules ``rules`` are; else
    Windmill."""
    if game is None:
        try:
            return game_of_rules(rules)
        except TypeError:  # no rules, a preset's name, or something check_rules will refuse
            return find_game("windmill")
    if isinstance(game, type) and issubclass(game, PatienceGame):
        return game
    try:
        return find_game(game)  # type: ignore[arg-type]
    except KeyError as err:
        raise ValueError(err.args[0]) from None


def check_rules(rules: Any, game: str | GameType | None = None) -> Any:
    """The rules to play by: ``None`` -> the game's default rules; a preset name such as ``"pysolfc"``
    -> that preset; or a rules value of the game."""
    cls = check_game(game, rules)
    if rules is None:
        return cls.rules_type()
    if isinstance(rules, str):
        return cls.rules_type.from_preset(rules)
    if not isinstance(rules, cls.rules_type):
        raise TypeError(
            f"rules must be a {cls.rules_type.__name__} value for {cls.title} or a preset name, "
            f"not {excerpt(rules)}."
        )
    return rules


def play_game(
    strategy: Callable[[PlayerView], Any],
    seed: int,
    rules: Any = None,
    *,
    game: str | GameType | None = None,
    max_moves: int = DEFAULT_MAX_MOVES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> GameRecord:
    """Play deal ``seed`` to the end with ``strategy`` and return its :class:`GameRecord`.

    ``game`` is the game's name or class (``"crazy-quilt"``); by default, the game whose rules
    ``rules`` are, else Windmill. Each turn the strategy gets the player's view (the stock only as a
    count) and returns a move or move text. A raise, a non-move, an illegal move, more than
    ``max_moves`` moves or more than ``time_limit`` seconds end the game as ``"failed"``. The game
    is ``"lost"`` when no legal move is left or, under ``transfers="any"``, when the only moves left
    shuttle cards between foundations without ever leading to a deal or a play from the sails or
    the waste (the engine still lists such moves; the game is over in all but name).

    >>> def first(view):
    ...     return view.legal_moves()[0]
    >>> r = play_game(first, 8)
    >>> r.outcome, r.cards, r.moves
    (<Result.WON: 'won'>, 104, 181)
    >>> r.game().status
    <Status.WON: 'won'>
    >>> print(play_game(lambda view: "n1>c", 8).error)  # doctest: +NORMALIZE_WHITESPACE
    IllegalMove: n1>c at move 0: The centre needs a 2 next (its top card is an Ace);
    the 8♥ on sail n1 cannot go there.
    >>> play_game(lambda view: None, 8).error
    "TypeError: the strategy returned None, not a move or move text such as 'n1>c', at move 0"
    """
    check_strategy(strategy)
    check_seed(seed)
    check_limits(max_moves, time_limit)
    return play_deal(strategy, seed, check_rules(rules, game), max_moves, time_limit)
