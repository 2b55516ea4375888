"""Windmill's search model: a rank-only mirror of a position, built for solvers and players.

Its public interface: :meth:`SearchState.from_game` (the clairvoyant mirror: the stock's order is
known), :meth:`SearchState.from_view` (a player's mirror: every stock card unknown), the abstract
moves below with :meth:`SearchState.moves`, :meth:`SearchState.apply`, :meth:`SearchState.undo`,
:meth:`SearchState.key`, and :func:`concrete_move`, which turns an abstract move back into a
:class:`~windmill_widget.Move` of the game or view the state mirrors.

What the solver may forget, because it cannot change the outcome:

* **Suits.** No rule looks at a suit, so a card is just its rank.
* **Which sail holds which card.** Sails are interchangeable: a card on ``n1`` and the same rank on
  ``w2`` offer the same moves, so the sails are a multiset of ranks (``scode``, 4 bits a rank).
* **Which corner is which.** Corners are interchangeable too; the search key sorts them.
* **Which copy of a rank is where.** The stock is dealt in a fixed order, so it is ``R[k:]`` (``R``
  lists the ranks in dealing order); the waste is a stack, kept as its sequence of ranks packed
  in one int (``wcode``, 4 bits a card, the top in the lowest bits).

The mirror replays the engine's moves rank by rank (including refills, automatic Kings and the
corner-run counter). It decides *nothing* about legality on its own that is not cross-checked:
``tests/test_windmill_search.py`` compares its move sets and resulting positions with
:meth:`Position.legal_codes`/:meth:`Position.apply` along random playouts for every rules preset,
and every winning line is replayed through the real engine before it is returned.

Abstract moves are small ints:

==========  ==============================================================
``DEAL``    deal one card from the stock onto the waste
``1``       the centre's next rank, from the sails or the waste top
``2 + j``   corner ``j``'s top card to the centre
``6 + j``   the rank corner ``j`` needs, from the sails or the waste top
``10+4i+j`` corner ``i``'s top card onto corner ``j`` (``transfers="any"``)
``26 + j``  the centre's top card onto corner ``j`` (``transfers="any"``)
==========  ==============================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import RANK_OF
from .notation import CORNER_IDX, DEAL_CODE, MOVES, SAIL_IDX, Move, S, W
from .position import CENTRE_FULL, CORNER_FULL, KING, Position

if TYPE_CHECKING:
    from .game import Game
    from .view import PlayerView

DEAL = 0
TO_CENTRE = 1
CORNER_TO_CENTRE = 2  # + corner
TO_CORNER = 6  # + corner
CORNER_TO_CORNER = 10  # + 4 * from + to
CENTRE_TO_CORNER = 26  # + corner

#: The rank the centre needs at each height (0 = full or no base).
CENTRE_NEEDS = tuple([0] + [h % 13 + 1 for h in range(1, CENTRE_FULL)] + [0])
#: The rank on top of the centre at each height.
CENTRE_TOP = tuple([0] + [(h - 1) % 13 + 1 for h in range(1, CENTRE_FULL + 1)])
#: The rank a corner of each height needs (0 = full).
CORNER_NEEDS = tuple(13 - h for h in range(CORNER_FULL + 1))
#: The rank on top of a corner of each height (0 = empty).
CORNER_TOP = tuple([0] + [14 - h for h in range(1, CORNER_FULL + 1)])


def corner_code(heights: list[int]) -> int:
    """The multiset of corner heights as one int (a 4-bit count per height)."""
    return sum(1 << (4 * h) for h in heights)


class SearchState:
    """The search state. Mutable: :meth:`apply` returns an undo record for :meth:`undo`.

    >>> from windmill_widget import Game
    >>> s = SearchState.from_game(Game(seed=1))
    >>> s.out, s.stock_left(), s.centre
    (103, 95, 1)
    >>> SearchState.from_view(Game(seed=1).view()).R[:3]  # a player does not know the stock
    [0, 0, 0]
    """

    __slots__ = (
        "R", "any", "auto", "ccode", "centre", "corner", "k", "limit", "n", "nsail", "out", "run",
        "scode", "wcode",
    )  # fmt: skip

    R: list[int]
    corner: list[int]

    @classmethod
    def from_game(cls, game: Game) -> SearchState:
        """The clairvoyant mirror of ``game``'s position: the stock's order is known."""
        return cls.from_position(game._pos)

    @classmethod
    def from_view(cls, view: PlayerView) -> SearchState:
        """A player's mirror of what ``view`` shows: every stock card unknown (rank 0)."""
        return cls.from_position(view._pos, hide_stock=True)

    @classmethod
    def from_position(cls, pos: Position, *, hide_stock: bool = False) -> SearchState:
        """Mirror ``pos``. With ``hide_stock`` the stock's cards are unknown (rank 0), as a player
        sees them (``PlayerView`` positions hold ``None`` there)."""
        p = pos.piles
        self = cls()
        stock = [0] * len(p[S]) if hide_stock else [RANK_OF[c] for c in reversed(p[S])]
        self.R = stock
        self.n = len(stock)
        self.k = 0
        self.wcode = 0
        for c in p[W]:
            self.wcode = self.wcode << 4 | (RANK_OF[c] + 1)
        self.scode = 0
        self.nsail = 0
        for i in SAIL_IDX:
            if p[i]:
                top = p[i][-1]
                self.scode += 1 << (4 * (0 if top is None else RANK_OF[top]))
                self.nsail += 1
        self.centre = len(p[0])
        self.corner = [len(p[i]) for i in CORNER_IDX]
        self.ccode = corner_code(self.corner)
        self.run = pos.corner_run
        rules = pos.rules
        self.limit = rules.corner_streak
        self.any = rules.transfers == "any"
        self.auto = rules.auto_kings
        self.out = pos.cards_out()
        return self

    # -- reading -------------------------------------------------------------------------------
    def stock_left(self) -> int:
        return self.n - self.k

    def is_won(self) -> bool:
        return self.out == 0

    @property
    def cnt(self) -> list[int]:
        """How many sails hold each rank (index 0: unknown cards, 1..13: ranks)."""
        sc = self.scode
        return [sc >> (4 * r) & 15 for r in range(14)]

    def waste_ranks(self) -> list[int]:
        """The waste's ranks, bottom first."""
        out = []
        w = self.wcode
        while w:
            out.append((w & 15) - 1)
            w >>= 4
        out.reverse()
        return out

    def waste_size(self) -> int:
        return (self.wcode.bit_length() + 3) // 4

    def key(self) -> int:
        """Everything that decides the future, as one int (suits, sail and corner identities dropped)."""
        run = self.run
        limit = self.limit
        if limit is None:
            run = 0
        elif run > limit:
            run = limit
        return (
            (((self.wcode << 7 | self.k) << 6 | self.centre) << 56 | self.ccode) << 56 | self.scode
        ) << 6 | run

    def window_has(self, r: int) -> bool:
        """Is a card of rank ``r`` on a sail or on top of the waste?"""
        return bool(self.scode >> (4 * r) & 15) or (self.wcode & 15) == r + 1

    def waste_top(self) -> int:
        """Rank of the waste's top card (0 if the waste is empty)."""
        w = self.wcode
        return (w & 15) - 1 if w else 0

    def moves(self) -> list[int]:
        """Abstract moves, one per distinct outcome (corners of equal height are tried once).

        Order: to the centre, corner to centre, to corners, transfers, deal (a sensible default
        for a depth-first search that wants to win)."""
        out: list[int] = []
        if self.out == 0:
            return out
        c = self.centre
        need = CENTRE_NEEDS[c] if c else 0
        corner = self.corner
        sc = self.scode
        top = (self.wcode & 15) - 1
        if need and (sc >> (4 * need) & 15 or top == need):
            out.append(TO_CENTRE)
        limit = self.limit
        if need and (limit is None or self.run < limit):
            h = 14 - need  # the corner height whose top card is `need`
            if 1 <= h <= CORNER_FULL:
                for j in range(4):
                    if corner[j] == h:
                        out.append(CORNER_TO_CENTRE + j)
                        break
        seen = 0
        for j in range(4):
            h = corner[j]
            if h == CORNER_FULL or seen >> h & 1:
                continue
            seen |= 1 << h
            r = 13 - h
            if sc >> (4 * r) & 15 or top == r:
                out.append(TO_CORNER + j)
        if self.any:
            self._transfer_moves(out)
        if self.k < self.n:
            out.append(DEAL)
        return out

    def _transfer_moves(self, out: list[int]) -> None:
        # PySolFC: any foundation's top card onto any other foundation that takes it (the centre's
        # base Ace stays). Corner -> centre is already listed above.
        corner = self.corner
        for i in range(4):
            hi = corner[i]
            if not hi:
                continue
            top = CORNER_TOP[hi]
            seen = 0
            for j in range(4):
                hj = corner[j]
                if j == i or hj == CORNER_FULL or seen >> hj & 1:
                    continue
                if CORNER_NEEDS[hj] == top:
                    seen |= 1 << hj
                    out.append(CORNER_TO_CORNER + 4 * i + j)
        c = self.centre
        if c > 1:
            top = CENTRE_TOP[c]
            seen = 0
            for j in range(4):
                hj = corner[j]
                if hj == CORNER_FULL or seen >> hj & 1:
                    continue
                if CORNER_NEEDS[hj] == top:
                    seen |= 1 << hj
                    out.append(CENTRE_TO_CORNER + j)

    # -- changing -----------------------------------------------------------------------------
    def _take(self, r: int) -> int:
        """Remove a card of rank ``r`` from the window (waste top first: the outcome is the same
        when a sail holds the rank too) and do the refill. Returns a token for :meth:`_untake`."""
        w = self.wcode
        self.out -= 1
        if (w & 15) == r + 1:
            self.wcode = w >> 4
            return r << 2
        self.scode -= 1 << (4 * r)
        if w:  # the emptied sail takes the waste's top card
            rr = (w & 15) - 1
            self.wcode = w >> 4
            self.scode += 1 << (4 * rr)
            return rr << 6 | r << 2 | 1
        k = self.k
        if k < self.n:  # ... or the stock's, when the waste is empty
            self.k = k + 1
            self.scode += 1 << (4 * self.R[k])
            return r << 2 | 2
        self.nsail -= 1
        return r << 2 | 3

    def _untake(self, token: int) -> None:
        kind = token & 3
        r = token >> 2 & 15
        self.out += 1
        if kind == 0:
            self.wcode = self.wcode << 4 | (r + 1)
            return
        if kind == 1:
            rr = token >> 6
            self.scode -= 1 << (4 * rr)
            self.wcode = self.wcode << 4 | (rr + 1)
        elif kind == 2:
            self.k -= 1
            self.scode -= 1 << (4 * self.R[self.k])
        else:
            self.nsail += 1
        self.scode += 1 << (4 * r)

    def _corner_up(self, j: int) -> None:
        h = self.corner[j]
        self.corner[j] = h + 1
        self.ccode += (1 << (4 * h + 4)) - (1 << (4 * h))

    def _corner_down(self, j: int) -> None:
        h = self.corner[j]
        self.corner[j] = h - 1
        self.ccode += (1 << (4 * h - 4)) - (1 << (4 * h))

    def apply(self, m: int) -> tuple:
        """Play abstract move ``m`` (assumed legal: one of :meth:`moves`); returns the undo record."""
        run = self.run
        token = -1
        if m == DEAL:
            k = self.k
            self.wcode = self.wcode << 4 | (self.R[k] + 1)
            self.k = k + 1
        elif m == TO_CENTRE:
            token = self._take(CENTRE_NEEDS[self.centre])
            self.centre += 1
            self.run = 0
        elif m < TO_CORNER:
            self._corner_down(m - CORNER_TO_CENTRE)
            self.centre += 1
            self.run = run + 1
        elif m < CORNER_TO_CORNER:
            j = m - TO_CORNER
            token = self._take(CORNER_NEEDS[self.corner[j]])
            self._corner_up(j)
        elif m < CENTRE_TO_CORNER:
            i, j = divmod(m - CORNER_TO_CORNER, 4)
            self._corner_down(i)
            self._corner_up(j)
        else:
            self.centre -= 1
            self._corner_up(m - CENTRE_TO_CORNER)
        kings = self._auto_kings() if self.auto else None
        return m, token, run, kings

    def _auto_kings(self) -> list[tuple[int, int]] | None:
        # Seeds 001/002: Kings go to empty corners by themselves (sails first, corners in order).
        done = None
        corner = self.corner
        while 0 in corner and self.window_has(KING):
            j = corner.index(0)
            token = self._take(KING)
            self._corner_up(j)
            if done is None:
                done = []
            done.append((j, token))
        return done

    def undo(self, record: tuple) -> None:
        m, token, run, kings = record
        if kings:
            for j, t in reversed(kings):
                self._corner_down(j)
                self._untake(t)
        if m == DEAL:
            self.k -= 1
            self.wcode >>= 4
        elif m == TO_CENTRE:
            self.centre -= 1
            self._untake(token)
        elif m < TO_CORNER:
            self.centre -= 1
            self._corner_up(m - CORNER_TO_CENTRE)
        elif m < CORNER_TO_CORNER:
            j = m - TO_CORNER
            self._corner_down(j)
            self._untake(token)
        elif m < CENTRE_TO_CORNER:
            i, j = divmod(m - CORNER_TO_CORNER, 4)
            self._corner_down(j)
            self._corner_up(i)
        else:
            self._corner_down(m - CENTRE_TO_CORNER)
            self.centre += 1
        self.run = run

    # -- snapshots (for the beam search) ------------------------------------------------------
    def snapshot(self) -> tuple:
        """Everything that changes, as a tuple of ints (``snapshot()[0]`` is ``k``)."""
        c = self.corner
        return (
            self.k,
            self.wcode,
            self.scode,
            self.nsail,
            self.centre,
            c[0],
            c[1],
            c[2],
            c[3],
            self.ccode,
            self.run,
            self.out,
        )

    def restore(self, snap: tuple) -> None:
        (
            self.k,
            self.wcode,
            self.scode,
            self.nsail,
            self.centre,
            c0,
            c1,
            c2,
            c3,
            self.ccode,
            self.run,
            self.out,
        ) = snap
        self.corner = [c0, c1, c2, c3]


def engine_code(pos: Position, m: int) -> int:
    """The engine move code that carries out abstract move ``m`` in ``pos`` (which must mirror the
    compact state the move was generated in)."""
    p = pos.piles
    if m == DEAL:
        return DEAL_CODE
    if m == TO_CENTRE or TO_CORNER <= m < CORNER_TO_CORNER:
        dst = 0 if m == TO_CENTRE else CORNER_IDX[m - TO_CORNER]
        if dst == 0:
            need = CENTRE_NEEDS[len(p[0])]
        else:
            h = len(p[dst])
            need = CORNER_NEEDS[h]
        if p[W] and RANK_OF[p[W][-1]] == need:
            return W << 4 | dst
        for i in SAIL_IDX:
            if p[i] and RANK_OF[p[i][-1]] == need:
                return i << 4 | dst
        raise ValueError(f"no card of rank {need} to play")  # pragma: no cover - mirror out of step
    if m < TO_CORNER:
        return CORNER_IDX[m - CORNER_TO_CENTRE] << 4
    if m < CENTRE_TO_CORNER:
        i, j = divmod(m - CORNER_TO_CORNER, 4)
        return CORNER_IDX[i] << 4 | CORNER_IDX[j]
    return CORNER_IDX[m - CENTRE_TO_CORNER]


def concrete_move(source: Game | PlayerView, m: int) -> Move:
    """The game's move that carries out abstract move ``m`` in ``source`` (a game or a player's view
    whose position the state that offered ``m`` mirrors)."""
    return MOVES[engine_code(source._pos, m)]  # type: ignore[return-value]


def signature(state: SearchState) -> tuple:
    """What a position looks like to the rules, card identities dropped: for comparing the mirror
    with the engine (see :func:`position_signature`)."""
    return (
        state.centre,
        tuple(sorted(state.corner)),
        _run(state.run, state.limit),
        tuple(state.cnt[1:]),
        tuple(state.waste_ranks()),
        tuple(state.R[state.k :]),
        state.out,
    )


def position_signature(pos: Position) -> tuple:
    """:func:`signature` of an engine position."""
    p = pos.piles
    cnt = [0] * 14
    for i in SAIL_IDX:
        if p[i]:
            cnt[RANK_OF[p[i][-1]]] += 1
    return (
        len(p[0]),
        tuple(sorted(len(p[i]) for i in CORNER_IDX)),
        _run(pos.corner_run, pos.rules.corner_streak),
        tuple(cnt[1:]),
        tuple(RANK_OF[c] for c in p[W]),
        tuple(RANK_OF[c] for c in reversed(p[S])),
        pos.cards_out(),
    )


def _run(run: int, limit: int | None) -> int:
    return 0 if limit is None else min(run, limit)
