"""Nested rollout search: the part of the solver that finds wins.

A *playout* plays a position to its end with the fixed policy of :mod:`.playout`. Nested search
(Cazenave's Nested Monte-Carlo Search, here with a deterministic policy) improves on it level by
level: at level 1 it walks down the best line found so far and, at every position on it, tries
each other legal move followed by a playout, switching to any line that ends better (fewer cards
off the foundations, then fewer on the waste); at level ``n`` each move is judged by a level
``n - 1`` search instead of a playout. Level 1 costs a few hundred playouts; each level multiplies
that by the moves per position (about five), so the solver climbs the levels as its budget allows.

The search is a generator that yields after every playout, so the solver can stop it when a
budget runs out and resume it later (between slices of the exhaustive search, :mod:`.exhaustive`).
It finds wins; it never proves a loss.
"""

from __future__ import annotations

from collections.abc import Generator

from ...games.crazy_quilt.search import SearchState
from .. import clock
from .playout import Policy, playout, policy_move

#: What a nested search returns: (the value its line ends with, see :mod:`.playout`; the line).
Found = tuple[int, list[int]]


class Nested:
    """A resumable nested search from ``state`` (which it owns and mutates) with playouts by
    ``policy``, level 1 upwards."""

    def __init__(self, state: SearchState, policy: Policy = policy_move) -> None:
        self.state = state
        self.policy = policy
        self.nodes = 0
        self.level = 0
        line: list[int] = []
        value, n = playout(state, line, policy)
        self.nodes += n
        self.best: Found = (value, line)
        self._search: Generator[int, None, Found] | None = None

    @property
    def line(self) -> list[int] | None:
        """The winning line, once one is found."""
        return self.best[1] if self.best[0] == 0 else None

    def run(self, max_nodes: int, deadline: float | None = None, max_level: int | None = None) -> bool:
        """Search on for about ``max_nodes`` positions (or until ``deadline``, a
        :func:`..clock.now` reading, or the end of level ``max_level``); ``True`` once a win is
        found (see :attr:`line`)."""
        used = 0
        while self.best[0]:
            if self._search is None:
                if max_level is not None and self.level >= max_level:
                    return False
                self.level += 1
                self._search = self._nested(self.level, self.best)
            try:
                while True:
                    n = next(self._search)
                    self.nodes += n
                    used += n
                    if used >= max_nodes or (deadline is not None and clock.now() > deadline):
                        return False
            except StopIteration as done:
                self._search = None
                if done.value[0] < self.best[0]:
                    self.best = done.value
        return True

    def _nested(self, level: int, seed: Found | None = None) -> Generator[int, None, Found]:
        """Nested search of ``level`` from the state as it is now (left so afterwards), seeded with
        ``seed``, the result of a level ``level - 1`` search from here, when known."""
        s = self.state
        if level == 0:
            line: list[int] = []
            value, n = playout(s, line, self.policy)
            yield n
            return value, line
        root = s.snapshot()
        if seed is None:
            seed = yield from self._nested(level - 1)
        best, best_line = seed
        played: list[int] = []
        while best:
            moves = s.moves()
            if not moves:
                break
            ahead = best_line[len(played)]
            for m in moves:
                if m == ahead:
                    continue  # the best line goes this way already
                rec = s.apply(m)
                value, line = yield from self._nested(level - 1)
                s.undo(rec)
                if value < best:
                    best, best_line = value, [*played, m, *line]
                    if not value:
                        break
            m = best_line[len(played)]
            s.apply(m)
            played.append(m)
        s.restore(root)
        return best, best_line
