"""Crazy Quilt's compiled exhaustive search (:mod:`windmill_widget.solver.crazy_quilt.kernel`): its
moves and waste order are the Python models' (the search model, ``bound.py``), its stacks split by
suit as they should, and it gives the same verdicts and counts compiled and as Python.

Its verdicts, safe moves and small games (which have no Python twin) against the brute force, along
winning lines and in slices are tested in ``test_quilt_solver.py`` (through
:class:`.exhaustive.Exhaustive`, which runs it).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pure_python import both_ways
from test_quilt_solver import endgame, meeting, one_suit

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.games.crazy_quilt.search import SearchState
from windmill_widget.solver.crazy_quilt import kernel as qk
from windmill_widget.solver.crazy_quilt.exhaustive import Exhaustive


def random_rules(rng: random.Random) -> QuiltRules:
    return QuiltRules(turn_to=rng.choice(["hand", "waste"]), redeals=rng.randint(0, 3))


def stack_faces(T, node: int) -> list[int]:
    """The faces of the stack ``node`` of the trie ``T``, bottom first."""
    out = []
    while node:
        out.append(int(qk.card_of(T, node)) - 1)
        node = int(qk.parent_of(T, node))
    return out[::-1]


def row_of(k: qk.Kernel, a: int = 0) -> tuple:
    """The position ``k.P[a:]`` as the search model's fields."""
    head = int(k.P[a + 1])
    return (int(k.P[a]) % (1 << 64), head & 0xFFFFFFFF, head >> 32 & 63, head >> 38 & 3,
            stack_faces(k.T, int(k.P[a + 2])), stack_faces(k.T, int(k.P[a + 3]))[::-1])  # fmt: skip


def model_of(s: SearchState) -> tuple:
    return (s.mask, s.fcode, s.hand, s.redeals, s.waste_faces(), s.stock_faces())


def kernel_moves(k: qk.Kernel, a: int = 0, safe: bool = False) -> list[int]:
    n = qk.expand(k.G, k.T, k.FACES, k.CELLS, k.P, a, k.MV, 0, k.X, safe)
    return [int(m) for m in k.MV[:n]]


def splits(ranks: list[int], up_top: int, down_top: int) -> bool:
    """The waste order's rule (solver/crazy_quilt/bound.py) as plainly as it reads, the model the
    kernel's frontiers are checked against: can ``ranks``, in this order, split into a rising
    sequence all above ``up_top`` and a falling one all below ``down_top``?"""
    tops = {(up_top, down_top)}
    for r in ranks:
        tops = {(r, down) for up, down in tops if r > up} | {(up, r) for up, down in tops if r < down}
        if not tops:
            return False
    return True


def waste_order_lost(s: SearchState) -> bool:
    """The model of the whole check: some suit's cards on the last pass's waste, top first, cannot
    split so (the foundations' tops read from the model's heights)."""
    if s.redeals:
        return False
    faces = s.waste_faces()[::-1]  # top first: the order the cards must leave in
    for suit in range(4):
        ranks = [f % 13 + 1 for f in faces if f // 13 == suit]
        up, down = s.height(suit), 14 - s.height(suit + 4)
        if len(ranks) >= 2 and not splits(ranks, up, down):
            return True
    return False


def test_moves_and_positions_are_the_search_models_along_random_games() -> None:
    rng = random.Random(20261129)
    bitten = safes = waits = 0
    for deal in range(6):
        game = QuiltGame(seed=deal, rules=random_rules(rng))
        s = SearchState.from_game(game)
        k = qk.Kernel(s)
        for _ in range(300):
            assert row_of(k) == model_of(s)
            legal, moves = s.moves(), s.search_moves()
            by_place = [m for m in moves if 64 <= m & 127 < 72] + [m for m in moves if not 64 <= m & 127 < 72]
            assert kernel_moves(k) == by_place
            n = qk.moves_of(k.G, k.T, k.FACES, k.CELLS, k.P, 0, k.MV, 0, k.X, False)  # the beam's order
            assert [int(m) for m in k.MV[:n]] == moves
            n = qk.moves_of(k.G, k.T, k.FACES, k.CELLS, k.P, 0, k.MV, 0, k.X, False, True)  # every move
            assert [int(m) for m in k.MV[:n]] == legal
            waits += len(legal) - len(moves)
            safe = int(qk.safe_move(k.G, k.T, k.CELLS, k.P, 0))  # (sound: test_quilt_solver.py)
            assert safe == -1 or safe in moves
            safes += safe >= 0
            if not s.redeals:  # the bound speaks on the last pass
                assert bool(qk.waste_order_lost(k.T, k.P[2], s.fcode)) == waste_order_lost(s)
                bitten += waste_order_lost(s)
            if not legal:
                break
            m = rng.choice(legal)
            s.apply(m)
            k.T, k.TH = qk.trie_room(k.T, k.TH, k.TC, qk.TRIE_SPARE)
            if 2 * (k.C[qk._REDEALS] + 1) > len(k.R) // 2:
                k.R = qk.redeals_grown(k.R)
            qk.play(k.T, k.TH, k.TC, k.R, k.C, k.FACES, k.P, 0, 4, m, k.held)
            k.P[:4] = k.P[4:8]
    assert bitten >= 10 and safes >= 10 and waits >= 10


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(faces=st.lists(st.integers(0, 51), max_size=40))
def test_a_stacks_suits_are_its_faces_split_in_order(faces: list[int]) -> None:
    # What the small games start from: each stack's cards of each suit, kept as a stack of its own.
    T, TH, TC = qk.trie_new(8)
    T, TH = qk.trie_room(T, TH, TC, 2 * len(faces) + 2)
    node = qk.stack_node(T, TH, TC, faces)  # bottom first
    assert stack_faces(T, node) == faces
    for suit in range(4):
        assert stack_faces(T, int(qk.suit_of(T, node, suit))) == [f for f in faces if f // 13 == suit]


def test_a_stacks_frontier_splits_as_the_bound_does() -> None:
    # Read from its bottom as each stack keeps it, for every pair of foundation tops.
    rng = random.Random(3)
    for _ in range(200):
        faces = [13 + rng.randrange(13) for _ in range(rng.randint(0, 10))]  # hearts, bottom first
        T, TH, TC = qk.trie_new(64)
        node = qk.stack_node(T, TH, TC, faces)
        ranks = [f % 13 + 1 for f in reversed(faces)]
        for up in range(14):
            for down in range(1, 15):
                assert bool(qk.splits(T, node, up, down)) == splits(ranks, up, down), (faces, up, down)


def staged_positions(seed: int, count: int) -> list[QuiltGame]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        rules = random_rules(rng)
        kind = i % 3
        out.append(endgame(rng, rules, rng.randint(3, 14)) if kind == 0
                   else meeting(rng, rules) if kind == 1 else one_suit(rng, rules, 12))  # fmt: skip
    return out


def verdicts(cases: list[list]) -> list[list]:
    """(verdict, positions, relaxed positions, refuted, line) of exhaustive searches: staged
    positions searched to the end, and fresh deals in slices of a few thousand units."""
    out = []
    for seed, count, budget in cases:
        games = (
            staged_positions(seed, count) if count else [QuiltGame(seed=seed, rules=QuiltRules(redeals=1))]
        )
        for game in games:
            dfs = Exhaustive(SearchState.from_game(game))
            verdict = dfs.run(budget // 3)
            verdict = dfs.run(budget, None, budget * 2) if verdict is None else verdict
            out.append([verdict, dfs.nodes, dfs.work[0], dfs.pruned, dfs.line])
    return out


@pytest.mark.skipif(not qk.COMPILED, reason="the loop is not compiled here (no numba, or turned off)")
def test_compiled_and_python_agree() -> None:
    cases = [[11, 40, 200_000], [0, 0, 30_000], [5, 0, 30_000]]
    here, python = both_ways(verdicts, cases)
    assert here == python
    assert {v for v, *_ in here} >= {"won", "lost"}  # not a vacuous agreement


def test_a_stack_that_grows_and_tables_that_grow_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Deal 13 (literal) is won at a depth of 254 moves: from a stack of 8 levels, which grows 5 times,
    # the search is the same, sliced in runs of 20,000 units (its tables grow from their first sizes).
    state = SearchState.from_game(QuiltGame(seed=13))
    whole = Exhaustive(state)
    assert whole.run(1_000_000) == "won" and len(whole.line) > 200
    monkeypatch.setattr(qk, "_DEPTH", 8)
    small = Exhaustive(state)
    runs = 1
    while small.run(20_000, None, 1_000_000) is None:  # (checks may go past a slice, as in one run)
        runs += 1
    assert runs > 10 and len(small._kernel.NM) >= 256
    assert (small.line, small.nodes, small.work, small.pruned) == (
        whole.line,
        whole.nodes,
        whole.work,
        whole.pruned,
    )


def test_a_seen_table_that_stops_growing_changes_no_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    # Deal 0 without a redeal is lost in 5,818 positions; in a table of 2,048 slots, which then forgets
    # old entries, in some 80,000 (the positions forgotten are searched again): the same proof. Deal
    # 13 is won in 362,000 positions, and in a table of 131,072 slots, in some 373,000.
    state = SearchState.from_game(QuiltGame(seed=0, rules=QuiltRules(redeals=0)))
    whole = Exhaustive(state)
    assert whole.run(1_000_000) == "lost"
    whole_won = Exhaustive(SearchState.from_game(QuiltGame(seed=13)))
    assert whole_won.run(3_000_000) == "won"
    monkeypatch.setattr(qk, "SEEN_LOG2_MAX", 11)
    small = Exhaustive(state)
    assert small.run(3_000_000) == "lost" and small.nodes > 10 * whole.nodes
    monkeypatch.setattr(qk, "SEEN_LOG2_MAX", 17)
    won = Exhaustive(SearchState.from_game(QuiltGame(seed=13)))
    assert won.run(3_000_000) == "won" and won.nodes > whole_won.nodes
