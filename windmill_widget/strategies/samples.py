"""What a sampling player saw at one decision, for every game's sampling player.

A sampling player guesses the hidden stock's order many times (the *samples*) and judges each
candidate move on every guess (Windmill's by the clairvoyant solver, Crazy Quilt's by playouts).
:class:`Tally` records the candidates' results and the move chosen; :class:`Why` says how it was
chosen, and each game's player turns that into the reason the board's Hint shows.

>>> Why.SAMPLED, str(Why.NO_STOCK)
(<Why.SAMPLED: 'sampled'>, 'no-stock')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.outcome import TextEnum


class Why(TextEnum):
    """How a sampling player chose a move (``Tally.why``). A ``str`` enum: it prints as its text."""

    FORCED = "forced"  #: one distinct move (the others lead to the same position, or go round in circles)
    WINS = "wins"  #: the move wins on the spot
    EXACT = "exact"  #: the exact no-peeking search decided (a short stock)
    SAMPLED = "sampled"  #: one move did best on the samples
    TIE = "tie"  #: several moves did best on the samples: the default player's choice among them
    CLOSE = "close"  #: the samples' best beat the default player's choice by less than the margin: its choice
    NO_STOCK = "no-stock"  #: the stock is used up: the one true order was judged, and this move does best
    HOPELESS = "hopeless"  #: no sample could be won after any move: the default player's choice
    HOPELESS_NO_STOCK = "hopeless-no-stock"  #: the stock is used up and no move wins: the default's


@dataclass(frozen=True)
class Tally:
    """What the samples showed at one decision: each candidate move with the samples it won and the
    samples it was tried on, and the move chosen."""

    move: Any
    wins: tuple[tuple[Any, int, int], ...]  # (move, samples won, samples tried)
    samples: int  # samples drawn
    why: Why  # how the move was chosen
    #: With ``why is Why.EXACT``: each distinct move's exact chance of a win without peeking.
    values: tuple[tuple[Any, Fraction], ...] = ()
    #: Crazy Quilt's: each candidate's cards left off the foundations at the playouts' ends, on
    #: average over the samples (fewer is better; 0 only if every sample was won).
    cards_left: tuple[tuple[Any, float], ...] = ()
