"""Crazy Quilt's ``sampling`` player: it guesses the stock's order during the first pass, and plays
exactly once a redeal has shown it.

A redeal turns the waste over unshuffled, so from the first redeal on a player who watched the
waste knows the stock's order (:class:`~.last_pass.Recall` plays exactly from there). Before it,
the order is hidden: this player knows which cards are still in the stock (``view.unseen``), not
their order. So at each decision it deals the unseen cards into the stock in a few random orders
(the *samples*, as Windmill's ``sampling`` does; :mod:`windmill_widget.strategies.samples` holds
what the two share), plays each candidate move on every sample, and judges where the move leads by
*playouts*: fast playout policies (:data:`windmill_widget.solver.crazy_quilt.playout.JUDGES`),
which read only the position (the stock's order only through the turns they make), play the sample
to its end, and the better of them counts. The move whose playouts win the most samples is played;
among equals, the one that leaves the fewest cards off the foundations on average (the playouts'
value: a card left counts 1, a card buried on the waste 1/1000); among equals still, ``tips``'
choice. The same samples serve every candidate (common random numbers).

What keeps it affordable (counts, never clocks, so it plays the same games on any machine):

* **Easy decisions are not sampled**: a single candidate (moves that lead to the same position
  count once), a move that wins on the spot.
* **A decision with nothing hidden** (an empty stock) is judged on its one true order.
* **A playout is cheap**: a few hundred moves of a fixed policy, no search; ``samples`` guesses
  times ``policies`` playouts per candidate.

How it does: see ``docs/winnability.md`` (*Playing without seeing the stock*), measured with
``benchmarks/tournament.py --game crazy-quilt``.

>>> from windmill_widget import QuiltGame
>>> player = QuiltSampling(samples=2)
>>> game = QuiltGame(seed=7)
>>> player.tally(game.view()).move in game.legal_moves()
True
>>> player(game.view()) == player(QuiltGame(seed=7).view())  # seeded by the position: the same answer
True
"""

from __future__ import annotations

import random

from ...core.errors import IllegalMove
from ...games.crazy_quilt import QuiltMove, QuiltView
from ...games.crazy_quilt.search import SearchState, concrete_move, face_of, pack
from ...solver.crazy_quilt.playout import JUDGES, PER_CARD, playout
from ..advice import Advice
from ..samples import Tally, Why
from .last_pass import Recall
from .reasons import reason
from .tips import tips

#: Default guesses at the stock per decision, and playout policies (of ``playout.JUDGES``,
#: best first) per candidate and guess.
SAMPLES = 8
POLICIES = 2
#: How many more guesses than ``tips``' choice a move must win to be played instead (0: any move
#: that does better, by wins and then by cards left, is played).
MARGIN = 0


class QuiltSampling:
    """The first-pass half of ``sampling``: it guesses the stock's order (see the module docstring).
    ``samples``: guesses per decision; ``policies``: playout policies per candidate and guess (1 to 7: the
    first of :data:`~windmill_widget.solver.crazy_quilt.playout.JUDGES`); ``seed``: the guesses come from
    a generator seeded by ``seed`` and the position alone, so two games that look the same from the
    player's chair get the same answer; ``margin``: how many more guesses than ``tips``' choice a move
    must win to be played instead (0, the default: any move that does better, by wins and then by cards
    left; 1: cards left never overrule ``tips``)."""

    def __init__(
        self, *, samples: int = SAMPLES, policies: int = POLICIES, seed: int = 0, margin: int = MARGIN
    ) -> None:
        if not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a positive whole number, not {samples!r}.")
        if not isinstance(policies, int) or not 1 <= policies <= len(JUDGES):
            raise ValueError(f"policies must be a whole number from 1 to {len(JUDGES)}, not {policies!r}.")
        self.samples = samples
        self.policies = JUDGES[:policies]
        if not isinstance(margin, int) or margin < 0:
            raise ValueError(f"margin must be a whole number, 0 or more, not {margin!r}.")
        self.seed = seed
        self.margin = margin
        self.__name__ = "sampling"

    def __repr__(self) -> str:
        return (
            f"<sampling first pass: samples={self.samples}, policies={len(self.policies)}, seed={self.seed}, "
            f"margin={self.margin}>"
        )

    def __call__(self, view: QuiltView) -> QuiltMove:
        return self.tally(view).move

    def warm_up(self) -> None:
        """Load the compiled playouts now (see :meth:`.last_pass.Recall.warm_up`)."""
        from ...solver.crazy_quilt.playout import warm_up

        warm_up()

    def value(self, s: SearchState) -> int:
        """A guess's value after a candidate move: the best end its playouts reach (lower is better,
        0 a win; :func:`~windmill_widget.solver.crazy_quilt.playout.playout`)."""
        return min(playout(s, None, policy)[0] for policy in self.policies)

    def advise(self, view: QuiltView) -> Advice:
        """The move with what the samples showed, in a sentence."""
        t = self.tally(view)
        return Advice(t.move, _reason(view, t, self.margin))

    def tally(self, view: QuiltView) -> Tally:
        """Decide, and say how. Raises :class:`~windmill_widget.IllegalMove` (rule ``"game-over"``)
        if the game is over."""
        s, candidates, easy, _ = decision(view)
        if easy is not None:
            return easy
        pool = [face_of(c.id) for c in view.unseen]
        rng = random.Random(f"quilt-sampling:{self.seed}:{s.key()}:{s.held}")
        n = self.samples if pool else 1  # an empty stock hides nothing
        wins = [0] * len(candidates)
        total = [0] * len(candidates)
        for _ in range(n):
            order = pool[:]
            rng.shuffle(order)
            s.stock = pack(order)
            for j, m in enumerate(candidates):
                rec = s.apply(m)
                value = self.value(s)
                s.undo(rec)
                wins[j] += value == 0
                total[j] += value
        default = tips(view)
        best = min(range(len(candidates)), key=lambda j: (-wins[j], total[j]))
        leaders = [j for j in range(len(candidates)) if (wins[j], total[j]) == (wins[best], total[best])]
        d = next((j for j in leaders if candidates[j] == default.code), None)
        pick = default if d is not None else concrete_move(view, candidates[best])
        if not pool:
            why = Why.NO_STOCK if wins[best] else Why.HOPELESS_NO_STOCK
        else:
            why = Why.TIE if len(leaders) > 1 else Why.SAMPLED
        mine = next((j for j, m in enumerate(candidates) if m == default.code), None)
        if d is None and mine is not None and wins[best] - wins[mine] < self.margin:
            pick, why = default, Why.CLOSE  # too close to overrule tips
        moves = [concrete_move(view, m) for m in candidates]
        return Tally(
            pick,
            tuple((mv, wins[j], n) for j, mv in enumerate(moves)),
            n,
            why,
            cards_left=tuple((mv, total[j] / n / PER_CARD) for j, mv in enumerate(moves)),
        )


def decision(view: QuiltView) -> tuple[SearchState, list[int], Tally | None, dict[int, int]]:
    """What a guessing player decides between in ``view``: the player's position, its distinct
    candidate moves (moves that lead to the same position count once, the first kept), the answer
    when no guess is needed (a move that wins on the spot, or a single distinct move), else
    ``None``, and each legal move's candidate (the one that leads to the same position). Raises
    :class:`~windmill_widget.IllegalMove` (rule ``"game-over"``) if the game is
    over."""
    outcome = view.outcome
    if outcome is not None:
        text = f"{outcome.text[:1].lower()}{outcome.text[1:]}"
        raise IllegalMove(f"There is no move to make: {text}", rule="game-over")
    s = SearchState.from_view(view)
    candidates: list[int] = []
    seen: dict[int, int] = {}  # a position's key: the first move to it
    same: dict[int, int] = {}
    for m in s.moves():
        rec = s.apply(m)
        won, key = not s.out, s.key()
        s.undo(rec)
        if won:
            return s, [m], Tally(concrete_move(view, m), (), 0, Why.WINS), {m: m}
        if key not in seen:
            seen[key] = m
            candidates.append(m)
        same[m] = seen[key]
    if len(candidates) == 1:
        return s, candidates, Tally(concrete_move(view, candidates[0]), (), 0, Why.FORCED), same
    return s, candidates, None, same


def _reason(view: QuiltView, t: Tally, margin: int = MARGIN) -> str:
    """What the samples showed, in one short sentence (the whole tally is :meth:`QuiltSampling.tally`'s)."""
    if t.why is Why.WINS:
        return "This move wins the game."
    if t.why is Why.FORCED:
        return "Every other legal move leads to the same position."
    left = dict(t.cards_left)
    won = {m: w for m, w, _ in t.wins}
    guesses = "played out with the stock used up" if t.samples == 1 else (
        f"on {t.samples} guesses at the stock's order, played out"
    )  # fmt: skip
    if t.why in (Why.TIE, Why.CLOSE):  # what the move does, from the first sentence of tips' reasons
        what = reason(view, t.move).split(". ")[0].rstrip(".")
        better = "does better" if t.why is Why.TIE else "wins more" if margin == 1 else f"wins {margin} more"
        return f"No move {better} {guesses}; {what[:1].lower()}{what[1:]}."
    runner = min((m for m in left if m != t.move), key=lambda m: (-won[m], left[m]), default=None)
    mine = won[t.move]
    if mine and (runner is None or won[runner] < mine):
        next_best = "" if runner is None else f" (the next best move {won[runner]})"
        return f"It wins {mine} of {t.samples} {guesses.removeprefix(f'on {t.samples} ')}{next_best}."
    mean = f"{left[t.move]:.1f}"
    if runner is not None and f"{left[runner]:.1f}" == mean and t.samples < 10:
        # Fewer than ten samples: means a card apart differ by more than 0.1, so the value's
        # difference is in the cards left on the waste.
        return (
            f"It leaves as few cards off the foundations {guesses} as any move ({mean} on average), "
            "with fewer of them buried on the waste."
        )
    next_best = "" if runner is None else f", {left[runner]:.1f} after the next best"
    return f"It leaves the fewest cards off the foundations {guesses} ({mean} on average{next_best})."


class Sampling(Recall):
    """Crazy Quilt's ``sampling``: :class:`QuiltSampling` until the first redeal, then exact play of
    the stock it remembers (:class:`~.last_pass.Recall`). One object plays one game at a time.

    >>> Sampling(samples=4)
    <player sampling: samples=4, policies=2, seed=0, margin=0, max_nodes=200000>
    """

    def __init__(
        self,
        *,
        samples: int = SAMPLES,
        policies: int = POLICIES,
        seed: int = 0,
        margin: int = MARGIN,
        max_nodes: int | None = None,
        name: str = "sampling",
    ) -> None:
        first = QuiltSampling(samples=samples, policies=policies, seed=seed, margin=margin)
        kwargs = {} if max_nodes is None else {"max_nodes": max_nodes}
        super().__init__(first, name=name, **kwargs)

    def __repr__(self) -> str:
        f = self.before
        return (
            f"<player {self.__name__}: samples={f.samples}, policies={len(f.policies)}, seed={f.seed}, "
            f"margin={f.margin}, max_nodes={self.max_nodes}>"
        )


def sampling_player(
    *,
    samples: int = SAMPLES,
    policies: int = POLICIES,
    seed: int = 0,
    margin: int = MARGIN,
    max_nodes: int | None = None,
) -> Sampling:
    """A Crazy Quilt sampling player with other settings (see :class:`QuiltSampling`; ``max_nodes``:
    the solver's budget per call after the redeal, see :class:`~.last_pass.Recall`)."""
    return Sampling(samples=samples, policies=policies, seed=seed, margin=margin, max_nodes=max_nodes)


#: The sampling player with the default settings (seed 0).
sampling = Sampling()

#: ``deep_sampling``'s guesses per decision.
DEEP_SAMPLES = 64

#: A stronger, slower lab player (issue 42): ``sampling`` with eight times the guesses (64), each
#: judged by every playout policy (:data:`~windmill_widget.solver.crazy_quilt.playout.JUDGES`, seven).
#: Deals 0-49 (``benchmarks/tournament.py``, docs/winnability.md): literal 24 won (48%), common 20,
#: where 16 guesses and three judges won 16 and 13, and ``sampling`` 11 and 9. Some 3 CPU s a game with
#: numba, a few minutes without it (the playouts run as Python then).
deep_sampling = Sampling(samples=DEEP_SAMPLES, policies=len(JUDGES), name="deep_sampling")


#: Positions one call of the solver may search after the redeal when the board's Hint plays exactly
#: (about a tenth of a second of one core in pure Python; :data:`.last_pass.MAX_NODES` is ten times it).
HINT_NODES = 20_000

#: Crazy Quilt's ``lookahead``, the board's Hint: :class:`Sampling` with the solver's budget after the
#: redeal cut to :data:`HINT_NODES`, so that a hint answers within a few tenths of a second without
#: numba too (``benchmarks/quilt_hint.py``). Before the redeal it plays as ``sampling`` does, move
#: for move; after it, as ``recall`` does when it watched the waste.
lookahead = Sampling(max_nodes=HINT_NODES, name="lookahead")
