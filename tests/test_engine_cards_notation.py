"""Cards (values with a stable physical identity) and the move notation (tolerant in, canonical out)."""

from __future__ import annotations

import copy
import pickle

import pytest

from windmill_widget import PILES, Card, Game, Move
from windmill_widget.games.windmill.notation import pile_name


# -- cards ------------------------------------------------------------------------------------------
def test_ten_of_hearts_reads_several_ways() -> None:
    assert Card("10h") == Card("TH") == Card("th") == Card(" 10H ") == Card("10♥") == Card(rank=10, suit="H")
    assert Card("10h") is Card("TH")  # interned: one object per physical card


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("AS", 1, "S"), ("1s", 1, "S"), ("7♥", 7, "H"), ("q♠", 12, "S"), ("KD", 13, "D"), ("j♣", 11, "C"),
     ("2♢", 2, "D"), ("9♤", 9, "S"), ("T♧", 10, "C"), ("5 h", 5, "H")],
)  # fmt: skip
def test_card_text_is_read_tolerantly(text: str, rank: int, suit: str) -> None:
    card = Card(text)
    assert (card.rank, card.suit, card.deck) == (rank, suit, 0)


@pytest.mark.parametrize("text", ["", "X", "11H", "0H", "KX", "K", "H7", "10", "KH KH", "♥7", "1OH"])
def test_unreadable_card_text_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card(text)


@pytest.mark.parametrize(
    "kwargs",
    [{"rank": 0, "suit": "H"}, {"rank": 14, "suit": "H"}, {"rank": 7, "suit": "X"},
     {"rank": "7", "suit": "H"}, {"rank": 7, "suit": "H", "deck": 2}, {"rank": 7, "suit": 3}],
)  # fmt: skip
def test_invalid_card_parts_are_value_errors(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        Card(**kwargs)


def test_card_needs_text_or_parts_but_not_both() -> None:
    with pytest.raises(TypeError):
        Card()
    with pytest.raises(TypeError):
        Card("7H", rank=7, suit="H")


def test_the_two_copies_of_a_card_are_different_cards() -> None:
    a, b = Card("7H"), Card("7H", deck=1)
    assert a != b and a is not b and hash(a) != hash(b)
    assert (a.rank, a.suit, a.face, a.symbol) == (b.rank, b.suit, b.face, b.symbol)
    assert str(a) == str(b) == "7H"
    assert (a.id, b.id) == (19, 71)
    assert len({a, b}) == 2


def test_there_are_exactly_104_cards_with_ids_0_to_103() -> None:
    cards = [Card.from_id(i) for i in range(104)]
    assert [c.id for c in cards] == list(range(104))
    assert len(set(cards)) == 104
    assert {(c.rank, c.suit, c.deck) for c in cards} == {
        (r, s, d) for r in range(1, 14) for s in "SHDC" for d in (0, 1)
    }
    assert sorted(cards, reverse=True)[0] is Card("KC", deck=1)


@pytest.mark.parametrize("bad", [-1, 104, 1.0, True, "5", None])
def test_card_from_a_bad_id_is_a_value_error(bad: object) -> None:
    with pytest.raises(ValueError, match=r"0\.\.103"):
        Card.from_id(bad)  # type: ignore[arg-type]


def test_card_repr_is_deterministic_and_evaluates_back() -> None:
    assert repr(Card("TH")) == "Card('TH')"
    assert repr(Card("7♥", deck=1)) == "Card('7H', deck=1)"
    for c in (Card.from_id(i) for i in range(104)):
        assert eval(repr(c)) is c


def test_card_properties() -> None:
    c = Card("10♦", deck=1)
    assert (c.face, c.symbol, c.name, c.color) == ("TD", "10♦", "10 of diamonds", "red")
    assert (Card("AS").name, Card("QC").color, Card("KH").symbol) == ("Ace of spades", "black", "K♥")


def test_cards_are_immutable_and_keep_their_identity_when_copied_or_pickled() -> None:
    c = Card("QH", deck=1)
    with pytest.raises(AttributeError):
        c.rank = 3  # type: ignore[misc]
    assert copy.copy(c) is c and copy.deepcopy(c) is c
    assert pickle.loads(pickle.dumps(c)) is c


# -- piles ------------------------------------------------------------------------------------------
def test_pile_names_in_index_order() -> None:
    assert PILES == (
        "c",
        "nw",
        "ne",
        "se",
        "sw",
        "n1",
        "n2",
        "e1",
        "e2",
        "s1",
        "s2",
        "w1",
        "w2",
        "waste",
        "stock",
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [("C", "c"), ("centre", "c"), ("Center", "c"), (" N1 ", "n1"), ("NW", "nw"), ("discard", "waste"),
     ("Waste", "waste"), ("deck", "stock"), ("talon", "stock")],
)  # fmt: skip
def test_pile_names_are_read_tolerantly(text: str, name: str) -> None:
    assert pile_name(text) == name


@pytest.mark.parametrize("text", ["", "n3", "north", "corner", 1])
def test_unknown_pile_names_are_value_errors(text: object) -> None:
    with pytest.raises(ValueError, match="pile"):
        pile_name(text)  # type: ignore[arg-type]


# -- moves ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "canonical"),
    [("n1>c", "n1>c"), ("N1 -> C", "n1>c"), ("n1->c", "n1>c"), ("n1 > c", "n1>c"), ("n1 c", "n1>c"),
     ("N1=>Centre", "n1>c"), ("n1 → c", "n1>c"), ("n1-c", "n1>c"), ("n1,c", "n1>c"),
     ("waste to ne", "waste>ne"), ("WASTE>NE", "waste>ne"), ("discard -> ne", "waste>ne"),
     ("sw>c", "sw>c"), ("SW > center", "sw>c"), ("deal", "deal"), (" Deal ", "deal"), ("DEAL", "deal"),
     ("d", "deal"), ("stock>waste", "deal"), ("stock > waste", "deal"), ("deck to discard", "deal")],
)  # fmt: skip
def test_move_parsing_is_tolerant_and_printing_is_canonical(text: str, canonical: str) -> None:
    m = Move.parse(text)
    assert str(m) == canonical
    assert Move(text) is m
    assert repr(m) == f"Move({canonical!r})"


@pytest.mark.parametrize("text", ["", "n1", "n1>", ">c", "n1>c>nw", "x>c", "n1>x", "play", "n1 to", 5, None])
def test_unreadable_moves_are_value_errors(text: object) -> None:
    with pytest.raises(ValueError):
        Move.parse(text)  # type: ignore[arg-type]


def test_every_move_round_trips_through_its_notation() -> None:
    moves = {Move(a, b) for a in PILES for b in PILES}
    assert len(moves) == len(PILES) ** 2  # stock>waste is the deal, the rest are plain pile pairs
    for m in moves:
        assert Move.parse(str(m)) is m
        assert Move(m.src, m.dst) is m
        assert eval(repr(m)) is m
        assert pickle.loads(pickle.dumps(m)) is m
        assert copy.deepcopy(m) == m
        assert m.is_deal == (str(m) == "deal")


def test_moves_are_values() -> None:
    assert Move("n1", "c") is Move("n1>c") is Move.parse("N1 -> C")
    assert Move("stock", "waste") is Move.deal() and Move.deal().is_deal
    assert (Move("deal").src, Move("deal").dst) == ("stock", "waste")
    assert Move("n1>c") == "n1>c" and Move("n1>c") != "n2>c"
    # Only the canonical text equals a move, so that equality agrees with hashing (a set or dict
    # key holds a move and its text as the same thing).
    assert Move("n1>c") != "N1 -> C" and hash(Move("n1>c")) == hash("n1>c")
    assert {Move("n1>c"), "n1>c", Move("deal"), "deal"} == {"n1>c", "deal"}
    assert "deal" in Game(seed=1).legal_moves()
    assert Move("n1>c") != "not a move" and Move("n1>c") != 3
    assert hash(Move("n1>c")) == hash(Move.parse("n1 to centre"))
    assert Move(Move("e2>sw")) is Move("e2>sw")
    assert sorted([Move("deal"), Move("waste>c"), Move("n1>c")]) == [
        Move("n1>c"),
        Move("waste>c"),
        Move("deal"),
    ]
    with pytest.raises(AttributeError):
        Move("n1>c").src = "n2"  # type: ignore[misc]
