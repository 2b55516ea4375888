"""The ``sampling`` player: seeded and reproducible, never peeks at the stock order, always answers
with a legal move (every preset, including moves between foundations that could go round in
circles), and says what its samples showed."""

from __future__ import annotations

import itertools
import random
import time
from fractions import Fraction

import cloudpickle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_strategies import restocked

import windmill_widget
from windmill_widget import Game, IllegalMove, Move, QuiltGame, Rules, sampling, sampling_player
from windmill_widget.games.windmill.rules import PRESETS
from windmill_widget.solver import solve
from windmill_widget.solver.windmill.no_peek import no_peek
from windmill_widget.strategies import Advice, default_strategy, greedy, lookahead
from windmill_widget.strategies.windmill.sampling import Sampling, Why


def cheap(seed: int = 0) -> Sampling:
    """A player with small budgets (counts, so the tests do not depend on the machine's speed)."""
    return Sampling(samples=3, width=4, nodes=2_000, relax=300, agree=2, seed=seed)


def positions_along(seed: int, rules: Rules, rng: random.Random, every: int = 9, most: int = 6):
    """A few positions of a game played mostly greedily (with some random moves)."""
    game = Game(seed=seed, rules=rules)
    n = found = 0
    while game.status == "playing" and n < 300 and found < most:
        if n % every == 0:
            found += 1
            yield game
        moves = game.legal_moves()
        game.play(rng.choice(moves) if rng.random() < 0.3 else greedy(game.view()))
        n += 1


def moves_of(player: Sampling, seed: int, count: int) -> list[Move]:
    game = Game(seed=seed)
    while game.status == "playing" and len(game.history) < count:
        game.play(player(game.view()))
    return list(game.history)


def test_sampling_is_exported_and_is_not_the_hint() -> None:
    assert windmill_widget.sampling is sampling
    assert isinstance(sampling.player("windmill"), Sampling) and sampling.__name__ == "sampling"
    # Crazy Quilt has a sampling player of its own (tests/test_quilt_strategies.py); sampling_player's
    # settings are Windmill's, so it says it plays Windmill only.
    assert sampling.player("crazy-quilt") is not sampling.player("windmill")
    with pytest.raises(TypeError, match="sampling_player has no player for 'crazy-quilt'; it plays windmill"):
        sampling_player(samples=2)(QuiltGame(seed=1).view())
    # A hint must come within about a second; sampling takes seconds a move (see its module).
    assert default_strategy is lookahead


def test_sampling_plays_the_same_moves_twice_and_however_busy_the_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = moves_of(cheap(), 2, 30)
    assert moves_of(cheap(), 2, 30) == first
    clock = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))  # a second per reading
    monkeypatch.setattr(time, "time", lambda: float(next(clock)))
    assert moves_of(cheap(), 2, 30) == first


def test_the_seed_chooses_the_samples() -> None:
    view = Game(seed=4).view()
    tallies = {cheap(seed).tally(view).wins for seed in range(6)}
    assert len(tallies) > 1  # different guesses at the stock, different counts somewhere


@settings(max_examples=4, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_sampling_does_not_peek_at_the_stock_order(seed: int) -> None:
    # Two games that look the same from the player's chair get the same answer ...
    rng = random.Random(seed)
    player = cheap(seed % 7)
    for game in positions_along(seed, Rules.strict(), rng, most=3):
        twin = restocked(game, rng)
        assert player(game.view()) == player(twin.view())


def test_sampling_plays_two_restocked_games_alike_until_the_first_deal() -> None:
    # ... so whole games that differ only in the stock's order go the same way up to the first
    # card dealt (after it, the player sees different cards).
    game = Game(seed=9)
    for _ in range(12):
        game.play(greedy(game.view()))
    twin = restocked(game, random.Random(1))
    player = cheap()
    while True:
        a, b = player(game.view()), player(twin.view())
        assert a == b
        game.play(a)
        twin.play(b)
        if a == Move.deal() or game.status != "playing":
            break


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=3, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_sampling_answers_with_a_legal_move(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    player = cheap(seed % 5)
    for game in positions_along(seed, getattr(Rules, preset)(), rng, most=4):
        move = player(game.view())
        assert isinstance(move, Move)
        assert move in game.legal_moves(), f"sampling chose {move} in {game!r}"


def test_sampling_finishes_a_game_where_foundation_moves_could_go_round_in_circles() -> None:
    # Under PySolFC's rules cards may move between foundations and back; the player keeps to the
    # moves that cannot loop (safe_moves), so the game ends.
    game = Game(seed=6, rules=Rules.pysolfc())
    for _ in range(60):  # (greedy keeps clear of circles too) to the part where foundations fill up
        game.play(greedy(game.view()))
    player = Sampling(samples=2, width=4, nodes=1_000, relax=200, agree=1)
    seen = set()
    while game.status == "playing":
        limit = game.rules.corner_streak
        run = 0 if limit is None else min(game.corner_run, limit)
        key = tuple(tuple(c.id for c in pile) for pile in game.piles().values()), run
        assert key not in seen, f"back to a position after {game.history[-4:]}"
        seen.add(key)
        game.play(player(game.view()))
        assert len(game.history) < 1_000
    assert game.status in ("won", "lost")


def test_sampling_at_the_end_of_the_stock_sees_the_whole_game() -> None:
    # Nothing is hidden any more: one solver call per candidate, on the one true order.
    sails = {"n1": "2H", "n2": "3H", "e1": "3C"}
    game = Game.from_position(center=["AS"], sails=sails, stock=[])
    t = cheap().tally(game.view())
    assert t.move in game.legal_moves() and t.samples <= 1
    while game.status == "playing":
        game.play(cheap()(game.view()))
    assert game.pile("c")[-1].rank == 3


def test_sampling_plays_a_winning_move_without_sampling() -> None:
    # The last card: the centre's King on its Queen wins the game on the spot.
    won = Game(seed=1)
    line = solve(won, max_nodes=200_000).moves
    assert line, "deal 1 is won by the clairvoyant solver"
    for move in line[:-1]:
        won.play(move)
    t = cheap().tally(won.view())
    assert t.why in (Why.WINS, Why.FORCED) and t.samples == 0
    won.play(t.move)
    assert won.status == "won"


def test_sampling_refuses_a_game_that_is_over() -> None:
    lost = Game(seed=0)
    while lost.status == "playing":
        lost.play(lookahead(lost.view()))
    assert lost.status == "lost"
    with pytest.raises(IllegalMove, match="no move to make") as err:
        cheap()(lost.view())
    assert err.value.rule == "game-over"


def test_advice_says_what_the_samples_showed() -> None:
    player = Sampling(samples=6, width=8, nodes=5_000, relax=500, agree=6, seed=0)
    game = Game(seed=1)
    sampled = 0
    for _ in range(40):
        if game.status != "playing":
            break
        view = game.view()
        advice, t = player.advise(view), player.tally(view)
        assert isinstance(advice, Advice) and advice.move == player(view) == t.move
        for move, won, tried in t.wins:
            assert move in game.legal_moves()
            assert 0 <= won <= tried <= t.samples <= player.samples
        if t.why in (Why.SAMPLED, Why.TIE):
            sampled += 1
            assert f"of {max(tried for _, _, tried in t.wins)} guesses at the stock order" in advice.reason
        game.play(advice.move)
    assert sampled  # some decision was sampled and explained


def test_every_decision_says_how_it_was_made_as_a_value() -> None:
    # Tally.why is a Why member (not a bare string), and each kind of decision has its own sentence.
    player = cheap(4)
    reasons: dict[Why, set[str]] = {}
    for seed in range(3):
        game = Game(seed=seed)
        while game.status == "playing":
            view = game.view()
            t = player.tally(view)
            assert type(t.why) is Why, t
            reasons.setdefault(t.why, set()).add(player.advise(view).reason)
            game.play(t.move)
    assert len(reasons) >= 4, sorted(reasons)  # the games met several kinds of decision
    openings = {why: {text[:12] for text in texts} for why, texts in reasons.items()}
    for why, other in itertools.combinations(openings, 2):
        if {why, other} != {Why.SAMPLED, Why.TIE} and {why, other} != {Why.SAMPLED, Why.CLOSE}:
            assert not openings[why] & openings[other], (why, other)
    assert str(Why.NO_STOCK) == "no-stock" and Why.TIE == "tie"  # prints and compares as its text


def test_sampling_player_checks_its_settings() -> None:
    assert sampling_player(samples=8, seed=3).player("windmill").samples == 8
    with pytest.raises(ValueError, match="samples must be a positive whole number"):
        sampling_player(samples=0)
    with pytest.raises(ValueError, match="relax must be"):
        sampling_player(relax=-1)


def test_sampling_survives_pickling_for_worker_processes() -> None:
    game = Game(seed=12)
    for _ in range(20):
        game.play(greedy(game.view()))
    player = cheap(2)
    clone = cloudpickle.loads(cloudpickle.dumps(player))
    assert clone(game.view()) == player(game.view())


def test_a_wide_margin_leaves_every_close_call_to_lookahead() -> None:
    # margin: how many more samples a move must win to overrule lookahead's choice. Wider than the
    # samples, it never does: every decision that is not forced or a win on the spot is lookahead's.
    player = Sampling(samples=3, width=4, nodes=2_000, relax=300, agree=2, margin=4)
    game = Game(seed=3)
    for _ in range(40):
        view = game.view()
        t = player.tally(view)
        if t.why not in (Why.FORCED, Why.WINS):
            assert t.move == lookahead(view), t
        game.play(t.move)


def test_near_the_stocks_end_the_exact_search_decides() -> None:
    # With at most `exact` cards in the stock, the move is one of the exact no-peeking search's
    # best, and the advice gives each move's exact chance; with exact=0, or a budget too small to
    # finish, the samples decide as before.
    player, without = cheap(), Sampling(samples=3, width=4, nodes=2_000, relax=300, agree=2, exact=0)
    starved = Sampling(samples=3, width=4, nodes=2_000, relax=300, agree=2, exact_units=1)
    exact = 0
    for seed in range(6):
        game = Game(seed=seed)
        while game.status == "playing" and len(game.pile("stock")) > 6:
            game.play(greedy(game.view()))
        while game.status == "playing":
            view = game.view()
            t = player.tally(view)
            assert Why.EXACT not in (without.tally(view).why, starved.tally(view).why)
            if t.why is Why.EXACT:
                exact += 1
                found = no_peek(view)
                assert dict(t.values) == {m: v for m, v in found.moves}
                played = restocked_after(game, t.move)
                assert played == max(v for _, v in found.moves)  # the move is worth the best value
                assert "Every way the last" in player.advise(view).reason
            game.play(t.move)
    assert exact  # the games met decisions the exact search made
    with pytest.raises(ValueError, match="exact must be a whole number >= 0"):
        sampling_player(exact=-1)
    classic = Game(seed=5, rules=Rules.classic())
    while classic.status == "playing" and len(classic.pile("stock")) > 4:
        classic.play(greedy(classic.view()))
    assert classic.status == "playing"  # rules the exact search does not take: the samples decide
    assert player.tally(classic.view()).why is not Why.EXACT


def restocked_after(game: Game, move: Move):
    """The exact no-peeking value of ``game`` after ``move`` (averaged over the card it turns up)."""
    kwargs = game.position()
    stock = kwargs.pop("stock")
    values = []
    for i in range(max(1, len(stock))):
        g = Game.from_position(stock=stock[:i] + stock[i + 1 :] + stock[i : i + 1], **kwargs)
        g.play(move)
        values.append(no_peek(g.view()).value)
        if len(g.pile("stock")) == len(stock):  # nothing turned up
            return values[0]
    return sum(values, Fraction(0)) / len(values)
