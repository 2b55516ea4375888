"""Exhaustive depth-first search with a transposition table: the part of the solver that can prove a
position lost.

Crazy Quilt's moves never come back to a position (each one takes a card from the quilt, the hand
or the waste for good, turns the stock, or uses up a redeal), so the move graph has no cycles and
a position seen before was either searched in full without a win or is the one being searched.
The table holds the search model's exact keys (:meth:`SearchState.key`: which copy of a card is
which does not count), so the search visits each position once, and when it has visited every
position reachable, none of them won. Positions the last pass's waste order proves lost
(:mod:`.bound`) are cut off, and so are positions after a turn or a redeal that the suit relaxation
proves lost (:mod:`.suits`; its small games' answers are kept, as most moves leave them alone).

The playout policy's move is tried first, then the other plays to a foundation, then the rest. The
search runs in slices (``run`` returns ``None`` when its slice is used up), so the solver can
interleave it with the nested search.
"""

from __future__ import annotations

from ...games.crazy_quilt.search import FOUNDATION0, REDEAL, TURN, WASTE, SearchState
from .. import clock
from .bound import waste_order_lost
from .playout import policy_move
from .safe import safe_move
from .suits import SUIT_BUDGET, suit_relaxation_lost


def refuted(
    s: SearchState, m: int, cache: dict, work: list[int], budget: int = SUIT_BUDGET, cut: list | None = None
) -> bool:
    """Is ``s``, just reached by move ``m``, proved lost by a cheap argument: the last pass's waste
    order, or (after a turn, a redeal or a card put onto the waste: the moves that can make a small
    game lost) the suit relaxation (with at most ``budget`` positions a suit)? ``cache`` and
    ``work`` and ``cut`` as for :func:`.suits.suit_relaxation_lost`. (Checking after the plays to a foundation
    too was measured: on deal 9, literal, the search to its proof of loss visits 190,725 positions
    instead of 191,037, and takes longer.)"""
    if not s.redeals and waste_order_lost(s):
        return True
    if m == REDEAL:
        return suit_relaxation_lost(s, budget, cache, work, cut=cut) is not None
    if m != TURN and m & 127 != WASTE:
        return False
    # Only the suits of the waste's top and the hand can have changed: the others' small games are
    # the parent's (checked there, unless a play to a foundation led to it: measured, checking
    # every suit after every move prunes next to nothing more).
    suits = {(s.waste & 63) - 1, s.hand - 1}
    return suit_relaxation_lost(s, budget, cache, work, [f // 13 for f in suits if f >= 0], cut) is not None


def ordered(s: SearchState, safe: bool = True) -> list[int]:
    """``s``'s moves, the policy's first, then plays to a foundation, then the rest; or, with
    ``safe``, only a safe move (:mod:`.safe`) when it has one: it loses nothing, so the others need
    no search."""
    if safe:
        m = safe_move(s)
        if m is not None:
            return [m]
    moves = s.moves()
    first = policy_move(s)
    rest = [m for m in moves if m != first]
    rest.sort(key=lambda m: not FOUNDATION0 <= m & 127 < FOUNDATION0 + 8)
    return [first, *rest] if first is not None else rest


class Exhaustive:
    """A resumable depth-first search from ``state`` (which it owns and mutates)."""

    def __init__(self, state: SearchState, work: list[int] | None = None, *, safe: bool = True) -> None:
        self.state = state
        #: whether a position with a safe move (:mod:`.safe`) searches that move alone
        self.safe = safe
        self.seen: set[int] = {state.key()}
        self.nodes = 0
        self.pruned = 0
        self.suit_cache: dict[tuple, bool | None] = {}
        #: the suit relaxation's positions searched (a one-item list, added to when given)
        self.work = [0] if work is None else work
        # Frames: [moves, next index, undo record of the move into this node, that move].
        self._stack: list[list] = [[ordered(state, safe), 0, None, None]]
        self.line: list[int] | None = None
        self.done = state.is_won()
        if self.done:
            self.line = []

    def run(self, max_nodes: int, deadline: float | None = None, limit: int | None = None) -> str | None:
        """Search on for about ``max_nodes`` new positions (or until ``deadline``, a
        :func:`..clock.now` reading; the suit relaxation's positions count as new positions).
        Returns ``"won"`` (see :attr:`line`), ``"lost"`` (every
        reachable position searched) or ``None`` (not finished yet).

        A relaxation check may go past ``max_nodes`` (a check cut short concludes nothing, and the
        position it was to refute would be searched in full), never past ``limit`` (default
        ``max_nodes``): the caller's whole budget. A check that ``limit`` cuts short ends the run
        before its position, which the next run tries again."""
        if self.done:
            return "won" if self.line is not None else "lost"
        s = self.state
        stack = self._stack
        seen = self.seen
        nodes = 0
        work = self.work
        w0 = work[0]
        hard = max_nodes if limit is None else max(limit, max_nodes)
        while stack:
            frame = stack[-1]
            moves = frame[0]
            i = frame[1]
            if i < len(moves):
                m = moves[i]
                frame[1] = i + 1
                record = s.apply(m)
                if not s.out:
                    self.line = [f[3] for f in stack[1:]] + [m]
                    self.done = True
                    self.nodes += nodes
                    return "won"
                key = s.key()
                if key in seen:
                    s.undo(record)
                    continue
                left = hard - nodes - 1 - (work[0] - w0)  # a suit's small game may take a quarter
                cut = [False]
                if refuted(s, m, self.suit_cache, work, min(SUIT_BUDGET, max(left // 4, 0)), cut):
                    seen.add(key)
                    nodes += 1
                    self.pruned += 1
                    s.undo(record)
                    continue
                if cut[0]:  # the check ran out of this slice: the next one tries the move again, in
                    s.undo(record)  # full (expanding it unchecked would leave its subtree to search)
                    frame[1] = i
                    self.nodes += nodes
                    return None
                seen.add(key)
                nodes += 1
                stack.append([ordered(s, self.safe), 0, record, m])
                used = nodes + work[0] - w0
                if used >= max_nodes or (deadline is not None and not nodes & 63 and clock.now() > deadline):
                    self.nodes += nodes
                    return None
            else:
                stack.pop()
                if frame[2] is not None:
                    s.undo(frame[2])
        self.nodes += nodes
        self.done = True
        return "lost"
