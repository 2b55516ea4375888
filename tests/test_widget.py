"""The board's Python side without a browser: intents as the front end sends them (through the
widget's comm message handler), state as it is synced (captured from the comm)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windmill_widget import PILES, Game, IllegalMove, Move, QuiltGame, QuiltRules, Rules
from windmill_widget.widget import INTENTS, QuiltWidget, WindmillWidget, _bundle_file

SEED = 42  # e1 holds a King at the deal, so "e1>nw" is legal first


class Wire:
    """Records what the widget syncs to the front end (the comm's outgoing messages)."""

    def __init__(self, widget: WindmillWidget) -> None:
        self.messages: list[dict[str, Any]] = []
        comm = widget.comm

        def publish_msg(
            msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **keys: Any
        ):
            self.messages.append({"type": msg_type, "data": data})

        comm.publish_msg = publish_msg

    def updates(self) -> list[dict[str, Any]]:
        return [m["data"] for m in self.messages if m["data"] and m["data"].get("method") == "update"]

    def clear(self) -> None:
        self.messages.clear()


def front_end(widget: WindmillWidget, content: Any) -> None:
    """Deliver `content` as the front end's model.send(content) would."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def intent(widget: WindmillWidget, kind: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "version": widget.state["version"], **extra}


def snapshot(widget: WindmillWidget) -> tuple:
    """Everything about the game, to check that refused intents change nothing."""
    s = widget.state
    return (s["version"], json.dumps(s["piles"]), tuple(s["legal"]), widget.game.to_json())


@pytest.fixture
def w() -> WindmillWidget:
    return WindmillWidget(seed=SEED)


# -- state ----------------------------------------------------------------------------------------


def test_state_mirrors_the_game(w: WindmillWidget) -> None:
    s = w.state
    g = w.game
    assert set(s["piles"]) == set(PILES)
    for name in PILES:
        if name == "stock":
            assert s["piles"]["stock"] == len(g.pile("stock"))
        else:
            assert s["piles"][name] == [c.id for c in g.pile(name)]
    assert s["legal"] == [str(m) for m in g.legal_moves()]
    assert (s["status"], s["can_undo"], s["can_redo"], s["moves"]) == ("playing", False, False, 0)
    assert (s["seed"], s["rules"], s["autoplay"], s["hint"]) == (SEED, "strict", False, None)


def test_stock_order_is_not_published(w: WindmillWidget) -> None:
    assert isinstance(w.state["piles"]["stock"], int)
    published = {i for name, ids in w.state["piles"].items() if name != "stock" for i in ids}
    assert published.isdisjoint(c.id for c in w.game.pile("stock"))


def test_meta_names_every_card_and_pile(w: WindmillWidget) -> None:
    meta = w.meta
    assert len(meta["faces"]) == len(meta["names"]) == 104
    first = w.game.pile("n1")[0]
    assert meta["faces"][first.id] == first.face
    assert meta["names"][first.id] == first.name
    assert meta["labels"]["n1"] == "Sail n1"
    assert meta["labels"]["c"] == "Centre"
    assert meta["labels"]["stock"] == "Stock"
    assert meta["caps"] == {"c": 52, "nw": 13, "ne": 13, "se": 13, "sw": 13}


def test_one_compact_sync_per_move(w: WindmillWidget) -> None:
    wire = Wire(w)
    for move in ["e1>nw", "deal", "deal", "deal"]:
        wire.clear()
        front_end(w, intent(w, "move", move=move) if move != "deal" else intent(w, "deal"))
        updates = wire.updates()
        assert len(updates) == 1, "one state update per move"
        assert set(updates[0]["state"]) == {"state"}, "meta is not re-sent"
        assert len(json.dumps(updates[0])) < 2048


def test_sync_stays_small_in_a_long_game() -> None:
    w = WindmillWidget(seed=7)
    wire = Wire(w)
    rng = random.Random(7)
    biggest = 0
    for _ in range(150):
        if w.game.status != "playing":
            break
        wire.clear()
        front_end(w, intent(w, "move", move=str(rng.choice(w.game.legal_moves()))))
        biggest = max(biggest, *(len(json.dumps(u)) for u in wire.updates()))
    assert 0 < biggest < 2048


def test_observe_state_sees_every_change(w: WindmillWidget) -> None:
    seen: list[int] = []
    w.observe(lambda change: seen.append(change["new"]["version"]), "state")
    w.play("e1>nw")
    front_end(w, intent(w, "deal"))
    w.undo()
    assert seen == [1, 2, 3]


# -- legal and illegal intents ---------------------------------------------------------------


def test_legal_move_intent_plays_it(w: WindmillWidget) -> None:
    front_end(w, intent(w, "move", move="e1>nw"))
    assert w.game.history == (Move("e1>nw"),)
    assert w.state["version"] == 1
    assert w.state["piles"]["nw"] == [c.id for c in w.game.pile("nw")]
    assert w.state["message"]["kind"] == "move"
    assert "from sail e1 to corner nw" in w.state["message"]["text"]


def test_refill_is_announced(w: WindmillWidget) -> None:
    refill = w.game.pile("stock")[-1]
    front_end(w, intent(w, "move", move="e1>nw"))
    assert f"{refill.name} from the stock fills sail e1" in w.state["message"]["text"]


def test_illegal_move_is_refused_with_the_engines_sentence(w: WindmillWidget) -> None:
    before = snapshot(w)
    why = w.game.explain("n1>c")
    assert why
    front_end(w, intent(w, "move", move="n1>c"))
    assert snapshot(w) == before
    assert w.state["message"]["kind"] == "refused"
    assert w.state["message"]["text"] == why


def test_unreadable_move_is_refused(w: WindmillWidget) -> None:
    before = snapshot(w)
    front_end(w, intent(w, "move", move="sideways"))
    assert snapshot(w) == before
    assert w.state["message"]["kind"] == "refused"
    assert "'sideways'" in w.state["message"]["text"]


def test_stale_intent_is_refused(w: WindmillWidget) -> None:
    w.play("e1>nw")
    before = snapshot(w)
    front_end(w, {"type": "deal", "version": 0})
    front_end(w, {"type": "undo", "version": 5})
    assert snapshot(w) == before
    assert w.state["message"]["kind"] == "stale"


@pytest.mark.parametrize(
    "content",
    [
        None,
        "deal",
        42,
        ["move", "e1>nw"],
        {},
        {"type": "teleport", "version": 0},
        {"type": "deal"},
        {"type": "deal", "version": "0"},
        {"type": "deal", "version": True},
        {"type": "deal", "version": 0.0},
        {"type": "move", "version": 0},
        {"type": "move", "version": 0, "move": ["e1", "nw"]},
        {"type": "move", "version": 0, "move": "e1>nw" + " " * 100},
        {"type": ["move"], "version": 0},
    ],
)
def test_malformed_intent_changes_nothing(w: WindmillWidget, content: Any) -> None:
    before = snapshot(w)
    message_id = w.state["message"]["id"]
    front_end(w, content)
    assert snapshot(w) == before
    assert w.state["message"]["id"] > message_id
    assert w.state["message"]["kind"] in ("error", "refused")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    content=st.one_of(
        json_values,
        st.fixed_dictionaries(
            {"type": st.sampled_from(INTENTS) | st.text(max_size=8)},
            optional={"version": json_values, "move": json_values | st.text(max_size=12)},
        ),
    )
)
def test_no_junk_breaks_the_board(content: Any) -> None:
    w = WindmillWidget(seed=SEED)
    front_end(w, content)
    # Junk can at most be a well-formed intent by chance; the state always matches the game.
    assert w.state["piles"]["nw"] == [c.id for c in w.game.pile("nw")]
    assert w.state["version"] in (0, 1)
    assert len(w.game.history) == w.state["moves"]


def test_front_end_cannot_overwrite_the_state(w: WindmillWidget) -> None:
    wire = Wire(w)
    before = snapshot(w)
    forged = dict(w.state, status="won")
    w._handle_msg({"content": {"data": {"method": "update", "state": {"state": forged}}}, "buffers": []})
    assert snapshot(w) == before
    assert w.state["status"] == "playing"
    assert any(u["state"].get("state", {}).get("status") == "playing" for u in wire.updates())


def test_flood_of_intents(w: WindmillWidget) -> None:
    """Thousands of intents, mostly stale or illegal, from two eager views: only those made
    against the current version and legal are played, each exactly once."""
    rng = random.Random(3)
    wire = Wire(w)
    played: list[str] = []
    for _ in range(3000):
        roll = rng.random()
        legal = w.state["legal"]
        if roll < 0.05 and w.state["status"] == "playing":
            move = rng.choice(legal)
            version = w.state["version"]
        elif roll < 0.5:
            move = rng.choice(["n1>c", "waste>ne", "c>n1", "deal", "nonsense"])
            version = w.state["version"] - rng.randint(1, 3)  # stale
        else:
            move = f"{rng.choice(PILES)}>{rng.choice(PILES)}"
            version = w.state["version"]
        accepted_before = w.state["version"]
        content = {"type": "deal", "version": version} if move == "deal" else {
            "type": "move", "version": version, "move": move}  # fmt: skip
        front_end(w, content)
        if w.state["version"] != accepted_before:
            played.append(str(Move.parse(move)))
    assert [str(m) for m in w.game.history] == played
    assert w.state["version"] == len(played)
    assert len(wire.updates()) == 3000, "every intent is answered with exactly one update"
    replica = Game(seed=SEED)
    for m in played:
        replica.play(m)
    assert replica.to_json() == w.game.to_json()


def test_two_views_race_and_the_second_is_stale(w: WindmillWidget) -> None:
    # Both views saw version 0; each asks for a different move.
    view_a = {"type": "move", "version": 0, "move": "e1>nw"}
    view_b = {"type": "move", "version": 0, "move": "e1>ne"}
    front_end(w, view_a)
    front_end(w, view_b)
    assert w.game.history == (Move("e1>nw"),)
    assert w.state["message"]["kind"] == "stale"
    # Both views redraw from the one synced state, so they agree again.
    assert w.state["piles"]["nw"] and not w.state["piles"]["ne"]


# -- commands -------------------------------------------------------------------------------------


def test_deal_undo_redo_intents(w: WindmillWidget) -> None:
    front_end(w, intent(w, "deal"))
    assert len(w.game.pile("waste")) == 1
    front_end(w, intent(w, "undo"))
    assert not w.game.pile("waste") and w.state["can_redo"]
    front_end(w, intent(w, "redo"))
    assert len(w.game.pile("waste")) == 1 and not w.state["can_redo"]
    assert w.state["version"] == 3
    front_end(w, intent(w, "redo"))
    assert w.state["message"] == {
        "id": w.state["message"]["id"],
        "kind": "refused",
        "text": "There is no move to redo.",
    }
    assert w.state["version"] == 3


def test_new_game_intent_deals_a_reproducible_new_game() -> None:
    a, b = WindmillWidget(seed=5), WindmillWidget(seed=5)
    front_end(a, intent(a, "new_game"))
    front_end(b, intent(b, "new_game"))
    assert a.game.seed == b.game.seed != 5
    assert a.state["version"] == 1 and a.state["moves"] == 0


def test_hint_intent_shows_the_default_strategy_move(w: WindmillWidget) -> None:
    from windmill_widget.strategies import default_strategy

    expected = str(Move.parse(default_strategy(w.game.view())))
    front_end(w, intent(w, "hint"))
    assert w.state["hint"] == expected
    assert w.state["message"]["kind"] == "hint"
    assert w.state["version"] == 0, "a hint changes nothing"
    w.play(expected)
    assert w.state["hint"] is None, "the hint goes away once the board changes"


def test_hint_gives_the_players_reason_on_request() -> None:
    """Issue 13, item 4: seed 3 at move 0, where two 2♥ fit the centre, the Hint says why it deals;
    issue 40, item 9: in one short sentence on the board, the reasoning apart (the board's "Why?")."""
    from windmill_widget.strategies import default_strategy

    board = WindmillWidget(seed=3)
    assert str(board.hint()) == "deal"
    message = board.state["message"]
    assert message["text"] == "Hint: Deal a card from the stock."
    assert message["detail"] == default_strategy.advise(board.game.view()).reason
    assert "the 2♥ fits the centre" in message["detail"] and "the waste is empty" in message["detail"]
    board.deal()
    assert "detail" not in board.state["message"]  # a move's line has no reasoning to show


def test_a_quilt_board_loads_its_hints_compiled_code_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first Hint on a Crazy Quilt board with numba waited a second or more for the compiled
    playouts and solver to load (several the first time ever): the board asks the Hint's player to
    load them in a thread of its own when it opens, once a process; Windmill's Hint has nothing to
    load, and no thread starts for it."""
    import threading

    from windmill_widget import widget
    from windmill_widget.strategies import default_strategy

    loaded = threading.Event()
    threads: list[str] = []

    def warm_up() -> None:
        threads.append(threading.current_thread().name)
        loaded.set()

    monkeypatch.setattr(widget, "_warming", set())
    monkeypatch.setattr(default_strategy.players["crazy-quilt"], "warm_up", warm_up)
    started = threading.active_count()
    WindmillWidget(seed=1)
    assert threading.active_count() == started
    QuiltWidget(seed=1)
    assert loaded.wait(10)
    QuiltWidget(seed=2)
    assert threads == ["windmill-widget-warm-up-crazy-quilt"]
    assert widget._warming == {"windmill", "crazy-quilt"}


def test_cell_api_and_board_share_one_game(w: WindmillWidget) -> None:
    front_end(w, intent(w, "move", move="e1>nw"))
    assert w.game.pile("nw")[-1].rank == 13
    w.deal()
    assert w.state["piles"]["waste"] == [c.id for c in w.game.pile("waste")]
    with pytest.raises(IllegalMove) as err:
        w.play("n1>c")
    assert w.state["message"]["text"] == str(err.value)
    w.game.play("deal")  # behind the widget's back...
    assert w.state["moves"] == 2
    w.refresh()  # ...so the board is told
    assert w.state["moves"] == 3


def test_new_game_and_load(w: WindmillWidget) -> None:
    g = w.new_game(seed=9, rules=Rules.relaxed())
    assert w.game is g and (g.seed, w.state["rules"]) == (9, "relaxed")
    other = Game(seed=11)
    other.play("deal")
    w.load(other)
    assert w.game is other and w.state["moves"] == 1 and w.state["seed"] == 11
    with pytest.raises(TypeError):
        w.load("not a game")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        WindmillWidget(other, seed=3)


def test_step_plays_the_strategys_move_and_rejects_illegal_ones(w: WindmillWidget) -> None:
    move = w.step(lambda view: view.legal_moves()[0])
    assert w.game.history == (move,)
    before = snapshot(w)
    with pytest.raises(IllegalMove, match="not allowed here"):
        w.step(lambda view: "n1>c")
    with pytest.raises(ZeroDivisionError):
        w.step(lambda view: 1 / 0)
    assert snapshot(w) == before


def test_bundle_fallback_when_not_built() -> None:
    assert _bundle_file("no-such-bundle.js", "fallback") == "fallback"


def test_won_and_stuck_are_announced() -> None:
    w = WindmillWidget(Game.from_position(center=["AS"], sails={"n1": "2C"}, stock=[]))
    front_end(w, intent(w, "move", move="n1>c"))
    assert w.state["status"] == "won"
    assert w.state["message"]["kind"] == "won"
    assert "You won!" in w.state["message"]["text"]
    assert w.state["legal"] == []

    w.load(Game.from_position(center=["AS"], sails={"n1": "5C"}, stock=[]))
    assert w.state["status"] == "lost"
    assert w.state["message"]["kind"] == "lost"
    assert "Game over: no legal move is left." in w.state["message"]["text"]
    front_end(w, intent(w, "hint"))
    assert w.state["hint"] is None and "over" in w.state["message"]["text"]

    # PySolFC's transfers: two Kings could swap corners for ever, but nothing takes the 5.
    w.load(
        Game.from_position(corners={"nw": ["KD"], "ne": ["KH"]}, sails={"n1": "5C"}, rules=Rules.pysolfc())
    )
    assert w.state["status"] == "lost" and w.state["legal"]
    assert "only moves between foundations" in w.state["message"]["text"]


def test_repr_is_stable_and_says_where_the_game_is() -> None:
    a, b = WindmillWidget(seed=SEED), WindmillWidget(seed=SEED)
    assert repr(a) == repr(b) == "<WindmillWidget seed=42 strict, 0 moves, centre 1/52, playing>"
    a.play("e1>nw")
    assert repr(a) == "<WindmillWidget seed=42 strict, 1 move, centre 1/52, playing>"
    staged = WindmillWidget(Game.from_position(center=["AS"], sails={"n1": "2C"}, stock=[]))
    staged.play("n1>c")
    assert repr(staged) == "<WindmillWidget from_position strict, 1 move, centre 2/52, won>"
    relaxed = WindmillWidget(seed=7, rules=Rules.relaxed())
    assert repr(relaxed).startswith("<WindmillWidget seed=7 relaxed, 0 moves")


def test_mimebundle_keeps_the_live_view_and_adds_a_picture_and_text(w: WindmillWidget) -> None:
    import xml.etree.ElementTree as ET

    w.play("e1>nw")
    data, metadata = w._repr_mimebundle_()  # what the board's display sends (see _ipython_display_)
    view = data["application/vnd.jupyter.widget-view+json"]  # the live board, as anywidget sends it
    assert view["model_id"] == w.model_id and view["version_major"] == 2
    assert data["text/plain"] == repr(w) == "<WindmillWidget seed=42 strict, 1 move, centre 1/52, playing>"
    picture = data["image/svg+xml"]
    assert picture == w.game.svg(last_move=w.game.history[-1])  # the position now, its last move tinted
    assert picture != w.game.svg()  # (the tint shows)
    assert ET.fromstring(picture).tag == "{http://www.w3.org/2000/svg}svg"
    assert "nw 1/13" in picture  # the King just played to corner nw
    assert isinstance(metadata, dict)


def test_the_picture_says_it_is_one_and_a_closed_board_says_why_it_cannot_play(w: WindmillWidget) -> None:
    """Issue 40, item 2: the static picture is what a front end without widgets shows (and JupyterLab, for
    a saved output nobody has run or trusted): one line under it says it is a picture and how to play.
    A closed board has no live view left: its bundle offers none (not a dead model id), and says why."""
    from windmill_widget.fallback import PICTURE_NOTE, PICTURE_NOTE_CLOSED
    from windmill_widget.widget import PatienceWidget

    data, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"].startswith(w.picture()._repr_html_()) and PICTURE_NOTE in data["text/html"]
    w.close()
    data, _ = PatienceWidget._repr_mimebundle_(w)  # ipywidgets' close() drops the instance's method
    assert "application/vnd.jupyter.widget-view+json" not in data
    assert PICTURE_NOTE_CLOSED in data["text/html"] and PICTURE_NOTE not in data["text/html"]
    assert data["image/svg+xml"] == str(w.picture()) and data["text/plain"] == repr(w)


def test_a_boards_saved_picture_follows_it_when_autoplay_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40, item 4: the board is shown under a display id, and the end of an autoplay (or Stop)
    updates that output's static picture to the position it ended at."""
    import asyncio

    import IPython.display

    from windmill_widget.strategies import greedy

    shown: list[dict[str, Any]] = []

    class Handle:
        def update(self, data: dict[str, Any], **kwargs: Any) -> None:
            shown.append(data)

    def display(data: dict[str, Any], **kwargs: Any) -> Handle:
        assert kwargs.get("raw") and kwargs.get("display_id") is True
        shown.append(data)
        return Handle()

    monkeypatch.setattr(IPython.display, "display", display)
    board = WindmillWidget(seed=8)
    board._ipython_display_()
    assert shown[-1]["image/svg+xml"] == board.game.svg() and "0 moves" in shown[-1]["text/plain"]
    asyncio.run(board.run_autoplay(greedy, delay=0, max_moves=5))
    assert len(board.game.history) == 5
    last = board.game.history[-1]
    assert shown[-1]["image/svg+xml"] == board.game.svg(last_move=last)
    assert "5 moves" in shown[-1]["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in shown[-1]  # still the live board too


def test_welcome_names_the_deal_or_says_the_position_is_staged() -> None:
    dealt = WindmillWidget(seed=SEED)
    assert dealt.state["message"]["text"].startswith(f"Windmill, seed {SEED}, strict rules. Click a card")
    staged = WindmillWidget(Game.from_position(center=["AS"], sails={"n1": "2C"}, stock=[]))
    text = staged.state["message"]["text"]
    assert text.startswith("Windmill, a staged position, strict rules. Click a card") and "None" not in text


# -- issue 13: malformed intents are refused by shape; New game can be undone; who won -----------------
def _nested(depth: int) -> dict[str, Any]:
    root: dict[str, Any] = {}
    node = root
    for _ in range(depth):
        node["type"] = {}
        node = node["type"]
    return root


@pytest.mark.parametrize(
    "content",
    [
        _nested(1000),
        {"type": "move", "version": 0, "move": [[[[["n1>c"]]]]]},
        {"type": "move", "version": 0, "move": "n1>c" * 750_000},  # 3 MB
        {"type": "move", "version": 0, "move": "e1>nw", "extra": 1},
        {"type": "move", "version": 0, "move": {"src": "e1", "dst": "nw"}},
        {"type": "x" * 3_000_000},
        {(1, 2): "move"},
        [_nested(50)],
    ],
    ids=[
        "nested 1000 deep",
        "nested move",
        "3 MB move",
        "extra field",
        "move as object",
        "3 MB type",
        "key not text",
        "a list",
    ],
)
def test_malformed_intents_are_refused_by_shape_with_a_short_message(w: WindmillWidget, content: Any) -> None:
    before = snapshot(w)
    assert w.handle_intent(content) is False
    message = w.state["message"]
    assert message["kind"] == "error"
    assert "malformed" in message["text"] or "should not" in message["text"]
    assert len(message["text"]) < 200
    assert snapshot(w) == before
    front_end(w, content)  # through the comm handler too: nothing escapes, nothing changes
    assert snapshot(w) == before


def test_new_game_deals_the_next_number_and_undo_brings_the_last_game_back() -> None:
    w = WindmillWidget(seed=SEED)
    w.play("e1>nw")
    front_end(w, intent(w, "new_game"))
    assert (w.game.seed, w.game.history, w.state["can_undo"]) == (SEED + 1, (), True)
    assert "Undo goes back to the last game" in w.state["message"]["text"]
    assert w.undo() is None
    assert (w.game.seed, [str(m) for m in w.game.history]) == (SEED, ["e1>nw"])
    assert w.state["message"]["text"] == f"Back to the game before: seed {SEED} at move 1."
    front_end(w, intent(w, "undo"))  # its own move
    assert w.game.history == () and not w.state["can_undo"]
    front_end(w, intent(w, "undo"))
    assert w.state["message"]["kind"] == "refused" and w.game.seed == SEED


def test_loading_a_game_can_be_undone_too_and_a_quilt_game_needs_another_board() -> None:
    w = WindmillWidget(seed=SEED)
    w.load(Game(seed=5))
    w.undo()
    assert w.game.seed == SEED
    with pytest.raises(TypeError, match="WindmillWidget shows a Windmill game, not Crazy Quilt"):
        w.load(QuiltGame(seed=1))
    assert w.game.seed == SEED


def test_the_banner_names_who_won() -> None:
    start = Game.from_position(center=["AS"], sails={"n1": "2C", "n2": "3D"}, stock=[])
    w = WindmillWidget(start.copy())
    assert w.state["banner"] is None
    w.play("n1>c")
    w.play("n2>c")
    won = {"title": "You won!", "text": "All 3 cards are on the foundations, in 2 moves."}
    assert w.state["banner"] == won
    line = w.game.copy()
    w.replay(line)
    assert w.state["banner"] is None
    w.seek(2)
    assert w.state["banner"]["title"] == "The line won."

    def first(view: Any) -> Any:
        return view.legal_moves()[0]

    other = WindmillWidget(start.copy())
    other.step(first)
    other.step(first)
    assert other.state["banner"]["title"] == "first won."  # the strategy won, not the player

    stuck = WindmillWidget(Game.from_position(center=["AS"], sails={"n1": "5C"}, stock=[]))
    # Issue 40: the summary says how far the game got ("92 of 104 cards placed in 172 moves").
    assert stuck.state["banner"] == {
        "title": "Game over",
        "text": "No legal move is left. 1 of 2 cards placed in 0 moves.",
    }


def test_a_quilt_board_publishes_its_free_cards_and_turns_from_the_stock() -> None:
    q = QuiltWidget(seed=7)
    assert q.meta["game"] == "crazy-quilt" and q.meta["stockMoves"] == ["turn", "redeal"]
    assert q.meta["options"] == {"hand": True} and len(q.meta["piles"]) == 75
    assert q.state["free"] == q.game.available() and len(q.state["free"]) == 16
    assert q.state["redeals_left"] == 1 and q.state["piles"]["stock"] == 32
    front_end(q, intent(q, "deal"))  # the stock's move: turn
    assert [str(m) for m in q.game.history] == ["turn"] and q.state["piles"]["hand"]
    front_end(q, intent(q, "move", move="c1>C-"))
    assert q.state["free"] == q.game.available() and q.state["piles"]["c1"] == []
    common = QuiltWidget(seed=7, rules=QuiltRules.common())
    assert common.meta["options"] == {"hand": False}
    q.load(QuiltGame(seed=7, rules=QuiltRules.common()))
    assert q.meta["options"] == {"hand": False}  # a game with other rules: the board's facts follow
