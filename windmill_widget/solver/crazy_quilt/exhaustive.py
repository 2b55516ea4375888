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
(below) searches that move alone, and ``hand>waste`` is searched only where a free quilt card builds
on the held card (:meth:`...search.SearchState.search_moves` says why nothing is lost: on literal
deal 13 the search to its win visits 362,000 positions instead of 406,000).

The loop is :mod:`.kernel`'s, compiled by numba where it is installed (as Python otherwise, with the
same verdicts and counts). It runs in slices (``run`` returns ``None`` when its slice is used up), so
the solver can interleave it with the nested search.

**Safe moves** are plays to a foundation that lose nothing, so the search plays them and tries
nothing else there (as Solvitaire's automatic foundation moves do); :func:`.kernel.safe_move` finds
them. A card ``X`` (rank ``r``, suit ``s``) that its suit's up-foundation takes now, when the
down-foundation already holds an ``r`` (its top rank ``d <= r``), can only ever go up: the other
``r`` is placed. Playing it at once is safe, by rewriting any winning line ``L`` into one ``L'``
that starts with it. ``L'`` replays ``L`` without a set ``M`` of the suit's cards, which ``L'``
has already placed (at first ``M = {X}``); it skips ``L``'s moves of ``M``'s cards (a turn of one
is skipped, and in the literal reading "hand>waste" stands in for the turn that took one into
the hand; a redeal of nothing but ``M``'s cards is skipped, which only leaves ``L'`` a redeal more).
Everything else is legal in ``L'`` as in ``L``: ``L'``'s quilt has fewer cards (so more of them
free), its waste and stock are ``L``'s without ``M``'s cards (so the same top, unless ``L``'s is
one of ``M``'s), and the only card ``L`` could play onto the suit's foundations before it catches
up is one of ``M``'s. Left: a card ``C`` that ``L`` builds from the quilt onto one of ``M``'s.
Its rank is one off, and a face whose other copy is placed cannot be ``C``, so ``C`` is

* the ``r+1`` (or next above ``M``): ``L'``'s up-foundation takes it now, so ``L'`` plays it up
  and it joins ``M``;
* the other ``r-1``, when ``d == r``: ``L'``'s down-foundation takes it now (it is the last
  ``r-1``), and it joins ``M``; likewise on down from there;
* an ace onto a king of ``M`` (or a king onto an ace of ``M``): ranks are circular on the waste,
  and ``L'`` may have no way to move it. So a king goes up by this rule only once the suit's ace
  (the one still to go down) has left the quilt, an ace goes down only once the king has, and for
  the other cards, with a redeal left, the rule waits while the suit's king *and* ace are both in
  the quilt (``M``'s cards other than ``X`` come from the quilt). On the last pass no such chain is in a
  winning line at all: a card built on ``X`` leaves the waste only after ``X``, or (the ``r-1``)
  for the down-foundation, and ``L'`` plays that one there directly.

The mirror case, a card the down-foundation takes while the up-foundation holds its rank, is the
same argument upside down. ``tests/test_quilt_solver.py`` checks the rule against the engine's
brute force on staged positions of both readings and 0-3 redeals (a position with a safe move is
won exactly when the position after it is), including the king-and-ace chains that make the
exclusions necessary.

>>> from windmill_widget import QuiltGame, QuiltRules
>>> from windmill_widget.games.crazy_quilt.search import concrete_move
>>> game = QuiltGame.from_position(  # spades: up to the 7, down to the 6; the 8 is free
...     foundations={"S+": ["AS", "2S", "3S", "4S", "5S", "6S", "7S"],
...                  "S-": ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]},
...     quilt={"a1": "8S", "a2": "5S"}, rules=QuiltRules(redeals=0))
>>> str(concrete_move(None, Kernel(SearchState.from_game(game)).safe_move()))
'a1>S+'
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
        #: whether a position with a safe move (see the module's text) searches that move alone
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
