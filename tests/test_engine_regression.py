"""Pinned games of both games: a change in a deal algorithm or in the rules cannot slip through unnoticed.

``tests/data/regression_games.json`` was written once by ``tests/data/make_regression.py`` (which says
when regenerating it is legitimate) and is only ever *read* here: each game is replayed move by move
from its seed, the legal moves are compared at every step, and the final position (every pile, card by
card, with identities) must match.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from windmill_widget import PILES, Card, Game, QuiltGame, QuiltRules, Rules
from windmill_widget.core.deal import DEAL_ALGORITHM, SplitMix64
from windmill_widget.games import crazy_quilt
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


# -- Crazy Quilt --------------------------------------------------------------------------------------
QUILT = DATA["crazy-quilt"]


def test_quilt_deal_order_of_seed_0_starts_with_the_pinned_cards() -> None:
    assert crazy_quilt.deal_order(0)[:20] == QUILT["deal_order_0_first_20"]


def _reference_quilt_order(seed: int) -> list[int]:
    """Crazy Quilt's documented deal, the slow and obvious way: the 96 cards left once the first deck's
    Aces and Kings are set out, in id order, shuffled by Fisher-Yates with SplitMix64's ``below``."""
    rng = SplitMix64(seed)
    rest = [i for i in range(104) if Card.from_id(i).deck == 1 or Card.from_id(i).rank not in (1, 13)]
    for i in range(len(rest) - 1, 0, -1):
        j = rng.below(i + 1)
        rest[i], rest[j] = rest[j], rest[i]
    return rest


@pytest.mark.parametrize("seed", [0, 1, 7, 2**32, 2**64 - 1])
def test_quilt_deal_order_matches_the_reference_algorithm(seed: int) -> None:
    assert crazy_quilt.deal_order(seed) == _reference_quilt_order(seed)


@pytest.mark.parametrize("seed", sorted(QUILT["layouts"], key=int))
def test_quilt_layout_of_seed_is_pinned(seed: str) -> None:
    g = QuiltGame(seed=int(seed))
    cells = [str(g.top(cell)) for cell in crazy_quilt.CELLS]
    assert [" ".join(cells[r * 8 : r * 8 + 8]) for r in range(8)] == QUILT["layouts"][seed]["rows"]
    assert [str(c) for c in reversed(g.pile("stock")[-5:])] == QUILT["layouts"][seed]["stock_next_5"]


def _quilt_replayed(game: dict) -> QuiltGame:
    g = QuiltGame(seed=game["seed"], rules=QuiltRules.from_dict(game["rules"]))
    assert " ".join(map(str, g.legal_moves())) == game["legal"][0]
    for i, move in enumerate(game["moves"]):
        g.play(move)
        assert " ".join(map(str, g.legal_moves())) == game["legal"][i + 1], f"after move {i + 1} ({move})"
    return g


@pytest.mark.parametrize("game", QUILT["games"], ids=lambda d: d["label"])
def test_pinned_quilt_game_replays_move_by_move_to_its_final_position(game: dict) -> None:
    g = _quilt_replayed(game)
    assert [str(m) for m in g.history] == game["moves"]
    assert g.status == game["status"] and g.redeals_left == game["redeals_left"]
    piles = {name: pile for name, pile in g.piles().items() if pile}
    assert {name: [str(c) for c in pile] for name, pile in piles.items()} == game["final"]
    assert {name: [c.id for c in pile] for name, pile in piles.items()} == game["final_ids"]
    assert sorted(c for pile in piles.values() for c in pile) == list(Card._all)


def test_pinned_quilt_games_cover_wins_losses_both_presets_redeals_and_the_hand() -> None:
    games = QUILT["games"]
    assert {g["status"] for g in games} == {"won", "lost"}
    assert {QuiltRules.from_dict(g["rules"]).preset for g in games} >= {"literal", "common"}
    assert {g["rules"]["redeals"] for g in games} == {0, 1, 3}
    moves = [m for g in games for m in g["moves"]]
    for kind in ("redeal", "hand>waste", "turn"):
        assert kind in moves
    assert any(m.startswith("hand>") and m != "hand>waste" for m in moves)
    assert any(m.startswith("waste>") for m in moves) and any(
        m.endswith(">waste") and m[0] != "h" for m in moves
    )


@pytest.mark.parametrize("game", QUILT["games"], ids=lambda d: d["label"])
def test_pinned_quilt_game_survives_a_save_file_round_trip(game: dict) -> None:
    g = QuiltGame(seed=game["seed"], rules=QuiltRules.from_dict(game["rules"]))
    for move in game["moves"]:
        g.play(move)
    h = QuiltGame.from_json(g.to_json())
    assert h.piles() == g.piles() and h.history == g.history and h.status == game["status"]
