"""benchmarks/quilt_free_quilt.py: the small games of several Crazy Quilt suits with the quilt free.
With an empty quilt the small game of all four suits is the real game, so it must agree with brute
force; with quilt cards it may only win more; one suit's game is the solver's suit relaxation."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_quilt_solver import brute_force_winnable, endgame

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import quilt_free_quilt as fq

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.games.crazy_quilt.search import SearchState
from windmill_widget.solver.crazy_quilt.kernel import Kernel

READINGS = st.builds(QuiltRules, turn_to=st.sampled_from(["hand", "waste"]), redeals=st.integers(0, 3))
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None)
ALL = range(4)


@SETTINGS
@given(seed=st.integers(0, 2**32), rules=READINGS, cards_out=st.integers(2, 14))
def test_with_an_empty_quilt_all_four_suits_are_the_real_game(
    seed: int, rules: QuiltRules, cards_out: int
) -> None:
    game = endgame(random.Random(seed), rules, cards_out, quilt_cards=0)
    assert fq.small_game_won(SearchState.from_game(game), ALL) == brute_force_winnable(game)


@SETTINGS
@given(seed=st.integers(0, 2**32), redeals=st.integers(1, 3), cards_out=st.integers(3, 14))
def test_at_a_redeal_the_held_card_comes_up_last(seed: int, redeals: int, cards_out: int) -> None:
    # The stock empty, a card in hand (literal reading), a redeal left: the engine lays the held card
    # on the waste before turning it over, so it comes up last in the next pass.
    rng = random.Random(seed)
    game = endgame(rng, QuiltRules(redeals=redeals), cards_out, quilt_cards=0, at_redeal=True)
    assert fq.small_game_won(SearchState.from_game(game), ALL) == brute_force_winnable(game)


@SETTINGS
@given(seed=st.integers(0, 2**32), rules=READINGS, cards_out=st.integers(3, 14))
def test_a_free_quilt_only_wins_more(seed: int, rules: QuiltRules, cards_out: int) -> None:
    rng = random.Random(seed)
    game = endgame(rng, rules, cards_out, quilt_cards=rng.randint(1, 6))
    state = SearchState.from_game(game)
    if brute_force_winnable(game):
        for k in (1, 2, 4):  # whichever suits it keeps, a relaxation wins what the game wins
            assert all(fq.small_game_won(state, group) for group in itertools.combinations(ALL, k))


@pytest.mark.parametrize("rules", [QuiltRules.literal(), QuiltRules.common()], ids=["literal", "common"])
def test_one_suits_game_is_the_suit_relaxation(rules: QuiltRules) -> None:
    # After the blind passes of these deals: 9 (clubs) and 198 (spades) lose a suit, 83 and 180 none.
    lost = {}
    for seed in (9, 83, 180, 198):
        s = fq.after_blind_passes(QuiltGame(seed=seed, rules=rules))
        mine = {"SHDC"[i] for i in ALL if fq.small_game_won(s, [i]) is False}
        theirs = Kernel(s).suit_lost()
        assert (theirs is None) == (not mine) and (theirs is None or "SHDC"[theirs] in mine)
        lost[seed] = mine
    assert lost[9] and lost[198] and not lost[83] and not lost[180]


def test_the_blind_passes_are_a_legal_line_to_the_last_pass() -> None:
    rules = QuiltRules(redeals=2)
    s = fq.after_blind_passes(QuiltGame(seed=5, rules=rules))
    assert s.redeals == 0 and s.stock_left() == 32 and s.waste_size() == 0 and s.out == 96  # nothing played
    fresh = SearchState.from_game(QuiltGame(seed=5, rules=rules))
    assert s.stock_faces() == fresh.stock_faces()  # in the deal's order


def test_a_small_game_out_of_positions_is_undecided() -> None:
    s = fq.after_blind_passes(QuiltGame(seed=83))
    assert fq.small_game_won(s, ALL, limit=100) is None
