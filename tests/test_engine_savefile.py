"""Save files of both games: a round trip keeps everything (undo/redo position included); anything
malformed, corrupt or forged (or of the other game) raises ``SaveFileError`` with a clear message that
quotes at most a short excerpt of the bad input, and never yields a half-loaded game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from windmill_widget import Card, Game, QuiltGame, QuiltRules, Rules, SaveFileError, load_game
from windmill_widget.core.deal import DEAL_ALGORITHM
from windmill_widget.core.savefile import MAX_BYTES, MAX_MOVES
from windmill_widget.games import crazy_quilt
from windmill_widget.games.windmill import deal_order

PRESETS = ("strict", "relaxed", "classic", "pysolfc")


def state(g: Game) -> tuple:
    return g.seed, g.rules, g.piles(), g.history, g.redo_moves, g.corner_run, g.status, g.position()


def played(g: Any, n: int, undo: int = 0, seed: int = 0) -> Any:
    rng = random.Random(seed)
    for _ in range(n):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    for _ in range(undo):
        g.undo()
    return g


# -- round trips -------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
def test_seed_game_round_trips_with_its_undo_redo_position(preset: str) -> None:
    g = played(Game(seed=31, rules=getattr(Rules, preset)()), 70, undo=9)
    assert g.redo_moves
    text = g.to_json()
    h = Game.from_json(text)
    assert state(h) == state(g)
    assert h.to_json() == text
    for _ in range(9):
        assert h.redo() == g.redo()
    assert state(h) == state(g)


def test_the_file_records_version_rules_deal_moves_and_cursor() -> None:
    g = played(Game(seed=5, rules=Rules.classic()), 12, undo=2)
    doc = json.loads(g.to_json(indent=2))
    assert doc == {
        "format": "windmill_widget-game",
        "version": 2,
        "game": "windmill",
        "rules": {"auto_kings": True, "corner_streak": 1, "transfers": "corner-to-centre"},
        "deal": {"seed": 5, "algorithm": DEAL_ALGORITHM},
        "moves": [str(m) for m in (*g.history, *g.redo_moves)],
        "cursor": 10,
    }


def test_from_order_game_round_trips() -> None:
    order = [13, *(i for i in reversed(deal_order(3)) if i != 13)]  # the Ace of Hearts starts the centre
    g = played(Game.from_order(order, rules=Rules.relaxed()), 40, undo=3)
    h = Game.from_json(g.to_json())
    assert state(h) == state(g)
    assert json.loads(g.to_json())["deal"] == {"order": order}


def test_from_position_game_round_trips_with_its_corner_run() -> None:
    g = Game.from_position(
        center=["AS", "2H"],
        corners={"nw": ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]},
        sails={"n1": "7♥", "n2": Card("3H", deck=1), "e1": "4D", "e2": "KD",
               "s1": "9C", "s2": "TC", "w1": "JC", "w2": "QC"},
        waste=["4C"],
        stock=["5H", "6H"],
        corner_run=1,
        rules=Rules(corner_streak=2),
    )  # fmt: skip
    played(g, 5, undo=1, seed=2)
    h = Game.from_json(g.to_json())
    assert state(h) == state(g)
    assert h.seed is None and repr(h) == repr(g)


def test_a_sampled_game_round_trips() -> None:
    s = played(played(Game(seed=9), 30).view().sample(1), 20)
    assert state(Game.from_json(s.to_json())) == state(s)


def test_loading_accepts_utf8_bytes() -> None:
    g = played(Game(seed=2), 10)
    assert state(Game.from_json(g.to_json().encode("utf-8"))) == state(g)


def test_files_written_before_the_shared_core_still_load() -> None:
    # Format "windmill-game", version 1, no "game" field: what windmill_widget 0.1 wrote.
    g = played(Game(seed=11, rules=Rules.relaxed()), 25, undo=3)
    doc = json.loads(g.to_json())
    old = {
        "format": "windmill-game",
        "version": 1,
        **{k: doc[k] for k in ("rules", "deal", "moves", "cursor")},
    }
    assert state(Game.from_json(json.dumps(old))) == state(g)
    with pytest.raises(SaveFileError, match="unknown fields"):
        Game.from_json(json.dumps({**old, "game": "windmill"}))


def test_a_won_game_round_trips() -> None:
    g = Game.from_position(center=["AS", "2H"], sails={"n1": "3C"})
    g.play("n1>c")
    h = Game.from_json(g.to_json())
    assert h.status == "won" and state(h) == state(g)


# -- malformed input ---------------------------------------------------------------------------------
GOOD = json.loads(played(Game(seed=3), 8, undo=2).to_json())
GOOD_ORDER = json.loads(Game.from_order(deal_order(4)).to_json())
GOOD_POSITION = json.loads(Game.from_position(center=["AS"], sails={"n1": "2H", "e1": "KD"}).to_json())


def edited(base: dict, path: tuple, value: object = ..., *, delete: bool = False) -> str:
    doc = json.loads(json.dumps(base))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(doc)


def _order(**changes: object) -> list:
    order = list(GOOD_ORDER["deal"]["order"])
    for i, v in changes.items():
        order[int(i[1:])] = v
    return order


MALFORMED: dict[str, tuple[object, str]] = {
    # not a save file at all
    "empty text": ("", "not valid JSON"),
    "not JSON": ("hello", "not valid JSON"),
    "truncated JSON": (json.dumps(GOOD)[:-5], "not valid JSON"),
    "bytes not UTF-8": (b'{"format": "windmill-game\xff"}', "not UTF-8"),
    "None": (None, "JSON text"),
    "a number": (5, "JSON text"),
    "a dict": (GOOD, "JSON text"),
    "JSON list": ("[1, 2]", "JSON object"),
    "JSON string": ('"windmill-game"', "JSON object"),
    "JSON null": ("null", "JSON object"),
    "deeply nested": ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
    "huge number": ('{"format": "windmill-game", "version": ' + "9" * 5000 + "}", "not valid JSON"),
    "huge input": (" " * (MAX_BYTES + 1), "long"),
    "duplicate keys": (json.dumps(GOOD)[:-1] + ', "cursor": 0}', "twice"),
    # the envelope
    "wrong format": (edited(GOOD, ("format",), "chess-game"), "not a windmill_widget save file"),
    "missing format": (edited(GOOD, ("format",), delete=True), "not a windmill_widget save file"),
    "newer version": (edited(GOOD, ("version",), 3), "version 3"),
    "old format, new version": (edited(GOOD, ("format",), "windmill-game"), "old files have version 1"),
    "missing game": (edited(GOOD, ("game",), delete=True), "does not know"),
    "unknown game": (edited(GOOD, ("game",), "klondike"), "does not know"),
    "game by an alias": (edited(GOOD, ("game",), "Propeller"), "'windmill'"),
    "game not text": (edited(GOOD, ("game",), ["windmill"]), "does not know"),
    "version as text": (edited(GOOD, ("version",), "1"), "version"),
    "version true": (edited(GOOD, ("version",), True), "version"),
    "version 1.0": (edited(GOOD, ("version",), 1.0), "version"),
    "missing version": (edited(GOOD, ("version",), delete=True), "version"),
    "unknown field": (edited(GOOD, ("comment",), "hi"), "unknown fields"),
    # the rules
    "missing rules": (edited(GOOD, ("rules",), delete=True), "rules"),
    "rules not an object": (edited(GOOD, ("rules",), "strict"), "rules"),
    "rules missing a key": (edited(GOOD, ("rules", "transfers"), delete=True), "rules"),
    "rules extra key": (edited(GOOD, ("rules", "speed"), 3), "rules"),
    "auto_kings not bool": (edited(GOOD, ("rules", "auto_kings"), "yes"), "auto_kings"),
    "corner_streak zero": (edited(GOOD, ("rules", "corner_streak"), 0), "corner_streak"),
    "corner_streak float": (edited(GOOD, ("rules", "corner_streak"), 1.5), "corner_streak"),
    "unknown transfers": (edited(GOOD, ("rules", "transfers"), "all"), "transfers"),
    "transfers a list": (edited(GOOD, ("rules", "transfers"), ["any"]), "transfers"),
    # a seeded deal
    "missing deal": (edited(GOOD, ("deal",), delete=True), "deal"),
    "deal not an object": (edited(GOOD, ("deal",), 3), "deal"),
    "empty deal": (edited(GOOD, ("deal",), {}), "deal"),
    "seed and order": (edited(GOOD, ("deal", "order"), deal_order(3)), "deal"),
    "negative seed": (edited(GOOD, ("deal", "seed"), -1), "seed"),
    "seed too big": (edited(GOOD, ("deal", "seed"), 2**64), "seed"),
    "seed float": (edited(GOOD, ("deal", "seed"), 3.0), "seed"),
    "seed text": (edited(GOOD, ("deal", "seed"), "3"), "seed"),
    "seed bool": (edited(GOOD, ("deal", "seed"), True), "seed"),
    "seed null": (edited(GOOD, ("deal", "seed"), None), "seed"),
    "other deal algorithm": (edited(GOOD, ("deal", "algorithm"), "mt19937"), "another deal"),
    "missing algorithm": (edited(GOOD, ("deal", "algorithm"), delete=True), "deal"),
    # an explicit order
    "order too short": (edited(GOOD_ORDER, ("deal", "order"), deal_order(4)[:-1]), "104"),
    "order too long": (edited(GOOD_ORDER, ("deal", "order"), [*deal_order(4), 7]), "104"),
    "duplicate card in order": (edited(GOOD_ORDER, ("deal", "order"), _order(i9=_order()[10])), "twice"),
    "card id out of range": (edited(GOOD_ORDER, ("deal", "order"), _order(i9=104)), "0..103"),
    "negative card id": (edited(GOOD_ORDER, ("deal", "order"), _order(i9=-1)), "0..103"),
    "non-int card id": (edited(GOOD_ORDER, ("deal", "order"), _order(i9=5.0)), "card ids"),
    "bool card id": (edited(GOOD_ORDER, ("deal", "order"), _order(i9=True)), "card ids"),
    "card as text": (edited(GOOD_ORDER, ("deal", "order"), _order(i9="7H")), "card ids"),
    "order not a list": (edited(GOOD_ORDER, ("deal", "order"), "0 1 2"), "card ids"),
    "order not starting with an Ace": (
        edited(GOOD_ORDER, ("deal", "order"), _order(i0=_order()[1], i1=0)),
        "Ace",
    ),
    # a staged position
    "position missing a pile": (
        edited(GOOD_POSITION, ("deal", "position", "waste"), delete=True),
        "every pile",
    ),
    "position extra pile": (edited(GOOD_POSITION, ("deal", "position", "n3"), []), "every pile"),
    "position pile not a list": (edited(GOOD_POSITION, ("deal", "position", "c"), 0), "card ids"),
    "position pile of text": (edited(GOOD_POSITION, ("deal", "position", "c"), ["AS"]), "card ids"),
    "position bad centre sequence": (edited(GOOD_POSITION, ("deal", "position", "c"), [0, 2]), "one rank"),
    "position centre without its Ace": (edited(GOOD_POSITION, ("deal", "position", "c"), []), "base Ace"),
    "position corner not from a King": (edited(GOOD_POSITION, ("deal", "position", "nw"), [11]), "King"),
    "position bad corner sequence": (edited(GOOD_POSITION, ("deal", "position", "nw"), [12, 10]), "one rank"),
    "position sail of two cards": (
        edited(GOOD_POSITION, ("deal", "position", "n1"), [14, 15]),
        "at most one",
    ),
    "position empty sail with a stock": (
        edited(GOOD_POSITION, ("deal", "position", "stock"), [20]),
        "refilled",
    ),
    "position card twice": (edited(GOOD_POSITION, ("deal", "position", "waste"), [14]), "twice"),
    "position card id out of range": (edited(GOOD_POSITION, ("deal", "position", "s1"), [300]), "0..103"),
    "position corner_run negative": (edited(GOOD_POSITION, ("deal", "corner_run"), -2), "corner_run"),
    "position corner_run text": (edited(GOOD_POSITION, ("deal", "corner_run"), "0"), "corner_run"),
    "position missing corner_run": (edited(GOOD_POSITION, ("deal", "corner_run"), delete=True), "deal"),
    # the moves and the cursor
    "missing moves": (edited(GOOD, ("moves",), delete=True), "moves"),
    "moves not a list": (edited(GOOD, ("moves",), "deal deal"), "moves"),
    "too many moves": (edited(GOOD, ("moves",), ["deal"] * (MAX_MOVES + 1)), "moves"),
    "move not text": (edited(GOOD, ("moves", 0), 17), "Move 1"),
    "move null": (edited(GOOD, ("moves", 0), None), "Move 1"),
    "unreadable move": (edited(GOOD, ("moves", 2), "fly>c"), "Move 3"),
    "forged illegal move": (edited(GOOD, ("moves", 0), "waste>c"), "cannot be played"),
    "move into the stock": (edited(GOOD, ("moves", 0), "n1>stock"), "Nothing goes back into the stock"),
    "a redeal": (edited(GOOD, ("moves",), ["deal"] * 96), "no redeal"),
    "move after the win": (edited(GOOD_POSITION, ("moves",), ["n1>c", "e1>nw", "deal"]), "Move 3"),
    "missing cursor": (edited(GOOD, ("cursor",), delete=True), "cursor"),
    "cursor negative": (edited(GOOD, ("cursor",), -1), "cursor"),
    "cursor past the end": (edited(GOOD, ("cursor",), 9), "cursor"),
    "cursor float": (edited(GOOD, ("cursor",), 2.0), "cursor"),
    "cursor bool": (edited(GOOD, ("cursor",), True), "cursor"),
    "cursor text": (edited(GOOD, ("cursor",), "3"), "cursor"),
    "cursor NaN": (json.dumps(GOOD)[:-1].rsplit('"cursor"', 1)[0] + '"cursor": NaN}', "cursor"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_save_files_raise_a_clear_save_file_error(name: str) -> None:
    text, message = MALFORMED[name]
    with pytest.raises(SaveFileError) as err:
        Game.from_json(text)  # type: ignore[arg-type]
    assert message in str(err.value)
    assert str(err.value)[0].isupper() and str(err.value).rstrip().endswith((".", ")")), str(err.value)


def test_the_unmodified_bases_load() -> None:
    # Guards the table above: each malformed file differs from a valid one only where it says.
    for base in (GOOD, GOOD_ORDER, GOOD_POSITION):
        Game.from_json(json.dumps(base))
    assert json.dumps(GOOD).endswith('"cursor": 6}') and len(GOOD["moves"]) == 8
    assert Card.from_id(_order()[1]).rank != 1


def test_save_file_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Game.from_json("{}")


def test_a_forged_move_midway_gives_no_game_at_all() -> None:
    doc = json.loads(played(Game(seed=3), 30).to_json())
    doc["moves"][20] = "c>n1"
    with pytest.raises(SaveFileError, match="Move 21"):
        Game.from_json(json.dumps(doc))


# -- files written by windmill_widget 0.1 ----------------------------------------------------------------
V1 = json.loads((Path(__file__).parent / "data" / "windmill_v1_saves.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("saved", V1["games"], ids=lambda d: d["label"])
def test_windmill_files_written_by_the_one_game_version_still_load(saved: dict) -> None:
    # Written by the code at bf2b8c1 itself (tests/data/make_windmill_v1.py), not by today's.
    assert json.loads(saved["file"])["format"] == "windmill-game"
    for g in (Game.from_json(saved["file"]), load_game(saved["file"])):
        assert type(g) is Game
        assert {name: [c.id for c in pile] for name, pile in g.piles().items()} == saved["piles"]
        assert [str(m) for m in g.history] == saved["history"]
        assert [str(m) for m in g.redo_moves] == saved["redo"]
        assert g.corner_run == saved["corner_run"] and g.status == saved["status"]
    with pytest.raises(SaveFileError, match="This is a Windmill save file, not a Crazy Quilt one"):
        QuiltGame.from_json(saved["file"])


# -- Crazy Quilt ------------------------------------------------------------------------------------------
QUILT_PRESETS = [
    QuiltRules.literal(), QuiltRules.common(), QuiltRules(redeals=3), QuiltRules(turn_to="waste", redeals=0),
]  # fmt: skip


def quilt_state(g: QuiltGame) -> tuple:
    return g.seed, g.rules, g.piles(), g.history, g.redo_moves, g.redeals_left, g.status, g.position()


@pytest.mark.parametrize("rules", QUILT_PRESETS, ids=repr)
def test_quilt_game_round_trips_with_its_undo_redo_position(rules: QuiltRules) -> None:
    g = played(QuiltGame(seed=31, rules=rules), 120, undo=9)
    assert g.redo_moves
    text = g.to_json()
    for h in (QuiltGame.from_json(text), load_game(text)):
        assert type(h) is QuiltGame and quilt_state(h) == quilt_state(g)
        assert h.to_json() == text
    h = QuiltGame.from_json(text)
    for _ in range(9):
        assert h.redo() == g.redo()
    assert quilt_state(h) == quilt_state(g)


def test_the_quilt_file_names_its_game_and_records_rules_deal_moves_and_cursor() -> None:
    g = played(QuiltGame(seed=5, rules=QuiltRules.common()), 12, undo=2)
    assert json.loads(g.to_json(indent=2)) == {
        "format": "windmill_widget-game",
        "version": 2,
        "game": "crazy-quilt",
        "rules": {"turn_to": "waste", "redeals": 1},
        "deal": {"seed": 5, "algorithm": DEAL_ALGORITHM},
        "moves": [str(m) for m in (*g.history, *g.redo_moves)],
        "cursor": 10,
    }


def test_quilt_from_order_and_from_position_games_round_trip() -> None:
    order = crazy_quilt.deal_order(8)[::-1]
    g = played(QuiltGame.from_order(order, rules=QuiltRules(redeals=2)), 60, undo=3)
    assert json.loads(g.to_json())["deal"] == {"order": order}
    assert quilt_state(QuiltGame.from_json(g.to_json())) == quilt_state(g)

    g = QuiltGame.from_position(
        quilt={"b8": "KC", "c8": "9H", "d8": "2H"}, waste=["5S"], stock=["3C"], hand="9D", redeals_used=1,
        foundations={"S+": ["AS", "2S", "3S", "4S"]}, rules=QuiltRules(redeals=2),
    )  # fmt: skip
    played(g, 6, undo=1, seed=2)
    h = QuiltGame.from_json(g.to_json())
    assert quilt_state(h) == quilt_state(g) and h.seed is None and repr(h) == repr(g)
    assert json.loads(g.to_json())["deal"]["redeals_used"] == 1


def test_quilt_sampled_won_and_bytes_games_round_trip() -> None:
    s = played(played(QuiltGame(seed=9), 40).view().sample(1), 20)
    assert quilt_state(QuiltGame.from_json(s.to_json())) == quilt_state(s)
    won = QuiltGame.from_json(json.dumps(Q_WON))
    won.play("hand>H+")
    assert won.status == "won" and quilt_state(QuiltGame.from_json(won.to_json())) == quilt_state(won)
    g = played(QuiltGame(seed=2), 10)
    assert quilt_state(QuiltGame.from_json(g.to_json().encode("utf-8"))) == quilt_state(g)


def test_a_crazy_quilt_file_is_refused_as_windmill_and_a_windmill_file_as_crazy_quilt() -> None:
    quilt_file, windmill_file = QuiltGame(seed=1).to_json(), Game(seed=1).to_json()
    with pytest.raises(SaveFileError) as err:
        Game.from_json(quilt_file)
    assert str(err.value) == (
        "This is a Crazy Quilt save file, not a Windmill one: load it with QuiltGame.from_json(...), "
        "or with windmill_widget.load_game(...) for any game."
    )
    with pytest.raises(SaveFileError) as err:
        QuiltGame.from_json(windmill_file)
    assert str(err.value) == (
        "This is a Windmill save file, not a Crazy Quilt one: load it with Game.from_json(...), "
        "or with windmill_widget.load_game(...) for any game."
    )
    assert type(load_game(quilt_file)) is QuiltGame and type(load_game(windmill_file)) is Game


Q_GOOD = json.loads(played(QuiltGame(seed=3), 12, undo=2).to_json())
Q_ORDER = json.loads(QuiltGame.from_order(crazy_quilt.deal_order(4)).to_json())
Q_POSITION = json.loads(
    QuiltGame.from_position(
        quilt={"b8": "KC", "c8": "9H", "d8": "2H", "e8": "7C", "f8": "QD"},
        waste=["5S"], stock=["3C", "4D"], hand="9D",
    ).to_json()
)  # fmt: skip
Q_WON = json.loads(
    QuiltGame.from_position(hand="KH", foundations={"H+": [r + "H" for r in "A23456789TJQ"]}).to_json()
)
Q_FULL = json.loads(QuiltGame.from_position(**QuiltGame(seed=5).position()).to_json())  # all 104 cards


def _q_order(**changes: object) -> list:
    order = list(Q_ORDER["deal"]["order"])
    for i, v in changes.items():
        order[int(i[1:])] = v
    return order


Q_MALFORMED: dict[str, tuple[object, str]] = {
    # the envelope
    "wrong format": (edited(Q_GOOD, ("format",), "windmill-game"), "old files have version 1"),
    "other format": (edited(Q_GOOD, ("format",), "quilt-game"), "not a windmill_widget save file"),
    "newer version": (edited(Q_GOOD, ("version",), 3), "version 3"),
    "version as text": (edited(Q_GOOD, ("version",), "2"), "version"),
    "missing game": (edited(Q_GOOD, ("game",), delete=True), "does not know"),
    "game by an alias": (edited(Q_GOOD, ("game",), "quilt"), "'crazy-quilt'"),
    "game windmill": (edited(Q_GOOD, ("game",), "windmill"), "This is a Windmill save file"),
    "unknown field": (edited(Q_GOOD, ("comment",), "hi"), "unknown fields"),
    "missing moves": (edited(Q_GOOD, ("moves",), delete=True), "moves"),
    "missing cursor": (edited(Q_GOOD, ("cursor",), delete=True), "cursor"),
    "duplicate field": (json.dumps(Q_GOOD)[:-1] + ', "moves": []}', "twice"),
    "duplicate rules key": (json.dumps(Q_GOOD).replace('"redeals": 1', '"redeals": 1, "redeals": 0'),
                            "twice"),
    # the rules
    "missing rules": (edited(Q_GOOD, ("rules",), delete=True), "rules"),
    "rules a preset name": (edited(Q_GOOD, ("rules",), "literal"), "QuiltRules must be an object"),
    "rules missing a key": (edited(Q_GOOD, ("rules", "redeals"), delete=True), "exactly the keys"),
    "rules extra key": (edited(Q_GOOD, ("rules", "speed"), 3), "exactly the keys"),
    "Windmill's rules": (edited(Q_GOOD, ("rules",), Rules().to_dict()), "exactly the keys"),
    "turn_to unknown": (edited(Q_GOOD, ("rules", "turn_to"), "stock"), "turn_to must be one of"),
    "redeals 4": (edited(Q_GOOD, ("rules", "redeals"), 4), "redeals must be a whole number from 0 to 3"),
    "redeals -1": (edited(Q_GOOD, ("rules", "redeals"), -1), "redeals must be"),
    "redeals 1.0": (edited(Q_GOOD, ("rules", "redeals"), 1.0), "redeals must be"),
    "redeals true": (edited(Q_GOOD, ("rules", "redeals"), True), "redeals must be"),
    "redeals text": (edited(Q_GOOD, ("rules", "redeals"), "1"), "redeals must be"),
    # a seeded deal
    "seed negative": (edited(Q_GOOD, ("deal", "seed"), -1), "seed"),
    "seed float": (edited(Q_GOOD, ("deal", "seed"), 3.0), "seed"),
    "other deal algorithm": (edited(Q_GOOD, ("deal", "algorithm"), "mt19937"), "another deal"),
    "seed and position": (edited(Q_GOOD, ("deal", "position"), {}), "deal"),
    # an explicit order
    "order too short": (edited(Q_ORDER, ("deal", "order"), _q_order()[:-1]), "lists 96 cards; got 95"),
    "order too long": (edited(Q_ORDER, ("deal", "order"), [*_q_order(), 7]), "lists 96 cards; got 97"),
    "order of 104 cards": (edited(Q_ORDER, ("deal", "order"), list(range(104))), "lists 96 cards; got 104"),
    "order with a base card": (edited(Q_ORDER, ("deal", "order"), _q_order(i3=0)), "starts a foundation"),
    "duplicate card in order": (edited(Q_ORDER, ("deal", "order"), _q_order(i9=_q_order()[10])), "twice"),
    "card id out of range": (edited(Q_ORDER, ("deal", "order"), _q_order(i9=104)), "0..103"),
    "card as text": (edited(Q_ORDER, ("deal", "order"), _q_order(i9="7H")), "card ids"),
    # a staged position
    "position with 105 cards": (
        edited(Q_FULL, ("deal", "position", "waste"), [Q_FULL["deal"]["position"]["a1"][0]]),
        "used twice",
    ),
    "two copies of one id": (
        edited(Q_POSITION, ("deal", "position", "waste"), [*Q_POSITION["deal"]["position"]["b8"]]),
        "used twice",
    ),
    "card id out of range in a pile": (edited(Q_POSITION, ("deal", "position", "stock"), [300]), "0..103"),
    "negative card id": (edited(Q_POSITION, ("deal", "position", "stock"), [-3]), "0..103"),
    "a cell with two cards": (edited(Q_POSITION, ("deal", "position", "a1"), [3, 4]), "at most one card"),
    "a hand with two cards": (edited(Q_POSITION, ("deal", "position", "hand"), [3, 4]), "at most one card"),
    "a hand under the common rules": (
        edited(Q_POSITION, ("rules", "turn_to"), "waste"),
        "These rules hold no card in hand",
    ),
    "foundation out of sequence": (
        edited(Q_POSITION, ("deal", "position", "S+"), [0, 2]),
        "builds up in suit, one rank at a time; the 3♠ cannot follow the A♠",
    ),
    "foundation in another suit": (
        edited(Q_POSITION, ("deal", "position", "S+"), [0, 66]),  # the 2♥ of deck 1
        "builds up in suit",
    ),
    "foundation without its base": (edited(Q_POSITION, ("deal", "position", "H-"), []), "at least its base"),
    "foundation on the wrong base": (edited(Q_POSITION, ("deal", "position", "H-"), [64]),
                                     "starts with the K♥, not the K♠"),
    "foundation of 14 cards": (
        edited(Q_POSITION, ("deal", "position", "S+"), [0, *range(53, 65), 52]),  # deck 1's spades
        "at most 13 cards",
    ),
    "redeals_used beyond the rules": (edited(Q_POSITION, ("deal", "redeals_used"), 2), "redeals_used"),
    "redeals_used negative": (edited(Q_POSITION, ("deal", "redeals_used"), -1), "redeals_used"),
    "redeals_used text": (edited(Q_POSITION, ("deal", "redeals_used"), "0"), "redeals_used"),
    "missing redeals_used": (edited(Q_POSITION, ("deal", "redeals_used"), delete=True), "deal"),
    "unknown pile": (edited(Q_POSITION, ("deal", "position", "i9"), [5]), "pile names"),
    "Windmill's piles": (edited(Q_POSITION, ("deal", "position", "c"), [0]), "pile names"),
    "position not an object": (edited(Q_POSITION, ("deal", "position"), [1, 2]), "pile names"),
    "pile not a list": (edited(Q_POSITION, ("deal", "position", "stock"), 5), "card ids"),
    "pile of text": (edited(Q_POSITION, ("deal", "position", "stock"), ["AS"]), "card ids"),
    # the moves and the cursor
    "a blocked card": (edited(Q_GOOD, ("moves", 0), "c2>waste"), "lies across"),
    "a card to the wrong foundation": (edited(Q_GOOD, ("moves", 0), "a1>H+"), "cannot be played"),
    "a move onto the quilt": (edited(Q_GOOD, ("moves", 0), "waste>a1"), "never filled"),
    "unreadable move": (edited(Q_GOOD, ("moves", 1), "fly>S+"), "Move 2"),
    "move not text": (edited(Q_GOOD, ("moves", 0), ["turn"]), "Move 1"),
    "a second redeal": (edited(Q_GOOD, ("moves",), ["turn"] * 32 + ["redeal"] + ["turn"] * 32 + ["redeal"]),
                        "Move 66"),
    "turning an empty stock": (edited(Q_POSITION, ("moves",), ["turn"] * 3), "Move 3 ('turn')"),
    "a move after the win": (edited(Q_WON, ("moves",), ["hand>H+", "turn"]), "Move 2 ('turn')"),
    "cursor past the end": (edited(Q_GOOD, ("cursor",), 13), "cursor"),
    "cursor negative": (edited(Q_GOOD, ("cursor",), -1), "cursor"),
    "cursor float": (edited(Q_GOOD, ("cursor",), 2.0), "cursor"),
    "cursor bool": (edited(Q_GOOD, ("cursor",), False), "cursor"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(Q_MALFORMED))
def test_malformed_quilt_save_files_raise_a_clear_save_file_error(name: str) -> None:
    text, message = Q_MALFORMED[name]
    with pytest.raises(SaveFileError) as err:
        QuiltGame.from_json(text)  # type: ignore[arg-type]
    assert message in str(err.value)
    assert str(err.value)[0].isupper() and str(err.value).rstrip().endswith((".", ")")), str(err.value)
    with pytest.raises(SaveFileError):
        load_game(text)  # type: ignore[arg-type]


def test_the_unmodified_quilt_bases_load() -> None:
    # Guards the table above: each malformed file differs from a valid one only where it says.
    for base in (Q_GOOD, Q_ORDER, Q_POSITION, Q_FULL):
        QuiltGame.from_json(json.dumps(base))
    assert len(Q_GOOD["moves"]) == 12 and Q_GOOD["cursor"] == 10
    assert sum(map(len, Q_FULL["deal"]["position"].values())) == 104
    assert set(Q_POSITION["deal"]["position"]) >= {"hand", "stock", "waste", "b8", *crazy_quilt.FOUNDATIONS}


# -- every message is short, whatever the input --------------------------------------------------------
BIG = "x" * 3_000_000
JUNK = {
    "a 3 MB string": BIG,
    "a deep nesting": [[[[[[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]]]]]],
    "a huge int": 10**4000,
}
BASES = {
    "windmill seed": (Game, GOOD),
    "windmill order": (Game, GOOD_ORDER),
    "windmill position": (Game, GOOD_POSITION),
    "quilt seed": (QuiltGame, Q_GOOD),
    "quilt order": (QuiltGame, Q_ORDER),
    "quilt position": (QuiltGame, Q_POSITION),
}


def _paths(doc: Any, path: tuple = ()) -> list[tuple]:
    """Every field of a save file: each key of each object, the first and last item of each list."""
    out = [path] if path else []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, (*path, key))
    elif isinstance(doc, list) and doc:
        out += _paths(doc[0], (*path, 0)) + _paths(doc[-1], (*path, len(doc) - 1))
    return out


FUZZ = [
    (base, path, junk)
    for base, (_cls, doc) in BASES.items()
    for path in _paths(doc)
    for junk in JUNK
    if not (junk == "a 3 MB string" and base.endswith("position") and path[:2] == ("deal", "position")
            and len(path) > 3)  # a few hundred piles of 3 MB each add nothing to the piles' own cases
]  # fmt: skip


@pytest.mark.parametrize(
    ("base", "path", "junk"), FUZZ, ids=[f"{b}-{'.'.join(map(str, p))}-{j}" for b, p, j in FUZZ]
)
def test_every_field_fuzzed_gives_a_short_message(base: str, path: tuple, junk: str) -> None:
    cls, doc = BASES[base]
    text = edited(doc, path, JUNK[junk])
    try:
        cls.from_json(text)
    except SaveFileError as err:
        assert len(str(err)) <= 300, str(err)[:1000]
    else:
        # Only a count with no upper bound may take a huge number: Windmill's corner_streak (a rule
        # option: "at most this many corner cards in a row") and corner_run.
        assert junk == "a huge int" and path[-1] in ("corner_streak", "corner_run"), "loaded"


@pytest.mark.parametrize("base", sorted(BASES))
def test_a_3_mb_unknown_key_gives_a_short_message(base: str) -> None:
    cls, doc = BASES[base]
    for where in ((), ("rules",), ("deal",)):
        text = edited(doc, (*where, BIG), 1)
        with pytest.raises(SaveFileError) as err:
            cls.from_json(text)
        assert len(str(err.value)) <= 300, str(err.value)[:1000]
