"""The heuristic search of plays (:class:`Lookahead`; the board's Hint until issue 42, when the Hint
became ``sampling`` with a small solver budget, :data:`.sampling.lookahead`, which wins more deals): it
searches every sequence of plays it can see, and weighs the next turn by what the stock may still hold.

A player knows which cards are still in the stock (``view.unseen``), just not their order, so the
next card turned is a given card with probability (its unseen copies) / (cards in the stock). For
each position reachable by plays alone (the quilt's free cards, the card in hand, the waste's top
are all visible), the player asks: if I turn now, what is the best I can then reach, on average over
the next card? It takes the first move towards the best such position (or turns, when turning
straight away is best). Positions are scored by
:func:`~windmill_widget.strategies.crazy_quilt.evaluate.score`. Only the cards that could make a
difference are weighed one by one (a card a foundation takes, or one a free quilt card can be built
on); the others are weighed together, as an unknown card.

No peeking: the search runs on Crazy Quilt's search model built with the stock hidden; the one
card it ever reveals is the hypothetical next one. After a redeal a player who remembered the
waste would know the new stock's order; a view shows only which cards it holds, so this player
treats the order as unknown then too.

Its effort per move is a count of positions (``max_positions``), never a time, so it plays the same
games on any machine, however busy.
"""

from __future__ import annotations

from ...games.crazy_quilt import QuiltMove, QuiltView
from ...games.crazy_quilt.search import FOUNDATION0, REDEAL, TURN, UNKNOWN, SearchState, concrete_move
from ..advice import Advice
from .evaluate import DEFAULT_WEIGHTS, Weights, mirror, score, unseen_faces
from .reasons import reason

#: Positions one move may examine (``Lookahead(max_positions=...)``).
MAX_POSITIONS = 3_000


class Lookahead:
    """A configurable lookahead player (``lookahead`` is one with the default settings).

    ``chance``: weigh the next turn by the unseen cards (else just score the positions reached by
    plays). ``max_states``: how many positions the search of plays reaches at most (a quarter of that
    after each possible next card). ``max_positions``: how many positions one move may examine in all
    (one weighing of the next turn may overrun it); when they are spent, the positions still to weigh
    are scored as they stand. A count, not a time: the player makes the same moves on any machine.

    >>> from windmill_widget import QuiltGame
    >>> game = QuiltGame(seed=7)
    >>> Lookahead()(game.view())
    QuiltMove('a2>D+')
    >>> Lookahead().advise(game.view()).reason
    'It frees the 9♣ at a3.'
    """

    def __init__(
        self,
        weights: Weights = DEFAULT_WEIGHTS,
        *,
        chance: bool = True,
        max_states: int = 120,
        max_positions: int = MAX_POSITIONS,
        name: str = "lookahead",
    ) -> None:
        self.weights = weights
        self.chance = chance
        self.max_states = max_states
        self.max_positions = max_positions
        self.__name__ = name

    def __repr__(self) -> str:
        return (
            f"<{self.__name__} (Crazy Quilt): chance={self.chance}, max_states={self.max_states}, "
            f"max_positions={self.max_positions}>"
        )

    def __call__(self, view: QuiltView) -> QuiltMove:
        return concrete_move(view, self.choose(view))

    def advise(self, view: QuiltView) -> Advice:
        """The move :meth:`__call__` plays, with the reason for it in a sentence."""
        move = self(view)
        return Advice(move, reason(view, move))

    def choose(self, view: QuiltView) -> int:
        """The chosen move, as a code of the search model."""
        s = mirror(view)
        unseen = unseen_faces(view)
        options = closure(s, self.max_states)  # [(first move, snapshot)], the root first
        examined = len(options)
        root = s.snapshot()
        turn = next((m for m in s.moves() if m in (TURN, REDEAL)), None)
        best_m, best_v = None, float("-inf")
        for first, snap in options:
            if first is None and turn is None:
                continue  # the stock is done for: the player has to play
            s.restore(snap)
            if self.chance and examined < self.max_positions and (s.stock or s.redeals):
                v, n = self._after_turn(s, unseen)
                examined += n
            else:
                v = score(s, unseen, self.weights)
            if v > best_v:
                best_m, best_v = first, v
        s.restore(root)
        if best_m is None:
            return turn if turn is not None else s.moves()[0]
        return best_m

    def _after_turn(self, s: SearchState, unseen: list[int]) -> tuple[float, int]:
        """Expected best score after turning the next card from ``s`` (after a redeal first, when the
        stock is used up) and playing on from there, and how many positions that examined."""
        snap = s.snapshot()
        if not s.stock:
            if not (s.waste or s.hand):
                return score(s, unseen, self.weights), 1
            s.apply(REDEAL)
        pool = s.stock_left()
        useful = _useful_faces(s, unseen)
        examined = 0
        total = 0.0
        rest = pool
        top = s.stock & ~63
        for face in useful:
            n = unseen[face]
            rest -= n
            s.stock = top | (face + 1)  # suppose the next card is this one
            best, k = self._best_after(s, unseen)
            examined += k
            total += n * best
            s.stock = top | UNKNOWN
        if rest > 0:  # every other card, weighed together: one nothing can be done with
            best, k = self._best_after(s, unseen)
            examined += k
            total += rest * best
        s.restore(snap)
        return total / pool, examined

    def _best_after(self, s: SearchState, unseen: list[int]) -> tuple[float, int]:
        rec = s.apply(TURN)
        best = score(s, unseen, self.weights)
        children = closure(s, self.max_states // 4, include_root=False)
        for _, child in children:
            s.restore(child)
            v = score(s, unseen, self.weights)
            if v > best:
                best = v
        s.undo(rec)
        return best, 1 + len(children)


def _useful_faces(s: SearchState, unseen: list[int]) -> list[int]:
    """The unseen faces that could make a difference as the next card: one a foundation takes, or
    one a free quilt card could be built on."""
    out = {face for face, _ in s.wanted() if unseen[face]}
    free = s.free()
    faces = s.faces
    while free:
        low = free & -free
        free ^= low
        f = faces[low.bit_length() - 1]
        suit = f - f % 13
        for g in (suit + (f + 1) % 13, suit + (f - 1) % 13):
            if unseen[g]:
                out.add(g)
    return sorted(out)


def closure(s: SearchState, cap: int, *, include_root: bool = True) -> list[tuple[int | None, tuple]]:
    """Every position reachable from ``s`` by plays (no turn, no redeal), each with the first move
    leading to it (``None`` for ``s`` itself); at most ``cap`` of them. ``s`` is left as it was.
    Plays to a foundation are searched first."""
    out: list[tuple[int | None, tuple]] = []
    root = s.snapshot()
    seen = {s.key()}
    if include_root:
        out.append((None, root))
    todo: list[tuple[int | None, tuple]] = [(None, root)]
    while todo and len(out) < cap:
        first, snap = todo.pop()
        s.restore(snap)
        for m in sorted(s.moves(), key=_builds_last):
            if m in (TURN, REDEAL):
                continue
            rec = s.apply(m)
            key = s.key()
            if key not in seen:
                seen.add(key)
                item = (m if first is None else first, s.snapshot())
                out.append(item)
                todo.append(item)
            s.undo(rec)
    s.restore(root)
    return out


def _builds_last(m: int) -> bool:
    return not FOUNDATION0 <= m & 127 < FOUNDATION0 + 8


#: The heuristic search with its default settings (``strategies.crazy_quilt.Lookahead()``).
lookahead = Lookahead()
