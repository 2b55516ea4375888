"""How a game is reviewed: the solver's verdict on every position, a no-peeking player's chance
before and after every move, cached by position.

**Verdicts.** Along a game the clairvoyant verdicts are monotone: a position from which the deal
can be won follows only positions from which it could be won (play the same moves, then the line),
and a position proved lost is followed only by lost ones. So the review solves the last position
and the first, then bisects between the last known win and the first known loss: a game of 200
moves costs some ten solver calls, not 200, and the turning point falls out (a position the budget
leaves unknown is solved around on both sides).

**Chances.** The moves of a position are grouped by the position they lead to (suits, and which
sail or corner is which, dropped: :meth:`PatienceGame.signature`). Each group's chance is, in the
order tried:

* *known*: the stock's order is known to the player (the stock is empty, or Crazy Quilt after a
  redeal, when the waste turned over was seen): the solver's verdict after the move, 1 or 0;
* *exact*: Windmill with at most ``exact`` cards in the stock, under rules the exact search takes
  (:func:`~windmill_widget.solver.windmill.no_peek.no_peek`), within ``exact_units`` of work;
* *sampled*: the unseen cards shuffled into the stock ``samples`` times (seeded by ``seed`` and the
  unseen cards); on each guess the solver (``sample_budget`` positions) is asked whether the deal can
  be won after the move, as the ``sampling`` player asks it. Every group meets the same guesses,
  so their difference is measured with less noise than each. A Crazy Quilt guess the solver
  leaves undecided (its budget ran out) is neither a win nor a loss: the chance is over the
  decided guesses, with bounds (:class:`~windmill_widget.review.Chance`), and a move's drop is only
  what holds however the undecided guesses come out, so no move is marked on their strength.
  (Windmill's quick test, the ``sampling`` player's, counts a guess its beam search does not win
  as lost.) The guesses are seeded by the cards the player has not seen, so the positions between
  two cards shown meet the same guesses, and each starts from what the solver found on them after
  the move that led there: a guess proved lost stays lost (no search), a guess won stays won after
  its line's next move, and a guess the relaxations could not prove lost is not put to them again.
  This counts what a player who guessed the order could win, so it leans high
  where a player must commit before seeing which order it is (strategy fusion); near the stock's
  end the exact search, and after a redeal the known order, replace it.
* *played out* (Crazy Quilt, alongside the sampled chance): after each move a no-peeking player's
  playout (the solver's first playout policy, which reads the stock only through the cards it
  turns) is played to the end on ``playouts`` guesses, the ``samples`` ones first. What it wins a
  player who cannot see the stock could win, so its share, :attr:`Chance.floor`, bounds the chance
  from below; a guess it wins is won for the solver too. Where the solver leaves most guesses
  undecided (long before the redeal, at the default ``sample_budget``: the clairvoyant solver needs
  some 10,000 positions to decide a fifth of the guesses at the deal and decides none of them in the
  middle of the first pass within that, measured on ``tips``' game of deal 3), the chance is given as
  the range from that floor to the solver's ceiling. As Python (no numba) a playout costs some
  1-2 ms, a guess's solve at the default ``sample_budget`` 6-13 ms and at 10,000 positions 75-140 ms;
  compiled, some 0.03 ms, 0.7 ms and 3 ms.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.game import PatienceGame
from ..core.moves import Move
from ..core.outcome import Status
from ..core.text import excerpt
from ..games.crazy_quilt.search import SearchState as QuiltState
from ..games.crazy_quilt.search import face_of, pack
from ..games.windmill.search import SearchState as WindmillState
from ..games.windmill.search import concrete_move
from ..solver import Solution, solve
from ..solver.crazy_quilt.playout import PORTFOLIO, playout
from ..solver.verdict import Verdict
from ..solver.windmill.bound import dig_search
from ..solver.windmill.no_peek import no_peek, takes
from ..strategies.windmill.sampling import EXACT, EXACT_UNITS, NODES, RELAX, SAMPLES, guess_line
from .values import Band, Chance, MoveReview, SolverVerdict

#: Each game's default effort: positions the clairvoyant solver may search for each position it is
#: asked about (``budget``), guesses at the stock's order for each position (``samples``) and the
#: solver's positions for each guess (``sample_budget``). Windmill's guesses are the ``sampling``
#: player's; Crazy Quilt's were chosen light enough for its solver as Python (without numba).
#: Crazy Quilt's ``playouts``: guesses on which a no-peeking player's playout is played after each
#: move (the first ``samples`` of them the solver's), for the lower bound on its chance
#: (:attr:`Chance.floor`); a playout costs a fifth to a tenth of a guess's solve.
DEFAULTS: dict[str, dict[str, int]] = {
    "windmill": {"budget": 300_000, "samples": SAMPLES, "sample_budget": NODES, "playouts": 0},
    "crazy-quilt": {"budget": 30_000, "samples": 4, "sample_budget": 500, "playouts": 16},
}
#: Lighter settings for where the solvers' loops run as Python (no numba: JupyterLite, a default
#: install), which :func:`review` takes there for settings not given (and so the board's Review
#: button): a typical Windmill game then reviews in about a minute, not three or four
#: (benchmarks/review.py). Crazy Quilt's defaults are light enough as Python already.
PYTHON_DEFAULTS: dict[str, dict[str, int]] = {
    "windmill": {"budget": 50_000, "samples": 4, "sample_budget": 2_000},
    "crazy-quilt": {},
}
#: Windmill's default ``budget`` and ``sample_budget`` (one line each: the API reference reads them).
BUDGET: int = DEFAULTS["windmill"]["budget"]
SAMPLE_BUDGET: int = DEFAULTS["windmill"]["sample_budget"]
#: Stock cards at or below which Windmill's exact no-peeking search decides, and its work budget.
EXACT = EXACT
EXACT_UNITS = EXACT_UNITS


class ReviewCache:
    """What reviews have learned, by position: the solver's answers, and the chances of each
    position's moves (under the settings they were measured with). Reviewing a game twice, or
    games that pass through the same positions (transpositions: moves in another order, the other
    copy of a card), solves each position once. ``hits`` and ``misses`` count lookups; past
    ``max_entries`` entries the oldest half is forgotten.

    >>> cache = ReviewCache()
    >>> cache
    <ReviewCache: 0 positions solved, 0 sampled; 0 hits, 0 misses>
    """

    def __init__(self, max_entries: int = 100_000) -> None:
        if isinstance(max_entries, bool) or not isinstance(max_entries, int) or max_entries < 1:
            raise ValueError(f"max_entries must be a whole number of at least 1, not {excerpt(max_entries)}.")
        self.max_entries = max_entries
        self.solutions: dict[tuple, Solution] = {}
        self.choices: dict[tuple, _Measured] = {}
        self.hits = 0
        self.misses = 0

    def clear(self) -> None:
        self.solutions.clear()
        self.choices.clear()
        self.hits = self.misses = 0

    def _keep(self, table: dict, key: tuple, value: Any) -> None:
        if len(table) >= self.max_entries:
            for old in list(table)[: len(table) // 2]:
                del table[old]
        table[key] = value

    def __repr__(self) -> str:
        return (
            f"<ReviewCache: {len(self.solutions)} positions solved, {len(self.choices)} sampled; "
            f"{self.hits} hits, {self.misses} misses>"
        )


#: The cache :func:`review` uses unless given another.
CACHE = ReviewCache()


@dataclass(frozen=True)
class Settings:
    """A review's effort (see :func:`~windmill_widget.review.review`)."""

    budget: int = BUDGET
    samples: int = SAMPLES
    sample_budget: int = SAMPLE_BUDGET
    exact: int = EXACT
    exact_units: int = EXACT_UNITS
    seed: int = 0
    playouts: int = 0

    def __post_init__(self) -> None:
        for name in ("budget", "samples", "sample_budget"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, not {excerpt(value)}.")
        for name in ("exact", "exact_units", "playouts"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number of at least 0, not {excerpt(value)}.")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"seed must be a whole number, not {excerpt(self.seed)}.")


@dataclass(frozen=True)
class _Choices:
    """A position's distinct moves (one move for each position they lead to), their chances, and
    each legal move's group."""

    moves: tuple[Move, ...]
    chances: tuple[Chance, ...]
    group: dict[Move, int]
    wins: tuple[tuple[int, ...], ...] = ()  # per group, per guess (sampled only)
    guesses: tuple[tuple[_Guess, ...], ...] = ()  # per group, per guess: what the solver found (sampled)

    @property
    def best(self) -> float:
        return max(c.value for c in self.chances)

    def after(self, move: Move) -> tuple[_Guess, ...] | None:
        """What the solver found on each guess after ``move`` (sampled afresh only, else ``None``):
        the next position meets the same guesses if no card was shown, and starts from these."""
        if not self.guesses:
            return None
        j = self.group[move]
        found = self.guesses[j]
        if move != self.moves[j]:  # another move of the group: the same verdicts, not the same line
            found = tuple((r, proved, None) for r, proved, _ in found)
        return found


@dataclass(frozen=True)
class _Measured:
    """What the cache keeps of a position's choices: each distinct move's chance (and wins per
    guess) by the signature of the position it leads to. The cache's key drops suits and which
    sail or corner is which, so a position that shares it may name its moves otherwise (``n2>c``
    where this one has ``n1>c``): the moves are the position's own, the chances are looked up."""

    chances: dict[tuple, Chance]
    wins: dict[tuple, tuple[int, ...]]

    def of(self, moves: Sequence[Move], sigs: Sequence[tuple], group: dict[Move, int]) -> _Choices | None:
        if not all(sig in self.chances for sig in sigs):
            return None
        chances = tuple(self.chances[sig] for sig in sigs)
        wins = tuple(self.wins[sig] for sig in sigs) if self.wins else ()
        return _Choices(tuple(moves), chances, group, wins)


def _key(game: PatienceGame) -> tuple:
    return (game.name, repr(game.rules), game.signature())


def game_positions(game: PatienceGame) -> list[PatienceGame]:
    """The game before each move of its history, and after the last."""
    g = game.copy()
    while g.can_undo:
        g.undo()
    out = [g.copy()]
    for m in game.history:
        g.play(m)
        out.append(g.copy())
    return out


# -- the solver's verdicts ---------------------------------------------------------------------------
class Verdicts:
    """The solver's verdict on each position of a game, solving as few as the monotone verdicts allow."""

    def __init__(
        self, positions: Sequence[PatienceGame], settings: Settings, cache: ReviewCache, tick: Any
    ) -> None:
        self.positions = positions
        self.moves = [str(m) for m in positions[-1].history]
        self.settings = settings
        self.cache = cache
        self.tick = tick
        self.v: list[SolverVerdict | None] = [None] * len(positions)

    def all(self) -> list[SolverVerdict]:
        last = len(self.positions) - 1
        self._get(last)
        if last:
            self._get(0)
        self._fill(0, last)
        return [v for v in self.v if v is not None]

    def _fill(self, a: int, b: int) -> None:
        """Decide the positions strictly between ``a`` and ``b`` (both solved): between two the
        solver left undecided, none is solved (a hard stretch: it would spend its budget on each
        in vain)."""
        open_ = [i for i in range(a + 1, b) if self.v[i] is None]
        if not open_:
            return
        if not self.v[a].decided and not self.v[b].decided:  # type: ignore[union-attr]
            for i in open_:
                self.v[i] = SolverVerdict(
                    Verdict.UNKNOWN, (), "", "not solved: the solver decided neither side"
                )
            return
        mid = open_[len(open_) // 2]
        self._get(mid)
        self._fill(a, mid)
        self._fill(mid, b)

    def _get(self, i: int) -> None:
        if self.v[i] is not None:
            return
        v = self._verdict(self.positions[i])
        self.v[i] = v
        if v.won:  # every earlier position could be won too: play on to here, then the line
            for j in range(i - 1, -1, -1):
                if self.v[j] is not None and self.v[j].won:
                    break
                self.v[j] = SolverVerdict(Verdict.WON, (*self.moves[j:i], *v.line), v.method, _at(v.how, i))
        elif v.lost:  # every later position is lost too
            for j in range(i + 1, len(self.v)):
                if self.v[j] is not None and self.v[j].lost:
                    break
                self.v[j] = SolverVerdict(Verdict.LOST, (), v.method, _at(v.how, i))

    def _verdict(self, game: PatienceGame) -> SolverVerdict:
        status = game.status
        if status is not Status.PLAYING:
            outcome = game.outcome
            text = outcome.text.rstrip(".") if outcome is not None else str(status)
            result = Verdict.WON if status is Status.WON else Verdict.LOST
            return SolverVerdict(result, (), "game-over", text[:1].lower() + text[1:])
        sol = solution(game, self.settings.budget, self.cache)
        self.tick()
        return SolverVerdict(
            sol.result, tuple(map(str, sol.moves)), sol.method, sol.how if sol.method else ""
        )


def _at(how: str, i: int) -> str:
    where = "at the start" if i == 0 else f"after move {i}"
    return f"{how}, {where}" if how else where


def remember(game: PatienceGame, verdict: SolverVerdict, cache: ReviewCache) -> None:
    """Keep a decided ``verdict`` on ``game``'s position (one the review inferred) as the solver's answer."""
    key = _key(game)
    if verdict.decided and key not in cache.solutions:
        parse = game.move_type.parse
        line = tuple(parse(m) for m in verdict.line)
        cache._keep(cache.solutions, key, Solution(verdict.result, line, 0, 0.0, verdict.method))


def solution(game: PatienceGame, budget: int, cache: ReviewCache) -> Solution:
    """The solver's answer for ``game``'s position within ``budget`` positions, from ``cache`` when
    it holds a decided answer, or an undecided one from at least that budget."""
    key = _key(game)
    sol = cache.solutions.get(key)
    if sol is not None and (sol.decided or sol.stats.get("budget", 0) >= budget):
        cache.hits += 1
        return sol
    cache.misses += 1
    sol = solve(game, max_nodes=budget)
    sol.stats["budget"] = budget
    cache._keep(cache.solutions, key, sol)
    return sol


# -- a no-peeking player's chances ---------------------------------------------------------------------
def choices(
    game: PatienceGame,
    known: bool,
    settings: Settings,
    cache: ReviewCache,
    prior: Sequence[_Guess] | None = None,
) -> _Choices:
    """The distinct moves of ``game``'s position with each one's chance (see the module's docstring);
    ``known``: the player knows the stock's order. ``prior``: what the solver found on each guess
    after the move that led here, when that move showed no card (:meth:`_Choices.after`)."""
    moves, sigs, group = _distinct(game)
    key = (*_key(game), known, settings)
    kept = cache.choices.get(key)
    found = None if kept is None else kept.of(moves, sigs, group)
    if found is not None:
        cache.hits += 1
        return found
    cache.misses += 1
    guesses: tuple = ()
    if known or len(moves) == 0:
        chances, wins = _known(game, moves, settings, cache)
    elif (exact := _exact(game, moves, sigs, settings)) is not None:
        chances, wins = exact
    else:
        chances, wins, guesses = _sampled(game, moves, group, settings, prior)
    cache._keep(
        cache.choices,
        key,
        _Measured(dict(zip(sigs, chances, strict=True)), dict(zip(sigs, wins, strict=True)) if wins else {}),
    )
    return _Choices(tuple(moves), chances, group, wins, guesses)


def _distinct(game: PatienceGame) -> tuple[list[Move], list[tuple], dict[Move, int]]:
    """``game``'s distinct moves (the first of each group), the signatures of the positions they
    lead to, and each legal move's group."""
    moves: list[Move] = []
    sigs: list[tuple] = []
    group: dict[Move, int] = {}
    for m in game.legal_moves():
        child = game.copy()
        child.play(m)
        sig = child.signature()
        if sig not in sigs:
            moves.append(m)
            sigs.append(sig)
        group[m] = sigs.index(sig)
    return moves, sigs, group


def settled(game: PatienceGame, lost: bool, carry: Chance | None) -> _Choices | None:
    """``game``'s choices when they need no estimate, else ``None``: in a position the solver
    proved lost every move's chance is 0 (no player wins this deal from there); in a forced
    position (one distinct move) entered by a move that showed no card, ``carry`` (the chance
    after that move: the same guesses at the same unseen cards, and the position the only move
    leads to is the one the solver met on each guess)."""
    if not lost and carry is None:
        return None
    moves, _, group = _distinct(game)
    if lost:
        return _Choices(tuple(moves), tuple(Chance(0.0, exact=True) for _ in moves), group)
    if len(moves) != 1:
        return None
    return _Choices(tuple(moves), (carry,), group)  # type: ignore[arg-type]


_Found = tuple[tuple[Chance, ...], tuple[tuple[int, ...], ...]]
#: What the solver found on one guess after one move: ``WON``/``LOST``/``UNDECIDED``, whether the loss
#: is proved (not only no win found), and a winning line from there (when known; Windmill's in its
#: search model's moves, Crazy Quilt's in moves).
_Guess = tuple[int, bool, "tuple | None"]
#: A known stock's order the solver left undecided: one guess, undecided.
_UNDECIDED = Chance.of_guesses(0, 1, 1)
#: A guess's result for one move: won, lost, or left undecided by the solver.
WON, LOST, UNDECIDED = 1, 0, -1


def _known(game: PatienceGame, moves: Sequence[Move], settings: Settings, cache: ReviewCache) -> _Found:
    out = []
    for m in moves:
        child = game.copy()
        child.play(m)
        status = child.status
        if status is not Status.PLAYING:
            out.append(Chance(1.0 if status is Status.WON else 0.0, exact=True))
            continue
        sol = solution(child, settings.sample_budget, cache)  # the played move's is known already
        out.append(Chance(1.0 if sol.won else 0.0, exact=True) if sol.decided else _UNDECIDED)
    return tuple(out), ()


def _exact(
    game: PatienceGame, moves: Sequence[Move], sigs: Sequence[tuple], settings: Settings
) -> _Found | None:
    view = game.view()
    if (
        game.name != "windmill"
        or not settings.exact
        or view.stock_count > settings.exact
        or not takes(game.rules)
    ):
        return None
    found = no_peek(view, max_units=settings.exact_units)
    if not found.complete:
        return None
    values: dict[tuple, Fraction] = {}
    for m, v in found.moves:
        child = game.copy()
        child.play(m)
        if v is not None:
            values.setdefault(child.signature(), v)
    if not all(sig in values for sig in sigs):
        return None  # the exact search groups moves otherwise: let the samples decide
    return tuple(Chance(float(values[sig]), exact=True) for sig in sigs), ()


def _sampled(
    game: PatienceGame,
    moves: Sequence[Move],
    group: dict[Move, int],
    settings: Settings,
    prior: Sequence[_Guess] | None,
) -> tuple[tuple[Chance, ...], tuple[tuple[int, ...], ...], tuple[tuple[_Guess, ...], ...]]:
    """The chances by guessing (see the module's docstring). The guesses are seeded by the unseen
    cards, so consecutive positions of the same stock meet the same guesses, and ``prior`` (what
    the solver found on each after the move that led here) saves work: a guess proved lost there
    is lost after every move here; a guess won there is won after its line's next move."""
    view = game.view()
    rng = random.Random(_guess_seed(game, settings))
    n = settings.samples
    found: list[list[_Guess]] = [[_LOST_AT_ONCE] * n for _ in moves]
    # Crazy Quilt's guesses are often left undecided: bound them from below (playouts=0: not)
    playouts = game.name == "crazy-quilt" and settings.playouts > 0
    floor = [0] * len(moves)  # per move, the guesses a no-peeking player's playout wins
    guesses = max(n, settings.playouts) if playouts else n
    for s in range(n):
        guess = view.sample(rng)
        before = prior[s] if prior is not None else None
        if before is not None and before[1]:
            continue  # proved lost before the move that led here showed no card: lost after every move
        checked = before is not None or len(moves) > 1  # the relaxations failed on this guess
        if before is None and len(moves) > 1 and _lost_at_once(guess):
            continue  # every move loses this guess (with one move, its own test proves as much)
        won = _next_on_line(guess, before[2], group) if before is not None and before[2] else None
        for j, m in enumerate(moves):
            on_line = won is not None and j == won[0]
            if on_line and not playouts:
                found[j][s] = (WON, False, won[1] if m == won[2] else None)
                continue
            child = guess.copy()
            child.play(m)
            played_out = playouts and _played_out(child)
            floor[j] += played_out
            if on_line:
                found[j][s] = (WON, False, won[1] if m == won[2] else None)  # type: ignore[index]
            elif played_out:  # a no-peeking player's win on this guess is a win the solver need not find
                found[j][s] = (WON, False, None)
            else:
                found[j][s] = _test(child, settings, relax=not checked)
    if guesses > n:  # more guesses for the playouts alone: they cost little
        for j, won_ in enumerate(_playouts_won(view, moves, rng, guesses - n)):
            floor[j] += won_
    chances = []
    for j, row in enumerate(found):
        results = [r for r, _, _ in row]
        lower = (floor[j], guesses) if playouts else None
        chances.append(Chance.of_guesses(results.count(WON), results.count(UNDECIDED), n, lower))
    wins = tuple(tuple(r for r, _, _ in row) for row in found)
    return tuple(chances), wins, tuple(tuple(row) for row in found)


#: A guess the relaxations prove lost before any move.
_LOST_AT_ONCE: _Guess = (LOST, True, None)


def _guess_seed(game: PatienceGame, settings: Settings) -> str:
    """The seed of a position's guesses: the review's seed and the cards the player has not seen
    (so the positions between two cards shown share their guesses), and the game and rules."""
    unseen = game.view().unseen
    return hashlib.sha256(repr((settings.seed, game.name, repr(game.rules), unseen)).encode()).hexdigest()


def _next_on_line(guess: PatienceGame, line: tuple, group: dict[Move, int]) -> tuple[int, tuple, Move] | None:
    """The group of ``line``'s first move in ``guess`` (a guess the line wins), the rest of the line,
    and the move; ``None`` if the move is not one of the position's (it always should be)."""
    move = _step(guess, line[0])
    j = group.get(move)
    return None if j is None else (j, line[1:], move)


def _step(game: PatienceGame, step: Any) -> Move:
    if game.name == "windmill":  # a search model's move
        return concrete_move(game, step)
    return step


def _lost_at_once(guess: PatienceGame) -> bool:
    """Whether the solver's cheap arguments (its relaxations) prove ``guess`` lost."""
    if guess.status is not Status.PLAYING:
        return guess.status is Status.LOST
    if guess.name == "windmill":
        return dig_search(WindmillState.from_game(guess), RELAX)[0] is False
    return solve(guess, max_nodes=1).result is Verdict.LOST  # its relaxations run first


def _played_out(child: PatienceGame) -> bool:
    """Whether a no-peeking player wins ``child`` (Crazy Quilt, a guess at the stock after a move):
    the solver's first playout policy, which reads the stock only through the cards it turns, played
    to the end. Cheap (a few hundred moves, no search), and what it wins a player could."""
    if child.status is not Status.PLAYING:
        return child.status is Status.WON
    return _playout_wins(QuiltState.from_game(child))


def _playout_wins(s: QuiltState) -> bool:
    """Whether the solver's first playout policy wins from ``s`` (``s`` is put back as it was)."""
    return not s.out or playout(s, None, PORTFOLIO[0])[0] == 0


def _playouts_won(view: Any, moves: Sequence[Move], rng: random.Random, k: int) -> list[int]:
    """How many of ``k`` more guesses (from ``rng``) a no-peeking player's playout wins after each
    of ``moves`` (as :func:`_played_out`, on the search mirror: no game is copied)."""
    s = QuiltState.from_view(view)
    pool = [face_of(c.id) for c in view.unseen]  # before the redeal the unseen cards are the stock's
    codes = [m.code for m in moves]  # type: ignore[attr-defined]
    wins = [0] * len(codes)
    for _ in range(k):
        order = pool[:]
        rng.shuffle(order)
        s.stock = pack(order)
        for j, code in enumerate(codes):
            rec = s.apply(code)
            wins[j] += _playout_wins(s)
            s.undo(rec)
    return wins


def _test(child: PatienceGame, settings: Settings, relax: bool = True) -> _Guess:
    """What the solver finds on ``child`` (a guess at the stock, after a move) within ``sample_budget``.

    ``relax=False``: Windmill's quick test skips its dig relaxation, as the relaxation failed on
    the guess before the move already. The answer is the same (a guess the relaxation proves lost,
    the beam search cannot win), and it costs less: after one move the relaxation seldom proves what
    it could not before, and in Python it costs as much as the beam search."""
    status = child.status
    if status is not Status.PLAYING:
        return (WON, False, ()) if status is Status.WON else (LOST, True, None)
    if child.name == "windmill":  # the sampling player's quick test on the search model
        line = guess_line(
            WindmillState.from_game(child), relax=RELAX if relax else 0, nodes=settings.sample_budget
        )
        if isinstance(line, list):
            return (WON, False, tuple(line))
        return (LOST, line is False, None)  # no win found counts as lost (not proved)
    sol = solve(child, max_nodes=settings.sample_budget)
    if sol.result is Verdict.WON:
        return (WON, False, tuple(sol.moves))
    return (LOST, True, None) if sol.result is Verdict.LOST else (UNDECIDED, False, None)


# -- one move's review ---------------------------------------------------------------------------------
def move_review(
    index: int,
    game: PatienceGame,
    move: Move,
    before: SolverVerdict,
    after: SolverVerdict,
    found: _Choices,
) -> MoveReview:
    """The review of ``move``, played in ``game`` (the position before it)."""
    played = found.group[move]
    # The drop is what holds however the undecided guesses come out (low and high are the value
    # where every guess was decided): the best move's least against the played move's most.
    chances = found.chances
    best_i = max(range(len(found.moves)), key=lambda j: (chances[j].low, chances[j].value, j == played))
    c_before = found.chances[best_i]
    c_after = found.chances[played]
    drop = max(0.0, c_before.low - c_after.high)
    if drop < 1e-12:
        drop = 0.0
        c_before = c_after
    band = Band.of(drop)
    best = None if drop == 0.0 else str(found.moves[best_i])
    text = game.describe(move)
    reason = _reason(game, move, text, found, c_before, c_after, best_i, drop)
    if before.won and after.lost:
        reason += f" Before it the deal could be won; after it, it could not ({after.how or 'proved lost'})."
    return MoveReview(
        index, str(move), text, before, after, c_before, c_after, drop, band, best, reason, len(found.moves)
    )


def _reason(
    game: PatienceGame,
    move: Move,
    text: str,
    found: _Choices,
    before: Chance,
    after: Chance,
    best_i: int,
    drop: float,
) -> str:
    if len(found.moves) <= 1:
        return "The only move here (every legal move leads to the same position)."
    if drop == 0.0:
        could = max(c.high for c in found.chances) - after.low  # the drop, were the undecided to fall so
        if any(c.undecided for c in found.chances) and could >= Band.INACCURACY.threshold:
            return (
                "Not marked: the solver left guesses at the stock undecided, so whether another move was "
                f"better is not known (after this one: {after}).{_playouts(game, found, after)}"
            )
        return f"As good as any move here: a player who cannot see the stock wins {after} after it."
    best = game.describe(found.moves[best_i])
    return f"{_cap(text)} leaves a player who cannot see the stock {after}; {best} keeps {before}."


def _playouts(game: PatienceGame, found: _Choices, after: Chance) -> str:
    """What a no-peeking player's playouts say where the solver could not, when another move's did
    better by an inaccuracy's worth: a hint, not a mark (their wins bound the chance from below)."""
    floors = [c.floor for c in found.chances]
    if after.floor is None or any(f is None for f in floors):
        return ""
    best = max(range(len(floors)), key=lambda j: floors[j])  # type: ignore[arg-type, return-value]
    if floors[best] - after.floor < Band.INACCURACY.threshold:  # type: ignore[operator]
        return ""
    return (
        f" A no-peeking player's playouts win {floors[best]:.0%} of their guesses after "
        f"{game.describe(found.moves[best])}, {after.floor:.0%} after this move."
    )


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
