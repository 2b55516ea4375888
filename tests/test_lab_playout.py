"""One deal at a time: the lab's playout loop against the public Game API, and every way a strategy
can fail (raise, return junk, play illegally, loop, hang) recorded as a failure, never raised."""

from __future__ import annotations

import random
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from windmill_widget import FOUNDATIONS, PILES, Game, Move, PlayerView, Rules
from windmill_widget.games.windmill import PRESETS
from windmill_widget.lab import GameRecord, play_game


def first(view):
    return view.legal_moves()[0]


def shuttle(view):
    """Moves a card between foundations whenever it can: under PySolFC's rules, forever."""
    moves = view.legal_moves()
    between = [m for m in moves if m.src in FOUNDATIONS and m.dst in FOUNDATIONS]
    return between[0] if between else next((m for m in moves if m.dst in FOUNDATIONS), moves[0])


def public_api_game(strategy, seed: int, rules: Rules) -> Game:
    """The reference: the same game through Game.view() and Game.play()."""
    g = Game(seed=seed, rules=rules)
    while g.status == "playing":
        g.play(strategy(g.view()))
    return g


@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "pysolfc"])
def test_playout_matches_the_public_api(preset: str) -> None:
    rules = getattr(Rules, preset)()
    for seed in range(12):
        rng = random.Random(seed)

        def pick(view, rng=rng):
            return rng.choice(view.legal_moves())

        rec = play_game(pick, seed, rules)
        rng.seed(seed)
        g = public_api_game(pick, seed, rules)
        assert rec.outcome == g.status
        assert rec.cards == g.cards_on_foundations
        assert rec.move_list == g.history
        assert rec.moves == len(g.history)


def test_game_view_with_known_legal_moves_is_the_view_that_finds_them() -> None:
    # Game.view() hands the view the legal moves it already knows (the lab's playouts rely on it).
    rng = random.Random(5)
    for preset in PRESETS:
        g = Game(seed=rng.randrange(10**6), rules=getattr(Rules, preset)())
        for _ in range(120):
            legal = g.legal_moves()
            if not legal:
                break
            slow = PlayerView(g._pos, g.history)
            fast = g.view()
            assert fast.legal_moves() == slow.legal_moves()
            assert fast.history == slow.history
            assert (fast.stock_count, fast.corner_run, fast.status, fast.rules) == (
                slow.stock_count, slow.corner_run, slow.status, slow.rules,
            )  # fmt: skip
            assert fast.unseen == slow.unseen
            assert repr(fast) == repr(slow)
            for name in PILES[:-1]:  # every pile but the face-down stock
                assert fast.pile(name) == slow.pile(name)
            with pytest.raises(PermissionError):
                fast.pile("stock")
            g.play(rng.choice(legal))


def test_won_game_replays_from_its_record() -> None:
    rec = play_game(first, 8)
    assert rec == GameRecord(8, "won", 104, 181, codes=rec.codes)
    assert rec.won and not rec.failed and rec.error is None
    g = rec.game()
    assert g.status == "won" and len(g.history) == 181


def test_strategy_may_return_notation_text() -> None:
    rec = play_game(lambda view: str(view.legal_moves()[0]), 8)
    assert rec.won


def test_a_raising_strategy_is_a_failure_with_its_error_and_where() -> None:
    def boom(view):
        if view.stock_count < 90:
            return {}["no such key"]
        return view.legal_moves()[-1]

    rec = play_game(boom, 4)
    assert rec.outcome == "failed" and rec.failure_kind == "KeyError"
    assert "'no such key'" in rec.error and "(in boom, line" in rec.error
    assert rec.moves > 0 and rec.cards >= 1  # the game up to the failure is kept
    assert rec.game().history == rec.move_list


@pytest.mark.parametrize(
    ("strategy", "kind", "text"),
    [
        (lambda view: "n1>c", "IllegalMove", "n1>c at move 0: The centre needs a 2"),
        (lambda view: "c>stock", "IllegalMove", "Nothing goes back into the stock"),
        (lambda view: "fly me to the moon", "IllegalMove", "'fly me to the moon' at move 0"),
        (lambda view: None, "TypeError", "returned None, not a move"),
        (lambda view: 42, "TypeError", "returned 42, not a move"),
        (lambda view: first, "TypeError", "strategy factory"),
    ],
)
def test_non_moves_and_illegal_moves_are_failures(strategy, kind: str, text: str) -> None:
    rec = play_game(strategy, 8)
    assert rec.outcome == "failed"
    assert rec.failure_kind == kind
    assert text in rec.error
    assert rec.moves == 0


def test_move_cap_ends_a_loop_under_pysolfc() -> None:
    rec = play_game(shuttle, 0, Rules.pysolfc(), max_moves=300)
    assert (rec.outcome, rec.failure_kind, rec.moves) == ("failed", "MoveLimit", 300)
    assert "transfers='any'" in rec.error


@pytest.mark.skipif(
    not hasattr(signal, "setitimer")
    or signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, signal.SIG_IGN),
    reason="needs a free SIGALRM",
)
def test_a_hanging_strategy_is_interrupted_by_the_time_limit() -> None:
    def hang(view):
        if view.stock_count < 93:
            try:
                while True:  # a strategy that never returns, and swallows ordinary exceptions
                    pass
            except Exception:  # pragma: no cover - the time limit is not an ordinary exception
                return view.legal_moves()[0]
        return view.legal_moves()[-1]

    t0 = time.perf_counter()
    rec = play_game(hang, 1, time_limit=0.3)
    assert time.perf_counter() - t0 < 3
    assert rec.failure_kind == "TimeLimit" and "ran past 0.3 s" in rec.error
    assert rec.moves >= 1
    assert signal.getsignal(signal.SIGALRM) == signal.SIG_DFL  # the handler is put back
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_time_limit_off_the_main_thread_is_checked_between_moves() -> None:
    def slow(view):
        time.sleep(0.02)
        return view.legal_moves()[0]

    with ThreadPoolExecutor(1) as pool:
        rec = pool.submit(play_game, slow, 8, time_limit=0.2).result()
    assert rec.failure_kind == "TimeLimit"
    assert 5 <= rec.moves <= 15
    assert threading.current_thread() is threading.main_thread()


def test_time_limit_off_the_main_thread_binds_a_strategy_that_sleeps() -> None:
    def sleepy(view):
        if view.stock_count < 93:
            time.sleep(6)
        return view.legal_moves()[-1]

    t0 = time.perf_counter()
    with ThreadPoolExecutor(1) as pool:
        rec = pool.submit(play_game, sleepy, 1, time_limit=0.5).result()
    assert time.perf_counter() - t0 < 3, "the game waited for the sleeping strategy"
    assert rec.failure_kind == "TimeLimit" and rec.moves >= 1


def test_a_keyboard_interrupt_the_strategy_raises_fails_its_game_only() -> None:
    def stop(view):
        raise KeyboardInterrupt("pressed by the strategy")

    rec = play_game(stop, 1)
    assert rec.failed and rec.error.startswith("KeyboardInterrupt: pressed by the strategy (in stop, line")
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_a_real_interrupt_stops_the_game() -> None:
    def interrupted(view):
        if view.stock_count < 93:
            signal.raise_signal(signal.SIGINT)  # what Ctrl-C or the kernel's interrupt does
        return view.legal_moves()[-1]

    with pytest.raises(KeyboardInterrupt):
        play_game(interrupted, 1)
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ("raise SystemExit(3)", "SystemExit: 3"),
        ("sys.exit()", "SystemExit: "),
        ("raise GeneratorExit", "GeneratorExit"),
        ("raise Odd('odd')", "Odd: odd"),
    ],
)
def test_a_strategy_raising_any_base_exception_fails_its_game_only(body: str, kind: str) -> None:
    class Odd(BaseException):
        pass

    namespace = {"sys": sys, "Odd": Odd}
    exec(
        f"def rogue(view):\n    if view.stock_count < 93:\n        {body}\n    return view.legal_moves()[-1]",
        namespace,
    )
    rec = play_game(namespace["rogue"], 1)
    assert rec.failed and rec.error.startswith(kind) and rec.moves >= 1, rec.error
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_strategy_that_takes_the_timer_over_still_meets_its_time_limit() -> None:
    calls: list[int] = []

    def sneaky(view):
        calls.append(1)
        if len(calls) == 1:
            signal.signal(signal.SIGALRM, signal.SIG_IGN)  # no alarm will stop it...
        elif len(calls) > 3:
            time.sleep(5)  # ...it thinks
        return view.legal_moves()[-1]

    t0 = time.perf_counter()
    rec = play_game(sneaky, 1, time_limit=0.5)
    assert time.perf_counter() - t0 < 3, "the time limit did not bind"
    assert rec.failure_kind == "TimeLimit", rec.error
    assert signal.getsignal(signal.SIGALRM) == signal.SIG_DFL


def test_bad_arguments_are_explained() -> None:
    with pytest.raises(TypeError, match="callable that takes a PlayerView"):
        play_game("greedy", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pass an instance"):
        play_game(Move, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        play_game(first, -1)
    with pytest.raises(ValueError, match="max_moves"):
        play_game(first, 1, max_moves=0)
    with pytest.raises(ValueError, match="time_limit"):
        play_game(first, 1, time_limit=0)
    with pytest.raises(ValueError, match="presets are"):
        play_game(first, 1, "lenient")
    assert play_game(first, 8, "relaxed") == play_game(first, 8, Rules.relaxed())


def test_errors_point_at_the_strategy_not_the_library_and_stay_short() -> None:
    def pick(view):
        return random.choice([])  # raises inside the standard library

    rec = play_game(pick, 1)
    assert rec.error.startswith("IndexError: Cannot choose from an empty sequence (in pick, line")
    assert len(play_game(lambda view: list(range(10_000)), 1).error) < 600
    assert len(play_game(lambda view: "x" * 10_000, 1).error) < 700
