"""Crazy Quilt's public API beside its rules: notation, construction, describe/describe_last, copy,
restart, position() round trips, repr, the text picture and the SVG (spaces, a held card, an empty
stock), and the player view."""

from __future__ import annotations

import copy
import pickle
import random
import re
import xml.etree.ElementTree as ET

import pytest

from windmill_widget import (
    Card,
    IllegalMove,
    QuiltGame,
    QuiltMove,
    QuiltRules,
    QuiltView,
    Status,
    find_game,
    load_game,
)
from windmill_widget.core import PlayerView  # the core's (the package's PlayerView is Windmill's)
from windmill_widget.games.crazy_quilt import CELLS, FOUNDATIONS, PILES, deal_order

SVG = "{http://www.w3.org/2000/svg}"


def played(g: QuiltGame, n: int, seed: int = 0) -> QuiltGame:
    rng = random.Random(seed)
    for _ in range(n):
        if not g.legal_moves():
            break
        g.play(rng.choice(g.legal_moves()))
    return g


def state(g: QuiltGame) -> tuple:
    return g.position(), g.history, g.redo_moves, g.status


# -- notation ------------------------------------------------------------------------------------------
def test_every_move_prints_canonically_and_reads_back() -> None:
    # 'S->a1' once read as 'S' '->' 'a1': the King foundations' '-' met the arrow.
    for a in PILES:
        for b in PILES:
            m = QuiltMove(a, b)
            assert QuiltMove.parse(str(m)) is m and QuiltMove(str(m)) is m
    assert str(QuiltMove("S-", "a1")) == "S->a1"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("D1 -> s+", "d1>S+"), ("c8 to ♥+", "c8>H+"), ("waste>h-", "waste>H-"), ("S- -> waste", "S->waste"),
        ("s- a1", "S->a1"), ("S-->S+", "S->S+"), ("hand waste", "hand>waste"),
        ("card in hand > C+", "hand>C+"),
        ("T", "turn"), ("deal", "turn"), ("stock>hand", "turn"), ("R", "redeal"), ("waste>stock", "redeal"),
        ("hearts up > waste", "H+>waste"), ("  b2   >   D-  ", "b2>D-"),
    ],
)  # fmt: skip
def test_notation_is_read_tolerantly(text: str, canonical: str) -> None:
    assert str(QuiltMove.parse(text)) == canonical
    assert QuiltMove.parse(text) == canonical and hash(QuiltMove.parse(text)) == hash(canonical)


@pytest.mark.parametrize("text", ["", "a9>S+", "a1", "a1>b1>c1", "S+-", "turn over", "x" * 41])
def test_unreadable_moves_are_refused_with_the_notation_rule(text: str) -> None:
    with pytest.raises(ValueError):
        QuiltMove.parse(text)
    with pytest.raises(IllegalMove) as err:
        QuiltGame(seed=1).play(text)
    assert err.value.rule == "notation" and len(str(err.value)) < 300


def test_moves_of_one_game_are_not_moves_of_the_other() -> None:
    from windmill_widget import Move

    assert QuiltMove.parse("turn") != Move.parse("deal") and QuiltMove("waste", "S+") != "waste>c"
    with pytest.raises(ValueError, match="another game"):
        QuiltMove(Move.parse("deal"))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        QuiltGame(seed=1).play("n1>c")


# -- construction --------------------------------------------------------------------------------------
def test_from_order_takes_cards_ids_or_text() -> None:
    order = deal_order(9)
    cards = [Card.from_id(i) for i in order]
    assert (
        QuiltGame.from_order(order).piles()
        == QuiltGame(seed=9).piles()
        == QuiltGame.from_order(cards).piles()
    )
    texts = QuiltGame.from_order([str(c) for c in cards])  # text takes the first copy not yet used
    assert {n: [str(c) for c in p] for n, p in texts.piles().items()} == {
        n: [str(c) for c in p] for n, p in QuiltGame(seed=9).piles().items()
    }
    assert texts.seed is None and repr(texts).startswith("<QuiltGame from_order ")


def test_the_registry_finds_crazy_quilt_by_any_of_its_names() -> None:
    for name in ("crazy-quilt", "Crazy Quilt", "quilt", "Carpet", "japanese rug", "crazy_quilt"):
        assert find_game(name) is QuiltGame
    assert QuiltGame(seed=1).view().game == "crazy-quilt"


def test_a_game_without_a_seed_records_a_random_one() -> None:
    g = QuiltGame()
    assert isinstance(g.seed, int) and QuiltGame(seed=g.seed).piles() == g.piles()


def test_rules_must_be_quilt_rules() -> None:
    from windmill_widget import Rules

    with pytest.raises(TypeError, match="QuiltRules"):
        QuiltGame(seed=1, rules=Rules())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="QuiltRules"):
        QuiltGame.from_position(rules="literal")  # type: ignore[arg-type]


# -- copy, restart, position ---------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [QuiltRules.literal(), QuiltRules.common()], ids=repr)
def test_copy_is_independent_and_keeps_the_history(rules: QuiltRules) -> None:
    g = played(QuiltGame(seed=4, rules=rules), 50)
    g.undo()
    h = g.copy()
    assert state(h) == state(g) and h.seed == g.seed
    h.redo()
    played(h, 30, seed=1)
    assert state(g) != state(h) and len(g.history) == 49 and g.can_redo
    for other in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g)):
        assert state(other) == state(g)


def test_restart_goes_back_to_the_deal_or_the_staged_position() -> None:
    g = QuiltGame(seed=4)
    start = g.position()
    played(g, 80)
    g.undo()
    g.restart()
    assert g.position() == start and g.history == () and not g.can_redo and not g.can_undo

    staged = QuiltGame.from_position(quilt={"a1": "2H"}, waste=["9C"], hand="5D", redeals_used=1)
    start = staged.position()
    played(staged, 5)
    staged.restart()
    assert staged.position() == start and staged.redeals_left == 0 and staged.top("hand") == Card("5D")


@pytest.mark.parametrize(
    "rules", [QuiltRules.literal(), QuiltRules.common(), QuiltRules(redeals=3)], ids=repr
)
@pytest.mark.parametrize("moves", [0, 40, 120, 400])
def test_position_round_trips_through_from_position(rules: QuiltRules, moves: int) -> None:
    g = played(QuiltGame(seed=moves + 1, rules=rules), moves)
    h = QuiltGame.from_position(**g.position())
    assert h.piles() == g.piles() and h.position() == g.position()
    assert (h.rules, h.redeals_left, h.status, h.legal_moves()) == (
        g.rules,
        g.redeals_left,
        g.status,
        g.legal_moves(),
    )
    assert h.history == () and h.seed is None


# -- describing moves ----------------------------------------------------------------------------------
def test_describe_and_describe_last_say_what_a_move_does() -> None:
    g = QuiltGame.from_position(quilt={"a1": "2S", "c1": "6H"}, waste=["5H", "3D"], hand="2H", stock=["9C"])
    assert g.describe_last() == ""
    assert g.describe("a1>S+") == "the 2 of spades from a1 to foundation S+"
    assert g.describe("hand>waste") == "the 2 of hearts from the hand to the waste"
    assert (
        g.describe("turn")
        == "turn up the next card of the stock (the 2 of hearts in hand goes onto the waste)"
    )
    g.play("a1>S+")
    assert g.describe_last() == "2 of spades from a1 to foundation S+."
    g.play("hand>H+")
    assert g.describe_last() == "2 of hearts from the hand to foundation H+."
    g.play("turn")
    assert g.describe_last() == "Turned up the 9 of clubs; the stock is empty now."
    g.undo()
    g.undo()
    g.play("turn")  # with the 2♥ still in hand: it goes onto the waste by itself
    assert g.describe_last() == (
        "Turned up the 9 of clubs (the 2 of hearts in hand went onto the waste); the stock is empty now."
    )
    assert (
        g.describe("redeal")
        == "turn the waste over as a new stock (the 9 of clubs in hand goes onto the waste)"
    )
    g.play("redeal")
    assert g.describe_last() == (
        "Put the 9 of clubs in hand on the waste and turned the waste over: 4 cards make the new stock "
        "(0 redeals left)."
    )
    c = QuiltGame.from_position(
        quilt={"a1": "6H"}, waste=["5H"], stock=["9C", "8D"], rules=QuiltRules.common()
    )
    c.play("turn")
    assert c.describe_last() == "Turned up the 8 of diamonds; 1 left in the stock."
    c.undo()
    c.play("a1>waste")
    assert c.describe_last() == "6 of hearts from a1 to the waste."


# -- repr, text and pictures ---------------------------------------------------------------------------
def test_repr_is_deterministic() -> None:
    assert (
        repr(QuiltGame(seed=7))
        == "<QuiltGame seed=7 QuiltRules.literal() moves=0 playing foundations=8/104, 16 free>"
    )
    g = played(QuiltGame(seed=7, rules=QuiltRules(turn_to="waste", redeals=2)), 30)
    assert repr(g) == repr(QuiltGame.from_json(g.to_json()))
    assert repr(g).startswith("<QuiltGame seed=7 QuiltRules(turn_to='waste', redeals=2) moves=30 ")
    assert repr(QuiltMove("S-", "a1")) == "QuiltMove('S->a1')" and eval(
        repr(QuiltRules(redeals=3))
    ) == QuiltRules(redeals=3)
    assert re.fullmatch(r"<QuiltView crazy-quilt stock=\d+ legal=\[.*\]>", repr(g.view()))


def _late() -> QuiltGame:
    """A quilt with spaces, a card in hand, an empty stock and a long waste."""
    g = QuiltGame(seed=11)
    rng = random.Random(3)
    while g.pile("stock"):
        g.play(rng.choice([m for m in g.legal_moves() if str(m) != "hand>waste"]))
    assert g.top("hand") is not None and len(g.pile("waste")) > 6
    assert 0 < sum(1 for c in CELLS if g.top(c) is None) < 64
    return g


def test_the_text_picture_shows_spaces_free_cards_the_hand_and_the_empty_stock() -> None:
    g = _late()
    lines = str(g).splitlines()
    assert lines[0].split() == list("abcdefgh") and len(lines) == 12
    for r in range(8):
        row = lines[r + 1].split()
        assert row[0] == str(r + 1)
        for cell, shown in zip(CELLS[r * 8 : r * 8 + 8], row[1:], strict=True):
            card = g.top(cell)
            assert shown == (
                "·" if card is None else f"[{card.symbol}]" if g.is_available(cell) else card.symbol
            )
    assert lines[9] == "   ".join(f"{f} {g.top(f).symbol}" for f in FOUNDATIONS[:4])
    waste = " ".join(c.symbol for c in g.pile("waste")[-5:])
    assert lines[11] == (
        f"stock 0   waste {waste} ({len(g.pile('waste'))})   hand {g.top('hand').symbol}   "
        "redeals left 1   playing"
    )
    common = QuiltGame(seed=11, rules=QuiltRules.common())
    assert "hand" not in str(common).splitlines()[-1]


def _drawn(svg: str) -> dict[str, list[ET.Element]]:
    root = ET.fromstring(svg)
    out: dict[str, list[ET.Element]] = {}
    for e in root.iter():
        if e.get("data-pile") is not None:
            out.setdefault(e.get("data-pile"), []).append(e)
    return out


def test_the_svg_draws_spaces_the_held_card_and_an_empty_stock() -> None:
    g = _late()
    svg = g._repr_svg_()
    drawn = _drawn(svg)
    for cell in CELLS:
        [e] = drawn[cell]
        card = g.top(cell)
        if card is None:  # a space: a dashed slot, lying the way its card lay
            assert e.tag == f"{SVG}rect" and e.get("stroke-dasharray")
            across = not QuiltGame.lies_upright(cell)
            assert (float(e.get("width")) > float(e.get("height"))) is across
        else:
            texts = [t.text for t in e.iter(f"{SVG}text")]
            assert texts[0] == card.symbol[:-1] and texts[1] == card.symbol[-1]
            ringed = len(e.findall(f"{SVG}rect")) == 2
            assert ringed is g.is_available(cell), cell
    [hand] = drawn["hand"]
    assert [t.text for t in hand.iter(f"{SVG}text")][:2] == [
        g.top("hand").symbol[:-1],
        g.top("hand").symbol[-1],
    ]
    [stock] = drawn["stock"]
    assert stock.get("stroke-dasharray")  # an empty slot, not a card back
    assert "stock (0), 1 redeal left" in svg and "empty" in svg
    assert len(drawn["waste"]) == 3  # the top of the fan
    assert f"waste ({len(g.pile('waste'))})" in svg
    for f in FOUNDATIONS:
        assert f"{f} {len(g.pile(f))}/13" in svg
    assert g._repr_html_().startswith("<img") and "Crazy Quilt position, seed=11" in g._repr_html_()
    assert "hand" not in _drawn(QuiltGame(seed=11, rules=QuiltRules.common()).svg())


def test_the_svg_of_a_finished_game_says_how_it_ended() -> None:
    won = QuiltGame.from_position(hand="KH", foundations={"H+": [r + "H" for r in "A23456789TJQ"]})
    won.play("hand>H+")
    lost = QuiltGame.from_position(quilt={"b4": "9C", "c4": "9H", "d4": "9D"}, redeals_used=1)
    assert won.status is Status.WON and "Won: every card is on a foundation." in won.svg()
    assert lost.status is Status.LOST and "Game over: no legal move is left." in lost.svg()
    assert QuiltGame(seed=1).outcome is None
    for g in (won, lost):
        ET.fromstring(g.svg(scale=0.5))


# -- the player view -----------------------------------------------------------------------------------
def test_the_view_shows_everything_but_the_stock_order() -> None:
    g = played(QuiltGame(seed=12), 25)
    v = g.view()
    assert isinstance(v, QuiltView) and isinstance(v, PlayerView)
    with pytest.raises(PermissionError, match="face down"):
        v.pile("stock")
    assert v.stock_count == len(g.pile("stock")) and list(v.unseen) == sorted(g.pile("stock"))
    assert v.available() == g.available() and v.quilt == {c: g.top(c) for c in CELLS}
    assert v.foundations == {f: g.pile(f) for f in FOUNDATIONS} and v.hand == g.top("hand")
    assert (v.legal_moves(), v.status, v.rules, v.redeals_left) == (
        g.legal_moves(),
        g.status,
        g.rules,
        g.redeals_left,
    )
    data = v.to_dict()
    assert data["piles"][PILES.index("stock")] == len(g.pile("stock"))
    assert PlayerView.from_dict(data).to_dict() == data
    sample = v.sample(1)  # one guess at the stock: the same position otherwise
    assert sorted(sample.pile("stock")) == sorted(g.pile("stock"))
    assert {n: p for n, p in sample.piles().items() if n != "stock"} == {
        n: p for n, p in g.piles().items() if n != "stock"
    }
    assert type(load_game(sample.to_json())) is QuiltGame
