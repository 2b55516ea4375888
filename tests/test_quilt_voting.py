"""Crazy Quilt's ``voting`` player (:mod:`windmill_widget.strategies.crazy_quilt.voting`): each
guess at the stock is searched after every candidate move as the clairvoyant solver would, and the
move that wins the most guesses is played; it never peeks, and it explains itself."""

from __future__ import annotations

import random
from importlib import import_module

import pytest

from windmill_widget import IllegalMove, QuiltGame, QuiltRules, voting
from windmill_widget.games.crazy_quilt.search import SearchState, concrete_move, face_of
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


def _child(s: SearchState) -> tuple[int, int, int, int]:
    """Which candidate led to ``s``, whatever the guess at the stock (a turn's card is the guess's)."""
    return s.mask, s.fcode, s.waste_size(), s.stock_left()


Guess = tuple[str | None, set[str]]


def _stage(monkeypatch: pytest.MonkeyPatch, view, guesses: list[Guess]) -> dict[str, int]:
    """Make the searches answer guess by guess: for the ``k``-th guess, the search from the position
    finds a line that starts with ``guesses[k][0]`` (``None``: no win), and the searches after the
    other moves find a win after the moves in ``guesses[k][1]``. Returns how many times the search
    after each move ran (the search from the position counts as ``"position"``)."""
    s = SearchState.from_view(view)
    names: dict[tuple[int, int, int, int], str] = {}
    codes: dict[str, int] = {}
    for m in s.moves():
        rec = s.apply(m)
        name = str(concrete_move(view, m))
        names[_child(s)] = name
        codes.setdefault(name, m)
        s.undo(rec)
    calls = dict.fromkeys(["position", *codes], 0)
    root = _child(s)

    def won_line(self: QuiltVoting, t: SearchState) -> list[int] | None:
        if _child(t) == root:
            first = guesses[calls["position"]][0]
            calls["position"] += 1
            return None if first is None else [codes[first]]
        name = names[_child(t)]
        calls[name] += 1
        return [0] if name in guesses[calls["position"] - 1][1] else None

    monkeypatch.setattr(QuiltVoting, "won_line", won_line)
    return calls


def test_each_guess_is_searched_after_every_move_and_the_move_that_wins_most_guesses_is_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = QuiltGame(seed=7).view()  # five distinct moves; the stock hides 32 cards
    guesses: list[Guess] = [("turn", set()), ("turn", {"a2>D+"}), (None, set()), ("a2>D+", {"turn"})]
    calls = _stage(monkeypatch, view, guesses)
    t = QuiltVoting(samples=4).tally(view)
    assert (str(t.move), t.why, t.samples) == ("turn", Why.SAMPLED, 4)
    assert [(str(m), w, n) for m, w, n in t.wins] == [("turn", 3, 4), ("a2>D+", 2, 4)]
    # A guess nothing wins from the position is not searched deeper; a line's first move is not
    # searched again.
    assert calls == {"position": 4, "c1>C-": 3, "a2>D+": 2, "a4>S-": 3, "a6>H+": 3, "turn": 1}
    _stage(monkeypatch, view, guesses)
    assert QuiltVoting(samples=4).advise(view).reason == (
        "It leads to a winning line on 3 of 4 guesses at the stock's order, the next best move 2 of 4."
    )


def test_moves_tied_for_the_most_wins_are_searched_on_more_guesses_until_one_leads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = QuiltGame(seed=7).view()
    step = voting_module.STEP
    both: list[Guess] = [("turn", {"a2>D+"}), ("a2>D+", {"turn"})]
    each: list[Guess] = [("turn", set()), ("a2>D+", set())]
    # After four guesses 3 each, after a step 11 each (of 12), then turn wins one guess more.
    guesses: list[Guess] = [
        ("turn", {"c1>C-", "a2>D+"}),
        ("a2>D+", set()),
        ("turn", set()),
        ("a2>D+", {"turn"}),
    ]
    guesses += both * (step // 2) + [*each, ("turn", set()), ("a2>D+", {"turn"})] + each * (step // 2 - 2)
    calls = _stage(monkeypatch, view, guesses)
    t = QuiltVoting(samples=4, most=4 + 3 * step).tally(view)
    assert (str(t.move), t.why, t.samples) == ("turn", Why.SAMPLED, 4 + 2 * step)
    assert [(str(m), w, n) for m, w, n in t.wins] == [
        ("turn", 3 + step + step // 2 + 1, 4 + 2 * step), ("a2>D+", 3 + step + step // 2, 4 + 2 * step),
        ("c1>C-", 1, 4),
    ]  # fmt: skip
    assert calls["position"] == 4 + 2 * step and calls["c1>C-"] == calls["a4>S-"] == 4


def test_as_many_wins_go_to_the_move_the_lines_start_with_then_to_deep_sampling_s_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = QuiltGame(seed=7).view()
    player = QuiltVoting(samples=2, most=2 + voting_module.STEP)
    default = str(player.fallback(view))
    other = next(str(m) for m in view.legal_moves() if str(m) != default)
    # Both win every guess: no more guesses; the one the lines start with more often is played.
    _stage(monkeypatch, view, [(other, {default}), (other, {default})])
    t = player.tally(view)
    assert (str(t.move), t.why, t.samples) == (other, Why.SAMPLED, 2)
    _stage(monkeypatch, view, [(other, {default}), (other, {default})])
    assert player.advise(view).reason == (
        "It leads to a winning line on 2 of 2 guesses at the stock's order, the next best move 2 of 2"
        " (as many: the searches' own lines started with this move more often)."
    )
    # As often, too: deep_sampling's choice (each won half its guesses: more guesses, still tied).
    _stage(monkeypatch, view, [(default, set()), (other, set())] * 10)
    t = player.tally(view)
    assert (str(t.move), t.why, t.samples) == (default, Why.TIE, 2 + voting_module.STEP)
    _stage(monkeypatch, view, [(None, set())] * 2)
    t = player.tally(view)
    assert (str(t.move), t.why, t.wins) == (default, Why.HOPELESS, ())
    _stage(monkeypatch, view, [(None, set())] * 2)
    assert player.advise(view).reason.startswith(
        "No move leads to a winning line on 2 guesses at the stock's order. "
    )


def test_a_stock_of_few_orders_is_searched_in_each_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # Three hidden stock cards: six orders, each searched once after each move (a dig or a turn).
    game = QuiltGame.from_position(
        quilt={"b8": "3S"}, foundations={"S+": ["AS"]}, waste=["4S"], stock=["2S", "5S", "6S"],
        rules=QuiltRules.common(),
    )  # fmt: skip
    view = game.view()
    pool = [face_of(c.id) for c in view.unseen]
    assert len(voting_module.exact_orders(pool, voting_module.EXACT_ORDERS)) == 6
    searched: list[tuple[tuple[int, int, int, int], int]] = []
    search = QuiltVoting.won_line

    def spy(self: QuiltVoting, s: SearchState) -> list[int] | None:
        searched.append((_child(s), s.stock))
        return search(self, s)

    monkeypatch.setattr(QuiltVoting, "won_line", spy)
    t = QuiltVoting().tally(view)
    moves = {child for child, _ in searched}
    assert t.samples == 6 and len(moves) == 2 and len(searched) == len(set(searched)) == 6 * 2
    assert [(str(m), w, n) for m, w, n in t.wins] == [("b8>waste", 6, 6), ("turn", 6, 6)]
    assert (
        QuiltVoting()
        .advise(view)
        .reason.startswith("It leads to a winning line in 6 of the 6 orders the stock")
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
    player = QuiltVoting(samples=3, most=3 + voting_module.STEP)
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
    with pytest.raises(ValueError, match="most must be"):
        QuiltVoting(samples=8, most=4)
    game = QuiltGame(seed=1)
    for m in QuiltVoting().won_line(SearchState.from_game(game)):
        game.play(concrete_move(game, m))
    with pytest.raises(IllegalMove, match="There is no move to make"):
        QuiltVoting().tally(game.view())


def test_voting_plays_exactly_after_the_redeal() -> None:
    # From the redeal on it is ``recall``: the first pass by votes, then the solver's line.
    assert isinstance(voting.players["crazy-quilt"], Voting)
    game = QuiltGame(seed=3)
    player = Voting(samples=2, most=2)
    while game.status == "playing" and game.redeals_left:
        game.play(player(game.view()))
    assert player.knows(game.view())
    assert repr(player) == "<player voting: samples=2, most=2, width=8, seed=0, max_nodes=200000>"
