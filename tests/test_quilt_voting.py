"""Crazy Quilt's ``voting`` player (:mod:`windmill_widget.strategies.crazy_quilt.voting`): each
guess at the stock is searched as the clairvoyant solver would, and the guesses vote for the first
move of their winning lines; it never peeks, and it explains itself."""

from __future__ import annotations

import random
from importlib import import_module

import pytest

from windmill_widget import IllegalMove, QuiltGame, QuiltRules, voting
from windmill_widget.games.crazy_quilt.search import SearchState, concrete_move
from windmill_widget.solver.crazy_quilt.nested import Nested
from windmill_widget.solver.crazy_quilt.playout import PORTFOLIO
from windmill_widget.strategies.crazy_quilt import QuiltVoting, Voting
from windmill_widget.strategies.samples import Why

# The module: the package's name ``voting`` is the player (as ``sampling`` is).
voting_module = import_module("windmill_widget.strategies.crazy_quilt.voting")


def test_a_guess_s_search_finds_a_line_that_wins_that_guess_and_leaves_the_position_as_it_was() -> None:
    # With the true stock as the guess, the line found must win the real game.
    game = QuiltGame(seed=1)
    s = SearchState.from_game(game)
    key = s.key()
    line = QuiltVoting().won_line(s)
    assert line and s.key() == key
    for m in line:
        game.play(concrete_move(game, m))
    assert game.status == "won"


def test_a_deal_the_beam_wins_after_the_nested_searches_miss_it() -> None:
    # Literal deal 17: the level-1 nested searches miss it within their units, a beam 8 wide wins it
    # (the solver at 120 s did not win it before it had beams).
    game = QuiltGame(seed=17)
    for policy in PORTFOLIO[:2]:
        search = Nested(SearchState.from_game(game), policy)
        assert search.line is None and not search.run(voting_module.NESTED_NODES, None, max_level=1)
    line = QuiltVoting().won_line(SearchState.from_game(game))
    assert line is not None
    for m in line:
        game.play(concrete_move(game, m))
    assert game.status == "won"


def _staged_votes(monkeypatch: pytest.MonkeyPatch, firsts: list[int | None]) -> None:
    """Make the guesses' searches answer lines that start with ``firsts`` in turn (None: no win)."""
    answers = iter(firsts)

    def won_line(self: QuiltVoting, s: SearchState) -> list[int] | None:
        first = next(answers)
        return None if first is None else [first]

    monkeypatch.setattr(QuiltVoting, "won_line", won_line)


def test_the_move_most_guesses_start_their_winning_lines_with_is_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = QuiltGame(seed=7).view()
    moves = SearchState.from_view(view).moves()
    a, b = moves[-1], moves[0]
    _staged_votes(monkeypatch, [b, a, None, a])
    t = QuiltVoting(samples=4).tally(view)
    assert t.move == concrete_move(view, a) and t.why is Why.SAMPLED and t.samples == 4
    assert t.wins == ((concrete_move(view, a), 2, 4), (concrete_move(view, b), 1, 4))
    reason = QuiltVoting(samples=4)
    _staged_votes(monkeypatch, [b, a, None, a])
    assert (
        reason.advise(view).reason
        == "It starts a winning line on 4 guesses at the stock's order: 2 of 4, the next best move 1."
    )


def test_a_tie_goes_to_deep_sampling_s_choice_and_no_win_to_its_move(monkeypatch: pytest.MonkeyPatch) -> None:
    view = QuiltGame(seed=7).view()
    player = QuiltVoting(samples=2)
    default = player.fallback(view)
    other = next(m for m in SearchState.from_view(view).moves() if concrete_move(view, m) != default)
    _staged_votes(monkeypatch, [other, default.code])
    t = player.tally(view)
    assert (t.move, t.why) == (default, Why.TIE)
    _staged_votes(monkeypatch, [None, None])
    t = player.tally(view)
    assert (t.move, t.why, t.wins) == (default, Why.HOPELESS, ())
    _staged_votes(monkeypatch, [None, None])
    assert player.advise(view).reason.startswith(
        "No winning line was found on 2 guesses at the stock's order; "
    )


def test_it_never_peeks_two_stocks_that_look_alike_get_the_same_move() -> None:
    # The same position with the stock shuffled otherwise: a player's view is the same, so is the move.
    game = QuiltGame(seed=11, rules=QuiltRules.common())
    for _ in range(6):
        game.play(voting(game.view()))
    position = game.view().sample(0).position()
    stock = list(position["stock"])
    random.Random(5).shuffle(stock)
    other = QuiltGame.from_position(**{**position, "stock": stock})
    assert [c.id for c in other.pile("stock")] != [c.id for c in game.pile("stock")]
    player = QuiltVoting(samples=3)
    assert player.tally(game.view()) == player.tally(other.view())


def test_easy_decisions_are_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(QuiltVoting, "won_line", lambda self, s: pytest.fail("searched an easy decision"))
    # One card left to play, from the waste (a partial deck): the move wins on the spot.
    game = QuiltGame.from_position(foundations={"S+": [f"{r}S" for r in "A23456789TJQ"]}, waste=["KS"])
    t = QuiltVoting().tally(game.view())
    assert t.why is Why.WINS and str(t.move) == "waste>S+"


def test_its_settings_are_checked_and_a_finished_game_is_refused() -> None:
    with pytest.raises(ValueError, match="samples must be"):
        QuiltVoting(samples=0)
    with pytest.raises(ValueError, match="width must be"):
        Voting(width=0)
    game = QuiltGame(seed=1)
    for m in QuiltVoting().won_line(SearchState.from_game(game)):
        game.play(concrete_move(game, m))
    with pytest.raises(IllegalMove, match="There is no move to make"):
        QuiltVoting().tally(game.view())


def test_voting_plays_exactly_after_the_redeal() -> None:
    # From the redeal on it is ``recall``: the first pass by votes, then the solver's line.
    assert isinstance(voting.players["crazy-quilt"], Voting)
    game = QuiltGame(seed=3)
    player = Voting(samples=2)
    while game.status == "playing" and game.redeals_left:
        game.play(player(game.view()))
    assert player.knows(game.view())
    assert repr(player) == "<player voting: samples=2, width=8, seed=0, max_nodes=200000>"
