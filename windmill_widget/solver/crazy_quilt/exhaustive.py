"""Exhaustive depth-first search with a transposition table: the part of the solver that can prove a
position lost.

Crazy Quilt's moves never come back to a position (each one takes a card from the quilt, the hand
or the waste for good, turns the stock, or uses up a redeal), so the move graph has no cycles and
a position seen before was either searched in full without a win or is the one being searched.
The table holds exact keys (:mod:`.kernel`: which copy of a card is which does not count), so the
search visits each position once, and when it has visited every position reachable, none of them
won. Positions the last pass's waste order proves lost (:mod:`.bound`) are cut off, and so are
positions after a turn, a redeal or a card put onto the waste that the suit relaxation proves lost
(:mod:`.suits`, for the suits the move changed: the others' small games are the parent's; its small
games' answers are kept, as most moves leave them alone). (Checking after the plays to a foundation
too was measured, in the Python search this one replaced: on deal 9, literal, the search to its proof
of loss visited 190,725 positions instead of 191,037, and took longer.) A position with a safe move
(:mod:`.safe`) searches that move alone.

The loop is :mod:`.kernel`'s, compiled by numba where it is installed (as Python otherwise, with the
same verdicts and counts). It runs in slices (``run`` returns ``None`` when its slice is used up), so
the solver can interleave it with the nested search.
"""

from __future__ import annotations

from ...games.crazy_quilt.search import SearchState
from .. import clock
from .kernel import COMPILED, Kernel

_warm: list[bool] = []


def warm_up() -> None:
    """Compile the search's loops now (or load them from numba's cache on disk: about half a second
    the first time in a process, much more the first time ever), so that no budget is charged for
    it. :func:`.clairvoyant.solve` calls it before it starts its clock; after the first call it
    costs nothing."""
    if _warm or not COMPILED:
        return
    from ...games.crazy_quilt import QuiltGame, QuiltRules

    clock.warm_up()
    for rules in (QuiltRules.literal(), QuiltRules.common()):  # the held card's branches and the other's
        Exhaustive(SearchState.from_game(QuiltGame(seed=0, rules=rules))).run(2_000, 1e300)
    _warm.append(True)


class Exhaustive:
    """A resumable depth-first search from ``state`` (which it does not change).

    >>> from windmill_widget import QuiltGame, QuiltRules
    >>> dfs = Exhaustive(SearchState.from_game(QuiltGame(seed=0, rules=QuiltRules(redeals=0))))
    >>> dfs.run(1_000_000), dfs.nodes > 1_000, dfs.work[0] > 0
    ('lost', True, True)
    """

    def __init__(self, state: SearchState, work: list[int] | None = None, *, safe: bool = True) -> None:
        #: whether a position with a safe move (:mod:`.safe`) searches that move alone
        self.safe = safe
        #: the suit relaxation's positions searched (a one-item list, added to when given)
        self.work = [0] if work is None else work
        self.line: list[int] | None = None
        self.done = state.is_won()
        self._kernel = None if self.done else Kernel(state, safe=safe)
        self._work_seen = 0  # the kernel's relaxed positions already added to ``work``
        if self.done:
            self.line = []

    @property
    def nodes(self) -> int:
        """Positions visited (those the relaxations refuted included)."""
        return 0 if self._kernel is None else self._kernel.positions

    @property
    def pruned(self) -> int:
        """Positions the relaxations refuted."""
        return 0 if self._kernel is None else self._kernel.pruned

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
        kernel = self._kernel
        assert kernel is not None
        hard = max_nodes if limit is None else max(limit, max_nodes)
        verdict = kernel.run(max_nodes, hard, deadline)
        self.work[0] += kernel.work - self._work_seen
        self._work_seen = kernel.work
        if verdict is not None:
            self.done = True
            if verdict == "won":
                self.line = kernel.line()
        return verdict
