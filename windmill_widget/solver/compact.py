"""A rank-only mirror of a :class:`~windmill_widget.engine.position.Position`, built for search.

What the solver may forget, because it cannot change the outcome:

* **Suits.** No rule looks at a suit, so a card is just its rank.
* **Which sail holds which card.** Sails are interchangeable: a card on ``n1`` and the same rank on
  ``w2`` offer the same moves, so the sails are a multiset of ranks (``cnt``).
* **Which corner is which.** Corners are interchangeable too; the search key sorts them.
* **The stock/waste split in detail.** The stock is dealt in a fixed order and the waste only
  ever holds cards dealt earlier, in dealing order (a stack). So the stock is ``R[k:]`` and the
  waste is a set of indices below ``k`` (a bit mask), its top being the highest.

The mirror replays the engine's moves rank by rank (including refills, automatic Kings and the
corner-run counter). It decides *nothing* about legality on its own that is not cross-checked:
``tests/test_solver_compact.py`` compares its move sets and resulting positions with
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

from ..engine.cards import RANK_OF
from ..engine.notation import CORNER_IDX, DEAL_CODE, SAIL_IDX, S, W
from ..engine.position import Position

DEAL = 0
TO_CENTRE = 1
CORNER_TO_CENTRE = 2  # + corner
TO_CORNER = 6  # + corner
CORNER_TO_CORNER = 10  # + 4 * from + to
CENTRE_TO_CORNER = 26  # + corner

CENTRE_FULL = 52
CORNER_FULL = 13
KING = 13
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


class Compact:
    """The search state. Mutable: :meth:`apply` returns an undo record for :meth:`undo`.

    >>> from windmill_widget import Game
    >>> s = Compact.from_position(Game(seed=1)._pos)
    >>> s.out, s.stock_left(), s.centre
    (103, 95, 1)
    """

    __slots__ = (
        "R", "any", "auto", "ccode", "centre", "cnt", "corner", "k", "limit", "n", "nsail", "out",
        "run", "scode", "waste", "wcode",
    )  # fmt: skip

    R: list[int]
    waste: list[int]
    cnt: list[int]
    corner: list[int]

    @classmethod
    def from_position(cls, pos: Position, *, hide_stock: bool = False) -> Compact:
        """Mirror ``pos``. With ``hide_stock`` the stock's cards are unknown (rank 0), as a player
        sees them (``PlayerView`` positions hold ``None`` there)."""
        p = pos.piles
        self = cls()
        waste_ranks = [RANK_OF[c] for c in p[W]]
        # The waste's cards count as "already dealt", in order, ahead of the stock.
        stock = [0] * len(p[S]) if hide_stock else [RANK_OF[c] for c in reversed(p[S])]
        self.R = waste_ranks + stock
        self.n = len(self.R)
        self.k = len(waste_ranks)
        self.waste = list(range(self.k))
        self.wcode = 0
        for r in waste_ranks:
            self.wcode = self.wcode << 4 | (r + 1)
        self.cnt = [0] * 14
        self.nsail = 0
        for i in SAIL_IDX:
            if p[i]:
                top = p[i][-1]
                self.cnt[0 if top is None else RANK_OF[top]] += 1
                self.nsail += 1
        self.scode = sum(c << (4 * r) for r, c in enumerate(self.cnt))
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

    def key(self) -> int:
        """Everything that decides the future, as one int (suits, sail and corner identities dropped)."""
        run = self.run
        limit = self.limit
        if limit is None:
            run = 0
        elif run > limit:
            run = limit
        # The waste as its sequence of ranks (4 bits a card, rank + 1 so that length is implied).
        return (
            (((self.wcode << 7 | self.k) << 6 | self.centre) << 56 | self.ccode) << 56 | self.scode
        ) << 6 | run

    def window_has(self, r: int) -> bool:
        """Is a card of rank ``r`` on a sail or on top of the waste?"""
        if self.cnt[r]:
            return True
        w = self.waste
        return bool(w) and self.R[w[-1]] == r

    def waste_top(self) -> int:
        """Rank of the waste's top card (0 if the waste is empty)."""
        w = self.waste
        return self.R[w[-1]] if w else 0

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
        if need and self.window_has(need):
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
            if self.window_has(CORNER_NEEDS[h]):
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
        w = self.waste
        R = self.R
        if w and R[w[-1]] == r:
            i = w.pop()
            self.wcode >>= 4
            self.out -= 1
            return i << 6 | r << 2
        self.cnt[r] -= 1
        self.scode -= 1 << (4 * r)
        self.out -= 1
        if w:  # the emptied sail takes the waste's top card
            i = w.pop()
            self.wcode >>= 4
            rr = R[i]
            self.cnt[rr] += 1
            self.scode += 1 << (4 * rr)
            return i << 6 | r << 2 | 1
        k = self.k
        if k < self.n:  # ... or the stock's, when the waste is empty
            rr = R[k]
            self.k = k + 1
            self.cnt[rr] += 1
            self.scode += 1 << (4 * rr)
            return r << 2 | 2
        self.nsail -= 1
        return r << 2 | 3

    def _untake(self, token: int) -> None:
        kind = token & 3
        r = token >> 2 & 15
        self.out += 1
        if kind == 0:
            i = token >> 6
            self.waste.append(i)
            self.wcode = self.wcode << 4 | (r + 1)
            return
        if kind == 1:
            i = token >> 6
            rr = self.R[i]
            self.cnt[rr] -= 1
            self.scode -= 1 << (4 * rr)
            self.waste.append(i)
            self.wcode = self.wcode << 4 | (rr + 1)
        elif kind == 2:
            self.k -= 1
            rr = self.R[self.k]
            self.cnt[rr] -= 1
            self.scode -= 1 << (4 * rr)
        else:
            self.nsail += 1
        self.cnt[r] += 1
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
            self.waste.append(k)
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
            k = self.k - 1
            self.k = k
            self.waste.pop()
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
        return (
            self.k,
            tuple(self.waste),
            self.wcode,
            tuple(self.cnt),
            self.scode,
            self.nsail,
            self.centre,
            tuple(self.corner),
            self.ccode,
            self.run,
            self.out,
        )

    def restore(self, snap: tuple) -> None:
        (
            self.k,
            waste,
            self.wcode,
            cnt,
            self.scode,
            self.nsail,
            self.centre,
            corner,
            self.ccode,
            self.run,
            self.out,
        ) = snap
        self.waste = list(waste)
        self.cnt = list(cnt)
        self.corner = list(corner)


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


def signature(state: Compact) -> tuple:
    """What a position looks like to the rules, card identities dropped: for comparing the mirror
    with the engine (see :func:`position_signature`)."""
    R = state.R
    return (
        state.centre,
        tuple(sorted(state.corner)),
        _run(state.run, state.limit),
        tuple(state.cnt[1:]),
        tuple(R[i] for i in state.waste),
        tuple(R[state.k :]),
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
