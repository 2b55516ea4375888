"""The dig relaxation's loop runs compiled (numba) or as Python: both must give
the same verdicts and search the same number of relaxed positions.

Soundness (never "lost" where the game can be won) is tested in ``test_solver.py`` against brute
force; this file only checks that compiling changes nothing.
"""

from __future__ import annotations

import random

import pytest
from pure_python import as_python

from windmill_widget import Game, Rules, greedy
from windmill_widget.games.windmill.search import SearchState
from windmill_widget.solver.windmill import dig_kernel
from windmill_widget.solver.windmill.bound import dig_search

PRESETS = ("strict", "relaxed", "classic", "pysolfc")


def positions(seed: int, count: int) -> list[tuple[str, int, list[str]]]:
    """(preset, deal, moves) of random positions along random games, from a seeded generator."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        preset = rng.choice(PRESETS)
        deal = rng.randrange(10**6)
        g = Game(seed=deal, rules=getattr(Rules, preset)())
        for _ in range(rng.randrange(0, 140)):
            moves = g.legal_moves()
            if not moves:
                break
            g.play(rng.choice(moves))
        out.append((preset, deal, [str(m) for m in g.history]))
    return out


def shared_verdicts() -> list[list]:
    """Verdicts and work of calls about two deals' related positions, one shared table a deal."""
    out = []
    for seed in (0, 1):
        table = dig_kernel.SharedTable(16)
        out += [
            list(dig_search(SearchState.from_game(g), 200_000, table=table)) for g in related_positions(seed)
        ]
    return out


def verdicts(cases: list[tuple[str, int, list[str]]], budget: int) -> list[list]:
    out = []
    for preset, deal, moves in cases:
        g = Game(seed=deal, rules=getattr(Rules, preset)())
        for m in moves:
            g.play(m)
        out.append(list(dig_search(SearchState.from_game(g), budget)))
    return out


@pytest.mark.skipif(not dig_kernel.COMPILED, reason="the loop is not compiled here (no numba, or turned off)")
def test_compiled_and_python_agree():
    cases = positions(seed=20261124, count=60)
    compiled = verdicts(cases, budget=50_000)
    python, python_shared = as_python(
        "import json, sys\n"
        "from tests.test_dig_kernel import shared_verdicts, verdicts\n"
        "print(json.dumps([verdicts(json.load(sys.stdin), 50_000), shared_verdicts()]))\n",
        cases,
    )
    assert python == compiled
    assert python_shared == shared_verdicts()
    # Not a vacuous agreement: the sample holds relaxed wins, proofs of loss and spent budgets.
    assert {v for v, _ in compiled} >= {True, False}


def test_the_moves_a_win_can_begin_with_change_no_verdict():
    # Where it loses nothing, the relaxation tries only the moves to the centre
    # (dig_kernel._centre_first) or one play to a corner (dig_kernel._corner_first). Searched with
    # every alternative (as Python, with the shortcut off), every verdict must be the same; and
    # the shortcut must have saved work. Random positions, and late positions of greedy games
    # (among them, positions where a corner's top card could still go to the centre, or the
    # centre could take the corner's rank, which a weaker condition would get wrong).
    cases = positions(seed=20261126, count=120)
    for seed in (1, 4, 10):
        late = related_positions(seed)[::3]
        cases += [(PRESETS[seed % 4], g.seed, [str(m) for m in g.history]) for g in late]
    without = as_python(
        "import json, sys\n"
        "from windmill_widget.solver.windmill import dig_kernel\n"
        "from tests.test_dig_kernel import verdicts\n"
        "dig_kernel.SAFE_FIRST = False\n"
        "print(json.dumps(verdicts(json.load(sys.stdin), 20_000)))\n",
        cases,
    )
    with_shortcut = verdicts(cases, 20_000)
    decided = []
    saved = 0
    for case, (v0, n0), (v1, n1) in zip(cases, without, with_shortcut, strict=True):
        if None not in (v0, v1):
            assert v0 == v1, case
            decided.append(v1)
            saved += n0 - n1
    assert set(decided) == {True, False}
    assert saved > 0


def test_budget_and_deadline_give_no_conclusion():
    # Deal 58 with a 2 played and fourteen cards dealt: lost, but the relaxation needs about 138,000
    # relaxed positions to show it.
    state = SearchState.from_game(Game(seed=58))
    state.apply(1)
    for _ in range(14):
        state.apply(0)
    assert dig_search(state, budget=10**6) == (False, 137_837)
    assert dig_search(state, budget=1_000) == (None, 1_001)
    verdict, nodes = dig_search(state, budget=10**7, deadline=0.0)  # a deadline long past
    assert verdict is None and nodes == 4096  # the clock is read every 4096 positions


def related_positions(seed: int) -> list[Game]:
    """Positions of one deal, each followed by its children: the calls a proof makes, which share
    relaxed positions. The game is played by ``greedy`` (which keeps the relaxation contested)
    with a random move now and then, from a seeded generator."""
    rng = random.Random(seed)
    g = Game(seed=rng.randrange(10**6), rules=getattr(Rules, PRESETS[seed % len(PRESETS)])())
    out = []
    while g.status == "playing":
        moves = g.legal_moves()
        if len(g.pile("stock")) <= 40:
            out.append(g.copy())
            for m in moves:
                child = g.copy()
                child.play(m)
                out.append(child)
        g.play(rng.choice(moves) if rng.random() < 0.2 else greedy(g.view()))
    return out


def test_a_shared_table_changes_no_verdict() -> None:
    # One table for all the calls about one deal, as the proof mode uses it: every verdict reached
    # with it must be the one reached without it, and it must save work.
    verdicts = set()
    for seed in range(6):
        table = dig_kernel.SharedTable(16)
        alone = shared = 0
        for g in related_positions(seed):
            state = SearchState.from_game(g)
            v0, n0 = dig_search(state, 200_000)
            v1, n1 = dig_search(state, 200_000, table=table)
            if v0 is not None and v1 is not None:
                assert v0 == v1, (seed, [str(m) for m in g.history])
            alone += n0
            shared += n1
            verdicts.add(v1)
        assert shared < alone, seed
    assert verdicts >= {True, False}


def test_calls_cut_short_teach_the_table_nothing_false() -> None:
    # A call that stops early (a relaxed win, or its budget) tells the table which of the positions
    # it searched to the end are lost. Calls on tiny budgets, then full ones, with one table: every
    # verdict must be the one reached without a table.
    for seed in range(4):
        table = dig_kernel.SharedTable(16)
        budgets = random.Random(seed)
        for g in related_positions(seed):
            state = SearchState.from_game(g)
            v0, _ = dig_search(state, 200_000)
            for budget in (budgets.randrange(5, 400), 200_000):
                v1, _ = dig_search(state, budget, table=table)
                if v1 is not None and v0 is not None:
                    assert v1 == v0, (seed, budget, [str(m) for m in g.history])


def _ask(table: dig_kernel.SharedTable, key: int, dug: int, e: int, nb: int, wnode: list[int]) -> int:
    sc = dig_kernel.int_array(dig_kernel._NS)
    sc[dig_kernel._DUG] = dug
    sc[dig_kernel._E] = e
    w = dig_kernel.int_array(len(wnode))
    for i, x in enumerate(wnode):
        w[i] = x
    return dig_kernel._known(0, key, sc, nb, w, table.slots)


def _tell(table: dig_kernel.SharedTable, key: int, dug: int, e: int, nb: int, wnode: list[int], verdict: int):
    w = dig_kernel.int_array(len(wnode))
    for i, x in enumerate(wnode):
        w[i] = x
    dig_kernel._share(key, dug, e, nb, w, table.slots, verdict)


def test_the_shared_table_reads_slack_and_waste_as_the_relaxation_orders_them() -> None:
    # A relaxed position's slack (dug - e: plays beyond deals before the next waste card comes up):
    # lost at some slack is lost at more, won at some slack is won at less.
    won, lost, open_ = dig_kernel.WON, dig_kernel.LOST, dig_kernel.NO_CONCLUSION
    table = dig_kernel.SharedTable(8)
    wnode = [7, 8, 9]  # the waste left buried after digging 0, 1, 2 cards (nb = 3)
    _tell(table, 12345, dug=1, e=-2, nb=3, wnode=wnode, verdict=lost)  # slack 3, waste 8
    assert [_ask(table, 12345, 1, e, 3, wnode) for e in (-4, -3, -2, -1, 1)] == [
        lost,
        lost,
        lost,
        open_,
        open_,
    ]
    assert _ask(table, 12345, 1, -3, 3, [70, 71, 72]) == open_  # another waste left buried
    assert _ask(table, 12346, 1, -3, 3, wnode) == open_  # another memo key
    _tell(table, 555, dug=2, e=1, nb=3, wnode=wnode, verdict=won)  # slack 1, waste 9
    assert [_ask(table, 555, 2, e, 3, wnode) for e in (0, 1, 2)] == [open_, won, won]
    # A position dug m cards less, with slack s, is no better than the deeper one with slack up to
    # s + m: the deeper one's loss is its loss too.
    assert _ask(table, 12345, 0, 1, 3, wnode) == open_  # slack 0 + 1 < 3
    assert _ask(table, 12345, 0, -2, 3, wnode) == lost  # slack 2 + 1 >= 3
    assert _ask(table, 555, 1, 0, 3, wnode) == open_  # a win says nothing of a position dug less
    # Dug past the whole waste: slack no longer matters.
    _tell(table, 777, dug=3, e=-5, nb=3, wnode=wnode, verdict=lost)
    assert _ask(table, 777, 4, 4, 3, wnode) == lost


def test_a_full_shared_table_forgets_and_never_confuses() -> None:
    table = dig_kernel.SharedTable(2)  # four slots

    def truth(key: int) -> int:
        return dig_kernel.LOST if key % 2 else dig_kernel.WON

    wnode = [1]
    for key in range(1, 41):
        _tell(
            table, key, dug=1, e=0, nb=1, wnode=wnode, verdict=dig_kernel.LOST if key % 2 else dig_kernel.WON
        )
    answers = [_ask(table, key, 1, 0, 1, wnode) for key in range(1, 41)]
    remembered = [
        (key, a) for key, a in zip(range(1, 41), answers, strict=True) if a != dig_kernel.NO_CONCLUSION
    ]
    assert 0 < len(remembered) <= 4
    assert all(a == (dig_kernel.LOST if key % 2 else dig_kernel.WON) for key, a in remembered)


def test_a_shared_table_grows_as_it_fills_and_keeps_what_it_knew() -> None:
    table = dig_kernel.SharedTable(18)
    first = len(table.slots) // 2
    assert first < 2**18
    wnode = [1]
    for key in range(1, 300):
        _tell(table, key, dug=1, e=0, nb=1, wnode=wnode, verdict=dig_kernel.LOST)
    table.note(first)  # a call that searched that many relaxed positions: time to double
    assert len(table.slots) // 2 == 2 * first
    assert all(_ask(table, key, 1, 0, 1, wnode) == dig_kernel.LOST for key in range(1, 300))
    assert _ask(table, 300, 1, 0, 1, wnode) == dig_kernel.NO_CONCLUSION
    for _ in range(10):
        table.note(2**20)
    assert len(table.slots) // 2 == 2**18  # and no further than its size
