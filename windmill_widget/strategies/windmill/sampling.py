"""The ``sampling`` player: it guesses the hidden stock many times, asks the clairvoyant solver about
each candidate move on every guess, and plays the move that wins most guesses.

This is determinized search ("perfect-information Monte Carlo"), as the best Klondike players do.
A player knows which cards are still in the stock (``view.unseen``), not their order; so at each
decision it deals the unseen cards into the stock in a few random orders (the *samples*), and on
each sample it asks the solver whether the game can still be won after each candidate move. The
same samples serve every candidate (common random numbers: the candidates are compared on the same
guesses, which cuts the noise of the comparison).

What keeps it affordable (all of it counts, never clocks, so it plays the same games on any
machine, however busy):

* **Easy decisions are not sampled**: a single candidate (moves that lead to the same position,
  up to suits and which sail or corner is which, count once), a move that wins on the spot, and an
  empty stock (nothing is hidden: one solver call per candidate on the one true order).
* **Each solver call is bounded**: the dig relaxation (``relax`` nodes of
  :func:`~windmill_widget.solver.windmill.bound.dig_search`) first, which proves many samples lost
  at once; then the beam search (``width`` positions a layer, at most ``nodes`` positions, of
  :func:`~windmill_widget.solver.windmill.beam.beam_search`). A call that ends without a win
  counts as a loss for that sample ("unknown" is not a win).
* **Sampling stops early**: when every candidate has done the same on each of the first ``agree``
  samples (the choice does not matter), or when the leader can no longer be caught; a candidate
  that can no longer catch the leader is no longer asked about.
* **Ties go to** ``lookahead``'s choice, and so does a decision where no sample can be won (the
  solver's guesses have nothing to say there).
* **Near the stock's end it plays exactly**: with at most ``exact`` (8) cards in the stock, the
  exact no-peeking search (:func:`~windmill_widget.solver.windmill.no_peek.no_peek`, an
  expectimax over the cards still to come) picks a move with the best chance any player has,
  and the advice gives each move's chance; past its budget (``exact_units``) the samples decide.
  On strict deals 0-199 it changed no game's outcome: the same 80 deals won (3,511 of its 35,857
  decisions were exact; 6.4 s a game at a load of 3.3, per move median 0.017 s, p95 0.17 s, worst
  1.05 s): near the end the games are already decided (``benchmarks/no_peek.py``;
  ``docs/winnability.md``).

How it does (``benchmarks/sampling.py``, strict rules, default settings, a 2-core machine): on
deals 0-199 (``--solve-nodes 10000000``, one process, load 3) 80 won (40.0%), ``lookahead`` 68
(34.0%), 37 won by sampling alone and 25 by lookahead alone (McNemar p = 0.16); on deals 200-599
(``--solve-nodes 2000000``, two processes, load 2,
``--out benchmarks/results/sampling-strict.jsonl``) 154 won (38.5%) against ``lookahead``'s 156
(39.0%), 57 and 59 alone (p = 0.93). Over the 600 deals: 39.0% (95% CI 35.2%-43.0%) against 37.3%
(33.6%-41.3%), 94 won by sampling alone and 84 by lookahead alone (p = 0.50): **no better than
lookahead**. The clairvoyant solver won 96.6% of the deals 200-599 it decided (368 of 381), so
sampling reaches 0.40 of the clairvoyant rate, far from the 0.8 the issue asks for. It takes about
2 s a game (median; 3.2 s at the 95th percentile), 0.006 s a move (median), 0.05 s at the 95th
percentile and 0.13 s at worst, once the solver's loops are compiled (the first move in a process
loads them from numba's cache, or compiles them when the kit's sources changed: 15 s). Bigger
budgets a sample buy little, and not steadily: on deals 0-64 the default settings win 23, beams 64
wide with 200,000 positions 26 (3 s a game), the same with 32 samples 27 (4.5 s), beams 256 wide
with a million positions 21 (6.6 s); breaking ties by the solver's effort (the move whose samples
were won with the fewest positions) 22; on deals 0-99 sampling all 16 samples even when every
candidate did the same on the first six won 33 against the default's 38.

Where it falls short: of its 71,630 decisions on deals 200-599, 38% were ties (mostly every
candidate won every one of the first ``agree`` samples, and ``lookahead``'s choice was played), 16%
hopeless (no sample won at the solver's small budget: mostly games already lost) and 13% decided by
the samples; the rest were forced or had no stock left. Ties are strategy fusion's signature, the
known weakness of determinization: on each sample the solver plays on knowing the order, so it
recovers from either move, which a player who cannot see the stock may not; the samples then cannot
tell the moves apart. Where it loses a deal the clairvoyant solver wins, the move that lost it (the
first after which the solver, given the true order, no longer wins within 4 s; proved lost in 20)
came at a tie in 13 of 25 such deals of 0-39, after the samples had chosen in 9 (by one to three
samples of 14-16, as in 10 against 9) and at a hopeless decision in 3; eight of the 25 came within
the first 30 moves, four within the first ten (87 or more cards in the stock), where every
candidate won about half the samples (early in a game a guess is as good as a fresh deal, of which
the full solver wins 96%: the budget a sample has finds only the easier wins). So the samples
rarely know which move matters, and when they do, the margin is within their noise. A wider margin
before overruling ``lookahead`` (3 samples instead of 1) did not help on seven deals where sampling
and lookahead had differed (1 won, against 3 with ``margin=1`` and 4 by lookahead).

At the moves that matter (``benchmarks/critical.py``; ``docs/winnability.md`` has the table): of
1,711 positions along the solver's winning lines of strict deals 0-199 where one move keeps the
deal won and another loses it, it chooses right at 89.2% against ``lookahead``'s 88.2% (McNemar
p = 0.10), with beams 64 wide and 200,000 positions a sample at 90.6% (p = 8e-5), 256 wide with a
million at 91.4%; its wrong choices are mostly ties. Those settings' better choices did not show
as wins: 64 wide won the same 80 of deals 0-199 as the default (2.8 s a game).

>>> from windmill_widget import Game
>>> game = Game(seed=1)
>>> player = sampling_player(samples=2, seed=0)
>>> player(game.view()) in game.legal_moves()
True
>>> player(game.view()) == player(Game(seed=1).view())  # seeded: the same answer every time
True
"""

from __future__ import annotations

import random
from fractions import Fraction

from ...core.errors import IllegalMove
from ...games.windmill import Move, PlayerView
from ...games.windmill.search import SearchState, concrete_move
from ..advice import Advice
from ..samples import Tally, Why
from .evaluate import mirror, safe_moves
from .lookahead import lookahead

#: Default guesses at the stock per decision (at most; most decisions stop well before).
SAMPLES = 16
#: Default beam width and node budget of one solver call on one sample.
WIDTH = 16
NODES = 20_000
#: Default node budget of the dig relaxation tried before the beam.
RELAX = 2_000
#: Default number of samples after which identical results for every candidate end the sampling.
AGREE = 6
#: Default number of samples more a move must win than ``lookahead``'s choice to overrule it.
MARGIN = 1
#: Default number of stock cards at or below which the exact no-peeking search
#: (:func:`~windmill_widget.solver.windmill.no_peek.no_peek`) decides instead of the samples, and
#: its budget in units of work; past the budget the samples decide after all.
EXACT = 8
EXACT_UNITS = 200_000


class Sampling:
    """A configurable sampling player (``sampling`` is one with the default settings).

    ``samples``: guesses at the stock per decision (at most). ``width``, ``nodes``: the beam
    search's width and node budget per call. ``relax``: the dig relaxation's node budget per call
    (0: none). ``agree``: stop after this many samples if every candidate did the same on each.
    ``margin``: how many samples more than ``lookahead``'s choice a move must win to be played
    instead of it. ``exact``: with at most this many cards in the stock (0: never), under the rules
    it takes (the strict and relaxed presets), the exact no-peeking search decides, within
    ``exact_units`` units of work (else the samples do); its best move is the best any player can
    do, so there ``lookahead``'s choice is kept only among equals. ``seed``: the samples are drawn
    from a generator seeded by ``seed`` and the position alone, so the same position always gets
    the same samples (and two games that look the same from the player's chair get the same
    answer).

    >>> from windmill_widget import Game
    >>> player = Sampling(samples=4, seed=1)
    >>> player  # doctest: +NORMALIZE_WHITESPACE
    <sampling: samples=4, width=16, nodes=20000, relax=2000, agree=6, margin=1, exact=8,
     exact_units=200000, seed=1>
    >>> player.advise(Game(seed=1).view()).move in Game(seed=1).legal_moves()
    True
    """

    def __init__(
        self,
        *,
        samples: int = SAMPLES,
        width: int = WIDTH,
        nodes: int = NODES,
        relax: int = RELAX,
        agree: int = AGREE,
        margin: int = MARGIN,
        exact: int = EXACT,
        exact_units: int = EXACT_UNITS,
        seed: int = 0,
        name: str = "sampling",
    ) -> None:
        for label, value in (
            ("samples", samples), ("width", width), ("nodes", nodes), ("agree", agree), ("margin", margin)
        ):  # fmt: skip
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{label} must be a positive whole number, not {value!r}.")
        for label, value in (("relax", relax), ("exact", exact), ("exact_units", exact_units)):
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"{label} must be a whole number >= 0, not {value!r}.")
        self.samples = samples
        self.width = width
        self.nodes = nodes
        self.relax = relax
        self.agree = agree
        self.margin = margin
        self.exact = exact
        self.exact_units = exact_units
        self.seed = seed
        self.__name__ = name

    def __repr__(self) -> str:
        return (
            f"<{self.__name__}: samples={self.samples}, width={self.width}, nodes={self.nodes}, "
            f"relax={self.relax}, agree={self.agree}, margin={self.margin}, exact={self.exact}, "
            f"exact_units={self.exact_units}, seed={self.seed}>"
        )

    def __call__(self, view: PlayerView) -> Move:
        return self.tally(view).move

    def advise(self, view: PlayerView) -> Advice:
        """The move with what the samples showed, in a sentence."""
        t = self.tally(view)
        return Advice(t.move, _reason(view, t))

    # -- the decision --------------------------------------------------------------------------
    def tally(self, view: PlayerView) -> Tally:
        """Decide, and say how: the candidates' results on the samples. Raises
        :class:`~windmill_widget.IllegalMove` (rule ``"game-over"``) if the game is over."""
        outcome = view.outcome
        if outcome is not None:
            text = f"{outcome.text[:1].lower()}{outcome.text[1:]}"
            raise IllegalMove(f"There is no move to make: {text}", rule="game-over")
        s = mirror(view)
        candidates, equivalent = self._candidates(view, s)
        if not candidates:  # nothing but moves between foundations that go round in circles
            return Tally(lookahead(view), (), 0, Why.FORCED)
        if len(candidates) == 1:
            return Tally(concrete_move(view, candidates[0]), (), 0, Why.FORCED)
        for m in candidates:
            rec = s.apply(m)
            won = s.out == 0
            s.undo(rec)
            if won:
                return Tally(concrete_move(view, m), (), 0, Why.WINS)
        exact = self._exact(view, equivalent)
        if exact is not None:
            return exact
        from ...solver.windmill.bound import dig_search  # (the solver's, see _exact)

        pool = sorted(c.rank for c in view.unseen)
        rng = random.Random(f"sampling:{self.seed}:{s.key()}:{s.limit}:{s.any}:{s.auto}")
        n_samples = self.samples if pool else 1  # an empty stock hides nothing
        wins = [0] * len(candidates)
        tried = [0] * len(candidates)
        alive = [True] * len(candidates)
        same = True  # has every candidate done the same on every sample so far?
        drawn = 0
        for i in range(n_samples):
            order = pool[:]
            rng.shuffle(order)
            s.R = order  # the view's mirror has dealt nothing yet (k = 0)
            drawn = i + 1
            parent_lost = self.relax and dig_search(s, self.relax)[0] is False
            results = []
            for j, m in enumerate(candidates):
                if not alive[j]:
                    continue
                v = 0 if parent_lost else self._wins(s, m)
                wins[j] += v
                tried[j] += 1
                results.append(v)
            if len(set(results)) > 1:
                same = False
            left = n_samples - drawn
            best = max(wins)
            if same and drawn >= self.agree:
                break
            for j in range(len(candidates)):
                if alive[j] and wins[j] + left < best:
                    alive[j] = False
            if sum(alive) == 1:
                break
        s.R = [0] * s.n
        best = max(wins)
        default = lookahead(view)
        if best == 0:
            pick, why = default, Why.HOPELESS if pool else Why.HOPELESS_NO_STOCK
        else:
            leaders = [
                concrete_move(view, m) for j, m in enumerate(candidates) if wins[j] == best and alive[j]
            ]
            tie = len(leaders) > 1
            pick = default if default in leaders else leaders[0]
            why = (Why.TIE if tie else Why.SAMPLED) if pool else Why.NO_STOCK
            d = equivalent.get(default.code)
            if pick != default and d is not None and best - wins[d] < self.margin:
                pick, why = default, Why.CLOSE  # the samples do not clearly overrule lookahead
        table = tuple((concrete_move(view, m), wins[j], tried[j]) for j, m in enumerate(candidates))
        return Tally(pick, table, drawn, why)

    def _candidates(self, view: PlayerView, s: SearchState) -> tuple[list[int], dict[int, int]]:
        """The mirror's moves, one per distinct resulting position (moves between foundations that
        would go round in circles left out, under ``transfers="any"``), and a map from each engine
        move's code to the index of the candidate it is equivalent to."""
        safe = None
        if view.rules.transfers == "any":
            safe = {m.code for m in safe_moves(view)}
        seen: dict[int, int] = {}
        out: list[int] = []
        same: dict[int, int] = {}
        for m in s.moves():
            code = concrete_move(view, m).code
            if safe is not None and code not in safe:
                continue
            rec = s.apply(m)
            key = s.key()
            s.undo(rec)
            if key not in seen:
                seen[key] = len(out)
                out.append(m)
            same[code] = seen[key]
        return out, same

    def _exact(self, view: PlayerView, equivalent: dict[int, int]) -> Tally | None:
        """The exact search's decision, when the stock is short enough, the rules are ones it
        takes, and it finishes within its budget (else ``None``)."""
        # The solver's searches are compiled by numba, which takes most of a second to import:
        # imported at the first decision that needs them, not with the players.
        from ...solver.windmill.no_peek import no_peek, takes

        if not self.exact or view.stock_count > self.exact or not takes(view.rules):
            return None
        found = no_peek(view, max_units=self.exact_units)
        if not found.complete:
            return None
        values = tuple((m, v) for m, v in found.moves if v is not None)
        best = {equivalent[m.code] for m in found.best_moves()}
        default = lookahead(view)
        pick = default if equivalent.get(default.code) in best else found.best
        return Tally(pick, (), 0, Why.EXACT, values)

    def _wins(self, s: SearchState, m: int) -> int:
        """1 if the solver wins the sample in ``s`` after move ``m`` within its budgets, else 0."""
        rec = s.apply(m)
        try:
            return int(wins_guess(s, relax=self.relax, width=self.width, nodes=self.nodes))
        finally:
            s.undo(rec)


def wins_guess(s: SearchState, *, relax: int = RELAX, width: int = WIDTH, nodes: int = NODES) -> bool:
    """Whether the solver's quick test wins ``s``, a position with a guess at the stock's order:
    the dig relaxation (``relax`` nodes; 0: none) first, which proves many guesses lost at once,
    then the beam search (``width`` positions a layer, at most ``nodes``). Undecided is not a win.
    What the sampling player asks of each guess (and the game review, of Windmill's:
    :func:`guess_line`)."""
    return isinstance(guess_line(s, relax=relax, width=width, nodes=nodes), list)


def guess_line(
    s: SearchState, *, relax: int = RELAX, width: int = WIDTH, nodes: int = NODES
) -> list[int] | bool | None:
    """:func:`wins_guess`'s test, saying more: the winning line (search moves, empty when ``s`` is
    won already), ``False`` when the dig relaxation proved ``s`` lost, ``None`` when the beam search
    found no win (undecided)."""
    from ...solver.windmill.beam import beam_search  # (see Sampling._exact)
    from ...solver.windmill.bound import dig_search

    if s.out == 0:
        return []
    if relax and dig_search(s, relax)[0] is False:
        return False
    return beam_search(s, width, max_nodes=nodes).line


def _describe(view: PlayerView, move: Move) -> str:
    if move.code == Move.deal().code:
        return "dealing now"
    card = view.top(move.src)
    return f"playing the {card.symbol if card else move.src} ({move})"


def _reason(view: PlayerView, t: Tally) -> str:
    """What the samples showed, in a sentence or two."""
    if t.why is Why.FORCED:
        return "Every other legal move leads to the same position (or goes round in circles)."
    if t.why is Why.WINS:
        return "This move wins the game."
    chosen = next((w for w in t.wins if w[0] == t.move), None)
    others = [w for w in t.wins if w[0] != t.move]
    if t.why is Why.HOPELESS_NO_STOCK:
        return "The stock is used up and the solver finds no win from here; this is lookahead's choice."
    if t.why is Why.HOPELESS:
        return (
            f"In none of {t.samples} guesses at the stock order could the solver find a win after any "
            "move; this is lookahead's choice."
        )
    if t.why is Why.EXACT:
        return _exact_reason(view, t)
    if t.why is Why.NO_STOCK:
        return "The stock is used up: the solver sees the whole game, and this move still wins."
    won, tried = (chosen[1], chosen[2]) if chosen else (0, t.samples)
    head = f"In {won} of {tried} guesses at the stock order, {_describe(view, t.move)} still wins"
    tails = [f"{_describe(view, m)} wins {w}" + (f" of {n}" if n != tried else "") for m, w, n in others]
    text = head + ("; " + "; ".join(tails) if tails else "") + "."
    if t.why is Why.TIE:
        text += " (A tie: lookahead's choice among the best.)"
    elif t.why is Why.CLOSE:
        text += " (Too close to overrule lookahead, whose choice this is.)"
    return text


def _exact_reason(view: PlayerView, t: Tally) -> str:
    mine = next((v for m, v in t.values if m == t.move), None)
    if mine is None:  # an equivalent of a listed move: the same value as the best
        mine = max(v for _, v in t.values)
    n = view.stock_count
    head = (
        f"Every way the last {n} stock cards may come was searched: {_describe(view, t.move)} "
        f"wins {_share(mine)} of them with the best play after it"
    )
    others = [f"{_describe(view, m)} {_share(v)}" for m, v in t.values if m != t.move]
    tail = "; " + "; ".join(others) if others else ""
    return f"{head}{tail}. No player who cannot see the stock does better."


def _share(v: Fraction) -> str:
    return "all" if v == 1 else "none" if v == 0 else f"{float(v):.1%}"


def sampling_player(
    *,
    samples: int = SAMPLES,
    width: int = WIDTH,
    nodes: int = NODES,
    relax: int = RELAX,
    agree: int = AGREE,
    margin: int = MARGIN,
    exact: int = EXACT,
    exact_units: int = EXACT_UNITS,
    seed: int = 0,
) -> Sampling:
    """A sampling player with other settings (see :class:`Sampling`).

    >>> sampling_player(samples=8, seed=3)  # doctest: +NORMALIZE_WHITESPACE
    <sampling: samples=8, width=16, nodes=20000, relax=2000, agree=6, margin=1, exact=8,
     exact_units=200000, seed=3>
    """
    return Sampling(
        samples=samples,
        width=width,
        nodes=nodes,
        relax=relax,
        agree=agree,
        margin=margin,
        exact=exact,
        exact_units=exact_units,
        seed=seed,
    )


#: The sampling player with the default settings (seed 0).
sampling = Sampling()
