"""Crazy Quilt's playout policies (:mod:`windmill_widget.solver.crazy_quilt.playout`): what each
option of :func:`make_policy` changes, on staged positions and deals where the better move is clear;
and the playout's loop (:mod:`windmill_widget.solver.crazy_quilt.rollout`) plays the same lines
compiled and as Python."""

from __future__ import annotations

import pytest
from pure_python import both_ways
from test_quilt_kernel import staged_positions

from windmill_widget import QuiltGame, QuiltRules
from windmill_widget.core.compiled import COMPILED
from windmill_widget.games.crazy_quilt.search import SearchState, concrete_move
from windmill_widget.solver.crazy_quilt.playout import (
    JUDGES,
    PORTFOLIO,
    SAFE_DIGGER,
    Policy,
    judge,
    make_policy,
    playout,
    policy_move,
)
from windmill_widget.solver.crazy_quilt.rollout import PlayoutCache, _tables
from windmill_widget.strategies.crazy_quilt import QuiltSampling, deep_sampling, sampling

DOWN_FIRST = (4, 5, 6, 7, 0, 1, 2, 3)


def _line(game: QuiltGame, policy) -> tuple[int, list[str]]:
    line: list[int] = []
    value, _ = playout(SearchState.from_game(game), line, policy)
    return value, [str(concrete_move(game, m)) for m in line]


@pytest.mark.parametrize("preset", ["literal", "common"])
def test_a_safe_policy_does_not_bury_a_card_on_the_last_pass_where_no_foundation_can_take_it(
    preset: str,
) -> None:
    """The last pass; C+ needs the 5 (in the stock), C- the 2 (held down by the 7 at d8). Digging the 7
    onto the waste's 6 frees the 2 but buries the 6 under a card that must leave before it: up, the 7
    goes after the 6; down, the 6 after the 2. Turning first plays 5, 6, 7 up and frees the 2 that way."""

    def staged(redeals_used: int) -> QuiltGame:
        return QuiltGame.from_position(
            quilt={"b8": "9C", "c8": "2C", "d8": "7C"},
            foundations={"C+": ["AC", "2C", "3C", "4C"], "C-": [f"{r}C" for r in "KQJT9876543"]},
            stock=["8C", "5C"],
            waste=["6C"],
            rules=getattr(QuiltRules, preset)(),
            redeals_used=redeals_used,
        )

    value, line = _line(staged(1), make_policy())
    assert line[0] == "d8>waste" and value > 0
    value, line = _line(staged(1), make_policy(safe=True))
    assert line[0] == "turn" and value == 0
    # Before the last pass the waste comes round again, so the check leaves the dig alone there.
    assert _line(staged(0), make_policy(safe=True))[1][0] == "d8>waste"


@pytest.mark.parametrize("preset", ["literal", "common"])
def test_digging_towards_any_held_down_card_wins_a_deal_digging_towards_the_needed_ones_loses(
    preset: str,
) -> None:
    """Deal 6: the playout that digs only towards the cards the foundations take next leaves 14 (literal)
    or 20 (common) cards; the one that digs out any held-down card when the waste's top lets it wins."""
    state = SearchState.from_game(QuiltGame(seed=6, rules=getattr(QuiltRules, preset)()))
    assert playout(state, None, make_policy(DOWN_FIRST))[0] > 0
    assert playout(state, None, make_policy(DOWN_FIRST, dig_any=True))[0] == 0


def test_digging_out_any_card_wants_the_safe_check_on_the_last_pass() -> None:
    """Literal deal 54: digging out any held-down card loses on the last pass by burying a card for good;
    with the check it wins."""
    state = SearchState.from_game(QuiltGame(seed=54, rules=QuiltRules.literal()))
    assert playout(state, None, make_policy(DOWN_FIRST, dig_any=True))[0] > 0
    assert playout(state, None, make_policy(DOWN_FIRST, dig_any=True, safe=True))[0] == 0


def test_the_safe_digger_is_one_of_the_judges_and_the_solver_keeps_its_portfolio() -> None:
    """A sampling player may judge its guesses by the safe digger (``policies=3`` and more), which wins
    deals 6 and 54 where the solver's first two policies, the default judges, lose them; the solver's
    portfolio (and the exhaustive search's first move) stay the plain policies."""
    assert JUDGES[:2] == PORTFOLIO[:2] and JUDGES[2] is SAFE_DIGGER and SAFE_DIGGER not in PORTFOLIO
    assert policy_move is PORTFOLIO[0]
    for deal in (6, 54):
        state = SearchState.from_game(QuiltGame(seed=deal, rules=QuiltRules.literal()))
        assert playout(state, None, SAFE_DIGGER)[0] == 0
        assert min(playout(state, None, p)[0] for p in PORTFOLIO[:2]) > 0


def test_a_sampling_player_judging_by_three_policies_counts_the_safe_diggers_wins() -> None:
    """``policies=3`` adds the safe digger to the default judges: a guess it wins (deal 6 as dealt)
    counts as won, where the default two judges leave cards."""
    state = SearchState.from_game(QuiltGame(seed=6, rules=QuiltRules.literal()))
    assert QuiltSampling().value(state) > 0
    assert QuiltSampling(policies=3).value(state) == 0


def test_deep_sampling_judges_its_guesses_by_every_policy() -> None:
    """The lab's ``deep_sampling``: 64 guesses, judged by every policy (the default two first, then the
    safe digger), and exact play after the redeal with ``sampling``'s budget."""
    first = deep_sampling.before
    assert (first.samples, first.policies) == (64, JUDGES)
    assert first.policies[:3] == (*sampling.before.policies, SAFE_DIGGER)
    assert deep_sampling.max_nodes == sampling.max_nodes and deep_sampling.__name__ == "deep_sampling"
    view = QuiltGame(seed=7).view()
    assert first.tally(view).samples == 64 and deep_sampling(view) in view.legal_moves()


def test_a_policy_is_a_value() -> None:
    assert make_policy(ahead=2) == Policy(ahead=2) and hash(make_policy(ahead=2)) == hash(Policy(ahead=2))
    assert repr(SAFE_DIGGER) == "Policy(order=(4, 5, 6, 7, 0, 1, 2, 3), ahead=1, dig_any=True, safe=True)"
    with pytest.raises(ValueError, match=r"each foundation 0\.\.7 once"):
        Policy((0, 1, 2, 3, 4, 5, 6, 6))
    with pytest.raises(ValueError, match="ahead must be"):
        Policy(ahead=-1)


def playout_lines(cases: list[list]) -> list[list]:
    """(value, moves played, line) of every judge's playout from positions of both readings and 0-3
    redeals: fresh deals, a player's view of them (the stock unknown), every 10th position along a
    playout's line, and staged endgames; then what :func:`judge` makes of them with the first three
    judges and with all seven."""
    states = _positions(cases)
    out = []
    for s in states:
        for policy in JUDGES:
            line = []
            value, n = playout(s, line, policy)
            out.append([value, n, line])
    for s in states:
        for k in (3, len(JUDGES)):
            out.append(list(judge(s, JUDGES[:k])))
    cache = PlayoutCache(bits=6)  # a small table: the slots' collisions must match too
    for s in states:
        for policy in JUDGES:
            line = []
            value, n = playout(s, line, policy, cache)
            out.append([value, n, line])
    return out


def _positions(cases: list[list]) -> list[SearchState]:
    states = []
    for preset, redeals, seed in cases:
        rules = QuiltRules(turn_to=getattr(QuiltRules, preset)().turn_to, redeals=redeals)
        game = QuiltGame(seed=seed, rules=rules)
        s = SearchState.from_game(game)
        states += [s, SearchState.from_view(game.view())]
        line: list[int] = []
        playout(s, line, JUDGES[seed % len(JUDGES)])
        for i, m in enumerate(line):
            if i % 10 == 5:
                states.append(SearchState.from_game(game))
                states[-1].restore(s.snapshot())
            s.apply(m)
    states += [SearchState.from_game(g) for g in staged_positions(11, 30)]
    return states


def test_judging_by_several_policies_is_their_playouts_one_after_another() -> None:
    # judge() runs the policies in one call of the compiled loop: the best value of their playouts,
    # in turn until one wins, and that one's line; one unit a move and one a playout.
    states = _positions([["literal", 1, 3], ["common", 1, 8], ["literal", 0, 5], ["common", 2, 6]])
    wins = 0
    for s in states:
        before = s.snapshot()
        for policies in (JUDGES[:1], JUDGES[:3], JUDGES):
            best, won, units = None, None, 0
            for policy in policies:
                line: list[int] = []
                value, n = playout(s, line, policy)
                units += n + 1
                best = value if best is None else min(best, value)
                if not value:
                    won = line
                    break
            assert judge(s, policies) == (best, won, units)
            wins += won is not None
        assert s.snapshot() == before
    assert wins and len(states) > 20


@pytest.mark.skipif(not COMPILED, reason="the loop is not compiled here (no numba, or turned off)")
def test_compiled_and_python_play_the_same_lines() -> None:
    cases = [[preset, redeals, 100 + 7 * redeals + (preset == "common")]
             for preset in ("literal", "common") for redeals in range(4)]  # fmt: skip
    here, python = both_ways(playout_lines, cases)
    assert here == python
    assert len(here) > 1000 and {v == 0 for v, *_ in here} == {True, False}  # wins and losses


def test_a_cached_playout_ends_as_the_playout_it_meets() -> None:
    # A policy's move depends on the position alone, so a playout that reaches a position a playout
    # of its policy passed before ends as that one did: the same value with fewer moves played. One
    # cache serves several policies (each has its own tag), and a win is always played to its end.
    states = _positions([["literal", 1, 3], ["common", 1, 8], ["literal", 0, 5], ["common", 2, 6]])
    cache = PlayoutCache()
    played = plain_played = wins = 0
    for s in states:
        for m in s.moves():  # the children of a position, as a beam judges them
            record = s.apply(m)
            for policy in JUDGES[:3]:
                plain_line: list[int] = []
                plain = playout(s, plain_line, policy)
                line: list[int] = []
                value, n = playout(s, line, policy, cache)
                assert value == plain[0] and n <= plain[1] and line == plain_line[:n]
                if value == 0:
                    assert line == plain_line
                    wins += 1
                played += n
                plain_played += plain[1]
            s.undo(record)
    assert wins and played < 0.7 * plain_played, (played, plain_played)  # about half, measured
    # The child on a playout's own line ends at once, with the playout's value.
    s = SearchState.from_game(QuiltGame(seed=4))
    line = []
    value, _ = playout(s, line, SAFE_DIGGER, cache)
    assert value
    s.apply(line[0])
    assert playout(s, [], SAFE_DIGGER, cache) == (value, 0)
    assert playout(s, [], SAFE_DIGGER) == (value, len(line) - 1)


def test_the_runs_table_holds_the_cells_of_the_faces_a_foundation_takes_next() -> None:
    # A policy that looks ahead blocks the cells of the next faces each foundation takes: the loop
    # reads them from one table a deal, which must be the union of those faces' cells, in the suit.
    game = QuiltGame(seed=5)
    faces = SearchState.from_game(game).faces
    _, cells, runs = (list(map(int, t)) for t in _tables(faces))
    for face in range(52):
        assert cells[face] % (1 << 64) == sum(1 << i for i, f in enumerate(faces) if f == face)
        for d, step in enumerate((1, -1)):
            room = 12 - face % 13 if step > 0 else face % 13
            for k in range(13):
                want = 0
                for i in range(1, min(k, room) + 1):
                    want |= cells[face + i * step]
                assert runs[(d * 52 + face) * 13 + k] == (want if k <= room else 0), (face, d, k)
    assert any(runs) and runs[(0 * 52 + 12) * 13 + 1] == 0  # nothing above the king of spades
