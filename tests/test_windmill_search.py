"""The solver's rank-only mirror must never drift from the engine's rules.

Along random playouts of random deals, for every rules preset, the mirror and the engine must offer
the same set of *outcomes* (positions with card identities, sail and corner names dropped), the
mirror's canonical keys must tell different outcomes apart and agree on equal ones, every abstract
move must translate into a legal engine move leading to the same outcome, and undo must restore the
mirror exactly.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windmill_widget import Game, Rules
from windmill_widget.games.windmill.notation import DEAL_CODE
from windmill_widget.games.windmill.rules import PRESETS
from windmill_widget.games.windmill.search import SearchState, engine_code, position_signature, signature

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None)


def engine_outcomes(pos) -> dict[tuple, int]:
    out = {}
    for code in pos.legal_codes():
        record = pos.apply(code)
        out.setdefault(position_signature(pos), code)
        pos.revert(record)
    return out


def mirror_outcomes(state: SearchState) -> dict[tuple, tuple[int, int]]:
    out = {}
    before = (signature(state), state.key(), state.snapshot())
    for m in state.moves():
        record = state.apply(m)
        out[signature(state)] = (m, state.key())
        state.undo(record)
        assert (signature(state), state.key(), state.snapshot()) == before, f"undo of {m} is not exact"
    return out


def walk(seed: int, rules: Rules, steps: int, rng: random.Random) -> int:
    game = Game(seed=seed, rules=rules)
    pos = game._pos
    state = SearchState.from_position(pos)
    played = 0
    for _ in range(steps):
        assert signature(state) == position_signature(pos)
        eng = engine_outcomes(pos)
        mir = mirror_outcomes(state)
        assert set(eng) == set(mir)
        keys = [k for _, k in mir.values()]
        assert len(set(keys)) == len(keys), "two different outcomes share a key"
        if not mir:
            break
        # Prefer plays over deals so that games get deep into the foundations.
        options = sorted(mir.values())
        plays = [m for m, _ in options if m != 0]
        m = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(options)[0]
        code = engine_code(pos, m)
        assert code in pos.legal_codes()
        pos.apply(code)
        state.apply(m)
        played += 1
    return played


@pytest.mark.parametrize("preset", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), walk_seed=st.integers(0, 2**32))
def test_mirror_offers_the_engines_outcomes_along_random_playouts(
    preset: str, seed: int, walk_seed: int
) -> None:
    walk(seed, getattr(Rules, preset)(), 250, random.Random(walk_seed))


@pytest.mark.parametrize("preset", PRESETS)
def test_equal_keys_mean_equal_positions(preset: str) -> None:
    # Collect (key, signature) pairs over many positions: a key must never stand for two signatures.
    rules = getattr(Rules, preset)()
    by_key: dict[int, tuple] = {}
    rng = random.Random(7)
    for seed in range(12):
        pos = Game(seed=seed, rules=rules)._pos
        state = SearchState.from_position(pos)
        for _ in range(200):
            by_key.setdefault(state.key(), signature(state))
            assert by_key[state.key()] == signature(state)
            moves = state.moves()
            if not moves:
                break
            state.apply(rng.choice(moves))


def test_hidden_stock_mirror_never_uses_the_stock_order() -> None:
    game = Game(seed=5)
    view = game.view()
    state = SearchState.from_position(view._pos, hide_stock=True)
    assert state.R[state.k :] == [0] * len(game.pile("stock"))
    assert signature(state)[:5] == position_signature(game._pos)[:5]  # all but the stock agree


def test_engine_code_of_a_deal_is_the_deal() -> None:
    pos = Game(seed=1)._pos
    assert engine_code(pos, 0) == DEAL_CODE
