"""The shipped players: they always answer with a legal move, never peek at the stock, follow
their own advice, and do not loop when moves between foundations are allowed."""

from __future__ import annotations

import itertools
import random
import sys
import time

import cloudpickle
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import windmill_widget
from windmill_widget import Game, Move, Rules
from windmill_widget.games.windmill.notation import FOUNDATIONS
from windmill_widget.games.windmill.rules import PRESETS
from windmill_widget.lab import compare, play_game, play_many
from windmill_widget.strategies import default_strategy, greedy, lookahead, random_strategy, tips
from windmill_widget.strategies.windmill.evaluate import (
    can_progress,
    mirror,
    run_positions,
    safe_moves,
    score,
)
from windmill_widget.strategies.windmill.lookahead import Lookahead

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


def test_tips_uses_a_stored_corner_card_when_the_next_centre_card_is_at_hand() -> None:
    # The centre needs a Queen; only corner nw has one (K, Q). The King after it is on a sail, so the
    # strict corner rule cannot stall the centre: the Queen goes.
    sails = dict(zip(SAIL_NAMES, ["2C", "7C", "9D", "3H", "5S", "6S", "5D", "KC"], strict=True))
    centre = ["AS", "2S", "3S", "4S", "5H", "6H", "7H", "8H", "9H", "TH", "JH"]
    game = Game.from_position(
        center=centre, corners={"nw": ["KD", "QD"]}, sails=sails, waste=["4C"], stock=["6C"]
    )
    assert tips(game.view()) == "nw>c"


@pytest.mark.parametrize(("preset", "expected"), [("strict", "deal"), ("relaxed", "nw>c")])
def test_tips_keeps_a_corner_card_until_the_centre_can_go_on(preset: str, expected: str) -> None:
    # As above with no King in view: after the corner's Queen the centre would need a King from a
    # sail or the waste (the strict corner rule), so the Queen stays stored and tips deals. Without
    # that rule there is nothing to wait for.
    sails = dict(zip(SAIL_NAMES, ["2C", "7C", "9D", "3H", "5S", "6S", "5D", "8C"], strict=True))
    centre = ["AS", "2S", "3S", "4S", "5H", "6H", "7H", "8H", "9H", "TH", "JH"]
    game = Game.from_position(
        center=centre, corners={"nw": ["KD", "QD"]}, sails=sails, waste=["4C"], stock=["6C"],
        rules=getattr(Rules, preset)(),
    )  # fmt: skip
    assert tips(game.view()) == expected
    assert greedy(game.view()) == "nw>c"


@pytest.mark.parametrize(("waste", "expected"), [("9H", "deal"), ("TH", "n1>nw")])
def test_tips_plays_from_a_sail_when_the_replacement_is_worth_it(waste: str, expected: str) -> None:
    # Corner nw takes the sail's Queen. The waste's top card would replace it: a second 9 (the sails
    # have one, and neither the centre nor a corner wants a 9 soon) is not worth it, so tips deals
    # and keeps the play for a better card; a Ten, a rank the sails lack, is.
    sails = dict(zip(SAIL_NAMES, ["QC", "7C", "9D", "3H", "5S", "6S", "5D", "8C"], strict=True))
    game = Game.from_position(corners={"nw": ["KD"]}, sails=sails, waste=[waste], stock=["6C"])
    assert tips(game.view()) == expected
    assert greedy(game.view()) == "n1>nw"


def test_tips_beats_greedy_on_the_same_deals() -> None:
    cmp = compare({"greedy": greedy, "tips": tips}, range(300), executor="serial", progress=False)
    paired = cmp.paired("tips", "greedy")
    assert paired["only tips"] > paired["only greedy"] and paired["p_value"] < 0.05, paired


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


def test_lookahead_plays_the_same_games_however_busy_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    # Its effort is a count of positions, not a time: a clock racing ahead (as on a slow or busy
    # machine, where every step takes longer) changes nothing, and two runs give the same games.
    deals = range(3)
    first = [play_game(lookahead, seed, time_limit=None) for seed in deals]
    assert [play_game(lookahead, seed, time_limit=None) for seed in deals] == first
    clock = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))  # a second per reading
    assert [play_game(lookahead, seed, time_limit=None) for seed in deals] == first


def test_lookahead_examines_at_most_about_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Weighing the next deal stops once the budget is spent (one weighing may overrun it).
    la = sys.modules["windmill_widget.strategies.windmill.lookahead"]
    counted: list[int] = []
    closure = la._closure

    def counting(*args, **kwargs):
        out = closure(*args, **kwargs)
        counted[-1] += len(out) + (0 if kwargs.get("include_root", True) else 1)
        return out

    monkeypatch.setattr(la, "_closure", counting)
    player = Lookahead(max_positions=300)
    most = player.max_states + 13 * (1 + player.max_states // 4)  # one weighing: 13 next cards
    game = Game(seed=5)
    while game.status == "playing":
        counted.append(0)
        game.play(player(game.view()))
    assert max(counted) <= player.max_positions + most
    assert max(counted) > player.max_positions  # (the budget did bind somewhere)


def test_score_prefers_progress() -> None:
    game = Game(seed=1)
    from windmill_widget.games.windmill.search import SearchState

    before = score(SearchState.from_position(game._pos, hide_stock=True))
    game.play("n1>c")
    after = score(SearchState.from_position(game._pos, hide_stock=True))
    assert after > before


# -- no loops with transfers="any" --------------------------------------------------------------------
def exact_position(game: Game) -> tuple:
    limit = game.rules.corner_streak  # the run of corner cards counts only up to the limit
    run = 0 if limit is None else min(game.corner_run, limit)
    return tuple(tuple(c.id for c in pile) for pile in game.piles().values()), run


def play_out(player, seed: int, rules: Rules, cap: int = 600) -> str:
    """Play a deal until it is won or lost, or nothing can progress any more ("over": with
    transfers="any" cards can still go back and forth between foundations, so the engine does not
    call it lost). No position may come back before that, and the game must end within ``cap``."""
    game = Game(seed=seed, rules=rules)
    seen = set()
    while game.status == "playing":
        view = game.view()
        if not can_progress(view):
            return "over"
        position = exact_position(game)
        assert position not in seen, f"deal {seed}: back to a position after {game.history[-4:]}"
        seen.add(position)
        game.play(player(view))
        assert len(game.history) < cap, f"deal {seed}: still playing after {cap} moves"
    return game.status


@pytest.mark.parametrize("name", ["greedy", "tips", "random", "lookahead"])
def test_players_finish_games_under_pysolfc_rules(name: str) -> None:
    # Deals 39, 107, 163 (and 0, 6, 9 for lookahead) are ones the players used to go round in
    # circles on. (lookahead: several seconds a game under these rules, so only three deals)
    deals = (0, 6, 9) if name == "lookahead" else (*range(27), 39, 107, 163)
    ends = [play_out(PLAYERS[name], seed, Rules.pysolfc()) for seed in deals]
    assert set(ends) <= {"won", "lost", "over"}


def test_run_positions_are_the_positions_since_the_last_progress() -> None:
    # Random moves, mostly between foundations: the positions rebuilt from the view's history are
    # exactly those the game went through since its last move that was not between foundations.
    rules = Rules.pysolfc()
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(seed=seed, rules=rules)
        run = [mirror(game.view()).key()]
        while game.status == "playing" and len(game.history) < 400:
            moves = game.legal_moves()
            transfers = [m for m in moves if m.src in FOUNDATIONS and m.dst in FOUNDATIONS]
            move = rng.choice(transfers if transfers and rng.random() < 0.8 else moves)
            game.play(move)
            key = mirror(game.view()).key()
            run = [*run, key] if move in transfers else [key]
            assert run_positions(game.view()) == set(run)


def test_safe_moves_keep_away_from_positions_of_the_run() -> None:
    # The centre's 8 onto the corner's 9, and back again: the position of two moves ago.
    centre = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    game = Game.from_position(
        center=centre, corners={"nw": ["KD", "QD", "JD", "TD", "9D"]}, sails={"n1": "7C"},
        rules=Rules.pysolfc(),
    )  # fmt: skip
    game.play("c>nw")
    assert game.legal_moves() == ["n1>nw", "nw>c", "c>nw"]
    assert safe_moves(game.view()) == ["n1>nw", "c>nw"]  # not 'nw>c', the way back
    for name, player in PLAYERS.items():
        assert player(game.view()) != "nw>c", name


def test_lab_ends_games_that_cannot_progress_under_pysolfc_as_lost() -> None:
    # With transfers="any" the engine still lists moves between foundations when nothing else can
    # ever happen; the lab ends such a game at once as lost, instead of playing to its move cap.
    results = play_many(greedy, range(30), Rules.pysolfc(), executor="serial", progress=False)
    assert not results.failures
    stuck = [r for r in results if r.outcome == "lost" and r.game(Rules.pysolfc()).legal_moves()]
    assert stuck  # some games did end with moves left, so the rule was needed
    assert not any(can_progress(r.game(Rules.pysolfc()).view()) for r in stuck)
    assert all(r.moves < 600 for r in results)


@pytest.mark.parametrize("name", ["greedy", "tips", "lookahead", "sampling"])
def test_a_player_handed_the_game_instead_of_its_view_says_what_to_pass(name: str) -> None:
    # A player sees what a player at the table sees: game.view(), never the game (which knows the
    # stock's order). Anything else is refused with a message, by the move and by the advice alike.
    player = getattr(windmill_widget.strategies, name)
    game = Game(seed=1)
    for ask in (player, player.advise):
        with pytest.raises(TypeError, match=rf"{name} takes what a player sees, game\.view\(\)"):
            ask(game)
        for wrong in (None, "deal", 42):
            with pytest.raises(TypeError, match=rf"{name} takes a player view such as game\.view\(\)"):
                ask(wrong)
    assert player(game.view()) in game.legal_moves()  # and the view is taken as before
