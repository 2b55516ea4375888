"""The compiled search model (``search_kernel``) must be :class:`SearchState` move for move, and the
beam search over it must give the same lines compiled and as Python.

:class:`SearchState` is itself checked against the engine (``test_windmill_search.py``); here the
kernel walks beside it along random playouts of every rules preset: the same moves in the same
order, the same position after each, and keys that are equal exactly when ``SearchState.key`` is.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pure_python import both_ways

from windmill_widget import Game, Rules
from windmill_widget.core.compiled import COMPILED, as_array, int_array
from windmill_widget.games.windmill import search_kernel as sk
from windmill_widget.games.windmill.rules import PRESETS
from windmill_widget.games.windmill.search import DEAL, SearchState, concrete_move
from windmill_widget.solver.windmill.beam import VARIETY, beam_search

SETTINGS = settings(max_examples=25, deadline=None, derandomize=True, database=None)


def kernel_moves(state: SearchState, row, T) -> list[int]:
    """The kernel's moves for ``row`` (which mirrors ``state``), in its order."""
    mask = sk.moves_mask(
        row[0], row[1], sk.waste_top(T, row[2]), state.out, state.n, sk.limit_code(state), state.any
    )
    out = []
    while mask:
        m = sk.first_move(mask)
        out.append(m)
        mask &= ~(1 << m)
    return out


def described(row, T) -> tuple:
    """What a row holds, in SearchState's terms."""
    head = row[0]
    return (
        int(sk.dealt(head)),
        int(sk.centre(head)),
        [int(sk.corner(head, j)) for j in range(4)],
        int(sk.corner_run(head)),
        int(row[1]),
        sk.waste_ranks(T, int(row[2])),
    )


def expected(state: SearchState) -> tuple:
    run = 0 if state.limit is None else min(state.run, state.limit)
    return (state.k, state.centre, list(state.corner), run, state.scode, state.waste_ranks())


def walk(seed: int, rules: Rules, steps: int, rng: random.Random) -> int:
    state = SearchState.from_game(Game(seed=seed, rules=rules))
    T, TH, TC = sk.trie_new(256)
    R = as_array(state.R)
    row = int_array(sk.ROW)
    row[0], row[1], row[2] = sk.from_state(state, T, TH, TC)
    limit, auto = sk.limit_code(state), state.auto
    played = 0
    for _ in range(steps):
        assert described(row, T) == expected(state)
        moves = state.moves()
        assert kernel_moves(state, row, T) == moves
        if not moves:
            break
        # Every move's outcome, and its key against every other outcome's.
        keys = {}
        for m in moves:
            rec = state.apply(m)
            child = int_array(sk.ROW)
            T, TH = sk.trie_room(T, TH, TC, 1)
            if m == DEAL:
                sk.deal(row, 0, child, 0, R, state.n, auto, T, TH, TC)
            else:
                sk.play(row, 0, child, 0, m, R, state.n, limit, auto, T)
            assert described(child, T) == expected(state), m
            keys[(int(sk.key_head(child[0])), int(child[1]), int(child[2]))] = state.key()
            state.undo(rec)
        assert len(set(keys.values())) == len(keys), "the kernel's keys and SearchState's disagree"
        # Prefer plays over deals so that games get deep into the foundations.
        plays = [m for m in moves if m != DEAL]
        m = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(moves)
        state.apply(m)
        T, TH = sk.trie_room(T, TH, TC, 1)
        if m == DEAL:
            sk.deal(row, 0, row, 0, R, state.n, auto, T, TH, TC)
        else:
            sk.play(row, 0, row, 0, m, R, state.n, limit, auto, T)
        played += 1
    return played


@pytest.mark.parametrize("preset", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1), walk_seed=st.integers(0, 2**32))
def test_kernel_is_search_state_along_random_playouts(preset: str, seed: int, walk_seed: int) -> None:
    walk(seed, getattr(Rules, preset)(), 250, random.Random(walk_seed))


def test_walks_reach_deep_positions() -> None:
    # Not a vacuous agreement: the walks play well into the game under every preset.
    assert all(
        walk(seed, getattr(Rules, p)(), 250, random.Random(seed)) >= 100 for seed, p in enumerate(PRESETS)
    )


def test_a_waste_has_one_trie_node_whoever_reached_it() -> None:
    T, TH, TC = sk.trie_new(4)
    a = 0
    for r in (5, 9, 5, 13, 1):
        T, TH = sk.trie_room(T, TH, TC, 1)  # grows past its first four nodes
        a = sk.trie_child(T, TH, TC, a, r)
    b = sk.trie_child(T, TH, TC, sk.waste_parent(T, a), 1)
    assert a == b and sk.waste_ranks(T, a) == [5, 9, 5, 13, 1] and sk.waste_len(T, a) == 5
    assert sk.waste_counts(T, a) == (2 << 20) + (1 << 36) + (1 << 52) + (1 << 4)


def beam_cases() -> list[tuple[str, int, list[str], int]]:
    """(preset, deal, moves, width) along random games, from a seeded generator."""
    rng = random.Random(20261126)
    out = []
    for i in range(24):
        preset = PRESETS[i % len(PRESETS)]
        deal = rng.randrange(10**6)
        g = Game(seed=deal, rules=getattr(Rules, preset)())
        for _ in range(rng.randrange(0, 80)):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
        out.append((preset, deal, [str(m) for m in g.history], rng.choice((8, 32, 128))))
    return out


def beam_results(cases) -> list:
    out = []
    for i, (preset, deal, moves, width) in enumerate(cases):
        g = Game(seed=deal, rules=getattr(Rules, preset)())
        for m in moves:
            g.play(m)
        variety = (VARIETY, -4)[i % 2]  # both of the solver's scorings
        found = beam_search(SearchState.from_game(g), width, max_nodes=100_000, horizon=3, variety=variety)
        out.append([found.line, found.complete, found.nodes])
    return out


def test_beam_lines_win_in_the_engine() -> None:
    cases = beam_cases()
    wins = 0
    for (preset, deal, moves, _), (line, _, _) in zip(cases, beam_results(cases), strict=True):
        if line is None:
            continue
        g = Game(seed=deal, rules=getattr(Rules, preset)())
        for m in moves:
            g.play(m)
        for m in line:
            g.play(concrete_move(g, m))
        assert g.status == "won"
        wins += 1
    assert wins >= 4


@pytest.mark.skipif(not COMPILED, reason="the loops are not compiled here (no numba, or turned off)")
def test_compiled_and_python_beams_agree() -> None:
    compiled, python = both_ways(beam_results, beam_cases())
    assert python == compiled
    # Both kinds of ending were on trial: wins, and searches that gave up.
    assert {line is None for line, _, _ in compiled} == {True, False}
