"""Autoplay, stepping and replay on the widget, on a real asyncio loop (as in a kernel), without
a browser. No timing is asserted: the loop runs with delay=0 and events decide when to look."""

from __future__ import annotations

import asyncio
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
