"""Every entry point that takes user input refuses bad input with a clear error that quotes at most a
short excerpt of it: a fuzzed 3 MB field, a deep nesting or a huge number never comes back as a huge
message (``core/text.py: excerpt``), and never as an error of the wrong kind (a ``TypeError`` from deep
inside, a ``MemoryError``).

The save files' fields have the same test in ``test_engine_savefile.py``."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from windmill_widget import (
    Card,
    Game,
    IllegalMove,
    Move,
    PlayerView,
    QuiltGame,
    QuiltMove,
    QuiltRules,
    Rules,
    find_game,
)
from windmill_widget.games.crazy_quilt import deal_order

SHORT = 300  # characters: a sentence and a short excerpt


def _deep(depth: int) -> list:
    root: list = []
    node = root
    for _ in range(depth):
        node.append([])
        node = node[0]
    return root


JUNK: dict[str, object] = {
    "3 MB string": "x" * 3_000_000,
    "3 MB bytes": b"x" * 3_000_000,
    "deep nesting": _deep(100_000),
    "huge int": 10**4000,
    "huger int": 10**5000,  # beyond Python's int-to-text limit: even repr() fails on it
    "3 MB key": {"x" * 3_000_000: 1},
    "3 MB list": ["AS"] * 1_000_000,
    "negative": -1,
    "None": None,
    "float nan": float("nan"),
}


def _played(g: Any, n: int) -> Any:
    rng = random.Random(1)
    for _ in range(n):
        if g.legal_moves():
            g.play(rng.choice(g.legal_moves()))
    return g


QUILT_VIEW = _played(QuiltGame(seed=3), 30).view().to_dict()
WINDMILL_VIEW = _played(Game(seed=3), 30).view().to_dict()


def _with(base: dict, key: str, value: object) -> dict:
    d = copy.copy(base)
    d[key] = value
    return d


def _pile(base: dict, index: int, value: object) -> dict:
    d = copy.copy(base)
    d["piles"] = list(d["piles"])
    d["piles"][index] = value
    return d


ENTRY_POINTS: dict[str, Callable[[object], object]] = {
    "Move.parse": Move.parse,
    "QuiltMove.parse": QuiltMove.parse,
    "QuiltMove(src, dst)": lambda v: QuiltMove(v, "S+"),  # type: ignore[arg-type]
    "QuiltMove(src, dst) dst": lambda v: QuiltMove("a1", v),  # type: ignore[arg-type]
    "QuiltMove.from_code": QuiltMove.from_code,  # type: ignore[dict-item]
    "Card(text)": Card,  # type: ignore[dict-item]
    "Card(rank=)": lambda v: Card(rank=v, suit="S"),  # type: ignore[arg-type]
    "Card(suit=)": lambda v: Card(rank=3, suit=v),  # type: ignore[arg-type]
    "Card(deck=)": lambda v: Card("AS", deck=v),  # type: ignore[arg-type]
    "Card.from_id": Card.from_id,  # type: ignore[dict-item]
    "QuiltGame(seed=)": lambda v: QuiltGame(seed=v),  # type: ignore[arg-type]
    "QuiltGame(rules=)": lambda v: QuiltGame(seed=1, rules=v),  # type: ignore[arg-type]
    "from_order": QuiltGame.from_order,  # type: ignore[dict-item]
    "from_order, one card": lambda v: QuiltGame.from_order([v, *deal_order(1)[1:]]),
    "from_position quilt": lambda v: QuiltGame.from_position(quilt=v),  # type: ignore[arg-type]
    "from_position quilt cell": lambda v: QuiltGame.from_position(quilt={v: "AS"}),  # type: ignore[dict-item]
    "from_position quilt card": lambda v: QuiltGame.from_position(quilt={"a1": v}),  # type: ignore[dict-item]
    "from_position foundations": lambda v: QuiltGame.from_position(foundations=v),  # type: ignore[arg-type]
    "from_position foundation name": lambda v: QuiltGame.from_position(foundations={v: ["AS"]}),  # type: ignore[dict-item]
    "from_position foundation pile": lambda v: QuiltGame.from_position(foundations={"S+": v}),  # type: ignore[dict-item]
    "from_position stock": lambda v: QuiltGame.from_position(stock=v),  # type: ignore[arg-type]
    "from_position waste card": lambda v: QuiltGame.from_position(waste=[v]),  # type: ignore[list-item]
    "from_position hand": lambda v: QuiltGame.from_position(hand=v),  # type: ignore[arg-type]
    "from_position rules": lambda v: QuiltGame.from_position(rules=v),  # type: ignore[arg-type]
    "from_position redeals_used": lambda v: QuiltGame.from_position(redeals_used=v),  # type: ignore[arg-type]
    "QuiltRules(turn_to=)": lambda v: QuiltRules(turn_to=v),  # type: ignore[arg-type]
    "QuiltRules(redeals=)": lambda v: QuiltRules(redeals=v),  # type: ignore[arg-type]
    "QuiltRules.from_dict": QuiltRules.from_dict,
    "QuiltRules.from_preset": QuiltRules.from_preset,  # type: ignore[dict-item]
    "Rules(corner_streak=)": lambda v: Rules(corner_streak=v),  # type: ignore[arg-type]
    "find_game": find_game,  # type: ignore[dict-item]
    "game.play": lambda v: QuiltGame(seed=1).play(v),  # type: ignore[arg-type]
    "game.pile": lambda v: QuiltGame(seed=1).pile(v),  # type: ignore[arg-type]
    "game.is_available": lambda v: QuiltGame(seed=1).is_available(v),  # type: ignore[arg-type]
    "QuiltGame.lies_upright": QuiltGame.lies_upright,  # type: ignore[dict-item]
    "PlayerView.from_dict": PlayerView.from_dict,
    **{
        f"PlayerView.from_dict {game} {key}": (
            lambda v, base=base, key=key: PlayerView.from_dict(_with(base, key, v))
        )
        for game, base in (("quilt", QUILT_VIEW), ("windmill", WINDMILL_VIEW))
        for key in base
    },
    **{
        f"PlayerView.from_dict {game} pile {i}": (
            lambda v, base=base, i=i: PlayerView.from_dict(_pile(base, i, v))
        )
        for game, base, piles in (
            ("quilt", QUILT_VIEW, (0, 64, 72, 73, 74)),
            ("windmill", WINDMILL_VIEW, (0, 5, 13, 14)),
        )
        for i in piles
    },
}

# A few of these inputs are fine for an entry point (None is "no hand", "a random seed", "the default
# rules", "just the base"; a huge corner_streak is a valid "no limit to speak of"); those pairs are here.
ACCEPTED = {
    ("from_position quilt", "None"), ("from_position foundations", "None"), ("from_position hand", "None"),
    ("QuiltGame(rules=)", "None"), ("from_position rules", "None"), ("Rules(corner_streak=)", "None"),
    ("Rules(corner_streak=)", "huge int"), ("Rules(corner_streak=)", "huger int"),
    ("from_position quilt card", "None"), ("QuiltGame(seed=)", "None"),
    ("from_position foundation pile", "None"),
}  # fmt: skip


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
@pytest.mark.parametrize("junk", sorted(JUNK))
def test_bad_input_gives_a_clear_short_error(entry: str, junk: str) -> None:
    if entry.endswith((" cell", " name")) and isinstance(JUNK[junk], (list, dict)):
        return  # a dict's key cannot be a list: the caller's own {junk: ...} would fail first
    try:
        ENTRY_POINTS[entry](JUNK[junk])
    except (ValueError, TypeError, KeyError, PermissionError) as err:
        message = err.args[0] if isinstance(err, KeyError) else str(err)
        assert isinstance(message, str) and len(message) <= SHORT, message[:1000]
        assert message.rstrip().endswith((".", ")")), message[:200]  # a sentence
        if isinstance(err, IllegalMove):
            assert err.rule == "notation"
    else:
        assert (entry, junk) in ACCEPTED, f"{entry} accepted {junk}"


# -- the defects these found, one by one --------------------------------------------------------------
def test_a_suit_that_is_not_text_is_a_value_error_not_a_type_error() -> None:
    for suit in (["S"], {"S": 1}, 3, "SS", ""):
        with pytest.raises(ValueError, match="A suit is one of S H D C"):
            Card(rank=3, suit=suit)  # type: ignore[arg-type]


def test_a_bool_rank_and_a_float_or_bool_deck_are_refused() -> None:
    with pytest.raises(ValueError, match="A rank is"):
        Card(rank=True, suit="S")  # type: ignore[arg-type]
    for deck in (1.0, True, "1"):
        with pytest.raises(ValueError, match="decks 0 and 1"):
            Card("AS", deck=deck)  # type: ignore[arg-type]
    assert Card(rank=13, suit="♥", deck=1) == Card("KH", deck=1)


def test_a_dealing_order_is_counted_before_its_cards_are_read() -> None:
    with pytest.raises(ValueError, match="A Crazy Quilt dealing order lists 96 cards; got 104"):
        QuiltGame.from_order(range(104))
    with pytest.raises(ValueError, match="A Windmill dealing order lists 104 cards; got 96"):
        Game.from_order(deal_order(1))


def test_a_foundation_base_in_a_crazy_quilt_dealing_order_is_named() -> None:
    order = deal_order(1)
    for base in (0, Card("KC")):
        with pytest.raises(ValueError) as err:
            QuiltGame.from_order([base, *order[1:]])
        assert str(err.value) == (
            f"The {Card.from_id(getattr(base, 'id', base)).symbol} of deck 0 starts a foundation before the "
            "deal; a Crazy Quilt dealing order lists the other 96 cards."
        )


def test_the_quilt_and_the_foundations_are_mappings() -> None:
    with pytest.raises(ValueError, match=r"The quilt is given as a mapping such as \{'a1': '7H'"):
        QuiltGame.from_position(quilt=["a1"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"The foundations are given as a mapping such as \{'H\+'"):
        QuiltGame.from_position(foundations="AS")  # type: ignore[arg-type]


@pytest.mark.parametrize("base", [QUILT_VIEW, WINDMILL_VIEW], ids=["quilt", "windmill"])
def test_a_player_view_is_checked_like_a_save_file(base: dict) -> None:
    game = find_game(base["game"])
    stock = game.position_type.STOCK
    assert PlayerView.from_dict(base).to_dict() == base
    cases = {
        "stock count too big": (_pile(base, stock, 10**9), "count of cards 0..104"),  # no billion-item list
        "unseen not the stock's count": (_with(base, "unseen", base["unseen"][:-1]), "card ids of its stock"),
        "unseen in dealing order": (_with(base, "unseen", base["unseen"][::-1]), "in card order"),
        "an unknown field": ({**base, "stock": [1, 2]}, "exactly the fields"),
        "a missing field": ({k: v for k, v in base.items() if k != "legal"}, "exactly the fields"),
        "unknown extras": (_with(base, "extras", {"bogus": 1}), "extras"),
        "a card twice": (_pile(base, 0, base["piles"][0] + base["unseen"][:1]), "impossible position"),
        "a card id out of range": (_pile(base, 0, [500]), "impossible position"),
        "legal moves of another position": (_with(base, "legal", base["legal"][:-1]), "legal moves"),
        "a history of junk": (_with(base, "history", ["fly"]), "not a move"),
    }
    for name, (data, message) in cases.items():
        with pytest.raises(ValueError, match=message):
            PlayerView.from_dict(data)
        assert name
