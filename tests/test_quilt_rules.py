"""Crazy Quilt: one test per rule sentence of seed 002 as issue 10 and ``docs/rules.md`` state them, on
staged positions (``QuiltGame.from_position``, ``from_order``).

Each test that checks a row of the Crazy Quilt tables in ``docs/rules.md`` says so with ``@rule_row``
(quoting the row), and ``tests/test_engine_docs.py`` checks that every row has one. Refusals are checked
three ways: the move is missing from ``legal_moves()``, ``play`` raises ``IllegalMove`` with the rule's
key, and the sentence a learner reads (also from ``explain``) says why; the game is left unchanged.
"""

from __future__ import annotations

import importlib.util
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from windmill_widget import Card, IllegalMove, QuiltGame, QuiltMove, QuiltRules, Status, Termination
from windmill_widget.games.crazy_quilt import (
    BASES,
    CELLS,
    DOWN,
    FOUNDATIONS,
    PILES,
    UP,
    board,
    deal_order,
    notation,
)
from windmill_widget.games.crazy_quilt.deal import QUILT_CARDS

LITERAL, COMMON = QuiltRules.literal(), QuiltRules.common()
BOTH = pytest.mark.parametrize("rules", [LITERAL, COMMON], ids=["literal", "common"])
UP_RANKS = "A23456789TJQK"
DOC = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
QUILT_DOC = DOC.split("\n# Crazy Quilt\n")[1]


def rule_row(quote: str) -> Callable:
    """Tie a test to the row of ``docs/rules.md``'s Crazy Quilt tables that says ``quote``."""

    def mark(test: Callable) -> Callable:
        test.rule_row = quote  # type: ignore[attr-defined]
        return test

    return mark


def up(suit: str, to: str) -> list[str]:
    """An Ace foundation built up in ``suit`` from the Ace to rank ``to``."""
    return [r + suit for r in UP_RANKS[: UP_RANKS.index(to) + 1]]


def down(suit: str, to: str) -> list[str]:
    """A King foundation built down in ``suit`` from the King to rank ``to``."""
    return [r + suit for r in UP_RANKS[UP_RANKS.index(to) :][::-1]]


def state(g: QuiltGame) -> tuple:
    """Everything a refused move must leave alone."""
    return g.position(), g.history, g.redo_moves, g.status


def refused(g: QuiltGame, move: str, rule: str) -> str:
    """Assert ``move`` is illegal for ``rule`` and leaves the game untouched; return the sentence."""
    before = state(g)
    m = QuiltMove.parse(move)
    assert m not in g.legal_moves()
    with pytest.raises(IllegalMove) as err:
        g.play(move)
    assert err.value.rule == rule, str(err.value)
    assert err.value.move is m
    assert g.explain(move) == str(err.value) and not g.is_legal(move)
    assert g.view().explain(move) == str(err.value)  # the player's view gives the same words
    assert state(g) == before
    return str(err.value)


def legal(g: QuiltGame) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def faces(g: QuiltGame, name: str) -> list[str]:
    return [str(c) for c in g.pile(name)]


# -- the layout ----------------------------------------------------------------------------------------
@rule_row("Two decks. One Ace and one King of each suit are taken out as the eight foundations")
@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1])
def test_two_decks_one_ace_and_one_king_of_each_suit_are_the_foundations(seed: int) -> None:
    g = QuiltGame(seed=seed)
    cards = [c for pile in g.piles().values() for c in pile]
    assert len(cards) == 104 and sorted(cards) == list(Card._all)  # every physical card exactly once
    bases = {name: g.pile(name) for name in FOUNDATIONS}
    assert bases == {
        **{f"{s}+": (Card(rank=1, suit=s),) for s in "SHDC"},
        **{f"{s}-": (Card(rank=13, suit=s),) for s in "SHDC"},
    }  # the first deck's Aces and Kings
    assert [g.pile(n)[0].id for n in FOUNDATIONS] == list(BASES)
    assert g.cards_on_foundations == 8 and g.total_cards == 104


@rule_row("The Aces stand in a column on the **left**")
def test_the_aces_stand_on_the_left_and_the_kings_on_the_right() -> None:
    assert UP == ("S+", "H+", "D+", "C+") and DOWN == ("S-", "H-", "D-", "C-")
    root = ET.fromstring(QuiltGame(seed=3).svg())

    def left(name: str) -> float:
        [e] = [e for e in root.iter() if e.get("data-pile") == name]
        rect = e if e.tag.endswith("rect") else e.find("{http://www.w3.org/2000/svg}rect")
        return float(rect.get("x"))

    assert max(map(left, UP)) < left("a1") < left("h1") < min(map(left, DOWN))
    lines = str(QuiltGame(seed=3)).splitlines()  # the text picture lists them the same way
    assert lines[9].split()[::2] == list(UP) and lines[10].split()[::2] == list(DOWN)


@rule_row("64 are dealt **row by row from the top left**")
@BOTH
def test_96_cards_64_row_by_row_from_the_top_left_and_32_in_the_stock_first_turned_first(
    rules: QuiltRules,
) -> None:
    order = [Card.from_id(i) for i in range(104) if i not in BASES]
    random.Random(5).shuffle(order)
    g = QuiltGame.from_order(order, rules=rules)
    assert [g.pile(cell) for cell in CELLS] == [(c,) for c in order[:64]]
    assert CELLS[:9] == ("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2")
    assert QUILT_CARDS == len(CELLS) == 64  # the deal fills the cells board.json's quilt has
    assert g.pile("stock") == tuple(reversed(order[64:]))  # listed bottom to top: the top is turned first
    assert g.pile("waste") == g.pile("hand") == ()
    turned = []
    for _ in range(32):
        g.play("turn")
        turned.append(g.top("hand" if rules.held else "waste"))
    assert turned == order[64:]


def test_the_same_seed_gives_the_same_deal_and_other_seeds_other_deals() -> None:
    assert QuiltGame(seed=42).piles() == QuiltGame(seed=42).piles()
    assert QuiltGame(seed=42).piles() != QuiltGame(seed=43).piles()
    assert QuiltGame(seed=42).piles() == QuiltGame.from_order(deal_order(42)).piles()
    assert QuiltGame(seed=9, rules=COMMON).piles() == QuiltGame(seed=9).piles()  # rules do not change a deal
    assert len({tuple(deal_order(s)) for s in range(50)}) == 50


@rule_row("The cards lie **alternately upright and across**")
def test_cards_lie_alternately_upright_and_across_with_a1_upright() -> None:
    for i, cell in enumerate(CELLS):
        r, c = divmod(i, 8)
        assert QuiltGame.lies_upright(cell) is ((r + c) % 2 == 0), cell
    assert QuiltGame.lies_upright("a1") and not QuiltGame.lies_upright("b1")
    assert not QuiltGame.lies_upright("a2") and QuiltGame.lies_upright("h8")
    with pytest.raises(ValueError, match="not a quilt cell"):
        QuiltGame.lies_upright("S+")


def test_the_orientation_is_read_from_board_json_which_the_front_end_reads_too(monkeypatch) -> None:
    # One source for the engine and js/boards/quilt.js: were board.json's picture another (every card
    # turned), a fresh copy of the notation would follow it, not an alternation of its own.
    rows = board.BOARD["orientation"]["rows"]
    assert [notation.upright(i) for i in range(64)] == [mark == "|" for mark in "".join(rows)]
    turned = [row.translate(str.maketrans("|-", "-|")) for row in rows]
    monkeypatch.setitem(board.BOARD, "orientation", {"rows": turned})
    spec = importlib.util.spec_from_file_location(f"{notation.__package__}._copy", notation.__file__)
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    assert [copy.upright(i) for i in range(64)] == [mark == "|" for mark in "".join(turned)]
    monkeypatch.setitem(board.BOARD, "orientation", {"rows": [*turned[:7], "|-|-|-|"]})
    with pytest.raises(ValueError, match="8 rows of 8 marks"):
        spec.loader.exec_module(importlib.util.module_from_spec(spec))


# -- the foundations -----------------------------------------------------------------------------------
@rule_row("The Aces build **up in suit** to the King")
def test_aces_build_up_in_suit_and_kings_down_in_suit() -> None:
    # Free cells along the top edge (upright, nothing above them): a1, c1, e1, g1.
    g = QuiltGame.from_position(
        quilt={"a1": "3H", "c1": "3S", "e1": "JH", "g1": "JC"},
        foundations={"H+": up("H", "2"), "H-": down("H", "Q")},
    )
    assert {"a1>H+", "e1>H-"} <= set(legal(g))
    assert (
        refused(g, "c1>H+", "foundation-suit")
        == "Foundation H+ builds up in hearts; the 3♠ at c1 is a spade."
    )
    assert refused(g, "g1>H-", "foundation-suit") == (
        "Foundation H- builds down in hearts; the J♣ at g1 is a club."
    )
    assert refused(g, "e1>H+", "foundation-sequence") == (
        "Foundation H+ needs the 3♥ next (its top card is the 2♥); the J♥ at e1 cannot go there."
    )
    assert refused(g, "a1>H-", "foundation-sequence") == (
        "Foundation H- needs the J♥ next (its top card is the Q♥); the 3♥ at a1 cannot go there."
    )
    g.play("a1>H+")
    g.play("e1>H-")
    assert faces(g, "H+") == ["AH", "2H", "3H"] and faces(g, "H-") == ["KH", "QH", "JH"]


@rule_row("Thirteen cards each; no wrap.")
def test_a_foundation_holds_thirteen_cards_and_never_wraps() -> None:
    # Each foundation builds the whole suit from its base; then it takes nothing more, not even the
    # card that would follow in a circular sequence (seed 002's "circular" is the waste's, not theirs).
    g = QuiltGame.from_position(
        quilt={"a1": "KH", "c1": "AS", "e1": "AH", "g1": "KS"},
        foundations={"H+": up("H", "Q"), "S-": down("S", "2")},
    )
    g.play("a1>H+")
    g.play("c1>S-")
    assert len(g.pile("H+")) == len(g.pile("S-")) == 13
    assert (
        refused(g, "e1>H+", "foundation-full")
        == "Foundation H+ is complete: it has been built up to the King."
    )
    assert (
        refused(g, "g1>S-", "foundation-full")
        == "Foundation S- is complete: it has been built down to the Ace."
    )
    assert not [m for m in g.legal_moves() if m.dst in ("H+", "S-")]


@rule_row("Cards never leave a foundation.")
@BOTH
def test_cards_never_leave_a_foundation(rules: QuiltRules) -> None:
    g = QuiltGame.from_position(
        quilt={"a1": "3H"}, foundations={"H+": up("H", "4"), "H-": down("H", "5")}, waste=["6C"], rules=rules
    )
    for src in FOUNDATIONS:
        for dst in PILES:
            if dst != src:
                assert refused(g, f"{src}>{dst}", "foundation-stays") == "Cards never leave a foundation."
    rng = random.Random(1)  # nor in a whole game
    g = QuiltGame(seed=1, rules=rules)
    while g.legal_moves():
        assert not [m for m in g.legal_moves() if m.src in FOUNDATIONS]
        g.play(rng.choice(g.legal_moves()))


@rule_row("A card that fits both foundations of its suit")
@BOTH
def test_a_card_that_fits_both_foundations_of_its_suit_may_go_to_either(rules: QuiltRules) -> None:
    both = {"H+": up("H", "6"), "H-": down("H", "8")}
    g = QuiltGame.from_position(quilt={"a1": "7H", "c1": "7H"}, foundations=both, rules=rules)
    assert legal(g)[:4] == ["a1>H+", "a1>H-", "c1>H+", "c1>H-"]
    g.play("a1>H-")
    assert faces(g, "H-")[-1] == "7H" and "c1>H+" in legal(g) and "c1>H-" not in legal(g)
    g.undo()
    g.play("a1>H+")
    assert faces(g, "H+")[-1] == "7H" and "c1>H-" in legal(g) and "c1>H+" not in legal(g)

    # From the waste (and, under the literal reading, from the hand) the choice is offered too.
    g = QuiltGame.from_position(foundations=both, waste=["7H"], rules=rules)
    assert legal(g) == ["waste>H+", "waste>H-", "redeal"]
    if rules.held:
        g = QuiltGame.from_position(foundations=both, hand="7H", rules=rules)
        assert legal(g) == ["hand>H+", "hand>H-", "hand>waste", "redeal"]


# -- which cards can move ------------------------------------------------------------------------------
@rule_row("A quilt card is **available** when one of its **narrow edges** is free")
def test_a_quilt_card_is_available_when_one_of_its_narrow_edges_is_free() -> None:
    nine_up = {"H+": up("H", "8")}  # so the 9♥ is wanted: only its place in the quilt matters
    # c4 lies across: its narrow edges face b4 and d4. The cells above and below (c3, c5) do not count.
    g = QuiltGame.from_position(quilt={"b4": "2C", "c4": "9H", "d4": "3C"}, foundations=nine_up)
    assert not g.is_available("c4") and g.is_available("b4")
    why = refused(g, "c4>H+", "narrow-edge")
    # The issue's own example, word for word:
    assert why == (
        "The 9♥ at c4 lies across; the cells to its left and right, b4 and d4, are still filled, "
        "so neither narrow edge is free."
    )
    g.play("b4>C+")  # a space on one narrow edge frees it
    assert g.is_available("c4") and "c4>H+" in legal(g)
    g = QuiltGame.from_position(quilt={"c4": "9H", "d4": "3C"}, foundations=nine_up)
    assert g.is_available("c4")  # the left edge was a space from the start

    # c5 lies upright: its narrow edges face c4 and c6; the cells beside it (b5, d5) do not count.
    g = QuiltGame.from_position(quilt={"c4": "2C", "c5": "9H", "c6": "3C", "b5": "4C", "d5": "5C"})
    assert QuiltGame.lies_upright("c5") and not g.is_available("c5")
    g = QuiltGame.from_position(quilt={"c4": "2C", "c5": "9H", "c6": "3C"}, foundations={"H+": up("H", "8")})
    assert refused(g, "c5>H+", "narrow-edge") == (
        "The 9♥ at c5 lies upright; the cells above and below it, c4 and c6, are still filled, "
        "so neither narrow edge is free."
    )
    g = QuiltGame.from_position(quilt={"c5": "9H", "c6": "3C"})
    assert g.is_available("c5")

    # An edge off the quilt is free: a1 (upright, nothing above it) and h2 (across, nothing to its right)
    # are free although the cells on their other narrow edge, a2 and g2, are filled; b3 is not.
    g = QuiltGame.from_position(quilt={"a1": "9S", "a2": "2C", "h2": "9S", "g2": "3C", "a3": "4C",
                                       "b3": "5C", "c3": "6C"})  # fmt: skip
    assert g.is_available("a1") and g.is_available("h2") and not g.is_available("b3")
    assert g.available() == ["a1", "a2", "g2", "h2", "a3", "c3"]


@rule_row("At the start, 16 cards are available: four along each side.")
@pytest.mark.parametrize("seed", [0, 7, 1234, 2**63])
@BOTH
def test_at_the_start_sixteen_cards_are_available_four_along_each_side(seed: int, rules: QuiltRules) -> None:
    g = QuiltGame(seed=seed, rules=rules)
    sides = {
        "top": ["a1", "c1", "e1", "g1"],  # upright, nothing above
        "right": ["h1", "h3", "h5", "h7"],  # across, nothing to the right
        "bottom": ["b8", "d8", "f8", "h8"],  # upright, nothing below
        "left": ["a2", "a4", "a6", "a8"],  # across, nothing to the left
    }
    assert sorted(g.available()) == sorted(c for cells in sides.values() for c in cells)
    assert len(g.available()) == 16 and len(g.view().available()) == 16


@rule_row("Taking a card away frees its neighbours across their narrow edges.")
def test_playing_the_2_from_the_bottom_edge_releases_the_9_and_the_7() -> None:
    # Seed 002: "playing the 2 from the bottom edge of the diagram will release the 9 and 7". On a full
    # quilt: the 2 at d8 (upright, on the bottom edge) is free; the 9 at c8 and the 7 at e8 lie across
    # beside it, each held by their other neighbours.
    order = [Card.from_id(i) for i in range(104) if i not in BASES]
    wanted = {"c8": Card("9H"), "d8": Card("2H"), "e8": Card("7C")}
    for cell, card in wanted.items():
        i = order.index(card)
        j = CELLS.index(cell)
        order[i], order[j] = order[j], order[i]
    g = QuiltGame.from_order(order)
    free = set(g.available())
    assert "d8" in free and "c8" not in free and "e8" not in free
    g.play("d8>H+")
    assert set(g.available()) == free - {"d8"} | {"c8", "e8"}  # the 9 and the 7, and nothing else


@rule_row("**Spaces are never filled**")
@BOTH
def test_spaces_are_never_filled(rules: QuiltRules) -> None:
    g = QuiltGame.from_position(
        quilt={"a1": "5S", "c1": "6H"}, waste=["5H"], hand="7H" if rules.held else None, rules=rules
    )
    g.play("c1>waste")
    assert g.top("c1") is None  # c1 is a space now; b1 was one from the start; a1 holds a card
    sources = ["a1", "waste", *(["hand"] if rules.held else [])]
    for src in sources:
        for cell in ("c1", "b1", "a1"):
            if cell != src:
                assert refused(g, f"{src}>{cell}", "spaces-stay") == (
                    "Spaces in the quilt are never filled, and nothing is built on a quilt card."
                )
    rng = random.Random(2)  # nor in a whole game
    g = QuiltGame(seed=2, rules=rules)
    while g.legal_moves():
        assert not [m for m in g.legal_moves() if m.dst in CELLS]
        g.play(rng.choice(g.legal_moves()))


@rule_row("Available quilt cards may be **built on the waste's top card in suit, up or down**")
@BOTH
def test_available_quilt_cards_build_on_the_waste_in_suit_up_or_down(rules: QuiltRules) -> None:
    g = QuiltGame.from_position(
        quilt={"a1": "6H", "c1": "4H", "e1": "6S", "g1": "7H"}, waste=["5H"], rules=rules
    )
    assert {"a1>waste", "c1>waste"} <= set(legal(g))
    assert refused(g, "e1>waste", "waste-suit") == (
        "The 6♠ at e1 can go onto the waste only in suit: the waste's top card is the 5♥, a heart."
    )
    assert refused(g, "g1>waste", "waste-sequence") == (
        "The 7♥ at g1 cannot go onto the 5♥: a card goes onto the waste one rank up or down "
        "(a 6 or a 4; the sequence is circular)."
    )
    # The direction may change from card to card: 5 up to 6, then down to 5 again (the other copy), then 4.
    g = QuiltGame.from_position(quilt={"a1": "6H", "c1": "5H", "e1": "4H"}, waste=["5H"], rules=rules)
    for move in ("a1>waste", "c1>waste", "e1>waste"):
        g.play(move)
    assert faces(g, "waste") == ["5H", "6H", "5H", "4H"]
    # Only available cards: a blocked one that fits the waste stays where it is.
    g = QuiltGame.from_position(quilt={"b4": "2C", "c4": "6H", "d4": "3C"}, waste=["5H"], rules=rules)
    assert "c4>waste" not in legal(g)
    refused(g, "c4>waste", "narrow-edge")


@rule_row("the **sequence is circular**")
@pytest.mark.parametrize(
    ("top", "fits", "misses"),
    [("KS", ["AS", "QS"], ["2S", "JS"]), ("AS", ["KS", "2S"], ["QS", "3S"])],
)
def test_the_waste_s_sequence_is_circular(top: str, fits: list[str], misses: list[str]) -> None:
    cells = dict(zip(("a1", "c1", "e1", "g1"), fits + misses, strict=True))
    g = QuiltGame.from_position(quilt=cells, waste=[top])
    assert [m for m in legal(g) if m.endswith(">waste")] == ["a1>waste", "c1>waste"]
    for cell in ("e1", "g1"):
        refused(g, f"{cell}>waste", "waste-sequence")
    g.play("a1>waste")  # an Ace on a King, or a King on an Ace
    assert faces(g, "waste") == [top, fits[0]]


@rule_row("Never onto an empty waste.")
def test_never_onto_an_empty_waste() -> None:
    g = QuiltGame.from_position(quilt={"a1": "6H"}, stock=["5H"], rules=COMMON)
    assert refused(g, "a1>waste", "waste-empty") == (
        "A quilt card is built only on the waste's top card, and the waste is empty."
    )
    g.play("turn")
    assert "a1>waste" in legal(g)


@rule_row("The waste's top card (and the card in hand, below) may be played to a foundation.")
def test_the_waste_top_and_the_card_in_hand_may_go_to_a_foundation() -> None:
    # Literal reading: the 2♠ on the waste and the 2♥ in hand are both in play at once.
    g = QuiltGame.from_position(waste=["2H", "9D", "2S"], hand="2H", stock=["4C"])
    assert legal(g) == ["hand>H+", "hand>waste", "waste>S+", "turn"]
    g.play("hand>H+")
    g.play("waste>S+")
    # Only the top: the 9♦ is now on top, and the 2♥ under it is out of reach.
    assert faces(g, "waste") == ["2H", "9D"]
    assert refused(g, "waste>H+", "foundation-suit") == (
        "Foundation H+ builds up in hearts; the 9♦ on the waste is a diamond."
    )


# -- turning, the waste and the redeal -----------------------------------------------------------------
@rule_row("**Turn** (`turn`): the stock's top card is turned up")
def test_turn_moves_the_stock_s_top_card_and_the_waste_is_a_single_pile() -> None:
    g = QuiltGame.from_position(stock=["5C", "6C", "7C"], rules=COMMON)
    g.play("turn")
    assert faces(g, "waste") == ["7C"] and faces(g, "stock") == ["5C", "6C"]
    g.play("turn")
    assert faces(g, "waste") == ["7C", "6C"]  # one waste pile; the latest card on top
    assert g.pile("hand") == ()


def test_under_the_literal_reading_a_turned_card_is_held_in_hand() -> None:
    # Seed 002: "The top card of this pile, as well as the card in hand, is available for play on
    # foundations." The card just turned is held; the next turn puts it on the waste.
    g = QuiltGame.from_position(stock=["5C", "2S", "9D"], waste=["2H"])
    g.play("turn")
    assert faces(g, "hand") == ["9D"] and faces(g, "waste") == ["2H"] and faces(g, "stock") == ["5C", "2S"]
    assert g.describe_last() == "Turned up the 9 of diamonds; 2 left in the stock."
    assert legal(g) == ["hand>waste", "waste>H+", "turn"]  # the waste's top stays in play beside it
    g.play("turn")  # the held 9♦ goes onto the waste, the 2♠ is held
    assert faces(g, "hand") == ["2S"] and faces(g, "waste") == ["2H", "9D"]
    assert legal(g) == ["hand>S+", "hand>waste", "turn"]
    g.play("hand>waste")  # or the player puts it there
    assert faces(g, "hand") == [] and faces(g, "waste") == ["2H", "9D", "2S"]
    assert g.undo() == "hand>waste" and g.undo() == "turn"
    assert faces(g, "hand") == ["9D"] and faces(g, "waste") == ["2H"]


def test_under_the_common_reading_a_turned_card_goes_straight_onto_the_waste() -> None:
    g = QuiltGame.from_position(stock=["5C", "2S"], waste=["2H"], rules=COMMON)
    g.play("turn")
    assert faces(g, "waste") == ["2H", "2S"] and g.pile("hand") == ()
    assert legal(g) == ["waste>S+", "turn"]  # the 2♥ under it is out of reach now
    assert g.describe_last() == "Turned up the 2 of spades; 1 left in the stock."
    with pytest.raises(ValueError, match="hold no card in hand"):
        QuiltGame.from_position(hand="5C", rules=COMMON)


@rule_row("**Redeal** (`redeal`): once the stock is empty")
@BOTH
def test_redeal_only_when_the_stock_is_empty_unshuffled_and_the_card_turned_first_comes_up_first(
    rules: QuiltRules,
) -> None:
    g = QuiltGame(seed=4, rules=rules)
    order = deal_order(4)
    assert refused(g, "redeal", "redeal-stock") == (
        "A redeal comes only when the stock is used up; it still holds 32 cards."
    )
    for _ in range(32):
        g.play("turn")
    assert "redeal" in legal(g) and "turn" not in legal(g)
    g.play("redeal")
    assert g.pile("waste") == g.pile("hand") == ()
    assert [c.id for c in g.pile("stock")] == order[64:][::-1]  # as dealt: the first turned on top
    turned = (
        "Turned the waste over"
        if not rules.held
        else (f"Put the {Card.from_id(order[95]).name} in hand on the waste and turned the waste over")
    )  # the last card turned was still held
    assert g.redeals_left == 0
    assert g.describe_last() == f"{turned}: 32 cards make the new stock (0 redeals left)."
    g.play("turn")
    assert g.top("hand" if rules.held else "waste").id == order[64]


@rule_row("Quilt cards built on the waste go with it, and so does the card in hand")
def test_the_redeal_takes_the_held_card_and_the_quilt_cards_built_on_the_waste() -> None:
    g = QuiltGame.from_position(quilt={"a1": "6H"}, waste=["5H"], hand="9C")
    g.play("a1>waste")
    g.play("redeal")
    # The waste (5♥, then the 6♥ from the quilt) and then the held 9♣, in the order they went there.
    assert faces(g, "stock") == ["9C", "6H", "5H"] and g.pile("waste") == g.pile("hand") == ()
    g.play("turn")
    assert faces(g, "hand") == ["5H"]
    g.undo()
    g.undo()
    assert faces(g, "hand") == ["9C"] and faces(g, "waste") == ["5H", "6H"] and g.redeals_left == 1


@rule_row("One redeal.")
@pytest.mark.parametrize("redeals", [0, 1, 2, 3])
@BOTH
def test_the_number_of_redeals_is_a_rule_option_from_0_to_3(redeals: int, rules: QuiltRules) -> None:
    rules = QuiltRules(turn_to=rules.turn_to, redeals=redeals)
    g = QuiltGame.from_position(stock=["9C", "9D"], rules=rules)
    done = 0
    while True:
        while "turn" in legal(g):
            g.play("turn")
        if "redeal" not in legal(g):
            break
        g.play("redeal")
        done += 1
        assert g.redeals_left == redeals - done and faces(g, "stock") == ["9C", "9D"]
    assert done == redeals and g.redeals_left == 0
    why = refused(g, "redeal", "no-redeal")
    assert (
        why
        == {
            0: "There is no redeal under these rules.",
            1: 'No redeal is left: the one redeal has been used (seed 002: "One redeal is permitted.").',
            2: "No redeal is left: both redeals these rules allow have been used.",
            3: "No redeal is left: all 3 redeals these rules allow have been used.",
        }[redeals]
    )
    assert QuiltRules().redeals == 1
    for bad in (-1, 4, 1.0, True, "1", None):
        with pytest.raises(ValueError, match="redeals must be a whole number from 0 to 3"):
            QuiltRules(redeals=bad)  # type: ignore[arg-type]


@rule_row("**Won** when every card is on a foundation.")
@BOTH
def test_won_when_every_card_is_on_a_foundation(rules: QuiltRules) -> None:
    g = QuiltGame.from_position(quilt={"a1": "KH"}, foundations={"H+": up("H", "Q")}, rules=rules)
    assert g.status is Status.PLAYING and g.outcome is None
    g.play("a1>H+")
    assert g.status is Status.WON and g.outcome.termination is Termination.WON
    assert g.legal_moves() == [] and g.cards_on_foundations == g.total_cards
    assert refused(g, "turn", "game-over") == (
        "The game is won: every card is on a foundation, so there is nothing left to move."
    )
    if rules.held:  # the last card may come from the hand
        g = QuiltGame.from_position(hand="KH", foundations={"H+": up("H", "Q")})
        g.play("hand>H+")
        assert g.status is Status.WON


@rule_row("**Lost** when no legal move is left.")
@BOTH
def test_lost_when_no_legal_move_is_left(rules: QuiltRules) -> None:
    # Nothing wants the free 9♣ at b4; the 9♥ at c4 is held; the stock is empty and the redeal used.
    g = QuiltGame.from_position(quilt={"b4": "9C", "c4": "9H", "d4": "9D"}, redeals_used=1, rules=rules)
    assert g.legal_moves() == [] and g.status is Status.LOST
    assert g.outcome.termination is Termination.NO_MOVES
    assert g.outcome.text == "Game over: no legal move is left."
    # While any move is left the game goes on, however little that move does.
    g = QuiltGame.from_position(quilt={"b4": "9C", "c4": "9H", "d4": "9D"}, waste=["5D"], rules=rules)
    assert legal(g) == ["redeal"] and g.status is Status.PLAYING
    g.play("redeal")
    g.play("turn")
    if rules.held:
        assert legal(g) == ["hand>waste"] and g.status is Status.PLAYING
        g.play("hand>waste")
    assert g.legal_moves() == [] and g.status is Status.LOST


@rule_row("No move is ever compulsory.")
@BOTH
def test_no_move_is_compulsory(rules: QuiltRules) -> None:
    g = QuiltGame.from_position(quilt={"a1": "2H"}, stock=["2S", "9C"], rules=rules)
    assert legal(g) == ["a1>H+", "turn"]
    g.play("turn")  # the 2♥ may wait...
    g.play("turn")
    held = "hand" if rules.held else "waste"
    assert faces(g, held)[-1] == "2S" and {"a1>H+", f"{held}>S+", "redeal"} <= set(legal(g))
    g.play("redeal")  # ...and so may a turned card that fits a foundation: it goes with the redeal
    assert faces(g, "stock") == ["2S", "9C"] and faces(g, "a1") == ["2H"]


# -- the rule options ----------------------------------------------------------------------------------
def test_the_two_presets() -> None:
    assert QuiltRules.literal() == QuiltRules() == QuiltRules(turn_to="hand", redeals=1)
    assert QuiltRules.common() == QuiltRules(turn_to="waste", redeals=1)
    assert [repr(QuiltRules.literal()), repr(QuiltRules.common())] == [
        "QuiltRules.literal()", "QuiltRules.common()",
    ]  # fmt: skip
    assert repr(QuiltRules(turn_to="waste", redeals=3)) == "QuiltRules(turn_to='waste', redeals=3)"
    assert QuiltRules(redeals=2).preset is None and QuiltRules.common().preset == "common"
    assert QuiltGame(seed=1).rules == QuiltRules.literal()
    assert QuiltRules.common().describe() == "turned cards go straight onto the waste; one redeal"
    assert QuiltRules(redeals=0).describe() == "a turned card is held in hand; no redeal"


@pytest.mark.parametrize("kwargs", [{"turn_to": "stock"}, {"turn_to": None}, {"turn_to": ["hand"]}])
def test_invalid_turn_to_is_refused(kwargs: dict) -> None:
    with pytest.raises(ValueError, match="turn_to must be one of"):
        QuiltRules(**kwargs)


def test_rules_are_frozen_values() -> None:
    with pytest.raises(AttributeError):
        QuiltRules().redeals = 2  # type: ignore[misc]
    assert hash(QuiltRules()) == hash(QuiltRules.literal())


# -- every explanation -----------------------------------------------------------------------------------
def _staged(**kwargs: object) -> Callable[[], QuiltGame]:
    return lambda: QuiltGame.from_position(**kwargs)  # type: ignore[arg-type]


def _after(make: Callable[[], QuiltGame], *moves: str) -> Callable[[], QuiltGame]:
    def build() -> QuiltGame:
        g = make()
        for m in moves:
            g.play(m)
        return g

    return build


_C8 = {"b8": "KC", "c8": "9H", "d8": "2H", "e8": "7C", "f8": "QD"}
_TWELVE = ["3C", "4C", "5C", "6C", "8C", "9C", "TC", "JC", "QC", "3D", "4D", "5D"]
_WON = _after(_staged(quilt={"a1": "KH"}, foundations={"H+": up("H", "Q")}), "a1>H+")

#: key -> [(a position, a move, the sentence)]: every key of docs/rules.md's Crazy Quilt table.
EXPLANATIONS: dict[str, list[tuple[Callable[[], QuiltGame], str, str]]] = {
    "narrow-edge": [
        (_staged(quilt=_C8, foundations={"H+": up("H", "8")}), "c8>H+",
         "The 9♥ at c8 lies across; the cells to its left and right, b8 and d8, are still filled, so "
         "neither narrow edge is free."),
        (_staged(quilt=_C8, foundations={"H+": up("H", "2")}), "c8>H+",
         "The 9♥ at c8 lies across; the cells to its left and right, b8 and d8, are still filled, so "
         "neither narrow edge is free. Besides, foundation H+ needs the 3♥ next (its top card is the "
         "2♥); the 9♥ at c8 cannot go there."),
        (_staged(quilt=_C8), "c8>S+",
         "The 9♥ at c8 lies across; the cells to its left and right, b8 and d8, are still filled, so "
         "neither narrow edge is free. Besides, foundation S+ builds up in spades; the 9♥ at c8 is a "
         "heart."),
    ],
    "empty-cell": [(_after(_staged(quilt=_C8), "d8>H+"), "d8>H+",
                    "Cell d8 is empty: its card has already been played.")],
    "foundation-suit": [(_staged(quilt={"b1": "9S"}, foundations={"H+": up("H", "8")}), "b1>H+",
                         "Foundation H+ builds up in hearts; the 9♠ at b1 is a spade.")],
    "foundation-sequence": [(_after(_staged(quilt=_C8), "d8>H+"), "c8>H+",
                             "Foundation H+ needs the 3♥ next (its top card is the 2♥); the 9♥ at c8 "
                             "cannot go there.")],
    "foundation-full": [(_staged(quilt={"c8": "5H"}, foundations={"H+": up("H", "K")}), "c8>H+",
                         "Foundation H+ is complete: it has been built up to the King.")],
    "foundation-stays": [(_staged(quilt=_C8), "H+>waste", "Cards never leave a foundation.")],
    "waste-empty": [(_after(_staged(quilt=_C8), "d8>H+"), "c8>waste",
                     "A quilt card is built only on the waste's top card, and the waste is empty.")],
    "waste-suit": [(_after(_staged(quilt=_C8, waste=["5S"]), "d8>H+"), "c8>waste",
                    "The 9♥ at c8 can go onto the waste only in suit: the waste's top card is the 5♠, a "
                    "spade.")],
    "waste-sequence": [(_after(_staged(quilt=_C8, waste=["5H"]), "d8>H+"), "c8>waste",
                        "The 9♥ at c8 cannot go onto the 5♥: a card goes onto the waste one rank up or "
                        "down (a 6 or a 4; the sequence is circular).")],
    "spaces-stay": [(_staged(quilt=_C8, waste=["5H"]), "waste>a1",
                     "Spaces in the quilt are never filled, and nothing is built on a quilt card.")],
    "stock-turn-only": [(_staged(quilt=_C8, stock=["5H"]), "stock>waste",
                         "Cards leave the stock only by turning them up (the move 'turn').")],
    "stock-closed": [(_staged(quilt=_C8, waste=["5H"]), "d8>stock",
                      "Nothing goes back into the stock but the whole waste, by a redeal (the move "
                      "'redeal').")],
    "stock-empty": [
        (_staged(quilt=_C8, waste=["5H"]), "turn",
         "The stock is empty: turn the waste over as a new stock first (the move 'redeal')."),
        (_staged(quilt=_C8, waste=["5H"], redeals_used=1), "turn",
         "The stock is empty, and no redeal is left."),
        (_staged(quilt=_C8), "turn",
         "The stock is empty, and so is the waste: there is nothing left to turn."),
    ],
    "redeal-stock": [(_staged(quilt=_C8, stock=_TWELVE), "redeal",
                      "A redeal comes only when the stock is used up; it still holds 12 cards.")],
    "no-redeal": [
        (_staged(quilt=_C8, waste=["5H"], redeals_used=1), "redeal",
         'No redeal is left: the one redeal has been used (seed 002: "One redeal is permitted.").'),
        (_staged(quilt=_C8, stock=["5H"], redeals_used=1), "redeal",  # the stock is beside the point then
         'No redeal is left: the one redeal has been used (seed 002: "One redeal is permitted.").'),
        (_staged(quilt=_C8, waste=["5H"], rules=QuiltRules(redeals=0)), "redeal",
         "There is no redeal under these rules."),
    ],
    "redeal-empty": [(_staged(quilt=_C8), "redeal", "There is nothing to redeal: the waste is empty.")],
    "hand-turn-only": [(_staged(quilt=_C8, waste=["5H"]), "waste>hand",
                        "The card in hand comes only from the stock, by turning it up (the move 'turn').")],
    "no-hand": [
        (_staged(quilt=_C8, rules=COMMON, stock=["5H"]), "hand>waste",
         "There is no card in hand under these rules: a turned card goes straight onto the waste."),
        (_staged(quilt=_C8, rules=COMMON, waste=["5H"]), "waste>hand",
         "There is no card in hand under these rules: a turned card goes straight onto the waste."),
    ],
    "empty-source": [
        (_staged(quilt=_C8, stock=["5H"]), "hand>H+",
         "There is no card in hand: turn one up from the stock first."),
        (_staged(quilt=_C8, waste=["5H"]), "hand>H+", "There is no card in hand, and the stock is empty."),
        (_staged(quilt=_C8, stock=["5H"]), "waste>H+", "The waste is empty."),
    ],
    "same-pile": [(_staged(quilt=_C8, waste=["5H"]), "waste>waste",
                   "A card cannot move onto the pile it is already on.")],
    "game-over": [(_WON, "turn",
                   "The game is won: every card is on a foundation, so there is nothing left to move.")],
    "notation": [(_staged(quilt=_C8), "z9>S+",
                  "There is no pile called 'z9'; the piles are a1 .. h8 (the quilt), S+ H+ D+ C+ (the Aces), "
                  "S- H- D- C- (the Kings), stock, waste and hand.")],
}  # fmt: skip

CASES = [(key, *case) for key, cases in EXPLANATIONS.items() for case in cases]


@pytest.mark.parametrize(
    ("key", "make", "move", "sentence"), CASES, ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_every_refusal_names_its_rule_in_a_sentence(
    key: str, make: Callable[[], QuiltGame], move: str, sentence: str
) -> None:
    g = make()
    if key == "notation":
        with pytest.raises(IllegalMove) as err:
            g.play(move)
        assert err.value.rule == "notation" and str(err.value) == sentence == g.explain(move)
        return
    assert refused(g, move, key) == sentence
    assert sentence[0].isupper() and sentence.endswith(".") and len(sentence) < 300


def _documented() -> dict[str, list[str]]:
    table = QUILT_DOC.split("## How illegal moves are explained")[1].split("\n## ")[0]
    rows = re.findall(r"^\| `([a-z-]+)` \| (.*) \|$", table, re.M)
    return {key: [s.strip() for s in text.split(" / ")] for key, text in rows}


def test_every_documented_key_has_its_test_and_every_documented_sentence_is_the_engine_s() -> None:
    documented = _documented()
    assert set(documented) == set(EXPLANATIONS)
    for key, sentences in documented.items():
        tested = {case[2] for case in EXPLANATIONS[key]}
        for sentence in sentences:
            assert sentence in tested, f"{key}: the docs say {sentence!r}; the tests know {tested}"
