"""Playout policies: fast, deterministic ways to play a position to its end, which the nested search
(:mod:`.nested`) uses to judge each move by where it leads.

A policy plays as a sensible player would, and it reads no more than the position (the stock's
order only through the turns it makes):

1. a card to a foundation that takes it: the card in hand or the waste's top first (a turn would
   bury them), else a free quilt card;
2. otherwise dig: a free quilt card goes onto the waste when it lies across a narrow edge of a card
   a foundation takes now, or of one of the next ``ahead`` cards it takes after that (with
   ``dig_any``: of any card still held down; before the last pass a card dug out is not lost, it
   comes round again in the stock). With ``safe``, a dig on the last pass that buries a card where
   no foundation can take it any more (the waste-order argument of :mod:`.bound`) is skipped;
3. otherwise turn, or redeal;
4. otherwise whatever move is left (the first legal one), so a playout never stops early.

Policies differ in which foundation they try first and how they dig; the solver runs a small
portfolio of them (:data:`PORTFOLIO`), since a deal one misses another often wins. (Measured with
level-1 nested searches on deals 5000-5099, literal rules, before ``dig_any`` and ``safe``: the first
policy alone wins 37, the six together 52.)

A playout's result is a *value*, lower is better: 1000 for each card left off the foundations, plus
one for each card left on the waste (0 is a win). Of two dead ends with as many cards left, the one
with fewer buried on the waste is nearer a win: ranking them so wins 94 deals of 5000-5299 at level
1 where ranking by cards alone wins 86 (93 and 86 under the common rules).
"""

from __future__ import annotations

from collections.abc import Callable

from ...games.crazy_quilt.search import (
    FOUNDATION0,
    HAND,
    REDEAL,
    SHIFT,
    TURN,
    WASTE,
    SearchState,
    free_cells,
    narrow_of,
)
from .bound import waste_order_lost

Policy = Callable[[SearchState], "int | None"]

_FROM_HAND = HAND << SHIFT
_FROM_WASTE = WASTE << SHIFT
#: A playout's value per card left off the foundations (the rest counts cards left on the waste).
PER_CARD = 1000


def make_policy(
    order: tuple[int, ...] = tuple(range(8)), ahead: int = 1, *, dig_any: bool = False, safe: bool = False
) -> Policy:
    """A policy that tries the foundations (0..7: ``S+ H+ D+ C+ S- H- D- C-``) in ``order`` and digs
    towards the card each foundation takes now and the ``ahead`` cards after it; with ``dig_any``,
    towards any card still held down (so ``ahead`` no longer matters); with ``safe``, never by a dig
    that buries a card on the last pass's waste where it can no longer reach a foundation
    (:func:`.bound.waste_order_lost`)."""

    def policy(s: SearchState) -> int | None:
        if not s.out:
            return None
        fc = s.fcode
        mask = s.mask
        free = free_cells(mask)
        hand = s.hand
        wtop = s.waste & 63
        cells = s.cells
        quilt = None
        blocked = 0  # cells holding a card a foundation takes now (or soon), not yet free
        for j in order:
            h = fc >> (4 * j) & 15
            if h >= 13:
                continue
            face = (j & 3) * 13 + (h if j < 4 else 12 - h)
            if hand == face + 1:
                return _FROM_HAND | FOUNDATION0 + j
            if wtop == face + 1:
                return _FROM_WASTE | FOUNDATION0 + j
            where = cells[face] & mask
            if where & free:
                if quilt is None:
                    low = where & free & -(where & free)
                    quilt = (low.bit_length() - 1) << SHIFT | FOUNDATION0 + j
            else:
                blocked |= where
            step = 1 if j < 4 else -1
            for _ in range(min(ahead, 12 - h)):  # the cards it takes after that one
                face += step
                blocked |= cells[face] & mask & ~free
        if quilt is not None:
            return quilt
        if dig_any:
            blocked = mask & ~free
        if wtop and wtop != 63 and blocked:
            f = wtop - 1
            base = f - f % 13
            builders = cells[base + (f + 1) % 13] | cells[base + (f - 1) % 13]
            dig = free & narrow_of(blocked) & builders
            careful = safe and not s.redeals and not waste_order_lost(s)
            while dig:
                low = dig & -dig
                dig ^= low
                m = (low.bit_length() - 1) << SHIFT | WASTE
                if careful:
                    record = s.apply(m)
                    buries = waste_order_lost(s)
                    s.undo(record)
                    if buries:
                        continue
                return m
        if s.stock:
            return TURN
        if s.redeals and (s.waste or hand):
            return REDEAL
        moves = s.moves()
        return moves[0] if moves else None

    return policy


#: The policies the solver runs, best first.
PORTFOLIO: tuple[Policy, ...] = (
    make_policy(),
    make_policy((4, 5, 6, 7, 0, 1, 2, 3)),  # down-foundations first
    make_policy(ahead=2),
    make_policy(ahead=0),
    make_policy((0, 4, 1, 5, 2, 6, 3, 7)),  # suit by suit
    make_policy((3, 2, 1, 0, 7, 6, 5, 4)),  # clubs first
)
policy_move: Policy = PORTFOLIO[0]

#: The first pass's safe digger (issue 42): down-foundations first, it digs out any card held down
#: and never buries one for good on the last pass. Played out from the deal, deals 0-399
#: (``benchmarks/quilt_policies.py``), it wins 28 deals under the literal rules and 25 under the
#: common reading, and leaves 18.0 and 18.4 cards off the foundations on average; the portfolio's
#: first policy wins 12 and 13 (21.1 and 21.2 cards left; paired exact McNemar p = 0.007 and 0.05),
#: its second 25 and 22 (20.0 and 20.4 left; p = 0.72 and 0.69). It is not in the solver's portfolio:
#: put first there, the nested searches won no more deals within 100,000 units (deals 0-49, literal:
#: 31 against 30) and fewer within 30,000 (deals 0-9: 1 against 3).
SAFE_DIGGER: Policy = make_policy((4, 5, 6, 7, 0, 1, 2, 3), dig_any=True, safe=True)

#: The policies a sampling player may judge its guesses by (``policies``: the first so many): the
#: portfolio's first two (the board's Hint and ``sampling`` by default), then the safe digger, then
#: the rest of the portfolio.
JUDGES: tuple[Policy, ...] = (PORTFOLIO[0], PORTFOLIO[1], SAFE_DIGGER, *PORTFOLIO[2:])


def playout(s: SearchState, line: list[int] | None = None, policy: Policy = policy_move) -> tuple[int, int]:
    """Play ``s`` to the end with ``policy``, appending the moves to ``line`` (if given), then put
    ``s`` back. Returns (the end's value, see the module docstring; the moves played)."""
    snap = s.snapshot()
    n = 0
    while True:
        m = policy(s)
        if m is None:
            break
        s.apply(m)
        n += 1
        if line is not None:
            line.append(m)
    value = s.out * PER_CARD + s.waste_size() if s.out else 0
    s.restore(snap)
    return value, n
