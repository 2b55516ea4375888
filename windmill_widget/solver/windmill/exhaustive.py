"""Exhaustive depth-first search with a transposition table: the part of the solver that can prove
a deal lost.

Every position is visited at most once (the table holds canonical keys, see
:mod:`windmill_widget.games.windmill.search`), so
the search also terminates when the move graph has cycles (``transfers="any"``): reaching the goal
is a plain reachability question, and a node already seen either is on the current line or was
fully explored without finding a win. When the stock is short, positions that the dig
relaxation (:mod:`.bound`) proves lost are cut off; its checks share one table
(:class:`.dig_kernel.SharedTable`), since neighbouring positions' relaxed games meet. The search
runs in slices (``run`` returns ``None`` when its slice is used up) so the solver can interleave
it with the beam search.
"""

from __future__ import annotations

from ...games.windmill.search import SearchState
from .. import clock
from .bound import dig_search
from .dig_kernel import SharedTable


class Exhaustive:
    """A resumable depth-first search from ``state`` (which it owns and mutates)."""

    def __init__(
        self,
        state: SearchState,
        *,
        horizon: int = 22,
        bound_budget: int = 30_000,
        table_log2: int | None = 18,
    ) -> None:
        """``table_log2``: the relaxation's shared table holds 2**table_log2 positions (None: no
        table, every check starts from scratch)."""
        self.state = state
        self.table_log2 = table_log2
        self._table: SharedTable | None = None  # the relaxation's, made at its first call
        self.horizon = horizon
        self.bound_budget = bound_budget
        self.seen: set[int] = {state.key()}
        self.nodes = 0
        self.pruned = 0
        self.retried = 0  # bound checks cut short by a slice's deadline, and redone
        # Frames: [moves, next index, undo record of the move into this node, that move].
        self._stack: list[list] = [[state.moves(), 0, None, None]]
        self.line: list[int] | None = None
        self.done = state.is_won()
        if self.done:
            self.line = []

    def run(self, max_nodes: int, deadline: float | None = None) -> str | None:
        """Search on for at most ``max_nodes`` new positions (or until ``deadline``, a
        :func:`.clock.now` reading). Returns ``"won"`` (see :attr:`line`), ``"lost"`` (the whole
        reachable space is exhausted) or ``None`` (not finished yet)."""
        if self.done:
            return "won" if self.line is not None else "lost"
        s = self.state
        stack = self._stack
        seen = self.seen
        horizon = self.horizon
        budget = self.bound_budget
        nodes = 0
        n = s.n
        while stack:
            frame = stack[-1]
            moves = frame[0]
            i = frame[1]
            if i < len(moves):
                m = moves[i]
                frame[1] = i + 1
                record = s.apply(m)
                if s.out == 0:
                    self.line = [f[3] for f in stack[1:]] + [m]
                    self.done = True
                    self.nodes += nodes
                    return "won"
                key = s.key()
                if key in seen:
                    s.undo(record)
                    continue
                seen.add(key)
                nodes += 1
                bounded = n - s.k <= horizon
                if bounded:
                    # The relaxation's positions count as work done, so that slices measured in
                    # positions stay fair to the beam search they alternate with.
                    if self._table is None and self.table_log2 is not None:
                        self._table = SharedTable(self.table_log2)
                    verdict, work = dig_search(s, budget, deadline, self._table)
                    nodes += work
                    if verdict is False:
                        self.pruned += 1
                        s.undo(record)
                        continue
                    if verdict is None and deadline is not None and clock.now() > deadline:
                        # Cut short by the clock, not by its budget: check this position again
                        # in the next slice rather than search under it unchecked.
                        self.retried += 1
                        seen.discard(key)
                        frame[1] = i
                        s.undo(record)
                        self.nodes += nodes
                        return None
                stack.append([s.moves(), 0, record, m])
                # A bound check can take a while: look at the clock after each one.
                if nodes >= max_nodes or (
                    deadline is not None and (bounded or not nodes & 15) and clock.now() > deadline
                ):
                    self.nodes += nodes
                    return None
            else:
                stack.pop()
                if frame[2] is not None:
                    s.undo(frame[2])
        self.nodes += nodes
        self.done = True
        return "lost"
