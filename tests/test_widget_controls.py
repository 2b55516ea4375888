"""The board's controls (issues 40, 41, 45): deals to share (the deal box, Next deal, the share line),
Restart, Finish for me, Autoplay with a player and a speed, the replay slider, and the session's
statistics, through the intents the front end sends, as the kernel receives them. Every malformed or
impossible request is refused with a one-line message and changes nothing."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import pytest

from windmill_widget import Game, QuiltGame, Rules
from windmill_widget.core.finish import sure_finish
from windmill_widget.core.share import DealRef, parse_deal, share_line
from windmill_widget.lab.session import SessionStats, StatsFileError
from windmill_widget.replay import replay_controls
from windmill_widget.widget import AutoplayEnd, QuiltWidget, WindmillWidget


def send(w: Any, type_: str, **fields: Any) -> bool:
    return w.handle_intent({"type": type_, "version": w.state["version"], **fields})


def snapshot(w: Any) -> tuple:
    return w.state["version"], w.state["piles"], w.game.origin, w.state["rules"]


def near_win() -> Game:
    """Windmill with two cards left, both sure to go home (the stock empty)."""
    return Game.from_position(center=["AS", "2S"], sails={"n1": "3C", "e1": "4H"})


def quilt_near_win() -> QuiltGame:
    return QuiltGame.from_position(quilt={"a1": "2S", "b1": "3S"})


# -- deals to share -------------------------------------------------------------------------------
def test_the_share_line_reproduces_the_game() -> None:
    w = WindmillWidget(seed=1234, rules=Rules.strict())
    assert w.state["share"] == w.share == "seed 1234 · strict"
    assert w.state["deal"] == "seed 1234"
    # The share line, typed into another board's deal box, deals the same game under the same rules...
    other = WindmillWidget(seed=5, rules=Rules.relaxed())
    assert send(other, "play_deal", deal=w.share)
    assert other.game.rules == Rules.strict() and other.state["piles"] == w.state["piles"]
    # ...and so does the constructor the line names.
    again = WindmillWidget(seed=1234, rules=Rules.strict())
    assert again.state["piles"] == w.state["piles"] and again.share == w.share


def test_the_deal_box_takes_a_number_and_keeps_the_rules() -> None:
    w = WindmillWidget(seed=1, rules=Rules.classic())
    assert send(w, "play_deal", deal="1234")
    assert w.game.seed == 1234 and w.game.rules == Rules.classic()
    assert w.state["share"] == "seed 1234 · classic"
    assert send(w, "undo")  # Undo at its start goes back to the game it replaced
    assert w.game.seed == 1


def test_the_deal_box_takes_a_pysolfc_number() -> None:
    pytest.importorskip("pysol_cards")
    w = WindmillWidget(seed=1)
    assert send(w, "play_deal", deal="pysolfc:12345")
    assert w.game.pysolfc == 12345 and w.game.rules == Rules.pysolfc()
    assert w.state["share"] == "pysolfc:12345 · pysolfc"
    assert w.state["piles"] == WindmillWidget(pysolfc=12345).state["piles"]
    assert send(w, "new_game")  # Next deal: PySolFC's next number
    assert w.game.pysolfc == 12346


@pytest.mark.parametrize(
    "text",
    ["twelve", "", "seed -3", "pysolfc:", "1234 · nonsense", "99999999999999999999", "seed 12 34"],
)
def test_a_bad_deal_is_said_in_one_line_and_loses_nothing(text: str) -> None:
    w = WindmillWidget(seed=42)
    w.play("e1>nw")
    before = snapshot(w)
    assert not send(w, "play_deal", deal=text)
    message = w.state["message"]
    assert message["kind"] == "refused" and "\n" not in message["text"] and len(message["text"]) < 200
    assert snapshot(w)[1:] == before[1:] and len(w.game.history) == 1


def test_a_pysolfc_deal_without_pysol_cards_says_what_to_install(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pysol_cards.random", None)  # its import now fails
    w = WindmillWidget(seed=42)
    before = snapshot(w)
    assert not send(w, "play_deal", deal="pysolfc:12345")
    assert "pysol-cards" in w.state["message"]["text"] and snapshot(w)[1:] == before[1:]


def test_replay_controls_serve_either_game() -> None:
    line = QuiltGame(seed=7)
    for _ in range(5):
        line.play(line.legal_moves()[0])
    ui = replay_controls(QuiltWidget(seed=1), line)
    assert (ui.slider.max, ui.slider.value) == (5, 0)
    ui.slider.value = 3
    assert ui.board.state["moves"] == 3 and ui.board.state["line"] == 5


def test_a_pysolfc_deal_of_crazy_quilt_is_refused_in_a_sentence() -> None:
    q = QuiltWidget(seed=3)
    before = snapshot(q)
    assert not send(q, "play_deal", deal="pysolfc:12345")
    assert "Windmill" in q.state["message"]["text"] and snapshot(q)[1:] == before[1:]


@pytest.mark.parametrize("deal", [12, None, True, ["1"]])
def test_a_deal_that_is_not_text_is_refused(deal: Any) -> None:
    w = WindmillWidget(seed=42)
    before = snapshot(w)
    assert not send(w, "play_deal", deal=deal)
    assert w.state["message"]["kind"] in ("refused", "error") and snapshot(w)[1:] == before[1:]


def test_share_lines_round_trip() -> None:
    for game in (Game(seed=0), Game(seed=2**64 - 1, rules=Rules.relaxed()), QuiltGame(seed=7)):
        ref = parse_deal(share_line(game))
        assert ref == DealRef("seed", game.seed, game.rules.preset)
    assert parse_deal("#77") == parse_deal("seed=77") == parse_deal(" 77 ") == DealRef("seed", 77)
    assert share_line(Game.from_position(center=["AS"])) is None


def test_next_deal_deals_the_following_number() -> None:
    q = QuiltWidget(seed=7)
    assert send(q, "new_game")
    assert q.game.seed == 8 and q.state["deal"] == "seed 8"


# -- restart, finish --------------------------------------------------------------------------
def test_restart_deals_this_deal_again_and_undo_comes_back() -> None:
    w = WindmillWidget(seed=42)
    w.play("e1>nw")
    w.deal()
    piles = w.state["piles"]
    assert send(w, "restart")
    assert w.state["moves"] == 0 and w.game.seed == 42
    assert w.state["piles"] == WindmillWidget(seed=42).state["piles"]
    assert send(w, "undo")
    assert w.state["piles"] == piles and w.state["moves"] == 2


def test_finish_is_offered_only_when_the_engine_says_it_is_sure() -> None:
    assert not WindmillWidget(seed=42).state["can_finish"]
    w = WindmillWidget(near_win())
    assert w.state["can_finish"]
    assert send(w, "finish")  # no event loop here: played at once
    assert w.state["status"] == "won" and not w.state["can_finish"]
    assert w.state["banner"]["title"] == "You won!"


def test_finish_when_not_sure_is_refused() -> None:
    w = WindmillWidget(seed=42)
    before = snapshot(w)
    assert not send(w, "finish")
    assert w.state["message"]["kind"] == "refused" and "stock" in w.state["message"]["text"]
    assert snapshot(w)[1:] == before[1:]


def test_finish_plays_one_card_at_a_time_on_the_loop() -> None:
    async def main() -> tuple[str, int]:
        q = QuiltWidget(quilt_near_win())
        assert q.state["can_finish"]
        assert send(q, "finish")
        assert q.state["autoplay"]  # Stop shows while it plays
        await q._autoplay_task
        return q.state["status"], q.state["moves"]

    assert asyncio.run(main()) == ("won", 2)


def test_runs_the_board_starts_leave_its_live_view_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    # Bringing the saved picture up to date redraws every live view of the board afresh: after the
    # board's own Finish the player lost the win's celebration (and the view's focus). A run started
    # from a cell still updates the picture the notebook saves.
    saved: list[str] = []
    monkeypatch.setattr(QuiltWidget, "save_picture", lambda self: saved.append(self.state["status"]))

    async def main() -> None:
        q = QuiltWidget(quilt_near_win())
        q._on_front_end_msg(q, {"type": "finish", "version": q.state["version"]}, [])
        assert q.state["autoplay"]
        await q._autoplay_task
        assert q.state["status"] == "won" and saved == []
        q.load(quilt_near_win())
        await q.autoplay(lambda view: view.legal_moves()[0], delay=0)
        assert saved == ["won"]

    asyncio.run(main())


def test_sure_finish_wins_and_needs_an_empty_stock() -> None:
    for game in (near_win(), quilt_near_win()):
        line = sure_finish(game)
        assert line is not None
        for move in line:
            game.play(move)
        assert game.outcome is not None and game.outcome.won
    assert sure_finish(Game(seed=1)) is None and sure_finish(QuiltGame(seed=1)) is None
    # A card that cannot go home yet (the 5 over the 3): not sure.
    assert sure_finish(Game.from_position(center=["AS", "2S"], sails={"n1": "5C"})) is None


# -- autoplay, replay, the slider ----------------------------------------------------------------
def test_autoplay_plays_with_the_player_and_speed_the_board_names() -> None:
    async def main() -> tuple[bool, str]:
        q = QuiltWidget(seed=3)
        assert q.meta["players"] == ["lookahead", "tips", "greedy", "sampling", "random"]
        assert send(q, "autoplay", player="greedy", speed="fast")
        busy = q.state["autoplay"]
        result = await q._autoplay_task
        return busy, result

    busy, result = asyncio.run(main())
    assert busy and result in (AutoplayEnd.WON, AutoplayEnd.LOST)


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"player": "deep blue", "speed": "fast"}, "players are"),
        ({"player": "greedy", "speed": "warp"}, "speeds"),
    ],
)
def test_autoplay_with_an_unknown_player_or_speed_is_refused(fields: dict, said: str) -> None:
    async def main() -> tuple[bool, dict, bool]:
        w = WindmillWidget(seed=42)
        return send(w, "autoplay", **fields), w.state["message"], w.state["autoplay"]

    ok, message, busy = asyncio.run(main())
    assert not ok and not busy and message["kind"] == "error" and said in message["text"]


def test_autoplay_without_an_event_loop_says_so() -> None:
    w = WindmillWidget(seed=42)
    assert not send(w, "autoplay", player="greedy", speed="fast")
    assert "event loop" in w.state["message"]["text"]


def test_the_slider_and_play_step_through_the_line_of_either_game() -> None:
    async def main(w: Any, line: Any) -> tuple[int, int]:
        w.replay(line)
        assert w.state["line"] == len(line.history) and w.state["moves"] == 0
        assert send(w, "seek", to=2)
        assert w.state["moves"] == 2
        assert send(w, "replay", speed="fast")
        await w._autoplay_task
        return w.state["moves"], w.state["line"]

    g = Game(seed=42)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    q = QuiltGame(seed=7)
    for _ in range(6):
        q.play(q.legal_moves()[0])
    for board, game in ((WindmillWidget(seed=1), g), (QuiltWidget(seed=1), q)):
        assert asyncio.run(main(board, game)) == (6, 6)


@pytest.mark.parametrize("to", [-1, 99, True, "3", 2.5, None])
def test_a_seek_outside_the_line_is_refused(to: Any) -> None:
    w = WindmillWidget(seed=42)
    w.play("e1>nw")
    before = snapshot(w)
    assert not send(w, "seek", to=to)
    assert w.state["message"]["kind"] == "error" and snapshot(w)[1:] == before[1:]


def test_new_fields_keep_the_shape_checks() -> None:
    w = WindmillWidget(seed=42)
    before = snapshot(w)
    assert not send(w, "play_deal", deal="1" * 41)
    assert "far too long" in w.state["message"]["text"]
    assert not send(w, "autoplay", player={"nested": 1})
    assert "not a plain value" in w.state["message"]["text"]
    assert snapshot(w)[1:] == before[1:]


# -- session statistics ---------------------------------------------------------------------------
def test_statistics_count_as_pysolfc_does() -> None:
    w = WindmillWidget(near_win())
    w.load(near_win())
    w.play("n1>c")
    send(w, "new_game")  # left unfinished after a move: lost (no: a staged game has no next number)
    assert w.stats["windmill", "strict"].played == 1
    assert w.stats["windmill", "strict"].won == 0
    w.load(near_win())
    w.finish()
    t = w.stats["windmill", "strict"]
    assert (t.played, t.won, t.win_streak, t.longest_loss_streak, t.fewest_moves) == (2, 1, 1, 1, 2)
    send(w, "new_game")  # a won game is not counted again when left
    send(w, "new_game")  # nor is a game left without a move
    assert w.stats["windmill", "strict"].played == 2
    assert "2 played, 1 won (50%)" in w.state["session"]


def test_games_a_strategy_played_do_not_count() -> None:
    w = WindmillWidget(seed=42)
    w.step()
    w.new_game()
    w.replay(["e1>nw"])
    w.seek(1)
    w.new_game()
    assert len(w.stats) == 0


def test_statistics_save_and_load(tmp_path) -> None:
    w = WindmillWidget(near_win())
    w.finish()
    path = tmp_path / "stats.json"
    w.stats.save(path)
    other = QuiltWidget(seed=1)
    assert other.stats.load(path) == w.stats
    assert other.stats["windmill", "strict"].won == 1


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[]",
        json.dumps({"format": "other"}),
        json.dumps({"format": "windmill_widget.session_stats", "version": 99, "games": []}),
        json.dumps({"format": "windmill_widget.session_stats", "version": 1, "games": [{"game": "x"}]}),
        json.dumps(
            {
                "format": "windmill_widget.session_stats",
                "version": 1,
                "games": [{"game": "windmill", "rules": "strict", "played": 1, "won": 2}],
            }
        ),
    ],
)
def test_a_corrupt_statistics_file_is_refused_and_loses_nothing(tmp_path, text: str) -> None:
    stats = SessionStats()
    stats.record("windmill", "strict", won=True, moves=100)
    path = tmp_path / "stats.json"
    path.write_text(text)
    with pytest.raises(StatsFileError) as err:
        stats.load(path)
    assert "\n" not in str(err.value) and len(str(err.value)) < 200
    assert stats["windmill", "strict"].won == 1
