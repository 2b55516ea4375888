"""Crazy Quilt's search model must never drift from the engine's rules.

Along seeded random playouts of random deals, for both presets and 0 to 3 redeals, the mirror must
offer exactly the engine's moves, each must lead to the position the engine reaches (which copy of
a card is which dropped), its keys must tell different positions apart and agree on equal ones,
and undo must restore it exactly. The player's mirror (stock hidden) must offer a view's moves.
"""

from __future__ import annotations

import importlib.util
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.core.cards import RANK_OF
from windmill_widget.games.crazy_quilt import position, search
from windmill_widget.games.crazy_quilt.notation import upright
from windmill_widget.games.crazy_quilt.position import NARROW, SUIT_OF
from windmill_widget.games.crazy_quilt.search import (
    FACE_RANK,
    FACE_SUIT,
    REDEAL,
    TURN,
    UNKNOWN,
    SearchState,
    concrete_move,
    dig_levels,
    face_of,
    free_cells,
    narrow_of,
    neighbours_of,
    position_signature,
    signature,
)

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, database=None)
RULES = [QuiltRules(turn_to=t, redeals=r) for t in ("hand", "waste") for r in range(4)]


def walk(game: QuiltGame, steps: int, rng: random.Random) -> tuple[int, int]:
    """Play at random from ``game``, checking the mirror at every step; returns (moves played,
    redeals made)."""
    pos = game._pos
    state = SearchState.from_position(pos)
    played = redeals = 0
    for _ in range(steps):
        assert signature(state) == position_signature(pos)
        codes = pos.legal_codes()
        moves = state.moves()
        assert moves == codes
        before = (signature(state), state.key(), state.snapshot())
        keys: dict[int, tuple] = {}
        for m in moves:
            record = pos.apply(m)
            rec = state.apply(m)
            sig = signature(state)
            assert sig == position_signature(pos), f"{concrete_move(game, m)} leads elsewhere"
            assert keys.setdefault(state.key(), sig) == sig, "two different positions share a key"
            state.undo(rec)
            pos.revert(record)
            assert (signature(state), state.key(), state.snapshot()) == before, f"undo of {m} is not exact"
        assert len(keys) == len(set(map(tuple, keys.values()))), "equal positions with different keys"
        if not moves:
            assert state.is_won() == pos.is_won()
            break
        # Prefer plays over turns so that games get deep into the quilt and reach the redeals.
        plays = [m for m in moves if m not in (TURN, REDEAL)]
        m = rng.choice(plays) if plays and rng.random() < 0.7 else moves[-1]
        redeals += m == REDEAL
        pos.apply(m)
        state.apply(m)
        played += 1
    return played, redeals


@pytest.mark.parametrize("rules", RULES, ids=repr)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), walk_seed=st.integers(0, 2**32))
def test_mirror_offers_the_engines_moves_and_positions_along_random_playouts(
    rules: QuiltRules, seed: int, walk_seed: int
) -> None:
    walk(QuiltGame(seed=seed, rules=rules), 400, random.Random(walk_seed))


def test_playouts_reach_every_redeal_and_the_end() -> None:
    rules = QuiltRules(redeals=3)
    redeals = [walk(QuiltGame(seed=s, rules=rules), 1000, random.Random(s))[1] for s in range(3)]
    assert redeals == [3, 3, 3]


def test_faces_agree_with_the_engines_suits_and_ranks() -> None:
    for c in range(104):
        assert (FACE_SUIT[face_of(c)], FACE_RANK[face_of(c)]) == (SUIT_OF[c], RANK_OF[c])


@pytest.mark.parametrize("rules", [QuiltRules.literal(), QuiltRules.common()], ids=repr)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), walk_seed=st.integers(0, 2**32), cleared=st.integers(0, 64))
def test_free_cells_are_the_engines_available_cells_on_random_positions(
    rules: QuiltRules, seed: int, walk_seed: int, cleared: int
) -> None:
    # Positions played into at random, then with random cells emptied as well (quilts no game of a
    # few hundred moves reaches): the search model's bit masks and the engine's rule agree.
    rng = random.Random(walk_seed)
    game = QuiltGame(seed=seed, rules=rules)
    for _ in range(rng.randrange(300)):
        if game.status != "playing":
            break
        game.play(rng.choice(game.legal_moves()))
    pos = game._pos.copy()
    for i in rng.sample(range(64), cleared):
        pos.piles[i].clear()
    state = SearchState.from_position(pos)
    assert [i for i in range(64) if state.free() >> i & 1] == pos.available()
    assert [i for i in range(64) if free_cells(state.mask) >> i & 1] == pos.available()


def _turned(index: int) -> tuple[int, int]:
    """The cells across cell ``index``'s narrow edges were its card turned the other way."""
    r, c = divmod(index, 8)
    ends = ((r, c - 1), (r, c + 1)) if upright(index) else ((r - 1, c), (r + 1, c))
    return tuple(rr * 8 + cc if 0 <= rr < 8 and 0 <= cc < 8 else -1 for rr, cc in ends)  # type: ignore[return-value]


def test_the_bit_masks_are_built_from_the_engines_narrow_edges(monkeypatch) -> None:
    # One definition of the rule: were the engine's table of narrow edges another (every card turned
    # the other way), a fresh copy of the search model would follow it, not a geometry of its own.
    turned = tuple(_turned(i) for i in range(64))
    monkeypatch.setattr(position, "NARROW", turned)
    spec = importlib.util.spec_from_file_location(f"{search.__package__}._search_copy", search.__file__)
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    rng = random.Random(4)
    pos = QuiltGame(seed=4)._pos
    for _ in range(100):
        mask = rng.getrandbits(64) | rng.getrandbits(64)
        for i in range(64):
            pos.piles[i][:] = [i] if mask >> i & 1 else []
        assert [i for i in range(64) if copy.free_cells(mask) >> i & 1] == pos.available()
        assert copy.free_cells(mask) != free_cells(mask) or mask == 0
    for i in range(64):
        assert {j for j in range(64) if copy.narrow_of(1 << i) >> j & 1} == {n for n in turned[i] if n >= 0}
        assert {j for j in range(64) if copy.neighbours_of(1 << i) >> j & 1} == {
            j for j in range(64) if i in turned[j]
        }


@pytest.mark.parametrize("rules", [QuiltRules.literal(), QuiltRules.common()], ids=repr)
def test_the_players_mirror_hides_the_stock_and_offers_the_views_moves(rules: QuiltRules) -> None:
    game = QuiltGame(seed=5, rules=rules)
    rng = random.Random(5)
    for _ in range(120):
        view = game.view()
        state = SearchState.from_view(view)
        assert set(state.stock_faces()) <= {UNKNOWN - 1}
        assert state.stock_left() == view.stock_count
        assert state.moves() == [m.code for m in view.legal_moves()]
        full = SearchState.from_game(game)
        assert (state.mask, state.fcode, state.waste, state.hand, state.redeals) == (
            full.mask, full.fcode, full.waste, full.hand, full.redeals,
        )  # fmt: skip
        if game.status != "playing":
            break
        game.play(rng.choice(game.legal_moves()))


def test_a_staged_position_is_mirrored() -> None:
    g = QuiltGame.from_position(
        quilt={"b8": "KC", "c8": "9H", "d8": "2H", "e8": "7C", "f8": "QD"},
        foundations={"C+": ["AC", "2C", "3C"]},
        stock=["5S"],
        waste=["8C"],
        hand="4C",
    )
    s = SearchState.from_game(g)
    assert s.out == 8 and s.height(3) == 3 and s.needs(3) == 4 and s.needs(7) == 12
    assert [str(concrete_move(g, m)) for m in s.moves()] == [str(m) for m in g.legal_moves()]
    assert s.takers(face_of(g.pile("hand")[0].id)) == [3]


def test_dig_levels_count_the_cards_to_take_away_first() -> None:
    # The definition: a free card costs 0; another costs one more than the cheaper of the cards
    # across its narrow edges (that card must be freed and taken away first).
    rng = random.Random(3)
    for _ in range(100):
        mask = rng.getrandbits(64) | rng.getrandbits(64)  # mostly filled
        cost = {i: 0 for i in range(64) if free_cells(mask) >> i & 1}
        changed = True
        while changed:
            changed = False
            for i in range(64):
                if mask >> i & 1:
                    best = min((cost[n] + 1 for n in NARROW[i] if n in cost), default=99)
                    if best < cost.get(i, 99):
                        cost[i] = best
                        changed = True
        levels = dig_levels(mask)
        assert {i: k for k, level in enumerate(levels) for i in range(64) if level >> i & 1} == cost


def test_wanted_faces_are_what_the_foundations_take() -> None:
    game = QuiltGame(seed=9)
    rng = random.Random(9)
    for _ in range(150):
        state = SearchState.from_game(game)
        for face, j in state.wanted():
            assert j in state.takers(face)
        assert len(state.wanted()) == sum(state.needs(j) > 0 for j in range(8))
        if game.status != "playing":
            break
        game.play(rng.choice(game.legal_moves()))


def test_narrow_of_and_neighbours_of_are_the_narrow_edges_both_ways() -> None:
    for i in range(64):
        across = {n for n in NARROW[i] if n >= 0}
        assert {j for j in range(64) if narrow_of(1 << i) >> j & 1} == across
        having_i = {j for j in range(64) if i in NARROW[j]}
        assert {j for j in range(64) if neighbours_of(1 << i) >> j & 1} == having_i
