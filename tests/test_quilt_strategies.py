"""Crazy Quilt's players, and the public names that play whichever game's view they are given:
legal answers, no peeking, reproducible, picklable, their advice and its reasons, and Windmill's
games unchanged by the dispatch."""

from __future__ import annotations

import copy
import random
import time

import cloudpickle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_quilt_solver import brute_force_winnable, endgame

import windmill_widget
from windmill_widget import Game, IllegalMove, QuiltGame, QuiltMove, QuiltRules, Rules
from windmill_widget.lab import play_many
from windmill_widget.strategies import (
    Advice,
    AnyGame,
    default_strategy,
    greedy,
    lookahead,
    random_strategy,
    tips,
)
from windmill_widget.strategies import crazy_quilt as quilt_players
from windmill_widget.strategies import windmill as windmill_players
from windmill_widget.strategies.crazy_quilt.lookahead import Lookahead
from windmill_widget.strategies.crazy_quilt.reasons import reason
from windmill_widget.strategies.crazy_quilt.sampling import HINT_NODES
from windmill_widget.strategies.samples import Why

PLAYERS = {"greedy": greedy, "tips": tips, "lookahead": lookahead, "random": random_strategy(3)}
SETTINGS = settings(max_examples=6, deadline=None, derandomize=True, database=None)
PRESETS = [QuiltRules.literal(), QuiltRules.common()]


def positions_along(seed: int, rules: QuiltRules, rng: random.Random, every: int = 9):
    """Positions of a game played mostly by ``tips`` (with some random moves), every few moves."""
    game = QuiltGame(seed=seed, rules=rules)
    n = 0
    while game.status == "playing" and n < 400:
        if n % every == 0:
            yield game
        moves = game.legal_moves()
        game.play(rng.choice(moves) if rng.random() < 0.3 else tips(game.view()))
        n += 1


def restocked(game: QuiltGame, rng: random.Random) -> QuiltGame:
    """The same position with the stock's (hidden) order shuffled."""
    kwargs = game.position()
    stock = kwargs.pop("stock")
    rng.shuffle(stock)
    return QuiltGame.from_position(stock=stock, **kwargs)


@pytest.mark.parametrize("rules", PRESETS, ids=repr)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1))
def test_players_answer_with_a_legal_move(rules: QuiltRules, seed: int) -> None:
    rng = random.Random(seed)
    for game in positions_along(seed, rules, rng):
        legal = game.legal_moves()
        for name, player in PLAYERS.items():
            move = player(game.view())
            assert isinstance(move, QuiltMove), name
            assert move in legal, f"{name} chose {move} in {game!r}"


@pytest.mark.parametrize("name", ["greedy", "tips", "lookahead"])
@settings(max_examples=4, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_players_do_not_peek_at_the_stock_order(name: str, seed: int) -> None:
    # Two games that look the same from the player's chair get the same answer.
    rng = random.Random(seed)
    for game in positions_along(seed, QuiltRules.literal(), rng, every=13):
        twin = restocked(game, rng)
        assert PLAYERS[name](game.view()) == PLAYERS[name](twin.view())


def test_the_public_names_play_either_game() -> None:
    assert windmill_widget.default_strategy is default_strategy is lookahead
    for name in ("greedy", "tips", "lookahead"):
        player = getattr(windmill_widget, name)
        assert isinstance(player, AnyGame) and player.__name__ == name
        assert player(Game(seed=1).view()) == getattr(windmill_players, name)(Game(seed=1).view())
        assert player(QuiltGame(seed=7).view()) == getattr(quilt_players, name)(QuiltGame(seed=7).view())
    assert random_strategy(4).__name__ == "random_strategy(4)"
    with pytest.raises(TypeError, match="greedy has no player for 'klondike'"):
        greedy.player("klondike")


def test_recall_is_a_public_name_for_crazy_quilt_only() -> None:
    assert "recall" in windmill_widget.__all__ and "recall" in windmill_widget.strategies.__all__
    player = windmill_widget.recall
    assert isinstance(player, AnyGame) and player.__name__ == "recall"
    assert player.player("crazy-quilt") is quilt_players.recall
    game = QuiltGame(seed=7)
    assert player(game.view()) == quilt_players.tips(game.view())  # tips until the redeal
    with pytest.raises(TypeError, match="recall has no player for 'windmill'; it plays crazy-quilt"):
        player(Game(seed=1).view())
    with pytest.raises(TypeError, match=r"recall takes what a player sees, game\.view\(\)"):
        player.advise(game)  # never the game itself, which knows the stock's order
    # The lab plays each deal with a fresh copy: what one game showed it is not carried over.
    clone = cloudpickle.loads(cloudpickle.dumps(player))
    assert clone.player("crazy-quilt") is not quilt_players.recall


def test_random_strategy_is_reproducible() -> None:
    a, b = random_strategy(5), random_strategy(5)
    game = QuiltGame(seed=3)
    assert [a(game.view()) for _ in range(20)] == [b(game.view()) for _ in range(20)]


def test_players_survive_pickling_for_worker_processes() -> None:
    game = QuiltGame(seed=12)
    for _ in range(30):
        game.play(tips(game.view()))
    for player in (greedy, tips, lookahead, Lookahead(chance=False), random_strategy(2)):
        clone = cloudpickle.loads(cloudpickle.dumps(player))
        assert clone(game.view()) == player(game.view())


@pytest.mark.parametrize("name", ["greedy", "tips", "random_strategy"])
@pytest.mark.parametrize("preset", ["strict", "relaxed", "classic", "pysolfc"])
def test_windmill_games_are_unchanged_move_for_move_by_the_dispatch(name: str, preset: str) -> None:
    def make(module):
        return getattr(module, name)(7) if name == "random_strategy" else getattr(module, name)

    rules = getattr(Rules, preset)()
    old = play_many(make(windmill_players), range(50), rules, executor="serial", progress=False)
    new = play_many(make(windmill_widget.strategies), range(50), rules, executor="serial", progress=False)
    assert [(r, r.codes) for r in old] == [(r, r.codes) for r in new]


def test_windmill_lookahead_is_unchanged_by_the_dispatch() -> None:
    old = play_many(windmill_players.lookahead, range(3), executor="serial", progress=False)
    new = play_many(lookahead, range(3), executor="serial", progress=False)
    assert [(r, r.codes) for r in old] == [(r, r.codes) for r in new]


def test_advice_is_the_move_the_player_makes_with_a_reason() -> None:
    rng = random.Random(1)
    for game in positions_along(1, QuiltRules.literal(), rng, every=17):
        view = game.view()
        advice = default_strategy.advise(view)
        assert isinstance(advice, Advice) and advice.move == lookahead(view)
        assert advice.reason.endswith(".") and advice.reason[0].isupper()
    windmill_advice = default_strategy.advise(Game(seed=1).view())
    assert windmill_advice.move == windmill_players.lookahead(Game(seed=1).view())


def test_reasons_say_what_a_move_frees_and_why_to_turn() -> None:
    lesson = QuiltGame.from_position(quilt={"b8": "KC", "c8": "9H", "d8": "2H", "e8": "7C", "f8": "QD"})
    assert reason(lesson.view(), "d8>H+") == "It frees the 9♥ at c8 and the 7♣ at e8."
    stuck = QuiltGame.from_position(quilt={"d4": "9H"}, waste=["5S"], stock=["2C"])
    assert reason(stuck.view(), "turn") == "No free card fits a foundation or builds on the waste's 5♠."
    wanted = QuiltGame.from_position(quilt={"a1": "3S", "a2": "4D", "a3": "2S", "a4": "KH", "b1": "8C"},
                                     waste=["5D"])  # fmt: skip
    # a2 lies across the upright a3's top edge: building the 4♦ on the 5♦ frees the 2♠ that S+ takes
    assert reason(wanted.view(), "a2>waste") == "It frees the 2♠ at a3 (foundation S+ takes it next)."
    assert tips(wanted.view()) == QuiltMove.parse("a2>waste")
    held = QuiltGame.from_position(quilt={"d4": "9H"}, hand="2S", stock=["2C"])
    assert "turn would put the card in hand onto the waste" in reason(held.view(), "hand>S+")


def test_tips_digs_into_the_tableau_and_greedy_does_not() -> None:
    game = QuiltGame.from_position(quilt={"a1": "3S", "a2": "4D", "a3": "2S", "a4": "KH", "b1": "8C"},
                                   waste=["5D"], stock=["9C"])  # fmt: skip
    assert greedy(game.view()) == QuiltMove.turn()
    assert tips(game.view()) == QuiltMove.parse("a2>waste")
    # On the last pass tips digs only towards a card a foundation takes now.
    late = QuiltGame.from_position(quilt={"a1": "3S", "a2": "4D", "a3": "9S", "a4": "KH", "b1": "8C"},
                                   waste=["5D"], stock=["9C"], redeals_used=1)  # fmt: skip
    assert tips(late.view()) == QuiltMove.turn()


def test_tips_and_lookahead_place_more_cards_than_greedy() -> None:
    # Ten deals and a small lookahead: both lead greedy by some 27 cards there (greedy 58.7, tips 89.8,
    # lookahead 85.3), so a 10-card margin still catches a player gone wrong, in a sixth of the time.
    deals = range(20_000, 20_010)
    cards = {
        name: play_many(player, deals, game="crazy-quilt", executor="serial", progress=False).mean_cards
        for name, player in (("greedy", greedy), ("tips", tips), ("lookahead", Lookahead(max_positions=100)))
    }
    assert cards["tips"] > cards["greedy"] + 10 and cards["lookahead"] > cards["greedy"] + 10


def test_lookahead_plays_the_same_games_however_busy_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Lookahead(max_positions=400)
    first = play_many(player, range(2), game="crazy-quilt", executor="serial", progress=False)
    start = time.perf_counter()
    monkeypatch.setattr(time, "perf_counter", lambda: start + 1e6 * random.random())
    again = play_many(player, range(2), game="crazy-quilt", executor="serial", progress=False,
                      time_limit=None)  # fmt: skip
    assert [r.codes for r in first] == [r.codes for r in again]


# -- recall: exact play once a redeal has shown the stock's order ---------------------------------
def _to_the_redeal(game: QuiltGame, player: quilt_players.Recall) -> None:
    """Play ``game`` with ``player`` until its first redeal is made (or the game ends)."""
    left = game.redeals_left
    while game.status == "playing" and game.redeals_left == left:
        game.play(player(game.view()))


@pytest.mark.parametrize("rules", [QuiltRules.literal(), QuiltRules.common(), QuiltRules(redeals=3)])
def test_recall_knows_the_stock_after_a_redeal_and_only_then(rules: QuiltRules) -> None:
    game = QuiltGame(seed=11, rules=rules)
    player = quilt_players.Recall()
    assert not player.knows(game.view())
    _to_the_redeal(game, player)
    assert game.status == "playing" and player.knows(game.view())
    # What it remembers is the engine's stock, next turned first (the engine's top is last).
    assert player._stock(game.view()) == game._pos.piles[game._pos.STOCK][::-1]
    # A view of another game at the same stage is not taken for this one.
    other = QuiltGame(seed=12, rules=rules)
    _to_the_redeal(other, quilt_players.Recall())
    assert not player.knows(other.view())


def _before_a_redeal(rng: random.Random, rules: QuiltRules) -> QuiltGame:
    """A small position with an empty stock and a redeal left, most cards on the waste."""
    game = endgame(rng, rules, rng.randint(4, 11))
    kwargs = game.position()
    kwargs.update(waste=[*kwargs["waste"], *kwargs["stock"]], stock=[], redeals_used=rules.redeals - 1)
    return QuiltGame.from_position(**kwargs)


@settings(max_examples=25, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**32), turn_to=st.sampled_from(["hand", "waste"]), redeals=st.integers(1, 3))
def test_recall_wins_every_position_after_a_redeal_that_can_be_won(
    seed: int, turn_to: str, redeals: int
) -> None:
    game = _before_a_redeal(random.Random(seed), QuiltRules(turn_to=turn_to, redeals=redeals))
    player = quilt_players.Recall(before=quilt_players.greedy)
    assert not player.knows(game.view())  # only the redeal shows the order: the waste is watched now
    if game.view().explain("redeal") is not None:  # nothing on the waste to turn over
        return
    game.redeal()
    assert player.knows(game.view())
    winnable = brute_force_winnable(game)
    while game.status == "playing":
        game.play(player(game.view()))
    assert (game.status == "won") == winnable, repr(game)


def test_recall_plays_as_before_until_the_redeal() -> None:
    game = QuiltGame(seed=4)
    player = quilt_players.Recall()
    while game.status == "playing" and game.redeals_left:
        view = game.view()
        assert player(view) == quilt_players.tips(view)
        game.play(quilt_players.tips(view))


# -- sampling: guesses at the stock until the redeal, exact after ------------------------------------


def test_sampling_is_a_public_name_for_both_games() -> None:
    assert windmill_widget.sampling.player("crazy-quilt") is quilt_players.sampling
    assert windmill_widget.sampling.player("windmill") is windmill_players.sampling
    assert isinstance(quilt_players.sampling.before, quilt_players.QuiltSampling)
    with pytest.raises(ValueError, match="samples must be a positive whole number"):
        quilt_players.QuiltSampling(samples=0)
    with pytest.raises(ValueError, match="policies must be a whole number from 1 to 7"):
        quilt_players.sampling_player(policies=8)


@pytest.mark.parametrize("rules", PRESETS, ids=repr)
def test_sampling_does_not_peek_and_answers_the_same_every_time(rules: QuiltRules) -> None:
    rng = random.Random(5)
    player = quilt_players.QuiltSampling(samples=2)
    for game in positions_along(5, rules, rng, every=23):
        if not game.redeals_left:
            break
        twin = restocked(game, rng)
        t = player.tally(game.view())
        assert t.move in game.legal_moves()
        assert player.tally(twin.view()) == t  # the stock's order changes nothing
        assert t.why in (Why.FORCED, Why.WINS) or len(t.wins) == len(t.cards_left) > 1


def test_sampling_plays_out_each_candidate_on_the_same_guesses() -> None:
    game = QuiltGame(seed=7)
    t = quilt_players.QuiltSampling(samples=3).tally(game.view())
    assert t.why in (Why.SAMPLED, Why.TIE) and t.samples == 3
    legal = set(game.legal_moves())
    assert {m for m, _, _ in t.wins} <= legal and all(n == 3 for _, _, n in t.wins)
    left = dict(t.cards_left)
    won = {m: w for m, w, _ in t.wins}
    best = min(left, key=lambda m: (-won[m], left[m]))
    assert (won[t.move], left[t.move]) == (won[best], left[best])  # the chosen move did best
    advice = quilt_players.QuiltSampling(samples=3).advise(game.view())
    assert advice.move == t.move and "guesses at the stock's order" in advice.reason


def test_sampling_takes_a_win_and_a_forced_move_without_sampling() -> None:
    win = QuiltGame.from_position(quilt={"d4": "2S"}, foundations={"S+": ["AS"]})
    t = quilt_players.QuiltSampling().tally(win.view())
    assert (str(t.move), t.why, t.samples) == ("d4>S+", Why.WINS, 0)
    one = QuiltGame.from_position(quilt={"d4": "9S"}, stock=["5C", "2C"], rules=QuiltRules.common())
    t = quilt_players.QuiltSampling().tally(one.view())
    assert (str(t.move), t.why) == ("turn", Why.FORCED)
    over = QuiltGame.from_position(quilt={"d4": "9S"}, rules=QuiltRules(redeals=0))
    with pytest.raises(IllegalMove, match="no move to make"):
        quilt_players.QuiltSampling().tally(over.view())


@pytest.mark.parametrize("name", ["sampling", "lookahead"])
def test_sampling_plays_exactly_after_the_redeal(name: str) -> None:
    game = _before_a_redeal(random.Random(3), QuiltRules(redeals=1))
    player = (
        quilt_players.sampling_player(samples=2)
        if name == "sampling"
        else copy.deepcopy(quilt_players.lookahead)
    )
    player(game.view())  # it watches the waste
    game.redeal()
    advice = player.advise(game.view())
    assert player.knows(game.view())
    winnable = brute_force_winnable(game)
    assert (advice.reason == quilt_players.last_pass.KNOWN) == winnable


# -- the board's Hint: sampling with a small solver budget after the redeal ------------------------


def test_the_hint_is_sampling_with_a_small_solver_budget() -> None:
    hint = quilt_players.lookahead
    assert isinstance(hint, quilt_players.Sampling) and hint.__name__ == "lookahead"
    assert hint.max_nodes == HINT_NODES < quilt_players.sampling.max_nodes
    assert lookahead.player("crazy-quilt") is hint is default_strategy.player("crazy-quilt")
    first = quilt_players.sampling.before
    rng = random.Random(2)
    for game in positions_along(2, QuiltRules.literal(), rng, every=31):
        if game.redeals_left:  # before the redeal it plays as sampling, move for move
            assert hint(game.view()) == first(game.view())


def test_the_hint_says_why_in_one_short_sentence_and_plays_it() -> None:
    # Seeded by the position alone: two fresh copies (two boards) give the same hints.
    a, b = copy.deepcopy(quilt_players.lookahead), copy.deepcopy(quilt_players.lookahead)
    game = QuiltGame(seed=7)
    kinds = set()
    for i in range(12):
        view = game.view()
        advice = a.advise(view)
        assert advice.move in game.legal_moves() and (i % 4 or advice == b.advise(view))
        text = advice.reason
        assert text[0].isupper() and text.endswith(".") and len(text) <= 160, text
        assert ". " not in text, text  # one sentence
        kinds.add(text.split()[1])
        game.play(advice.move)
    assert len(kinds) >= 3  # a forced move, a tie, one the samples decide ...


def test_a_margin_leaves_close_calls_to_tips() -> None:
    # margin: how many more guesses than tips' choice a move must win to be played instead. On deal
    # 7's first move the guesses prefer turning (fewer cards left) to tips' Q♠ to S-: with a margin
    # wider than the guesses, tips' move is played, and the reason says why.
    view = QuiltGame(seed=7).view()
    assert quilt_players.QuiltSampling().tally(view).move != tips(view) == QuiltMove.parse("a4>S-")
    wide = quilt_players.QuiltSampling(margin=9)
    t = wide.tally(view)
    assert (t.move, t.why) == (tips(view), Why.CLOSE)
    assert wide.advise(view).reason.startswith("No move wins 9 more on 8 guesses at the stock's order")
    assert "margin=1" in repr(quilt_players.sampling_player(margin=1))
    with pytest.raises(ValueError, match="margin must be a whole number"):
        quilt_players.QuiltSampling(margin=-1)


def test_the_hints_warm_up_loads_its_playouts_and_solver() -> None:
    """What a Crazy Quilt board runs in the background when it opens (see test_widget): after it,
    the playouts' loop is loaded, and so are the solver's (its exhaustive search where it is
    compiled, and its beams), which it asks after the redeal."""
    from windmill_widget.solver.crazy_quilt import beam, exhaustive, playout

    quilt_players.lookahead.warm_up()
    assert playout._play is not None
    assert bool(exhaustive._warm) == exhaustive.COMPILED
    assert beam._warm
