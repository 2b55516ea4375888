"""The shipped players: they always answer with a legal move, never peek at the stock, follow
their own advice, and do not loop when moves between foundations are allowed."""

from __future__ import annotations

import random

import cloudpickle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import windmill_widget
from windmill_widget import Game, Move, Rules
from windmill_widget.engine.rules import PRESETS
from windmill_widget.strategies import default_strategy, greedy, lookahead, random_strategy, tips
from windmill_widget.strategies.evaluate import score, undoes_last
from windmill_widget.strategies.lookahead import Lookahead

SAIL_NAMES = ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2")
PLAYERS = {"greedy": greedy, "tips": tips, "lookahead": lookahead, "random": random_strategy(3)}
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, database=None)


def positions_along(seed: int, rules: Rules, rng: random.Random, every: int = 7):
    """Positions of a game played mostly greedily (with some random moves), every few moves."""
    game = Game(seed=seed, rules=rules)
    n = 0
    while game.status == "playing" and n < 400:
        if n % every == 0:
            yield game
        moves = game.legal_moves()
        game.play(rng.choice(moves) if rng.random() < 0.3 else greedy(game.view()))
        n += 1


def restocked(game: Game, rng: random.Random) -> Game:
    """The same position with the stock's (hidden) order shuffled."""
    kwargs = game.position()
    stock = kwargs.pop("stock")
    rng.shuffle(stock)
    return Game.from_position(stock=stock, **kwargs)


@pytest.mark.parametrize("preset", PRESETS)
@SETTINGS
@given(seed=st.integers(0, 2**64 - 1))
def test_players_answer_with_a_legal_move(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    for game in positions_along(seed, getattr(Rules, preset)(), rng):
        legal = game.legal_moves()
        for name, player in PLAYERS.items():
            move = player(game.view())
            assert isinstance(move, Move), name
            assert move in legal, f"{name} chose {move} in {game!r}"


@pytest.mark.parametrize("name", ["greedy", "tips", "lookahead"])
@settings(max_examples=8, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_players_do_not_peek_at_the_stock_order(name: str, seed: int) -> None:
    # Two games that look the same from the player's chair get the same answer.
    rng = random.Random(seed)
    player = PLAYERS[name]
    for game in positions_along(seed, Rules.strict(), rng, every=11):
        twin = restocked(game, rng)
        assert player(game.view()) == player(twin.view())


def test_default_strategy_is_the_lookahead_player() -> None:
    assert windmill_widget.default_strategy is default_strategy is lookahead
    assert lookahead.__name__ == "lookahead"


def test_players_survive_pickling_for_worker_processes() -> None:
    game = Game(seed=12)
    for _ in range(30):
        game.play(greedy(game.view()))
    for player in (greedy, tips, lookahead, Lookahead(chance=False)):
        clone = cloudpickle.loads(cloudpickle.dumps(player))
        assert clone(game.view()) == player(game.view())


def test_random_strategy_is_reproducible() -> None:
    a, b = random_strategy(5), random_strategy(5)
    game = Game(seed=3)
    assert [a(game.view()) for _ in range(20)] == [b(game.view()) for _ in range(20)]


# -- tips follows the advice of seed 000 -----------------------------------------------------------
def test_tips_plays_to_the_centre_whenever_it_can() -> None:
    sails = dict(zip(SAIL_NAMES, ["KH", "7C", "9D", "2H", "QS", "JS", "5D", "8C"], strict=True))
    game = Game.from_position(center=["AS"], sails=sails, waste=["4C"], stock=["6H"])
    assert tips(game.view()) == "e2>c"  # the 2, though a King could open a corner


def test_tips_starts_a_corner_with_a_king() -> None:
    sails = dict(zip(SAIL_NAMES, ["KH", "7C", "9D", "3H", "QS", "JS", "5D", "8C"], strict=True))
    game = Game.from_position(center=["AS"], sails=sails, waste=["4C"], stock=["6H"])
    assert tips(game.view()).dst == "nw" and tips(game.view()).src == "n1"


def test_tips_uses_a_stored_corner_card_for_the_centre() -> None:
    # The centre needs a Queen; only corner nw has one (K, Q): it goes to the centre.
    sails = dict(zip(SAIL_NAMES, ["2C", "7C", "9D", "3H", "5S", "6S", "5D", "8C"], strict=True))
    centre = ["AS", "2S", "3S", "4S", "5H", "6H", "7H", "8H", "9H", "TH", "JH"]
    game = Game.from_position(
        center=centre, corners={"nw": ["KD", "QD"]}, sails=sails, waste=["4C"], stock=["6C"]
    )
    assert tips(game.view()) == "nw>c"


def test_tips_rescues_the_waste_top_before_dealing() -> None:
    # Corner nw (a King) needs a Queen: the waste's Queen goes there rather than be buried by a deal.
    sails = dict(zip(SAIL_NAMES, ["4D", "7C", "9D", "3H", "5S", "6S", "5D", "8C"], strict=True))
    game = Game.from_position(corners={"nw": ["KD"]}, sails=sails, waste=["4C", "QC"], stock=["6C"])
    assert tips(game.view()) == "waste>nw"


# -- lookahead --------------------------------------------------------------------------------------
def test_lookahead_finishes_a_game_it_can_see_through() -> None:
    sails = {"n1": "2H", "n2": "3H"}
    game = Game.from_position(center=["AS"], sails=sails, stock=[])
    while game.status == "playing":
        game.play(lookahead(game.view()))
    assert game.status == "lost" or game.status == "won"
    assert game.pile("c")[-1].rank == 3


def test_lookahead_weighs_the_next_card() -> None:
    # Dealing now is right only if the stock can bring what the centre needs; the player knows
    # which cards are unseen, so its choice changes with them (not with their order).
    sails = dict(zip(SAIL_NAMES, ["KH", "7C", "9D", "3H", "QS", "JS", "5D", "8C"], strict=True))
    game = Game.from_position(center=["AS"], sails=sails, waste=["4C"], stock=["2D", "6H", "2C"])
    move = lookahead(game.view())
    assert move in game.legal_moves()
    assert Lookahead(chance=False)(game.view()) in game.legal_moves()


def test_score_prefers_progress() -> None:
    game = Game(seed=1)
    from windmill_widget.solver.compact import Compact

    before = score(Compact.from_position(game._pos, hide_stock=True))
    game.play("n1>c")
    after = score(Compact.from_position(game._pos, hide_stock=True))
    assert after > before


# -- no loops with transfers="any" --------------------------------------------------------------------
@pytest.mark.parametrize("name", ["greedy", "tips", "lookahead"])
def test_players_finish_games_under_pysolfc_rules(name: str) -> None:
    player = PLAYERS[name]
    for seed in range(1 if name == "lookahead" else 3):  # (lookahead: about 10 s a game here)
        game = Game(seed=seed, rules=Rules.pysolfc())
        for _ in range(1500):
            if game.status != "playing":
                break
            move = player(game.view())
            assert not undoes_last(game.view(), move.code), f"{name} moved a card straight back"
            game.play(move)
        assert game.status in ("won", "lost"), f"{name} is still moving cards around after 1500 moves"
