"""One test per rule sentence of the spec (issue 2, "Rules" and the rule options), on staged positions.

Each test is named after the sentence it checks and quotes it. Refusals are checked three ways: the move
is missing from ``legal_moves()``, ``play`` raises ``IllegalMove`` with the rule's key, and the sentence a
learner reads says why.
"""

from __future__ import annotations

import pytest

from windmill_widget import CORNERS, PILES, SAILS, Card, Game, IllegalMove, Move, Rules
from windmill_widget.core.cards import RANK_LABELS
from windmill_widget.games.windmill.board import STARTS

# Sail cards that stay out of the way in the positions below (nothing wants a 9 or a 10 there).
FILLER = ("9C", "9D", "9H", "9S", "TC", "TD", "TH", "TS")
KINGS_DOWN = "KQJT98765432A"  # a corner's ranks, bottom to top
ACE_UP = "A23456789TJQK"


def sails(**given: str | None) -> dict[str, str | None]:
    """All eight sails: the given ones, filler for the rest."""
    out = dict(zip(SAILS, FILLER, strict=True))
    out.update(given)
    return out


def corner(suit: str, down_to: str = "A") -> list[str]:
    """A corner built from the King down to ``down_to``, all of one suit."""
    return [r + suit for r in KINGS_DOWN[: KINGS_DOWN.index(down_to) + 1]]


def centre_run(up_to: str, suits: str = "SHDC", runs: int = 1) -> list[str]:
    """``runs - 1`` full Ace-to-King runs then Ace..``up_to``; run k uses suit ``suits[k]``."""
    cards = [r + suits[k] for k in range(runs - 1) for r in ACE_UP]
    return cards + [r + suits[runs - 1] for r in ACE_UP[: ACE_UP.index(up_to) + 1]]


def refused(g: Game, move: str, rule: str) -> str:
    """Assert ``move`` is illegal for ``rule`` and leaves the game untouched; return the sentence."""
    before = g.piles(), g.history, g.corner_run
    assert Move(move) not in g.legal_moves()
    with pytest.raises(IllegalMove) as err:
        g.play(move)
    assert err.value.rule == rule, str(err.value)
    assert err.value.move == Move(move)
    assert g.explain(move) == str(err.value)
    assert (g.piles(), g.history, g.corner_run) == before
    return str(err.value)


def faces(g: Game, name: str) -> list[str]:
    return [str(c) for c in g.pile(name)]


# -- the layout -------------------------------------------------------------------------------------
# "104 cards, two standard decks. One Ace is taken out before shuffling and starts the centre foundation."
@pytest.mark.parametrize("seed", [0, 1, 99, 2**64 - 1])
def test_104_cards_of_two_decks_and_one_ace_starts_the_centre(seed: int) -> None:
    g = Game(seed=seed)
    cards = [c for name in PILES for c in g.pile(name)]
    assert sorted(cards) == list(Card._all)  # every physical card exactly once
    assert len({(c.rank, c.suit) for c in cards}) == 52 and {c.deck for c in cards} == {0, 1}
    assert g.pile("c") == (Card("AS"),)


# "The other 103 are shuffled; eight are dealt face up as the sails ... named n1 n2 e1 e2 s1 s2 w1 w2
# ..., in that dealing order. The rest is the stock."
def test_eight_sails_are_dealt_in_the_order_n1_to_w2_and_the_rest_is_the_stock() -> None:
    order = [Card("AH", deck=1), *(c for c in reversed(Card._all) if c != Card("AH", deck=1))]
    g = Game.from_order(order)
    assert g.pile("c") == (order[0],)
    assert [g.pile(name) for name in SAILS] == [(c,) for c in order[1:9]]
    assert len(g.pile("stock")) == 95
    assert g.pile("stock")[-1] == order[9]  # the top of the stock is dealt first
    g.deal()
    g.deal()
    assert g.pile("waste") == (order[9], order[10])


# "The waste (discard pile) starts empty. Four corner foundations nw ne se sw start empty."
def test_waste_and_the_four_corners_start_empty() -> None:
    g = Game(seed=5)
    assert g.pile("waste") == ()
    assert all(g.pile(name) == () for name in CORNERS)
    assert CORNERS == ("nw", "ne", "se", "sw")


# -- the centre -------------------------------------------------------------------------------------
# "Centre: builds up regardless of suit, King wraps to Ace, ..."
def test_centre_builds_up_regardless_of_suit_and_king_wraps_to_ace() -> None:
    g = Game.from_position(center=["AS"], sails=sails(n1="2H", n2="3C", e1="4D", e2="3S"), stock=["5H"])
    assert {"n1>c"} <= {str(m) for m in g.legal_moves()}
    why = refused(g, "n2>c", "centre-sequence")
    assert why == "The centre needs a 2 next (its top card is an Ace); the 3♣ on sail n2 cannot go there."
    for move in ("n1>c", "n2>c", "e1>c"):  # red 2, black 3, red 4: suits never matter
        g.play(move)
    assert faces(g, "c") == ["AS", "2H", "3C", "4D"]

    # After a King the centre starts again with an Ace.
    g = Game.from_position(center=centre_run("K"), sails=sails(n1="AH", n2="2C"), stock=["5H"])
    why = refused(g, "n2>c", "centre-sequence")
    assert why == (
        "The centre needs an Ace next (its top card is a King, and after a King comes an Ace again); "
        "the 2♣ on sail n2 cannot go there."
    )
    g.play("n1>c")
    assert faces(g, "c")[-2:] == ["KS", "AH"] and len(g.pile("c")) == 14


def test_centre_refusal_reads_like_the_spec_example() -> None:
    # Spec: "The centre needs an 8 next (its top card is a 7); the J♣ on n1 cannot go there."
    g = Game.from_position(center=centre_run("7"), sails=sails(n1="JC"), stock=["5H"])
    why = refused(g, "n1>c", "centre-sequence")
    assert why.startswith("The centre needs an 8 next (its top card is a 7); the J♣ on")
    assert why.endswith("n1 cannot go there.")


# "... until it holds 52 cards (four A–K runs); then it is full."
def test_centre_is_full_at_52_cards() -> None:
    full = centre_run("K", runs=4)
    assert len(full) == 52
    g = Game.from_position(center=full, sails=sails(n1="AH"), stock=["5H"])
    why = refused(g, "n1>c", "centre-full")
    assert why == "The centre is full: it holds all 52 of its cards."

    g = Game.from_position(center=full[:-1], sails=sails(n1="KC"), stock=["5H"])
    g.play("n1>c")
    assert len(g.pile("c")) == 52
    assert not [m for m in g.legal_moves() if m.dst == "c"]


# -- the corners ------------------------------------------------------------------------------------
# "Corners: an empty corner takes only a King; ..."
def test_empty_corner_takes_only_a_king() -> None:
    g = Game.from_position(sails=sails(n1="KH", n2="QH"), stock=["5H"])
    assert [str(m) for m in g.legal_moves() if m.src == "n1"] == ["n1>nw", "n1>ne", "n1>se", "n1>sw"]
    for name in CORNERS:
        why = refused(g, f"n2>{name}", "empty-corner-king")
        assert why == "An empty corner takes only a King; the Q♥ on sail n2 is not one."
    g.play("n1>se")
    assert faces(g, "se") == ["KH"]


def test_an_empty_foundations_slot_shows_the_rank_the_rules_start_it_with() -> None:
    # board.json's captions (the static picture's and the canvas board's) say what the engine allows.
    starts = {name: RANK_LABELS.index(label) for name, label in STARTS.items()}
    assert set(starts) == {"c", *CORNERS}
    assert Card.from_id(Game(seed=5).pile_ids[0][0]).rank == starts["c"]  # the centre's base
    g = Game.from_position(sails=sails(**{s: f"{r}H" for s, r in zip(SAILS, "6789TJQK", strict=True)}))
    for corner in CORNERS:
        starters = {g.top(m.src).rank for m in g.legal_moves() if m.dst == corner}
        assert starters == {starts[corner]}, corner


# "... it then builds down regardless of suit to the Ace (13 cards); ..."
def test_corner_builds_down_regardless_of_suit() -> None:
    g = Game.from_position(
        corners={"nw": ["KS"]}, sails=sails(n1="QH", n2="JC", e1="JD", e2="TC"), stock=["5H"]
    )
    why = refused(g, "n2>nw", "corner-sequence")
    assert why == "Corner nw needs a Queen next (its top card is a King); the J♣ on sail n2 cannot go there."
    g.play("n1>nw")  # red on black
    g.play("n2>nw")  # black on red
    assert faces(g, "nw") == ["KS", "QH", "JC"]
    refused(g, "e1>nw", "corner-sequence")  # a Jack on a Jack
    g.play("e2>nw")
    assert faces(g, "nw") == ["KS", "QH", "JC", "TC"]


# "... then it is full and takes nothing more."
def test_corner_is_full_after_the_ace() -> None:
    g = Game.from_position(
        corners={"nw": corner("S", down_to="2")}, sails=sails(n1="AH", n2="KH"), stock=["5H"]
    )
    g.play("n1>nw")
    assert len(g.pile("nw")) == 13
    why = refused(g, "n2>nw", "corner-full")
    assert why == "Corner nw is complete: it has been built down to the Ace and takes no more cards."
    assert "n2>ne" in [str(m) for m in g.legal_moves()]  # the King still has the empty corners


# -- available cards --------------------------------------------------------------------------------
# "Available cards: every sail and the top of the waste may be played to any foundation that accepts them."
def test_every_sail_and_the_waste_top_play_to_any_foundation_that_accepts_them() -> None:
    g = Game.from_position(
        center=["AS"],
        corners={"nw": ["KS"], "ne": ["KH", "QH", "JH"]},
        sails=sails(n1="2H", n2="QC", w2="TD"),
        waste=["2C", "QD"],  # the QD is on top; the 2C under it is not available
        stock=["5H"],
    )
    legal = {str(m) for m in g.legal_moves()}
    assert {"n1>c", "n2>nw", "w2>ne", "waste>nw"} <= legal
    assert "waste>c" not in legal
    refused(g, "waste>c", "centre-sequence")
    refused(g, "stock>c", "stock-deal-only")
    g.play("waste>nw")
    assert "waste>c" in {str(m) for m in g.legal_moves()}  # the 2C is on top now


def test_only_foundations_are_built_on() -> None:
    g = Game.from_position(center=["AS"], sails=sails(n1="2H"), waste=["KH"], stock=["5H"])
    why = refused(g, "waste>n1", "sails-not-built")
    assert why.startswith("Sails are never built on")
    assert refused(g, "n1>waste", "waste-deal-only").startswith("Only dealing puts cards on the waste")
    assert refused(g, "n1>stock", "stock-closed") == "Nothing goes back into the stock."
    assert refused(g, "n1>n1", "same-pile") == "A card cannot move onto the pile it is already on."
    assert refused(g, "c>nw", "centre-stays").startswith("Cards on the centre stay there")


# "The top card of a corner may be played to the centre only."
def test_corner_top_goes_to_the_centre_only() -> None:
    g = Game.from_position(
        center=centre_run("J"),
        corners={"nw": corner("S", down_to="Q"), "ne": ["KH"]},
        stock=[],
        sails={"s2": "8H"},
    )
    assert [str(m) for m in g.legal_moves()] == ["nw>c"]
    why = refused(g, "nw>ne", "corner-to-centre-only")  # the Queen would fit on the King, but no
    assert why == "A corner's top card may only go to the centre."
    refused(g, "nw>n1", "sails-not-built")
    refused(g, "nw>waste", "waste-deal-only")
    g.play("nw>c")
    assert faces(g, "c")[-1] == "QS" and faces(g, "nw") == ["KS"]


# -- the strict corner rule -------------------------------------------------------------------------
STREAK = "After a corner card goes to the centre, the next centre card must come from a sail or the waste."


def corner_race(rules: Rules | None = None, **kw) -> Game:
    """Centre wants a 3; corners nw, ne, se hold a 3, a 4, a 5 on top; sail n1 a 4, n2 a King."""
    return Game.from_position(
        center=["AS", "2H"],
        corners={"nw": corner("S", "3"), "ne": corner("H", "4"), "se": corner("D", "5")},
        sails=sails(n1="4C", n2="KC"),
        waste=kw.pop("waste", []),
        stock=kw.pop("stock", ["8C", "7C"]),
        rules=rules,
        **kw,
    )


# "Strict corner rule (seed 000, seed 001): after a corner card is played to the centre, the next card
# played to the centre must come from a sail or the waste."
def test_after_a_corner_card_goes_to_the_centre_the_next_centre_card_comes_from_a_sail_or_the_waste() -> None:
    g = corner_race()
    g.play("nw>c")
    assert g.corner_run == 1
    assert refused(g, "ne>c", "corner-streak") == STREAK
    g.play("n1>c")  # from a sail: the rule is satisfied...
    assert g.corner_run == 0
    g.play("se>c")  # ...so a corner card may go again
    assert faces(g, "c") == ["AS", "2H", "3S", "4C", "5D"]


# "Other moves in between (deals, plays to corners) do not lift it."
def test_strict_corner_rule_not_lifted_by_deals_or_corner_plays() -> None:
    g = corner_race(waste=["4D"], stock=["QD", "8C"])
    g.play("nw>c")
    g.play("deal")  # a deal...
    assert refused(g, "ne>c", "corner-streak") == STREAK
    g.play("n2>sw")  # ...a King to a corner...
    g.play("deal")  # ...the QD onto the waste...
    g.play("waste>sw")  # ...and a play to a corner do not lift it
    assert g.corner_run == 1
    assert refused(g, "ne>c", "corner-streak") == STREAK
    g.play("waste>c")  # the 4D from the waste does
    assert g.corner_run == 0


def test_strict_corner_rule_holds_for_a_staged_corner_run() -> None:
    g = corner_race(corner_run=1)
    assert refused(g, "nw>c", "corner-streak") == STREAK
    assert Game.from_position(**{**g.position(), "corner_run": 0}).is_legal("nw>c")


# -- refilling the sails ----------------------------------------------------------------------------
# "An emptied sail is refilled at once from the top of the waste, or, if the waste is empty, from the
# stock; if both are empty it stays empty. The refill is part of the move (one undo step)."
def test_sail_refilled_from_waste_else_stock_as_one_undo_step() -> None:
    g = Game.from_position(
        center=["AS"], sails=sails(n1="2H", n2="3H"), waste=["8D", "7D"], stock=["5C", "4C"]
    )
    before = g.piles()
    g.play("n1>c")
    assert faces(g, "n1") == ["7D"] and faces(g, "waste") == ["8D"]  # from the waste's top
    assert len(g.history) == 1
    g.undo()
    assert g.piles() == before  # the play and its refill are one step
    g.redo()

    g = Game.from_position(center=["AS"], sails=sails(n1="2H"), waste=[], stock=["5C", "4C"])
    g.play("n1>c")
    assert faces(g, "n1") == ["4C"] and faces(g, "stock") == ["5C"]  # the waste is empty: from the stock
    g.undo()
    assert faces(g, "n1") == ["2H"] and faces(g, "stock") == ["5C", "4C"]


def test_sail_stays_empty_when_waste_and_stock_are_empty() -> None:
    g = Game.from_position(center=["AS"], sails={"n1": "2H", "e2": "3H"}, waste=[], stock=[])
    g.play("n1>c")
    assert g.pile("n1") == ()
    refused(g, "n1>c", "empty-source")
    assert g.explain("n1>c") == "Sail n1 is empty."
    # No advice to deal when the stock is empty too.
    assert g.explain("waste>c") == "The waste is empty, and so is the stock."
    g = Game.from_position(center=["AS"], sails=sails(), stock=["5C"])
    assert g.explain("waste>c") == "The waste is empty: deal a card from the stock first."


def test_a_sail_holds_one_card_and_must_be_filled_while_cards_remain() -> None:
    with pytest.raises(ValueError, match="refilled at once"):
        Game.from_position(sails={"n1": "2H"}, stock=["5C"])
    with pytest.raises(ValueError, match="one card"):
        Game.from_position(sails=sails(n1=["2H", "3H"]), stock=["5C"])  # type: ignore[arg-type]


# -- dealing ----------------------------------------------------------------------------------------
# "Deal: one card from the stock onto the waste, at any time while the stock has cards."
def test_deal_turns_one_stock_card_onto_the_waste_at_any_time() -> None:
    g = Game.from_position(center=["AS"], sails=sails(n1="2H"), waste=["8D"], stock=["5C", "4C"])
    assert "n1>c" in [str(m) for m in g.legal_moves()] and g.legal_moves()[-1] == Move.deal()
    g.deal()  # even though a play to the centre is possible
    assert faces(g, "waste") == ["8D", "4C"] and faces(g, "stock") == ["5C"]
    g.undo()
    assert faces(g, "waste") == ["8D"] and faces(g, "stock") == ["5C", "4C"]


# "No redeal."
def test_no_redeal() -> None:
    g = Game.from_position(center=["AS"], sails=sails(), waste=["8D"], stock=["4C"])
    g.play("deal")
    assert Move.deal() not in g.legal_moves()
    assert refused(g, "deal", "no-redeal") == "The stock is empty and there is no redeal."
    assert faces(g, "waste") == ["8D", "4C"]


# -- the end ----------------------------------------------------------------------------------------
# "Won: every card of the game is on a foundation."
def test_won_when_all_cards_on_foundations() -> None:
    # The whole double deck: the centre one King short, four full corners, the last King on a sail.
    g = Game.from_position(
        center=centre_run("K", runs=4)[:-1],
        corners={n: corner(s) for n, s in zip(CORNERS, "SHDC", strict=True)},
        sails={"n1": "KC"},
    )
    assert g.total_cards == 104 and g.status == "playing"
    g.play("n1>c")
    assert g.status == "won" and g.cards_on_foundations == 104
    assert g.legal_moves() == []
    assert refused(g, "nw>c", "game-over").startswith("The game is won")
    g.undo()
    assert g.status == "playing"

    # A staged partial deck is won when *its* cards are all on foundations.
    g = Game.from_position(center=["AS", "2H"], sails={"w2": "3C"})
    assert g.status == "playing"
    g.play("w2>c")
    assert g.status == "won"


# "Lost (stuck): no legal move remains."
def test_lost_when_no_legal_move() -> None:
    g = Game.from_position(
        center=["AS"], corners={"nw": ["KS"]}, sails={"n1": "5H", "s2": "JC"}, waste=[], stock=[]
    )
    assert g.legal_moves() == [] and g.status == "lost"
    g = Game.from_position(center=["AS"], sails={"n1": "5H", "s2": "2C"}, stock=[])
    assert g.status == "playing"
    g.play("s2>c")
    assert g.status == "lost"  # only the 5H is left, and nothing takes it
    g.undo()
    assert g.status == "playing"


def test_lost_under_transfers_when_only_shuttling_is_left() -> None:
    # Two Kings can swap corners for ever, but nothing will ever take the 5: over in all but name.
    g = Game.from_position(corners={"nw": ["KD"], "ne": ["KH"]}, sails={"n1": "5C"}, rules=Rules.pysolfc())
    assert g.legal_moves() and all(m.src in CORNERS and m.dst in CORNERS for m in g.legal_moves())
    assert g.status == "lost"
    # The same cards with a stock to deal from: not over.
    sails = dict(zip(SAILS, ["5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S"], strict=True))
    g = Game.from_position(
        corners={"nw": ["KD"], "ne": ["KH"]}, sails=sails, stock=["9S"], rules=Rules.pysolfc()
    )
    assert g.status == "playing"
    # Only moves between foundations now, but the centre's 8 onto the corner's 9 lets the 7 follow.
    centre = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    g = Game.from_position(
        center=centre, corners={"nw": ["KD", "QD", "JD", "TD", "9D"]}, sails={"n1": "7C"},
        rules=Rules.pysolfc(),
    )  # fmt: skip
    assert sorted(map(str, g.legal_moves())) == ["c>nw", "nw>c"]
    assert g.status == "playing"
    g.play("c>nw")
    assert g.status == "playing" and "n1>nw" in g.legal_moves()
    # Under the seeds' rules nothing changes: "lost" is still "no legal move".
    g = Game.from_position(corners={"nw": ["KD"], "ne": ["KH"]}, sails={"n1": "5C"})
    assert g.legal_moves() == [] and g.status == "lost"


# -- option: auto_kings -----------------------------------------------------------------------------
# Seeds 001/002: "as the first four Kings turn up, place them in the corners". "When true, whenever a
# King is available (sail or waste top) and a corner is empty, it moves there by itself as part of the
# move that exposed it (and at the start of the game); sails before the waste, corners in order nw ne se sw."
def _order_with(at: dict[int, str]) -> list[Card]:
    """A full dealing order with the given faces at the given positions (0 = centre, 1..8 = sails n1..w2,
    9.. = the stock, first dealt first) and the rest in identity order."""
    chosen = {}
    for i, face in sorted(at.items()):
        card = Card(face)
        chosen[i] = card if card not in chosen.values() else Card(face, deck=1)
    rest = iter(c for c in Card._all if c not in chosen.values() and c.rank != 13)
    kings = iter(c for c in Card._all if c not in chosen.values() and c.rank == 13)
    order = [chosen[i] if i in chosen else next(rest, None) for i in range(104)]
    return [c if c is not None else next(kings) for c in order]  # spare Kings go to the bottom of the stock


def test_auto_kings_at_the_start_sails_in_order_to_corners_in_order() -> None:
    # Kings on s1 and n2, and the stock's first card (which refills n2) is a King too.
    order = _order_with({0: "AS", 2: "KH", 5: "KD", 9: "KC", 10: "5S", 11: "6S"})
    g = Game.from_order(order, rules=Rules.classic())
    assert faces(g, "nw") == ["KH"]  # n2 comes first...
    assert faces(g, "ne") == ["KC"]  # ...and is refilled by the KC, which again comes before s1's King
    assert faces(g, "se") == ["KD"]
    assert g.pile("sw") == ()
    assert faces(g, "n2") == ["5S"] and faces(g, "s1") == ["6S"]  # refilled from the stock, in order
    assert g.history == () and not g.can_undo  # the set-up is not a move
    assert all(g.top(n).rank != 13 for n in SAILS)

    strict = Game.from_order(order)  # without the option the Kings wait for the player
    assert all(strict.pile(n) == () for n in CORNERS)
    assert {"n2>nw", "s1>sw"} <= {str(m) for m in strict.legal_moves()}


def test_auto_kings_mid_game_is_part_of_the_move_that_exposed_the_king() -> None:
    g = Game.from_position(
        center=["AS"], sails=sails(n1="2H"), waste=["KD", "KS"], stock=["3C", "KC"], rules=Rules.classic()
    )
    # At the start: the waste's KS moves, then the KD under it.
    assert faces(g, "nw") == ["KS"] and faces(g, "ne") == ["KD"] and g.pile("waste") == ()
    before = g.piles()
    g.play("deal")  # the KC turns up on the waste and goes on to corner se within the same move
    assert faces(g, "se") == ["KC"] and g.pile("waste") == ()
    assert g.history == (Move.deal(),)
    g.undo()
    assert g.piles() == before
    g.redo()
    g.play("n1>c")  # n1 is refilled from the stock (the waste is empty): the 3C, no King
    assert faces(g, "n1") == ["3C"] and g.pile("sw") == ()


def test_auto_kings_sails_before_the_waste() -> None:
    g = Game.from_position(
        center=["AS"],
        corners={"nw": ["KC"], "ne": ["KD"], "se": ["KS", "QS"]},
        sails=sails(w2="KH"),
        waste=["5C", "KH"],  # the second KH (deck 1)
        stock=["3C"],
        rules=Rules.classic(),
    )
    # Only sw is empty: w2's King goes first (sails before the waste, even the last sail), and w2 is
    # refilled with the waste's King, which then has no empty corner left.
    assert g.pile("sw") == (Card("KH"),)
    assert g.pile("w2") == (Card("KH", deck=1),)
    assert faces(g, "waste") == ["5C"]


def test_auto_kings_fill_the_corners_in_the_order_nw_ne_se_sw() -> None:
    g = Game.from_position(
        corners={"nw": ["KC"], "se": ["KS"]},
        sails=sails(e1="KH", w1="KD"),
        stock=["3C", "4C"],
        rules=Rules.classic(),
    )
    assert faces(g, "ne") == ["KH"] and faces(g, "sw") == ["KD"]  # e1 before w1; ne before sw
    assert faces(g, "e1") == ["4C"] and faces(g, "w1") == ["3C"]


def test_auto_kings_chain_through_the_refills_in_one_move() -> None:
    # The stock is face down, so its Kings are not available until they turn up.
    g = Game.from_position(
        center=["AS"], sails=sails(n1="2H"), stock=["3C", "KD", "KS"], rules=Rules.classic()
    )
    assert all(g.pile(n) == () for n in CORNERS)
    before = g.piles()
    g.play("n1>c")  # n1 is refilled with the KS, which moves to nw; again with the KD (to ne); then the 3C
    assert faces(g, "nw") == ["KS"] and faces(g, "ne") == ["KD"] and faces(g, "n1") == ["3C"]
    assert len(g.history) == 1
    g.undo()
    assert g.piles() == before

    # A play that uncovers Kings on the waste moves them too.
    g = Game.from_position(
        center=["AS"], sails=sails(n1="2H"), waste=["KH", "KD", "5C"], rules=Rules.classic()
    )
    g.play("n1>c")
    assert faces(g, "n1") == ["5C"] and faces(g, "nw") == ["KD"] and faces(g, "ne") == ["KH"]


def test_auto_kings_stop_when_no_corner_is_empty() -> None:
    g = Game.from_position(
        corners={n: ["K" + s] for n, s in zip(CORNERS, "SHDC", strict=True)},
        sails=sails(n1="KH"),
        stock=["3C"],
        rules=Rules.classic(),
    )
    assert faces(g, "n1") == ["KH"]  # all four corners are taken: this King stays on its sail
    assert not [m for m in g.legal_moves() if m.src == "n1"]


# -- option: corner_streak --------------------------------------------------------------------------
# Seed 001: "Following the strictest rules, a player cannot play more than one card in a row from a King
# foundation, but the game is more enjoyable if that is allowed." corner_streak=None: unlimited.
def test_corner_streak_none_lets_corner_cards_go_to_the_centre_without_limit() -> None:
    g = corner_race(rules=Rules.relaxed())
    for move in ("nw>c", "ne>c", "se>c"):
        g.play(move)
    assert g.corner_run == 3
    assert faces(g, "c") == ["AS", "2H", "3S", "4H", "5D"]


def test_corner_streak_two_allows_two_corner_cards_in_a_row() -> None:
    g = corner_race(rules=Rules(corner_streak=2))
    g.play("nw>c")
    g.play("ne>c")
    why = refused(g, "se>c", "corner-streak")
    assert why == (
        "At most 2 corner cards may go to the centre in a row; the next centre card must come from a sail "
        "or the waste."
    )
    g.undo()
    g.play("n1>c")  # a sail card resets the count
    g.play("se>c")
    assert g.corner_run == 1


# -- option: transfers -----------------------------------------------------------------------------
# "transfers="any": the top card of any foundation may move to any other foundation that accepts it,
# except the centre's base Ace (what PySolFC's Windmill allows)."
def test_transfers_any_moves_foundation_tops_between_foundations() -> None:
    g = Game.from_position(
        center=centre_run("Q"),
        corners={"nw": corner("S", "Q"), "ne": ["KH"], "se": corner("D", "6"), "sw": corner("C", "T")},
        sails={"s2": "8H"},
        rules=Rules.pysolfc(),
    )
    # nw's Queen onto ne's King; ne's King to the centre; the centre's Queen onto ne's King.
    assert [str(m) for m in g.legal_moves()] == ["nw>ne", "ne>c", "c>ne"]
    g.play("nw>ne")
    assert faces(g, "ne") == ["KH", "QS"] and faces(g, "nw") == ["KS"]
    g.play("ne>nw")  # and straight back: the move graph has cycles
    assert faces(g, "nw") == ["KS", "QS"] and faces(g, "ne") == ["KH"]
    g.play("c>ne")
    assert faces(g, "ne") == ["KH", "QS"] and len(g.pile("c")) == 11
    why = refused(g, "nw>sw", "corner-sequence")
    assert why == "Corner sw needs a 9 next (its top card is a 10); the Q♠ on corner nw cannot go there."


def test_transfers_any_never_moves_the_centres_base_ace() -> None:
    g = Game.from_position(
        center=["AS"], corners={"nw": corner("H", "2")}, sails={"s2": "8H"}, rules=Rules.pysolfc()
    )
    assert [str(m) for m in g.legal_moves()] == ["nw>c"]  # the 2 may go up, the Ace never comes down
    assert refused(g, "c>nw", "centre-base") == "The centre's base Ace never leaves the centre."

    # A later Ace on the centre is an ordinary top card.
    g = Game.from_position(
        center=centre_run("A", runs=2),
        corners={"nw": corner("H", "2")},
        sails={"s2": "8H"},
        rules=Rules.pysolfc(),
    )
    assert [str(m) for m in g.legal_moves()] == ["nw>c", "c>nw"]
    g.play("c>nw")
    assert len(g.pile("nw")) == 13


def test_transfers_any_still_counts_the_corner_streak() -> None:
    g = corner_race(rules=Rules(transfers="any"))
    g.play("nw>c")
    assert refused(g, "ne>c", "corner-streak") == STREAK
    g.play("c>ne")  # the centre's 3 onto ne's 4...
    assert faces(g, "ne")[-1] == "3S" and faces(g, "c") == ["AS", "2H"]
    assert refused(g, "ne>c", "corner-streak") == STREAK  # ...is not a centre card from a sail or the waste


def test_without_transfers_the_centre_and_corners_keep_their_cards() -> None:
    g = Game.from_position(
        center=centre_run("Q"), corners={"nw": corner("S", "Q"), "ne": ["KH"]}, sails={"s2": "8H"}
    )
    refused(g, "nw>ne", "corner-to-centre-only")
    refused(g, "c>ne", "centre-stays")


# -- the presets -------------------------------------------------------------------------------------
def test_the_four_presets() -> None:
    assert Rules.strict() == Rules() == Rules(auto_kings=False, corner_streak=1, transfers="corner-to-centre")
    assert Rules.relaxed() == Rules(corner_streak=None)
    assert Rules.classic() == Rules(auto_kings=True)
    assert Rules.pysolfc() == Rules(corner_streak=None, transfers="any")
    assert [repr(getattr(Rules, p)()) for p in ("strict", "relaxed", "classic", "pysolfc")] == [
        "Rules.strict()", "Rules.relaxed()", "Rules.classic()", "Rules.pysolfc()",
    ]  # fmt: skip
    assert (
        repr(Rules(corner_streak=2))
        == "Rules(auto_kings=False, corner_streak=2, transfers='corner-to-centre')"
    )
    assert Rules(corner_streak=3).preset is None and Rules.classic().preset == "classic"
    assert Game(seed=1).rules == Rules.strict()


@pytest.mark.parametrize(
    "kwargs",
    [{"auto_kings": 1}, {"corner_streak": 0}, {"corner_streak": True}, {"corner_streak": 1.5},
     {"transfers": "all"}, {"transfers": None}],
)  # fmt: skip
def test_invalid_rule_options_are_refused(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        Rules(**kwargs)


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        Rules().auto_kings = True  # type: ignore[misc]
