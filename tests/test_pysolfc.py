"""PySolFC's Windmill deals by their game number: the same cards as PySolFC itself deals, on the board and
through the API; save files that deal them again; clear errors for bad numbers.

``data/pysolfc_deals.json`` was recorded by running PySolFC's own code (``data/record_pysolfc.py``
names the PySolFC version and commit); the kit deals through the ``pysol-cards`` package.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from windmill_widget import (
    SAILS,
    Card,
    Game,
    QuiltGame,
    Rules,
    SaveFileError,
    WindmillWidget,
    load_game,
    solve,
)
from windmill_widget.core import pysolfc

RECORDED = json.loads((Path(__file__).parent / "data" / "pysolfc_deals.json").read_text(encoding="utf-8"))
DEALS = RECORDED["deals"]

#: Where PySolFC's layout puts a sail (x, y on its 5 x 5 grid, y downwards, the centre at 2 2), named
#: the kit's way: the side of the centre it is on, then 1 next to the centre or 2 outside.
_SIDES = {(0, -1): "n", (1, 0): "e", (0, 1): "s", (-1, 0): "w"}


def _sail_name(where: str) -> str:
    dx, dy = (int(v) - 2 for v in where.split())
    distance = abs(dx) + abs(dy)
    return f"{_SIDES[(dx // distance, dy // distance)]}{distance}"


def _cards(text: str) -> list[Card]:
    """Recorded cards (``TH1``: rank, suit, deck) as the kit's cards."""
    return [Card(c[:2], deck=int(c[2])) for c in text.split()]


def test_the_recording_spreads_over_pysolfc_number_ranges() -> None:
    numbers = sorted(int(n) for n in DEALS)
    assert len(numbers) >= 6
    assert numbers[0] == pysolfc.MIN_NUMBER and numbers[-1] == pysolfc.MAX_NUMBER
    assert {n < pysolfc.FIRST_MT_NUMBER for n in numbers} == {True, False}  # both generators
    assert {31999, 32000} <= set(numbers)  # either side of the switch
    assert RECORDED["pysolfc_version"] and len(RECORDED["pysolfc_commit"]) == 40


@pytest.mark.parametrize("number", list(DEALS), ids=lambda n: f"pysolfc{n}")
def test_the_deal_is_the_one_pysolfc_deals(number: str) -> None:
    recorded = DEALS[number]
    game = Game.from_pysolfc(int(number))
    assert list(game.pile("c")) == _cards(recorded["centre"])
    assert {_sail_name(where) for where in recorded["sails"]} == set(SAILS)
    for where, cards in recorded["sails"].items():
        assert list(game.pile(_sail_name(where))) == _cards(cards), where
    assert all(not corner for corner in recorded["corners"])
    assert all(not game.pile(name) for name in ("nw", "ne", "se", "sw"))
    assert list(game.pile("waste")) == _cards(recorded["waste"])
    assert list(game.pile("stock")) == _cards(recorded["talon"])  # both list the next card dealt last
    assert game.total_cards == 104 and len({c.id for p in game.piles().values() for c in p}) == 104


def test_a_pysolfc_game_plays_on_from_pysolfc_s_first_waste_card() -> None:
    game = Game.from_pysolfc(1000)
    turned = game.top("waste")
    next_card = game.pile("stock")[-1]
    assert (game.seed, game.pysolfc, game.origin) == (None, 1000, "pysolfc=1000")
    assert repr(game) == "<Game pysolfc=1000 Rules.pysolfc() moves=0 playing centre=1/52>"
    game.deal()
    assert game.pile("waste")[-2:] == (turned, next_card)
    game.restart()
    assert game.top("waste") == turned and len(game.pile("stock")) == 94


def test_the_rules_default_to_the_pysolfc_preset_and_can_be_chosen() -> None:
    assert Game.from_pysolfc(5).rules == Rules.pysolfc()
    strict = Game.from_pysolfc(5, rules=Rules.strict())
    assert strict.rules == Rules.strict() and strict.piles() == Game.from_pysolfc(5).piles()
    with pytest.raises(TypeError, match="rules must be a Rules value"):
        Game.from_pysolfc(5, rules="pysolfc")


@pytest.mark.parametrize(
    ("number", "error", "message"),
    [
        (0, ValueError, "from 1 to 10\\*\\*20, not 0"),
        (-3, ValueError, "not -3"),
        (10**20 + 1, ValueError, "from 1 to 10\\*\\*20"),
        (1.0, TypeError, "a whole number, not 1.0"),
        ("12345", TypeError, "not '12345'"),
        (True, TypeError, "not True"),
        (None, TypeError, "not None"),
    ],
)
def test_a_bad_number_is_refused_clearly(number: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        Game.from_pysolfc(number)  # type: ignore[arg-type]


def test_without_pysol_cards_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pysol_cards.random", None)
    with pytest.raises(ModuleNotFoundError, match=r'pip install "windmill_widget\[pysolfc\]"'):
        Game.from_pysolfc(12345)
    with pytest.raises(ValueError, match="not 0"):  # a bad number is told first
        Game.from_pysolfc(0)
    assert Game(seed=3).status.value == "playing"  # nothing else needs it


def test_the_largest_number_is_pysol_cards_own() -> None:
    from pysol_cards.random import LCRandom31, MTRandom

    assert pysolfc.MAX_NUMBER == MTRandom.MAX_SEED
    with pytest.raises(ValueError):
        LCRandom31(0)  # so PySolFC has no deal 0


def test_a_save_file_records_the_number_and_deals_it_again() -> None:
    game = Game.from_pysolfc(10**12, rules=Rules.relaxed())
    for move in ("deal", "deal"):
        game.play(move)
    game.undo()
    text = game.to_json()
    assert json.loads(text)["deal"] == {"pysolfc": 10**12}
    for loaded in (Game.from_json(text), load_game(text)):
        assert loaded.origin == "pysolfc=1000000000000" and loaded.rules == Rules.relaxed()
        assert loaded.piles() == game.piles()
        assert (loaded.history, loaded.redo_moves) == (game.history, game.redo_moves)
        loaded.restart()
        assert loaded.piles() == Game.from_pysolfc(10**12).piles()


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"pysolfc": 0}, "from 1 to 10\\*\\*20"),
        ({"pysolfc": "12"}, "a whole number"),
        ({"pysolfc": 12, "seed": 3}, "a seed and algorithm, an order, a PySolFC game number"),
    ],
)
def test_a_bad_pysolfc_deal_in_a_save_file_is_refused(deal: dict, message: str) -> None:
    doc = json.loads(Game.from_pysolfc(12).to_json())
    doc["deal"] = deal
    with pytest.raises(SaveFileError, match=message):
        Game.from_json(json.dumps(doc))


def test_crazy_quilt_has_no_pysolfc_deals_here() -> None:
    with pytest.raises(ValueError, match="not of Crazy Quilt"):
        QuiltGame.from_pysolfc(5)
    doc = json.loads(QuiltGame(seed=3).to_json())
    doc["deal"] = {"pysolfc": 5}
    with pytest.raises(SaveFileError, match="not of Crazy Quilt"):
        QuiltGame.from_json(json.dumps(doc))


def test_the_board_deals_a_pysolfc_game_and_names_it() -> None:
    w = WindmillWidget(pysolfc=31999)
    assert repr(w) == "<WindmillWidget pysolfc=31999 pysolfc, 0 moves, centre 1/52, playing>"
    assert w.state["message"]["text"].startswith("Windmill, PySolFC deal 31999, pysolfc rules.")
    assert w.game.piles() == Game.from_pysolfc(31999).piles()
    assert w.state["piles"]["waste"] == [c.id for c in w.game.pile("waste")]
    assert WindmillWidget(pysolfc=2, rules=Rules.classic()).game.rules == Rules.classic()


def test_new_game_deals_pysolfc_games_and_goes_on_to_the_next_number() -> None:
    w = WindmillWidget(seed=4)
    w.new_game(pysolfc=10**20)
    assert w.game.origin == "pysolfc=100000000000000000000" and w.game.rules == Rules.pysolfc()
    w.new_game()  # PySolFC's next game after its last number: the first
    assert w.game.origin == "pysolfc=1"
    assert w.state["message"]["text"].startswith("New game: PySolFC deal 1, pysolfc rules.")
    w.new_game(seed=9)  # back to the kit's own deals, keeping the rules in play
    assert (w.game.origin, w.game.rules) == ("seed=9", Rules.pysolfc())
    w.undo()
    assert w.game.origin == "pysolfc=1"


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"pysolfc": 3, "seed": 3}, ValueError, "either a seed or a PySolFC game number"),
        ({"pysolfc": -1}, ValueError, "from 1 to 10\\*\\*20"),
        ({"pysolfc": "ms123"}, TypeError, "a whole number"),
    ],
)
def test_the_board_refuses_bad_pysolfc_arguments(kwargs: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        WindmillWidget(**kwargs)
    w = WindmillWidget(seed=1)
    with pytest.raises(error, match=message):
        w.new_game(**kwargs)
    assert w.game.origin == "seed=1"  # nothing lost


def test_the_solver_plays_a_pysolfc_deal_and_its_line_replays_from_a_save_file() -> None:
    game = Game.from_pysolfc(1)
    solution = solve(game)
    assert solution.won
    for move in solution.moves:
        game.play(move)
    assert game.status.value == "won"
    replayed = Game.from_json(game.to_json())
    assert replayed.status.value == "won" and replayed.history == game.history
