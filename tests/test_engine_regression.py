"""Pinned games: a change in the deal algorithm or in the rules cannot slip through unnoticed.

``tests/data/regression_games.json`` was written once by ``tests/data/make_regression.py`` and is
only ever *read* here: each game is replayed move by move from its seed, the legal moves are compared
at every step, and the final position (every pile, card by card, with identities) must match.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from windmill_widget import PILES, Card, Game, Rules
from windmill_widget.core.deal import DEAL_ALGORITHM, SplitMix64
from windmill_widget.games.windmill import deal_order

DATA = json.loads((Path(__file__).parent / "data" / "regression_games.json").read_text(encoding="utf-8"))


def test_deal_algorithm_name_is_the_pinned_one() -> None:
    # Changing the shuffle means bumping DEAL_ALGORITHM (old save files then refuse to load) and
    # re-pinning this file on purpose.
    assert DATA["deal_algorithm"] == DEAL_ALGORITHM


def test_deal_order_of_seed_0_starts_with_the_pinned_cards() -> None:
    assert deal_order(0)[:20] == DATA["deal_order_0_first_20"]


def test_splitmix64_reference_values() -> None:
    # Published first outputs of SplitMix64 seeded with 0 (as in the reference C code by Vigna).
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F,
    ]  # fmt: skip


def _reference_deal_order(seed: int) -> list[int]:
    """The documented algorithm, written the slow and obvious way: Fisher-Yates over the 103 cards
    after the Ace of Spades, drawing with SplitMix64's unbiased ``below``."""
    rng = SplitMix64(seed)
    rest = list(range(1, 104))
    for i in range(len(rest) - 1, 0, -1):
        j = rng.below(i + 1)
        rest[i], rest[j] = rest[j], rest[i]
    return [0, *rest]


@pytest.mark.parametrize("seed", [0, 1, 2, 42, 123456789, 2**32, 2**63 + 5, 2**64 - 1])
def test_deal_order_matches_the_reference_algorithm(seed: int) -> None:
    assert deal_order(seed) == _reference_deal_order(seed)


@pytest.mark.parametrize("seed", sorted(DATA["layouts"], key=int))
def test_layout_of_seed_is_pinned(seed: str) -> None:
    g = Game(seed=int(seed))
    expected = DATA["layouts"][seed]
    for name in PILES:
        if name != "stock":
            assert [str(c) for c in g.pile(name)] == expected[name], name
    assert [str(c) for c in g.pile("stock")[-5:]] == expected["stock_top_5"]
    assert len(g.pile("stock")) == 95


@pytest.mark.parametrize("game", DATA["games"], ids=lambda d: d["label"])
def test_pinned_game_replays_move_by_move_to_its_final_position(game: dict) -> None:
    g = Game(seed=game["seed"], rules=getattr(Rules, game["rules"])())
    assert " ".join(map(str, g.legal_moves())) == game["legal"][0]
    for i, move in enumerate(game["moves"]):
        g.play(move)
        assert " ".join(map(str, g.legal_moves())) == game["legal"][i + 1], f"after move {i + 1} ({move})"
    assert [str(m) for m in g.history] == game["moves"]
    assert g.status == game["status"]
    for name in PILES:
        assert [str(c) for c in g.pile(name)] == game["final"][name], name
        assert [c.id for c in g.pile(name)] == game["final_ids"][name], name
    assert sorted(c for name in PILES for c in g.pile(name)) == list(Card._all)


def test_pinned_games_cover_a_win_a_loss_and_every_preset() -> None:
    assert {g["status"] for g in DATA["games"]} == {"won", "lost"}
    assert {g["rules"] for g in DATA["games"]} == {"strict", "relaxed", "classic", "pysolfc"}


@pytest.mark.parametrize("game", DATA["games"], ids=lambda d: d["label"])
def test_pinned_game_survives_a_save_file_round_trip(game: dict) -> None:
    g = Game(seed=game["seed"], rules=getattr(Rules, game["rules"])())
    for move in game["moves"]:
        g.play(move)
    h = Game.from_json(g.to_json())
    assert h.piles() == g.piles() and h.history == g.history and h.status == game["status"]
