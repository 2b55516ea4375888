"""The exact no-peeking search (``solver/windmill/no_peek.py``): its values against an expectimax
over the engine itself, its best moves against every order of the stock, its cut against the
search without it, and its refusals."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from windmill_widget import Game, QuiltGame, Rules
from windmill_widget.solver import solve
from windmill_widget.solver.windmill.no_peek import NoPeekResult, no_peek
from windmill_widget.strategies import greedy, tips

RULES = {"strict": Rules.strict(), "relaxed": Rules.relaxed()}


def played_down(seed: int, rules: Rules, stock: int, player=tips) -> Game:
    """Deal ``seed`` played by ``player`` (which does not peek) until ``stock`` cards are left."""
    game = Game(seed=seed, rules=rules)
    while game.status == "playing" and len(game.pile("stock")) > stock:
        game.play(player(game.view()))
    return game


def restocked(game: Game, order: list) -> Game:
    """``game``'s position with its stock in ``order`` (the last card is dealt first)."""
    kwargs = game.position()
    kwargs["stock"] = order
    return Game.from_position(**kwargs)


def engine_value(game: Game) -> Fraction:
    """Expectimax over the engine's own positions and moves, knowing nothing of the search model:
    after any move that turns up a stock card, each unseen card is equally likely to be the one."""
    memo: dict[tuple, Fraction] = {}

    def value(g: Game) -> Fraction:
        if g.status != "playing":
            return Fraction(int(g.status == "won"))
        stock = list(g.pile("stock"))
        key = ranks_only(g)
        if key in memo:
            return memo[key]
        best = Fraction(0)
        for move in g.legal_moves():
            outcomes = []
            for i in range(max(1, len(stock))):
                order = stock[:i] + stock[i + 1 :] + stock[i : i + 1]  # card i on top
                h = restocked(g, order)
                h.play(move)
                outcomes.append(value(h))
                if len(h.pile("stock")) == len(stock):  # nothing turned up: one outcome
                    break
            best = max(best, sum(outcomes, Fraction(0)) / len(outcomes))
        memo[key] = best
        return best

    return value(game)


def ranks_only(g: Game) -> tuple:
    """What decides a position's future, written here from the rules alone: no rule looks at a
    suit, sails are alike and so are corners, and the stock's order is unknown."""
    p = g.piles()
    return (
        len(p["c"]),
        tuple(sorted(len(p[n]) for n in ("nw", "ne", "se", "sw"))),
        tuple(sorted(c.rank for n in ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2") for c in p[n])),
        tuple(c.rank for c in p["waste"]),
        tuple(sorted(c.rank for c in p["stock"])),
        g.corner_run,
    )


def endgames(stock: int, seeds: range) -> list[Game]:
    """The positions with ``stock`` cards left of ``greedy``'s and ``tips``' games of ``seeds``,
    under the strict and relaxed rules (those still being played)."""
    return [
        g
        for rules in RULES.values()
        for player in (greedy, tips)
        for seed in seeds
        if (g := played_down(seed, rules, stock, player)).status == "playing"
        and len(g.pile("stock")) == stock
    ]


def test_values_equal_an_expectimax_over_the_engine() -> None:
    fractional = 0
    for game in endgames(2, range(12)) + endgames(3, range(12)):
        result = no_peek(game.view())
        assert result.complete
        assert result.value == engine_value(game), repr(game)
        fractional += 0 < result.value < 1
        if len(game.pile("stock")) > 2:
            continue
        for move, value in result.moves:  # each move's own value too
            after = [restocked(game, list(o)) for o in itertools.permutations(game.pile("stock"))]
            for h in after:
                h.play(move)
            if len(after[0].pile("stock")) == 2:  # no card turned up
                assert value == engine_value(after[0])
            else:
                assert value == sum((engine_value(h) for h in after), Fraction(0)) / len(after)
    assert fractional >= 1  # the test meets positions where luck decides, not only won and lost ones


def test_its_best_moves_win_as_often_as_its_value_says() -> None:
    """Over every order of the stock (copies of a card told apart, so each order equally likely),
    a player that always plays the search's best move wins exactly the value's share."""
    checked = 0
    for game in endgames(4, range(12)):
        value = no_peek(game.view()).value
        orders = list(itertools.permutations(game.pile("stock")))
        wins = 0
        for order in orders:
            g = restocked(game, list(order))
            while g.status == "playing":
                g.play(no_peek(g.view()).best)
            wins += g.status == "won"
        assert Fraction(wins, len(orders)) == value, repr(game)
        checked += 0 < value < 1
    assert checked >= 1


def test_no_peeking_never_beats_knowing_the_order() -> None:
    for game in endgames(4, range(12, 18)):
        value = no_peek(game.view()).value
        orders = list(itertools.permutations(game.pile("stock")))
        clairvoyant = sum(solve(restocked(game, list(o)), max_nodes=10**6).result == "won" for o in orders)
        assert value <= Fraction(clairvoyant, len(orders))


@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), stock=st.integers(3, 6), preset=st.sampled_from(sorted(RULES)))
def test_the_relaxation_cut_changes_no_value(seed: int, stock: int, preset: str) -> None:
    game = played_down(seed, RULES[preset], stock)
    cut, uncut = no_peek(game.view()), no_peek(game.view(), cut=False)
    assert cut.moves == uncut.moves and cut.value == uncut.value


def test_a_budget_that_runs_out_says_so() -> None:
    game = played_down(3, Rules.strict(), 8)
    whole = no_peek(game.view())
    short = no_peek(game.view(), max_units=whole.units // 2)
    assert whole.complete and not short.complete
    assert short.value is None and short.best is None and short.best_moves() == []
    assert repr(short).startswith("<NoPeekResult value=unknown, ")
    assert no_peek(game.view(), max_units=whole.units).value == whole.value  # the count is exact
    assert whole.best in whole.best_moves() and whole.best in game.legal_moves()


def test_finished_games_and_refused_rules() -> None:
    won = Game.from_position(centre=["AS"], stock=[])
    assert won.status == "won" and no_peek(won.view()) == NoPeekResult(Fraction(1), (), 0)
    for rules in (Rules.classic(), Rules.pysolfc()):
        with pytest.raises(ValueError, match="one card a move"):
            no_peek(Game(seed=1, rules=rules).view())


def test_what_is_not_a_windmill_view_or_a_budget_is_refused_clearly() -> None:
    with pytest.raises(TypeError, match=r"game\.view\(\).*not a Windmill game"):
        no_peek(Game(seed=1))  # the game itself knows the stock's order
    for wrong in (QuiltGame(seed=1).view(), None, "deal"):
        with pytest.raises(TypeError, match="no_peek takes a Windmill player view"):
            no_peek(wrong)
    for units in (-1, 2.5, "many", True):
        with pytest.raises(ValueError, match="max_units must be a whole number of at least 0"):
            no_peek(Game(seed=1).view(), max_units=units)
    assert not no_peek(Game(seed=1).view(), max_units=0).complete  # nothing to spend: unknown
