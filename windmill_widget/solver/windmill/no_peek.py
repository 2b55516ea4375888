"""The exact value of a position to a player who cannot see the stock: an expectimax search.

The clairvoyant solver answers "can this deal be won, knowing the stock's order?"; a player never
knows it. This search answers the player's own question: *playing as well as anyone can without
peeking, how likely is a win from here?* Each deal, and each refill of an emptied sail from the
stock, turns up a card drawn at random from the unseen ones (every order of the stock being
equally likely, given what has been seen); between them the player picks the move with the best
chance. The value is exact (a probability, the optimum over every no-peeking way of playing), and
the moves it ranks make a perfect no-peeking player for the rest of the game.

It is affordable only near the stock's end: the tree grows with every unseen card. Two things keep
it short. Positions are memoised by the search model's key (suits, sail and corner identities
dropped; the unseen cards follow from the position). And a position the dig relaxation
(:mod:`.bound`) loses *with every unseen card at hand and nothing left to deal* is lost for every
order of the stock, so it is worth 0 (the relaxation's dealt cards only ever bury the waste
deeper, so having them all at once is a relaxation of each order; ``tests/test_no_peek.py``
checks it against the search without the cut). Its effort is counted in *units*, positions
searched plus relaxed positions, never in seconds, so it decides the same on any machine.

Rules: the presets whose stock is revealed one card at a time by the player's own moves
(``Rules.strict()``, ``Rules.relaxed()``); with Kings that move by themselves a single move can turn
up several stock cards, and with PySolFC's transfers the move graph has cycles, so those presets
are refused with a ``ValueError``.

>>> from windmill_widget import Game
>>> sails = dict(zip(["n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2"], "2H 3H 4H 5H 6H 7H 8H JH".split()))
>>> result = no_peek(Game.from_position(centre=["AS"], sails=sails, stock=["9C", "10C"]).view())
>>> result.value, result.complete
(Fraction(1, 1), True)
>>> result.moves
((Move('n1>c'), Fraction(1, 1)), (Move('deal'), Fraction(1, 1)))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import factorial

from ...core.text import excerpt
from ...games.windmill import Game, Move, PlayerView, Rules
from ...games.windmill.search import SearchState, concrete_move
from . import dig_kernel
from .bound import hand_and_buried, norm_run

__all__ = ["NoPeekResult", "no_peek", "takes"]

#: Relaxed positions the relaxation may search for each position it is asked about.
CUT_BUDGET = 2_000
#: Units of work (positions plus relaxed positions) a search may spend by default.
MAX_UNITS = 1_000_000


@dataclass(frozen=True)
class NoPeekResult:
    """What :func:`no_peek` found: the position's value (the chance of a win with the best
    no-peeking play, ``None`` if the budget ran out first), each distinct move's value (``None`` for
    the moves the budget did not reach; moves that lead to the same position count once, under the
    first of them), the best move, and the units of work spent."""

    value: Fraction | None
    moves: tuple[tuple[Move, Fraction | None], ...]
    units: int

    @property
    def complete(self) -> bool:
        """Whether the search finished within its budget (so ``value`` is exact)."""
        return self.value is not None

    @property
    def best(self) -> Move | None:
        """The first move of the best value (``None`` if the search did not finish, or the game is
        over)."""
        if self.value is None:
            return None
        return next((m for m, v in self.moves if v == self.value), None)

    def best_moves(self) -> list[Move]:
        """Every distinct move of the best value (empty if the search did not finish)."""
        if self.value is None:
            return []
        return [m for m, v in self.moves if v == self.value]

    def __repr__(self) -> str:
        value = "unknown" if self.value is None else f"{float(self.value):.4f}"
        return f"<NoPeekResult value={value}, {len(self.moves)} moves, {self.units} units>"


def takes(rules: Rules) -> bool:
    """Whether :func:`no_peek` takes ``rules``: no King moves by itself (a move would turn up
    several stock cards) and no card goes from corner to corner (the moves would go round in
    circles).

    >>> from windmill_widget import Rules
    >>> [takes(getattr(Rules, name)()) for name in Rules.PRESETS]
    [True, True, False, False]
    """
    return not rules.auto_kings and rules.transfers == "corner-to-centre"


class _OutOfUnits(Exception):
    pass


class _Search:
    """The expectimax over one view's mirror; values are integers over the stock's orders."""

    def __init__(self, view: PlayerView, max_units: int, cut: bool) -> None:
        if not takes(view.rules):
            raise ValueError(
                "The exact no-peeking search takes rules whose stock turns up one card a move, with "
                f"no Kings that move by themselves and no transfers between corners, not {view.rules!r}."
            )
        self.s = SearchState.from_view(view)
        self.pool = [0] * 14  # unseen cards of each rank
        for c in view.unseen:
            self.pool[c.rank] += 1
        self.memo: dict[int, int] = {}
        self.units = 0
        self.max_units = max_units
        self.cut = cut

    def _spend(self, units: int) -> None:
        self.units += units
        if self.units > self.max_units:
            raise _OutOfUnits

    def move_value(self, m: int) -> int:
        """Move ``m``'s value times the stock's orders (``L!`` for ``L`` cards left: an integer,
        so values are exact and ties are ties)."""
        s = self.s
        k = s.k
        rec = s.apply(m)  # a stock card it turns up reads as rank 0 (unknown)
        if s.k == k:  # none turned up (the search model decides where a refill comes from)
            try:
                return self.value()
            finally:
                s.undo(rec)
        s.undo(rec)
        pool = self.pool
        total = 0
        for r in range(1, 14):
            c = pool[r]
            if not c:
                continue
            s.R[k] = r  # the card turned up has rank r: c of the unseen cards
            pool[r] = c - 1
            rec = s.apply(m)
            try:
                total += c * self.value()
            finally:
                s.undo(rec)
                pool[r] = c
                s.R[k] = 0
        return total

    def value(self) -> int:
        """The position's value times the stock's orders (see :meth:`move_value`)."""
        s = self.s
        if s.out == 0:
            return 1  # won: the stock is empty, one order
        key = s.key()
        v = self.memo.get(key)
        if v is not None:
            return v
        self._spend(1)
        best = 0
        if not (self.cut and self.hopeless()):
            whole = factorial(s.n - s.k)
            for m in s.moves():
                v = self.move_value(m)
                if v > best:
                    best = v
                    if best == whole:
                        break
        self.memo[key] = best
        return best

    def hopeless(self) -> bool:
        """Lost for every order of the stock: the dig relaxation, with every unseen card at hand
        and nothing left to deal, cannot win."""
        s = self.s
        have, buried = hand_and_buried(s)
        for r in range(1, 14):
            have[r] += self.pool[r]
        run = norm_run(s.run, s.limit)
        verdict, nodes = dig_kernel.dig(
            [0], 0, have, buried, sorted(s.corner), s.centre, run, s.limit, s.any, s.out, 0, CUT_BUDGET, None
        )
        self._spend(nodes)
        return verdict == dig_kernel.LOST


def no_peek(view: PlayerView, *, max_units: int = MAX_UNITS, cut: bool = True) -> NoPeekResult:
    """The exact chance of winning from ``view`` with the best play that does not peek at the
    stock, and each move's chance (see the module's docstring). ``max_units`` bounds the work
    (positions plus relaxed positions); past it the result has ``value=None``. ``cut=False``
    turns off the relaxation's cut (slower; the same values).

    >>> from windmill_widget import Game, Rules
    >>> from windmill_widget.strategies import tips
    >>> game = Game(seed=10, rules=Rules.relaxed())
    >>> while len(game.pile("stock")) > 2:
    ...     _ = game.play(tips(game.view()))
    >>> sorted(map(str, game.view().unseen))  # the centre wants a 10 next, and the 4 must wait
    ['4H', 'TS']
    >>> r = no_peek(game.view())
    >>> r.value, r.best  # whatever the move, the 10 must come first
    (Fraction(1, 2), Move('waste>c'))
    >>> len(r.moves), r.complete
    (4, True)
    """
    if not isinstance(view, PlayerView):
        hint = " (game.view(): a player's view, since this search does not read the stock)"
        got = "a Windmill game" if isinstance(view, Game) else excerpt(view)
        raise TypeError(f"no_peek takes a Windmill player view{hint}, not {got}.")
    if isinstance(max_units, bool) or not isinstance(max_units, int) or max_units < 0:
        raise ValueError(f"max_units must be a whole number of at least 0, not {excerpt(max_units)}.")
    if view.outcome is not None:
        return NoPeekResult(Fraction(1 if view.status == "won" else 0), (), 0)
    search = _Search(view, max_units, cut)
    s = search.s
    rows: list[tuple[Move, Fraction | None]] = []
    seen: set[int] = set()
    complete = True
    orders = factorial(s.n - s.k)
    for m in s.moves():
        rec = s.apply(m)
        key = s.key()  # a card turned up is rank 0 here, so equal keys mean equal futures
        s.undo(rec)
        if key in seen:
            continue
        seen.add(key)
        value: Fraction | None = None
        if complete:
            try:
                value = Fraction(search.move_value(m), orders)
            except _OutOfUnits:
                complete = False
        rows.append((concrete_move(view, m), value))
    best = max((v for _, v in rows if v is not None), default=Fraction(0)) if complete else None
    return NoPeekResult(best, tuple(rows), search.units)
