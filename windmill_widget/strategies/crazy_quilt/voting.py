"""Crazy Quilt's ``voting`` player: it solves each guess at the stock, and the guesses vote for the
move their winning lines start with.

Until the first redeal the stock's order is hidden; from it on a player who watched the waste knows
it (:class:`~.last_pass.Recall` plays exactly from there, and so does this player). Before it, at
each decision this player deals the unseen cards into the stock in ``samples`` random orders, as
``sampling`` does, but judges a guess otherwise: not by playing each candidate move out with a few
fixed policies, but by searching the guessed position as the clairvoyant solver would (two level-1
nested searches, :mod:`windmill_widget.solver.crazy_quilt.nested`, then a beam search ``width``
wide, :mod:`windmill_widget.solver.crazy_quilt.beam`, within a count of units). A guess whose search
finds a win votes for the first move of that line. The move with the most votes is played; among
moves with as many votes, ``deep_sampling``'s choice if it is one of them, else the first in the
search model's order. If no guess is won, ``deep_sampling``'s first-pass choice
(:class:`~.sampling.QuiltSampling` with 64 guesses and every judge) is played.

This is *perfect-information Monte Carlo*: each guess is played as if the stock were known, and the
guesses' answers are pooled. The playouts ``sampling`` judges by play the rest of the game with a
fixed policy, so a move is judged by what that policy makes of it; a search finds the lines a
careful player would, which is what matters on the first pass (where the waste's order for the last
pass is made). Measured with ``benchmarks/tournament.py`` on deals 0-49 (docs/winnability.md, *The
players against the ceiling*): common 24 won (``deep_sampling`` 20), literal 22 (24): about half the
clairvoyant rate, like ``deep_sampling``, and no clear difference between them.

Its effort is counted in units of work, never in time, so it plays the same games on any machine;
some 15-20 s a game with numba (the searches are compiled), far more without. A lab player, not the
board's Hint.

>>> from windmill_widget import QuiltGame
>>> first = QuiltVoting(samples=2)
>>> game = QuiltGame(seed=7)
>>> first(game.view()) in game.legal_moves()
True
>>> first.tally(game.view()) == first.tally(QuiltGame(seed=7).view())  # seeded by the position
True
"""

from __future__ import annotations

import random

from ...games.crazy_quilt import QuiltMove, QuiltView
from ...games.crazy_quilt.search import SearchState, concrete_move, face_of, pack
from ...solver.crazy_quilt.playout import JUDGES, PORTFOLIO
from ..advice import Advice
from ..samples import Tally, Why
from .last_pass import Recall
from .sampling import DEEP_SAMPLES, QuiltSampling, decision

#: Guesses at the stock's order per decision.
SAMPLES = 16
#: The beam's width, and the units of work each guess's searches may use: each of the two level-1
#: nested searches (the portfolio's first two policies) :data:`NESTED_NODES`, the beam
#: :data:`BEAM_NODES`.
WIDTH = 8
NESTED_NODES = 75_000
BEAM_NODES = 300_000


class QuiltVoting:
    """The first-pass half of ``voting`` (see the module docstring). ``samples``: guesses per
    decision; ``width``: the beam's width; ``seed``: the guesses come from a generator seeded by
    ``seed`` and the position alone, so two games that look the same from the player's chair get the
    same answer."""

    def __init__(self, *, samples: int = SAMPLES, width: int = WIDTH, seed: int = 0) -> None:
        if not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a positive whole number, not {samples!r}.")
        if not isinstance(width, int) or width < 1:
            raise ValueError(f"width must be a positive whole number, not {width!r}.")
        self.samples = samples
        self.width = width
        self.seed = seed
        # deep_sampling's first pass breaks ties and answers when no guess is won
        self.fallback = QuiltSampling(samples=DEEP_SAMPLES, policies=len(JUDGES), seed=seed)
        self.__name__ = "voting"

    def __repr__(self) -> str:
        return f"<voting first pass: samples={self.samples}, width={self.width}, seed={self.seed}>"

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
        beam = Beam(s, self.width)
        return beam.line if beam.run(BEAM_NODES) else None

    def advise(self, view: QuiltView) -> Advice:
        """The move with what the guesses showed, in a sentence."""
        t = self.tally(view)
        return Advice(t.move, _reason(view, t, self.fallback))

    def tally(self, view: QuiltView) -> Tally:
        """Decide, and say how: ``wins`` holds each move with the guesses that voted for it.
        Raises :class:`~windmill_widget.IllegalMove` (rule ``"game-over"``) if the game is over."""
        s, _, easy = decision(view)
        if easy is not None:
            return easy
        pool = [face_of(c.id) for c in view.unseen]
        rng = random.Random(f"quilt-voting:{self.seed}:{s.key()}:{s.held}")
        n = self.samples if pool else 1  # an empty stock hides nothing
        votes: dict[int, int] = {}
        for _ in range(n):
            order = pool[:]
            rng.shuffle(order)
            s.stock = pack(order)
            line = self.won_line(s)
            if line:
                votes[line[0]] = votes.get(line[0], 0) + 1
        if not votes:
            return Tally(self.fallback(view), (), n, Why.HOPELESS)
        most = max(votes.values())
        leaders = [m for m in s.moves() if votes.get(m) == most]
        why = Why.SAMPLED
        pick = concrete_move(view, leaders[0])
        if len(leaders) > 1:
            why = Why.TIE
            default = self.fallback(view)
            if any(concrete_move(view, m) == default for m in leaders):
                pick = default
        tally = tuple((concrete_move(view, m), v, n) for m, v in sorted(votes.items(), key=lambda kv: -kv[1]))
        return Tally(pick, tally, n, why)


_TIED = " (a tie: the sampling player's choice, or the first, of the moves tied)"


def _reason(view: QuiltView, t: Tally, fallback: QuiltSampling) -> str:
    """What the guesses showed, in one short sentence."""
    if t.why is Why.WINS:
        return "This move wins the game."
    if t.why is Why.FORCED:
        return "Every other legal move leads to the same position."
    guesses = "with the stock used up" if t.samples == 1 else f"on {t.samples} guesses at the stock's order"
    if t.why is Why.HOPELESS:
        return f"No winning line was found {guesses}; {fallback.advise(view).reason}"
    votes = {m: v for m, v, _ in t.wins}
    mine = votes[t.move]
    runner = max((v for m, v in votes.items() if m != t.move), default=0)
    tie = _TIED if t.why is Why.TIE else ""
    return f"It starts a winning line {guesses}: {mine} of {t.samples}, the next best move {runner}{tie}."


class Voting(Recall):
    """Crazy Quilt's ``voting``: :class:`QuiltVoting` until the first redeal, then exact play of the
    stock it remembers (:class:`~.last_pass.Recall`). One object plays one game at a time.

    >>> Voting(samples=4)
    <player voting: samples=4, width=8, seed=0, max_nodes=200000>
    """

    def __init__(
        self, *, samples: int = SAMPLES, width: int = WIDTH, seed: int = 0, max_nodes: int | None = None
    ) -> None:
        first = QuiltVoting(samples=samples, width=width, seed=seed)
        kwargs = {} if max_nodes is None else {"max_nodes": max_nodes}
        super().__init__(first, name="voting", **kwargs)

    def __repr__(self) -> str:
        f = self.before
        settings = f"samples={f.samples}, width={f.width}, seed={f.seed}, max_nodes={self.max_nodes}"
        return f"<player voting: {settings}>"


#: The voting player with the default settings (seed 0).
voting = Voting()
