"""Autoplay, stepping and replay on the widget, on a real asyncio loop (as in a kernel), without
a browser. No timing is asserted: the loop runs with delay=0 and events decide when to look."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from windmill_widget import Game, IllegalMove, Move
from windmill_widget.strategies import default_strategy, random_strategy
from windmill_widget.widget import WindmillWidget

SEED = 42


def front_end(widget: WindmillWidget, content: Any) -> None:
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def run(coro):
    return asyncio.run(coro)


def test_autoplay_needs_a_running_loop() -> None:
    with pytest.raises(RuntimeError, match="running event loop"):
        WindmillWidget(seed=SEED).autoplay()


def test_autoplay_plays_to_the_end_without_blocking() -> None:
    w = WindmillWidget(seed=SEED)
    flags: list[bool] = []
    w.observe(lambda change: flags.append(change["new"]["autoplay"]), "state")

    async def main() -> tuple[str, int]:
        task = w.autoplay(default_strategy, delay=0)
        assert not task.done(), "autoplay returns at once; the game goes on in the background"
        ticks = 0
        while not task.done():  # other work keeps running meanwhile
            ticks += 1
            await asyncio.sleep(0)
        return task.result(), ticks

    result, ticks = run(main())
    assert result in ("won", "lost")
    assert result == w.game.status == w.state["status"]
    assert ticks > 1
    assert flags[0] is True and flags[-1] is False and not w.state["autoplay"]
    assert w.state["moves"] == len(w.game.history) > 10


def test_autoplay_with_a_strategy_that_raises_stops_cleanly() -> None:
    w = WindmillWidget(seed=SEED)
    calls = 0

    def flaky(view):
        nonlocal calls
        calls += 1
        if calls == 4:
            raise RuntimeError("lost my marbles")
        return default_strategy(view)

    result = run(w.run_autoplay(flaky, delay=0))
    assert result == "error"
    assert len(w.game.history) == 3, "the three good moves stand; the game is intact"
    assert w.state["message"]["kind"] == "error"
    assert "RuntimeError: lost my marbles" in w.state["message"]["text"]
    assert not w.state["autoplay"] and w.state["status"] == "playing"
    w.step(default_strategy)  # and it can go on
    assert len(w.game.history) == 4


def test_autoplay_with_an_illegal_choice_stops_with_the_reason() -> None:
    w = WindmillWidget(seed=SEED)
    result = run(w.run_autoplay(lambda view: "n1>c", delay=0))
    assert result == "error"
    assert w.game.history == ()
    assert "n1>c" in w.state["message"]["text"]
    assert w.game.explain("n1>c") in w.state["message"]["text"]


def test_autoplay_with_no_move_or_junk_stops() -> None:
    w = WindmillWidget(seed=SEED)
    assert run(w.run_autoplay(lambda view: None, delay=0)) == "error"
    assert "no move" in w.state["message"]["text"]
    assert run(w.run_autoplay(lambda view: 12, delay=0)) == "error"
    assert "not a move" in w.state["message"]["text"]


def test_stop_from_python_and_from_the_board() -> None:
    for how in ("python", "board"):
        w = WindmillWidget(seed=SEED)

        async def main(how: str = how, w: WindmillWidget = w) -> str:
            moved = asyncio.Event()
            w.observe(lambda change: moved.set() if change["new"]["moves"] >= 3 else None, "state")
            task = w.autoplay(random_strategy(1), delay=0.01)
            await moved.wait()
            if how == "python":
                w.stop()
            else:
                front_end(w, {"type": "stop"})  # the Stop button needs no version
            return await task

        assert run(main()) == "stopped"
        moves = len(w.game.history)
        assert moves >= 3 and not w.state["autoplay"]
        assert "stopped" in w.state["message"]["text"]
        assert w.state["moves"] == moves


def test_board_intents_are_refused_while_autoplaying() -> None:
    w = WindmillWidget(seed=SEED)

    async def main() -> None:
        started = asyncio.Event()
        w.observe(lambda change: started.set() if change["new"]["moves"] >= 1 else None, "state")
        task = w.autoplay(random_strategy(2), delay=0.01)
        await started.wait()
        version = w.state["version"]
        front_end(w, {"type": "deal", "version": version})
        assert w.state["message"]["text"] == "Autoplay is playing: press Stop first."
        assert w.state["version"] == version
        w.stop()
        await task

    run(main())


def test_max_moves_pauses_autoplay() -> None:
    w = WindmillWidget(seed=SEED)
    assert run(w.run_autoplay(default_strategy, delay=0, max_moves=5)) == "max_moves"
    assert len(w.game.history) == 5


def test_new_game_stops_autoplay() -> None:
    w = WindmillWidget(seed=SEED)

    async def main() -> str:
        task = w.autoplay(default_strategy, delay=0.01)
        await asyncio.sleep(0)
        w.new_game(seed=3)
        return await task

    assert run(main()) == "stopped"
    assert w.game.seed == 3 and w.game.history == () and not w.state["autoplay"]


# -- replay ----------------------------------------------------------------------------------------


def recorded_game(seed: int = SEED, moves: int = 25) -> Game:
    g = Game(seed=seed)
    pick = random_strategy(seed)
    for _ in range(moves):
        if g.status != "playing":
            break
        g.play(pick(g.view()))
    return g


def test_replay_a_game_steps_forward_and_back() -> None:
    recorded = recorded_game()
    w = WindmillWidget(seed=1)
    total = w.replay(recorded)
    assert total == len(recorded.history)
    assert w.game.history == () and w.state["can_redo"]
    assert recorded.history, "the recorded game is not touched"
    w.redo()
    w.redo()
    assert w.game.history == recorded.history[:2]
    w.undo()
    assert w.game.history == recorded.history[:1]
    w.seek(total)
    assert w.game.to_json() == recorded.to_json()
    w.seek(0)
    assert w.state["moves"] == 0
    with pytest.raises(ValueError, match="outside"):
        w.seek(total + 1)


def test_replay_a_list_of_moves_from_the_current_deal() -> None:
    recorded = recorded_game()
    w = WindmillWidget(seed=SEED)
    w.play(str(recorded.history[0]))
    total = w.replay([str(m) for m in recorded.history])
    assert total == len(recorded.history)
    assert w.game.history == ()
    w.seek(total)
    assert [str(m) for m in w.game.history] == [str(m) for m in recorded.history]


def test_replay_refuses_an_impossible_line() -> None:
    w = WindmillWidget(seed=SEED)
    with pytest.raises(IllegalMove, match="Move 2 of the line"):
        w.replay(["e1>nw", "n1>c"])
    assert w.game.history == (), "nothing was loaded"


def test_replay_with_delay_plays_itself_to_the_end_of_the_line() -> None:
    recorded = recorded_game(moves=12)
    w = WindmillWidget(seed=SEED)

    async def main() -> Any:
        w.replay(recorded, delay=0)
        assert w._autoplay_task is not None and w.state["autoplay"]
        return await w._autoplay_task

    assert run(main()) == "end"
    assert w.game.history == recorded.history
    assert w.state["message"]["text"] == f"Replay finished at move {len(recorded.history)}."
    assert not w.state["autoplay"]


def test_step_uses_the_default_strategy() -> None:
    w = WindmillWidget(seed=SEED)
    expected = Move.parse(default_strategy(w.game.view()))
    assert w.step() == expected


def test_replay_controls_follow_the_board_and_drive_it() -> None:
    from windmill_widget.replay import replay_controls

    recorded = recorded_game(moves=10)
    ui = replay_controls(WindmillWidget(seed=1), recorded)
    total = len(recorded.history)
    assert (ui.slider.max, ui.play.max, ui.slider.value) == (total, total, 0)
    ui.slider.value = 4
    assert ui.board.game.history == recorded.history[:4]
    ui.board.undo()  # from the board's Undo button or a cell
    assert ui.slider.value == 3
    ui.buttons["last"].click()
    assert ui.board.game.history == recorded.history
    ui.buttons["back"].click()
    assert ui.slider.value == total - 1
    ui.buttons["first"].click()
    assert ui.board.state["moves"] == 0
    ui.board.play(str(ui.board.game.legal_moves()[0]))  # a new move: the rest of the line is gone
    assert ui.slider.max == ui.slider.value == 1


@pytest.mark.parametrize("strategy", ["default", "greedy", "tips", "random", "lookahead"])
def test_step_on_a_finished_game_says_it_is_over_and_why(strategy: str) -> None:
    from windmill_widget import greedy, lookahead, random_strategy, tips

    chosen = {
        "default": None,
        "greedy": greedy,
        "tips": tips,
        "random": random_strategy(1),
        "lookahead": lookahead,
    }
    lost = WindmillWidget(Game.from_position(center=["AS"], sails={"n1": "5C"}, stock=[]))
    with pytest.raises(
        IllegalMove, match=r"^There is no move to make: game over: no legal move is left\.$"
    ) as err:
        lost.step(chosen[strategy])
    assert err.value.rule == "game-over"
    assert (
        lost.state["message"]["kind"] == "refused"
        and "no legal move is left" in lost.state["message"]["text"]
    )
    won = WindmillWidget(Game.from_position(center=["AS"], sails={"n1": "2C"}, stock=[]))
    won.play("n1>c")
    with pytest.raises(IllegalMove, match=r"won: every card is on a foundation\.$"):
        won.step(chosen[strategy])


def test_step_on_a_finished_crazy_quilt_game_too() -> None:
    from windmill_widget import QuiltGame, QuiltWidget

    q = QuiltWidget(QuiltGame.from_position(quilt={"d4": "9S"}, stock=[]))
    assert q.game.status == "lost"  # literal rules, one redeal, but nothing to redeal
    with pytest.raises(IllegalMove, match="no legal move is left"):
        q.step(lambda view: view.legal_moves()[0])


@pytest.mark.parametrize("make", ["QuiltWidget", "PatienceWidget"])
def test_hint_step_and_autoplay_on_a_crazy_quilt_board(make: str) -> None:
    # The board asks the default player, which plays whichever game it is shown (it used to hand a
    # Crazy Quilt view to Windmill's lookahead, which crashed).
    import windmill_widget
    from windmill_widget import QuiltGame, QuiltMove
    from windmill_widget.strategies import crazy_quilt

    w = (
        windmill_widget.QuiltWidget(seed=7)
        if make == "QuiltWidget"
        else windmill_widget.PatienceWidget(QuiltGame(seed=7))
    )
    expected = crazy_quilt.lookahead(w.game.view())
    hint = w.hint()
    assert isinstance(hint, QuiltMove) and hint == expected
    message = w.state["message"]
    assert message["kind"] == "hint" and message["text"].startswith("Hint: ")
    assert message["detail"] == crazy_quilt.lookahead.advise(w.game.view()).reason
    assert w.step() == expected and list(w.game.history) == [expected]
    assert run(w.run_autoplay(delay=0, max_moves=8)) == "max_moves"
    assert len(w.game.history) == 9
    assert run(w.run_autoplay(crazy_quilt.greedy, delay=0)) in ("won", "lost")
    assert w.game.status in ("won", "lost") and w.hint() is None


def test_a_windmill_board_through_patience_widget_still_hints() -> None:
    from windmill_widget import PatienceWidget
    from windmill_widget.strategies import windmill

    w = PatienceWidget("windmill", seed=SEED)
    assert w.hint() == windmill.lookahead(w.game.view())
    assert w.step() == w.game.history[-1]


# -- the board never out of step with its game (issue 39, items 8 to 10) ---------------------------


def in_step(w: WindmillWidget) -> None:
    """The board shows the game as it is: what the published state says is what the game says."""
    s, g = w.state, w.game
    assert s["version"] == w.version
    assert s["moves"] == len(g.history)
    assert s["legal"] == [str(m) for m in g.legal_moves()]
    assert (s["status"], s["can_redo"]) == (g.status.value, g.can_redo)


class Gate:
    """A strategy that has its answer ready at once but gives it only when the test lets it: the test
    decides what happens meanwhile."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.go = threading.Event()
        self.calls = 0

    def __call__(self, view: Any) -> Any:
        self.calls += 1
        move = default_strategy(view)
        self.asked.set()
        self.go.wait(5)
        return move


async def until(flag: Callable[[], bool]) -> None:
    for _ in range(5_000):
        if flag():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("waited 5 s in vain")


@pytest.mark.parametrize("driver", ["autoplay", "awaited run_autoplay"])
@pytest.mark.parametrize("how", ["stop", "board stop", "new game"])
def test_a_move_chosen_after_stop_or_new_game_is_never_played(how: str, driver: str) -> None:
    # Issue 39, item 8: the strategy's answer arrived just before Stop (or New game) was heard, and
    # was played on the game after it, unpublished: the board showed move 0 while w.game had a move.
    # Each try lets the loop turn a different number of times between the answer and the stop, so
    # that one of them stops between the answer's arrival and the autoplay's resumption.
    for turns in range(8):
        w = WindmillWidget(seed=SEED)
        gate = Gate()

        async def main(w: WindmillWidget = w, gate: Gate = gate, turns: int = turns) -> Any:
            if driver == "autoplay":
                task = w.autoplay(gate, delay=0, max_moves=3)
            else:  # a coroutine the caller schedules itself: there is no task of the widget's to cancel
                task = asyncio.ensure_future(w.run_autoplay(gate, delay=0, max_moves=3))
            await until(gate.asked.is_set)  # the first move is being chosen
            gate.go.set()
            time.sleep(0.02)  # the answer is on its way back to the loop
            for _ in range(turns):
                await asyncio.sleep(0)
            version = w.version  # 0, or 1 if the loop turned long enough for the move to be played
            if how == "stop":
                w.stop()
            elif how == "board stop":
                front_end(w, {"type": "stop"})
            else:
                w.new_game(seed=3)
            in_step(w)
            result = await task
            in_step(w)
            assert w.version == version + (how == "new game")
            return result

        assert run(main()) == "stopped", turns
        assert not w.state["autoplay"]
        if how == "new game":
            assert w.game.seed == 3 and w.game.history == ()
        else:
            assert len(w.game.history) == w.version, "every move played was published"


def test_a_move_chosen_before_a_python_move_is_not_played_on_the_new_position() -> None:
    # A move played from a cell while the strategy thinks: its answer was for the position before;
    # it thinks again rather than play that answer on a position it never saw.
    w = WindmillWidget(seed=SEED)
    gate = Gate()

    async def main() -> Any:
        task = w.autoplay(gate, delay=0, max_moves=1)
        await until(gate.asked.is_set)
        w.play("e1>nw")
        gate.go.set()
        return await task

    assert run(main()) == "max_moves"
    assert gate.calls == 2, "asked again about the position it had not seen"
    assert len(w.game.history) == 2 and str(w.game.history[0]) == "e1>nw"
    in_step(w)


def test_a_raise_about_a_position_that_changed_meanwhile_is_not_held_against_the_strategy() -> None:
    w = WindmillWidget(seed=SEED)
    asked, go = threading.Event(), threading.Event()
    calls = 0

    def flaky(view: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            asked.set()
            go.wait(5)
            raise RuntimeError("the position moved under me")
        return default_strategy(view)

    async def main() -> Any:
        task = w.autoplay(flaky, delay=0, max_moves=1)
        await until(asked.is_set)
        w.play("e1>nw")
        go.set()
        return await task

    assert run(main()) == "max_moves"
    assert calls == 2 and len(w.game.history) == 2
    in_step(w)


def test_a_second_autoplay_shows_autoplay_on_while_it_plays() -> None:
    # Issue 39, item 9: the first run, cancelled, said "autoplay off" on its way out while the second
    # one played.
    w = WindmillWidget(seed=SEED)
    first = Gate()
    second_calls = 0

    def second(view: Any) -> Any:
        nonlocal second_calls
        second_calls += 1
        return default_strategy(view)

    async def main() -> tuple[Any, Any]:
        one = w.autoplay(first, delay=0)
        await until(first.asked.is_set)  # the first one is thinking in its thread
        two = w.autoplay(second, delay=0, max_moves=6)
        first.go.set()
        while not two.done():
            assert w.state["autoplay"] and w.autoplaying, "the board says autoplay is on"
            in_step(w)
            await asyncio.sleep(0)
        await asyncio.sleep(0.05)
        return one.result(), two.result()

    assert run(main()) == ("stopped", "max_moves")
    assert first.calls == 1 and second_calls == 6
    assert len(w.game.history) == 6, "only the second one played"
    assert not w.state["autoplay"]
    in_step(w)


def test_a_second_autoplay_started_at_once_is_the_only_one_that_plays() -> None:
    w = WindmillWidget(seed=SEED)
    calls = {"one": 0, "two": 0}

    def player(name: str) -> Callable[[Any], Any]:
        def play(view: Any) -> Any:
            calls[name] += 1
            return default_strategy(view)

        return play

    async def main() -> tuple[Any, Any]:
        one = w.autoplay(player("one"), delay=0)
        two = w.autoplay(player("two"), delay=0, max_moves=4)
        assert w.state["autoplay"]
        return await asyncio.gather(one, two)

    assert run(main()) == ["stopped", "max_moves"]
    assert calls == {"one": 0, "two": 4}
    assert not w.state["autoplay"]


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"delay": float("nan")}, ValueError, "delay"),
        ({"delay": float("inf")}, ValueError, "delay"),
        ({"delay": -1}, ValueError, "delay"),
        ({"delay": "fast"}, TypeError, "delay"),
        ({"delay": None}, TypeError, "delay"),
        ({"delay": True}, TypeError, "delay"),
        ({"max_moves": 0}, ValueError, "max_moves"),
        ({"max_moves": -3}, ValueError, "max_moves"),
        ({"max_moves": 2.5}, TypeError, "max_moves"),
        ({"max_moves": "10"}, TypeError, "max_moves"),
        ({"move_limit": 0}, ValueError, "move_limit"),
        ({"move_limit": -5}, ValueError, "move_limit"),
        ({"move_limit": float("nan")}, ValueError, "move_limit"),
        ({"move_limit": float("inf")}, ValueError, "move_limit"),
        ({"move_limit": "30"}, TypeError, "move_limit"),
    ],
)
def test_bad_autoplay_arguments_are_refused_at_the_call(kwargs: dict, error: type, match: str) -> None:
    # Issue 39, item 10: delay=nan hung after a move, delay="fast" died in the task, move_limit=-5 was
    # taken ("took longer than -5 s").
    w = WindmillWidget(seed=SEED)

    async def main() -> None:
        with pytest.raises(error, match=match):
            w.autoplay(default_strategy, **kwargs)
        with pytest.raises(error, match=match):
            await w.run_autoplay(default_strategy, **kwargs)

    run(main())
    assert w.game.history == () and w.version == 0 and not w.state["autoplay"]
    assert w._autoplay_task is None


def test_good_autoplay_arguments_are_taken() -> None:
    w = WindmillWidget(seed=SEED)
    result = run(w.run_autoplay(default_strategy, delay=0, max_moves=2, move_limit=None))
    assert result == "max_moves"
    assert run(w.run_autoplay(default_strategy, delay=0.0, max_moves=1, move_limit=5)) == "max_moves"
    assert len(w.game.history) == 3


def test_a_bad_replay_delay_is_refused_and_loads_nothing() -> None:
    w = WindmillWidget(seed=SEED)
    with pytest.raises(ValueError, match="delay"):
        w.replay(recorded_game(moves=5), delay=-1)
    assert w.game.seed == SEED and w.version == 0
