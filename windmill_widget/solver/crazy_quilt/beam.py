"""Beam search judged by playouts: the part of the solver that finds the wins the nested searches
are slow to find.

The beam keeps a layer of positions the same number of moves from the start. It makes every move
from each of them, judges each new position by the best of its playouts under a few policies
(:mod:`.playout`: the value of where the policy's line ends), and keeps the ``width`` best for the
next layer. A position met before, in this layer or an earlier one, is not judged again (a line may
reach a position in fewer moves than another, by playing a card to a foundation straight from the
quilt rather than by way of the waste). The first playout that wins ends the search with its line.
When no layer is left the search has failed, which proves nothing: it kept only ``width`` positions
a layer.

A nested search (:mod:`.nested`) follows one line and improves it; the beam keeps ``width`` lines
apart, which wins deals whose winning line looks no better than the others for a long while.
Measured by a prototype on deals 0-49, before it joined the solver: a beam 50 wide judged by
:data:`.playout.JUDGES`' first three won 36 literal deals and 37 common ones within 1.7 CPU s
each, against the solver's 36 and 35 at one CPU second; six and six of them were deals the solver
had not won in a second, and two (17 and 23, literal) deals it had not won in 120.

A position is judged in one call of the compiled playout loop, every policy in turn
(:func:`.playout.judge`), which made the beam about twice as fast as a playout call a policy.

The search is a generator that yields after every position it judges, so the solver can stop it
when a budget runs out and resume it later, as it does the nested searches.

>>> from windmill_widget import QuiltGame
>>> from windmill_widget.games.crazy_quilt.search import SearchState
>>> beam = Beam(SearchState.from_game(QuiltGame(seed=2)), width=8)  # a deal the nested searches find hard
>>> beam.run(2_000_000), beam.nodes > 0
(True, True)
>>> g = QuiltGame(seed=2)
>>> from windmill_widget.games.crazy_quilt.search import concrete_move
>>> for m in beam.line:
...     _ = g.play(concrete_move(g, m))
>>> g.status
<Status.WON: 'won'>
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from ...games.crazy_quilt.search import SearchState
from .. import clock
from .playout import JUDGES, Policy, judge

__all__ = ["BEAM_POLICIES", "Beam", "warm_up"]

#: The policies a beam judges each position by (the best of their playouts counts): the portfolio's
#: first two and the safe digger. (In the prototype, 20 wide with all seven judges won 36 literal
#: and 33 common deals of 0-49, against 36 and 37 for 50 wide with these three, in about the same time.)
BEAM_POLICIES: tuple[Policy, ...] = JUDGES[:3]


def warm_up() -> None:
    """Load the compiled loop that judges a position (:func:`.playout.judge`) now: with numba, a
    fraction of a second in a new process and several the first time ever (it compiles then), which
    :func:`.clairvoyant.solve` does before its clock starts, so that no deal's budget is charged for
    it. After the first call it costs nothing."""
    if _warm:
        return
    from ...games.crazy_quilt import QuiltGame

    judge(SearchState.from_game(QuiltGame(seed=0)), BEAM_POLICIES)
    _warm.append(True)


_warm: list[bool] = []


class Beam:
    """A resumable beam search from ``state`` (which it owns and mutates), keeping ``width``
    positions a layer, judged by ``policies``."""

    def __init__(self, state: SearchState, width: int, policies: Sequence[Policy] = BEAM_POLICIES) -> None:
        if width < 1:
            raise ValueError(f"a beam is at least 1 wide, not {width!r}")
        if not policies:
            raise ValueError("a beam needs at least one playout policy to judge positions by")
        self.state = state
        self.width = width
        self.policies = tuple(policies)
        #: units of work: the playouts' moves, and one a position judged
        self.nodes = 0
        #: the winning line, once one is found
        self.line: list[int] | None = None
        #: whether the search has ended (won, or no layer left)
        self.done = False
        self._search: Generator[int, None, list[int] | None] = self._layers()

    def run(self, max_nodes: int, deadline: float | None = None) -> bool:
        """Search on for about ``max_nodes`` units (or until ``deadline``, a :func:`..clock.now`
        reading); ``True`` once a win is found (see :attr:`line`)."""
        used = 0
        while not self.done:
            try:
                n = next(self._search)
            except StopIteration as end:
                self.done = True
                self.line = end.value
                break
            self.nodes += n
            used += n
            if used >= max_nodes or (deadline is not None and clock.now() > deadline):
                break
        return self.line is not None

    def _layers(self) -> Generator[int, None, list[int] | None]:
        s = self.state
        root = s.snapshot()
        if s.is_won():
            return []
        layer: list[tuple[tuple[int, ...], list[int]]] = [(root, [])]
        seen = {s.key()}
        while layer:
            judged: list[tuple[int, tuple[int, ...], list[int]]] = []
            for snap, line in layer:
                s.restore(snap)
                for m in s.moves():
                    record = s.apply(m)
                    key = s.key()
                    if key not in seen:
                        seen.add(key)
                        value, ahead, units = judge(s, self.policies)
                        yield units
                        if ahead is not None:
                            s.restore(root)
                            return [*line, m, *ahead]
                        judged.append((value, s.snapshot(), [*line, m]))
                    s.undo(record)
            judged.sort(key=lambda j: j[0])  # stable: ties keep the order they were made in
            layer = [(snap, line) for _, snap, line in judged[: self.width]]
        s.restore(root)
        return None
