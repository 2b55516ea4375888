"""Save files: a round trip keeps everything (undo/redo position included); anything malformed, corrupt or
forged raises ``SaveFileError`` with a clear message, and never yields a half-loaded game."""

from __future__ import annotations

import json
import random

import pytest

from windmill_widget import Card, Game, Rules, SaveFileError
from windmill_widget.core.deal import DEAL_ALGORITHM
from windmill_widget.core.savefile import MAX_BYTES, MAX_MOVES
from windmill_widget.games.windmill import deal_order

PRESETS = ("strict", "relaxed", "classic", "pysolfc")


def state(g: Game) -> tuple:
    return g.seed, g.rules, g.piles(), g.history, g.redo_moves, g.corner_run, g.status, g.position()


def played(g: Game, n: int, undo: int = 0, seed: int = 0) -> Game:
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
    "order too long": (edited(GOOD_ORDER, ("deal", "order"), [*deal_order(4), 7]), "twice"),
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
