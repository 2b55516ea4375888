"""Windmill's players say why (``advise``): the same move as calling them, and a reason that is true of
the position and of the player's own evaluation. Above all the default player, ``lookahead``, whose
reason the board's Hint shows (issue 13, item 4)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windmill_widget import Game, Rules
from windmill_widget.strategies import greedy, lookahead, tips
from windmill_widget.strategies import windmill as windmill_players
from windmill_widget.strategies.windmill.lookahead import _TIE, Lookahead

PRESETS = ("strict", "relaxed", "classic", "pysolfc")


def position(seed: int, rules: str, moves: int, rng_seed: int) -> Game:
    """A game of ``seed`` after up to ``moves`` random legal moves (a deal when nothing else is legal)."""
    game = Game(seed=seed, rules=getattr(Rules, rules)())
    rng = random.Random(rng_seed)
    for _ in range(moves):
        if game.status.value != "playing":
            break
        game.play(rng.choice(game.legal_moves()))
    return game


positions = st.builds(
    position,
    seed=st.integers(0, 10_000),
    rules=st.sampled_from(PRESETS),
    moves=st.integers(0, 120),
    rng_seed=st.integers(0, 1000),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=positions)
def test_advise_gives_the_move_the_player_makes(game: Game) -> None:
    if game.status.value != "playing":
        return
    view = game.view()
    for player in (lookahead, greedy, tips):
        advice = player.advise(view)
        assert advice.move == player(view), player
        assert game.is_legal(advice.move)
        assert isinstance(advice.reason, str) and advice.reason.endswith("."), advice.reason


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=positions)
def test_a_deal_while_a_card_fits_the_centre_says_which_card_and_why(game: Game) -> None:
    """Seed 000's first tip is "play to the centre whenever you can": a hint to deal instead names the
    card and gives the player's reason, never a bare 'deal'."""
    if game.status.value != "playing":
        return
    view = game.view()
    advice = lookahead.advise(view)
    centre = [m for m in game.legal_moves() if m.dst == "c" and m.src not in ("nw", "ne", "se", "sw")]
    if not advice.move.is_deal or not centre:
        return
    card = game.top(_waste_first(game, centre).src)
    assert f"the {card.symbol} fits the centre" in advice.reason, advice.reason
    if game.top("waste") is None:
        assert "the waste is empty" in advice.reason
    elif "expects as much from dealing first" not in advice.reason:  # not a tie: what playing would cost
        numbers = re.search(r"leave (fewer|more) .*\((\d+\.\d) against (\d+\.\d) on average", advice.reason)
        assert numbers, advice.reason
        worse, theirs, mine = numbers.group(1), float(numbers.group(2)), float(numbers.group(3))
        assert (theirs <= mine) if worse == "fewer" else (theirs >= mine), advice.reason


def _waste_first(game: Game, moves: list) -> object:
    """The centre play the engine makes for the rank the centre needs: from the waste when it has it."""
    return next((m for m in moves if m.src == "waste"), moves[0])


def test_seed_3_hint_says_why_it_deals_while_two_hearts_fit_the_centre() -> None:
    """Issue 13's case: at the deal of seed 3 two 2♥ fit the centre, and the waste is empty."""
    view = Game(seed=3).view()
    advice = lookahead.advise(view)
    assert advice.move.is_deal
    assert advice.reason.startswith("Deal first, though the 2♥ fits the centre: the waste is empty")
    assert "stays playable in its sail" in advice.reason


def test_a_tie_goes_to_the_deal_and_the_hint_says_so() -> None:
    """When dealing first and playing first promise the same after the next card (the plays in view can
    be made either side of it), the player deals (the other way round lost games: see Lookahead), and
    says that this is why it does not play to the centre (seed 3, after deal, w2>nw, deal: the 2♥ fits
    the centre, the waste's 3♠ would follow it)."""
    game = Game(seed=3)
    for move in ("deal", "w2>nw", "deal"):
        game.play(move)
    view = game.view()
    decision = windmill_players.lookahead._decide(view)  # the Windmill player behind the public name
    deal, play = decision.options[None], decision.options[1]
    assert abs(deal.value - play.value) <= _TIE, "the evaluation ties: the tie-break decides"
    assert decision.move.is_deal
    reason = lookahead.advise(view).reason
    assert reason.startswith("Deal first, though the 2♥ fits the centre: weighing what the next card")
    assert "on a tie it deals" in reason


def test_a_play_says_what_fills_its_sail() -> None:
    game = Game(seed=1)
    for _ in range(3):
        game.deal()
    advice = lookahead.advise(game.view())
    assert str(advice.move) == "n1>c"
    assert advice.reason.startswith("The 2♠ fits the centre: play to the centre whenever you can")
    assert f"The {game.top('waste').symbol} from the waste takes its place in sail n1." in advice.reason


@pytest.mark.parametrize("player", [greedy, tips, Lookahead(max_positions=1)])
def test_every_builtin_windmill_player_can_advise(player) -> None:
    view = Game(seed=3).view()
    assert player.advise(view).move == player(view)
