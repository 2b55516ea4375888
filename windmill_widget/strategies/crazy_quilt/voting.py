"""Crazy Quilt's ``voting`` player: it solves each guess at the stock after every move it could
make, and plays the move that wins the most guesses.

Until the first redeal the stock's order is hidden; from it on a player who watched the waste knows
it (:class:`~.last_pass.Recall` plays exactly from there, and so does this player). Before it, at
each decision this player deals the unseen cards into the stock in ``samples`` random orders, as
``sampling`` does, but judges a guess otherwise: not by playing each candidate move out with a few
fixed policies, but by searching the guessed position as the clairvoyant solver would (two level-1
nested searches, :mod:`windmill_widget.solver.crazy_quilt.nested`, then a beam search ``width``
wide, :mod:`windmill_widget.solver.crazy_quilt.beam`, within a count of units).

Each guess is searched from the position first. If that finds no win, no move wins the guess (a
search one move deeper rarely finds what this one missed, and failing searches are the costly
ones). If it does, the first move of its line wins the guess, and the guess is searched again after
each other candidate move: every move after which a win is found wins the guess too. The move that
wins the most guesses is played. Moves tied for the most are searched on :data:`STEP` more guesses at
a time (up to ``most``), unless each has won every guess so far; a tie that lasts goes to the move
the searches from the position started their lines with most often, then to ``deep_sampling``'s
choice (:class:`~.sampling.QuiltSampling` with 64 guesses and every judge), which is also played when
no guess is won. A stock that can lie in at most :data:`EXACT_ORDERS` orders is searched in each of
them instead of guessed at.

This is *perfect-information Monte Carlo*: each guess is played as if the stock were known, and the
guesses' answers are pooled. The playouts ``sampling`` judges by play the rest of the game with a
fixed policy, so a move is judged by what that policy makes of it; a search finds the lines a
careful player would, which is what matters on the first pass (where the waste's order for the last
pass is made).

Why every move, and not only the move each guess's line starts with (the first version of this
player, which voted that way): take each game of deals 0-49 that version lost and the decision that
lost it (the first after which the solver, at 3 CPU s with the true stock, no longer won). There the
lines' first moves were often a foundation move the searches try first, while another move won as
many guesses or more. At those decisions this version picks a move the solver still wins at 16 of
23 (common) and 12 of 24 (literal); the rest it picks are mostly undecided in 3 s.

Measured with ``benchmarks/tournament.py`` on deals 0-49 (docs/winnability.md, *voting searches
after every move*): 32 won under each reading, 64% (65%-68% of the clairvoyant rate), against
``deep_sampling``'s 24 (literal) and 20 (common), and the first version's 22 and 24. On deals
0-199: 143 won under the literal reading (71.5%, 72%-74% of the clairvoyant rate) and 121 under the
common one (60.5%), against ``tips``' 11 and 11.

Its effort is counted in units of work, never in time, so it plays the same games on any machine;
some 35 CPU s a game under the common reading and 65 under the literal one with numba (the searches
are compiled), far more without. A lab player, not the
board's Hint.

>>> from windmill_widget import QuiltGame
>>> first = QuiltVoting(samples=2, most=2)
>>> game = QuiltGame(seed=7)
>>> first(game.view()) in game.legal_moves()
True
>>> first.tally(game.view()) == first.tally(QuiltGame(seed=7).view())  # seeded by the position
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import permutations
from math import factorial

from ...games.crazy_quilt import QuiltMove, QuiltView
from ...games.crazy_quilt.search import SearchState, concrete_move, face_of, pack
from ...solver.crazy_quilt.playout import JUDGES, PORTFOLIO
from ..advice import Advice
from ..samples import Tally, Why
from .last_pass import Recall
from .sampling import DEEP_SAMPLES, QuiltSampling, decision

#: Guesses at the stock's order per decision, on each of which every candidate move is searched.
SAMPLES = 16
#: While moves tie for the most guesses won, each of them is searched on :data:`STEP` more guesses,
#: up to :data:`MOST_SAMPLES` in all.
STEP = 8
MOST_SAMPLES = 64
#: A stock that can lie in at most this many distinct orders is searched in each of them, not guessed.
EXACT_ORDERS = 32
#: The beam's width, and the units of work each guess's searches may use: each of the two level-1
#: nested searches (the portfolio's first two policies) :data:`NESTED_NODES`, the beam
#: :data:`BEAM_NODES`.
WIDTH = 8
NESTED_NODES = 75_000
BEAM_NODES = 300_000


class QuiltVoting:
    """The first-pass half of ``voting`` (see the module docstring). ``samples``: guesses per
    decision before ties are broken (up to ``most``); ``width``: the beam's width; ``seed``: the
    guesses come from a generator seeded by ``seed`` and the position alone, so two games that look
    the same from the player's chair get the same answer."""

    def __init__(
        self, *, samples: int = SAMPLES, most: int | None = None, width: int = WIDTH, seed: int = 0
    ) -> None:
        if most is None:
            most = max(MOST_SAMPLES, samples) if isinstance(samples, int) else MOST_SAMPLES
        for name, value in (("samples", samples), ("width", width)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} must be a positive whole number, not {value!r}.")
        if not isinstance(most, int) or isinstance(most, bool) or most < samples:
            raise ValueError(f"most must be a whole number at least samples ({samples}), not {most!r}.")
        self.samples = samples
        self.most = most
        self.width = width
        self.seed = seed
        # deep_sampling's first pass breaks ties and answers when no guess is won
        self.fallback = QuiltSampling(samples=DEEP_SAMPLES, policies=len(JUDGES), seed=seed)
        self.__name__ = "voting"

    def __repr__(self) -> str:
        settings = f"samples={self.samples}, most={self.most}, width={self.width}, seed={self.seed}"
        return f"<voting first pass: {settings}>"

    def __call__(self, view: QuiltView) -> QuiltMove:
        return self.tally(view).move

    def warm_up(self) -> None:
        """Load the compiled searches now (see :meth:`.last_pass.Recall.warm_up`)."""
        from ...solver.crazy_quilt.clairvoyant import warm_up

        warm_up()

    def won_line(self, s: SearchState) -> list[int] | None:
        """A winning line from ``s`` (its stock a guess; left as it was) if the searches find one
        within their units: level-1 nested searches with the portfolio's first two policies, then a
        beam."""
        from ...solver.crazy_quilt.beam import Beam
        from ...solver.crazy_quilt.nested import Nested

        root = s.snapshot()
        for policy in PORTFOLIO[:2]:
            search = Nested(s, policy)  # it moves ``s`` about, and may stop anywhere on its line
            won = search.line is not None or search.run(NESTED_NODES, None, max_level=1)
            s.restore(root)
            if won:
                return search.line
        # Playouts played to their ends and every legal move tried, as when this player was
        # measured: with the beams' playout cache the same units search further, and won no more
        # (common deals 0-49: 29 against 32; 4 and 7 won alone, exact McNemar p = 0.55); with the
        # moves pruned and the positions proved lost dropped, as the solver's beams do, not measured.
        beam = Beam(s, self.width, cache=False, prune=False, relax=False)
        return beam.line if beam.run(BEAM_NODES) else None

    def advise(self, view: QuiltView) -> Advice:
        """The move with what the guesses showed, in a sentence."""
        t, fallback = self._decide(view)
        return Advice(t.move, _reason(view, t, fallback))

    def tally(self, view: QuiltView) -> Tally:
        """Decide, and say how: ``wins`` holds each move that won a guess, with the guesses it won and
        the guesses it was searched on. Raises :class:`~windmill_widget.IllegalMove` (rule
        ``"game-over"``) if the game is over."""
        return self._decide(view)[0]

    def _decide(self, view: QuiltView) -> tuple[Tally, Advice | None]:
        """The tally, and ``deep_sampling``'s advice when it was asked (a tie, or no guess won)."""
        s, candidates, easy, same = decision(view)
        if easy is not None:
            return easy, None
        won = dict.fromkeys(candidates, 0)
        tried = dict.fromkeys(candidates, 0)
        first = dict.fromkeys(candidates, 0)  # guesses whose own search's line starts with the move

        def search(order: Sequence[int], moves: list[int]) -> None:
            s.stock = pack(list(order))
            line = self.won_line(s)
            if line is None:  # the searches from the position found no win: none is looked for deeper
                for m in moves:
                    tried[m] += 1
                return
            lead = same[line[0]]
            first[lead] += 1
            for m in moves:
                if m != lead:
                    rec = s.apply(m)
                    won[m] += self.won_line(s) is not None
                    s.undo(rec)
                else:
                    won[m] += 1
                tried[m] += 1

        pool = [face_of(c.id) for c in view.unseen]
        orders = exact_orders(pool, EXACT_ORDERS)
        if orders is not None:  # every order the stock can be in, each as likely
            for order in orders:
                search(order, candidates)
            n = len(orders)
            leaders = _leaders(candidates, won)
        else:
            rng = random.Random(f"quilt-voting:{self.seed}:{s.key()}:{s.held}")
            guesses = (rng.sample(pool, len(pool)) for _ in range(self.most))
            for _ in range(self.samples):
                search(next(guesses), candidates)
            n = self.samples
            leaders = _leaders(candidates, won)
            # more guesses split the leaders, unless each has won every guess so far
            while len(leaders) > 1 and 0 < won[leaders[0]] < tried[leaders[0]] and n < self.most:
                for _ in range(min(STEP, self.most - n)):
                    search(next(guesses), leaders)
                n += min(STEP, self.most - n)
                leaders = _leaders(leaders, won)
        wins = tuple(
            (concrete_move(view, m), won[m], tried[m])
            for m in sorted(candidates, key=lambda m: -won[m])
            if won[m]
        )
        if not wins:
            advice = self.fallback.advise(view)
            return Tally(advice.move, (), n, Why.HOPELESS), advice
        leaders = _leaders(leaders, first)  # as many won: the move the searches' lines start with most
        if len(leaders) == 1:
            return Tally(concrete_move(view, leaders[0]), wins, n, Why.SAMPLED), None
        advice = self.fallback.advise(view)
        tied = [concrete_move(view, m) for m in leaders]
        return Tally(advice.move if advice.move in tied else tied[0], wins, n, Why.TIE), advice


def _leaders(moves: list[int], won: dict[int, int]) -> list[int]:
    """The moves of ``moves`` that won the most guesses, in their order."""
    most = max(won[m] for m in moves)
    return [m for m in moves if won[m] == most]


def exact_orders(pool: list[int], most: int) -> list[tuple[int, ...]] | None:
    """Every distinct order of the faces ``pool`` (a stock of two decks may hold two alike), sorted,
    if there are at most ``most``; else ``None``. Each is as likely as any other.

    >>> exact_orders([3, 3, 7], 10)
    [(3, 3, 7), (3, 7, 3), (7, 3, 3)]
    >>> exact_orders(list(range(6)), 32) is None
    True
    """
    count = factorial(len(pool))
    for alike in Counter(pool).values():
        count //= factorial(alike)
    return sorted(set(permutations(pool))) if count <= most else None


_TIED = " (a tie: the sampling player's choice, or the first, of the moves tied)"
_FIRST = " (as many: the searches' own lines started with this move more often)"


def _reason(view: QuiltView, t: Tally, fallback: Advice | None) -> str:
    """What the guesses showed, in one short sentence."""
    if t.why is Why.WINS:
        return "This move wins the game."
    if t.why is Why.FORCED:
        return "Every other legal move leads to the same position."
    pool = [face_of(c.id) for c in view.unseen]
    exact = exact_orders(pool, EXACT_ORDERS) is not None
    if t.why is Why.HOPELESS:
        assert fallback is not None
        where = (
            "with the stock used up" if not pool
            else f"in any of the {t.samples} orders the stock can be in" if exact
            else f"on {t.samples} guesses at the stock's order"
        )  # fmt: skip
        return f"No move leads to a winning line {where}. {fallback.reason}"
    tie = _TIED if t.why is Why.TIE else ""
    if not pool:
        return f"It leads to a winning line with the stock used up{tie}."
    won, tried = next((w, n) for m, w, n in t.wins if m == t.move)
    runner = max(((w, n) for m, w, n in t.wins if m != t.move), default=None)
    others = "no other move won one" if runner is None else f"the next best move {runner[0]} of {runner[1]}"
    if t.why is Why.SAMPLED and runner is not None and runner[0] == won:
        tie = _FIRST
    where = f"in {won} of the {tried} orders the stock can be in" if exact else (
        f"on {won} of {tried} guesses at the stock's order"
    )  # fmt: skip
    return f"It leads to a winning line {where}, {others}{tie}."


class Voting(Recall):
    """Crazy Quilt's ``voting``: :class:`QuiltVoting` until the first redeal, then exact play of the
    stock it remembers (:class:`~.last_pass.Recall`). One object plays one game at a time.

    >>> Voting(samples=4)
    <player voting: samples=4, most=64, width=8, seed=0, max_nodes=200000>
    """

    def __init__(
        self,
        *,
        samples: int = SAMPLES,
        most: int | None = None,
        width: int = WIDTH,
        seed: int = 0,
        max_nodes: int | None = None,
    ) -> None:
        first = QuiltVoting(samples=samples, most=most, width=width, seed=seed)
        kwargs = {} if max_nodes is None else {"max_nodes": max_nodes}
        super().__init__(first, name="voting", **kwargs)

    def __repr__(self) -> str:
        f = self.before
        settings = f"samples={f.samples}, most={f.most}, width={f.width}, seed={f.seed}"
        return f"<player voting: {settings}, max_nodes={self.max_nodes}>"


#: The voting player with the default settings (seed 0).
voting = Voting()
