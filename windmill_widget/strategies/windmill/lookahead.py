"""The ``lookahead`` player: it searches every sequence of plays it can see, and weighs the next
deal by what the stock may still hold.

A player knows which cards are still in the stock (``view.unseen``), just not their order, so the
next card dealt is rank ``r`` with probability (unseen cards of rank ``r``) / (cards in the stock).
For each position reachable by plays alone (the sails, the waste's top and the corners' tops are
all visible), the player asks: if I deal now, what is the best I can then reach, on average over
the next card? It takes the first move towards the best such position (or deals, when dealing
straight away is best). Positions are scored by :func:`~windmill_widget.strategies.windmill.evaluate.score`.

No peeking: the search runs on Windmill's search model (a rank-only mirror) built with the stock hidden (every
stock card rank 0, "unknown"); the one card it ever reveals is the hypothetical next one.

Its effort per move is a count of positions (``max_positions``), never a time, so it plays the same
games on any machine, however busy: a tournament can be repeated exactly.

How it does (strict rules, deals 0-299, one process): 37.0% won (111), against ``tips``' 21.0% and
``greedy``'s 12.7% on the same deals; about 1 s a game, 5 ms a move on average and under 0.1 s at
worst (a shared 2-core machine under load). The 0.08 s time limit it had before won 36.7% (110) on
the same deals, at that load; deal by deal the two differ on 5 deals. With ``Rules.pysolfc()``
(deals 0-199): 57.5%, against 27.0% and 25.0%, at about 7 s a game.
"""

from __future__ import annotations

from ...games.windmill import Move, PlayerView
from ...games.windmill.search import CORNER_TO_CORNER, DEAL, SearchState, concrete_move
from .evaluate import (
    DEFAULT_WEIGHTS,
    Weights,
    is_transfer,
    mirror,
    run_positions,
    safe_moves,
    score,
    toward_progress,
    unseen_ranks,
)

#: Positions one move may examine (``Lookahead(max_positions=...)``): tuned to cost what the 0.08 s
#: time limit it replaces did (at most about 0.1 s a move on a shared 2-core machine under load).
MAX_POSITIONS = 6_000


class Lookahead:
    """A configurable lookahead player (``lookahead`` is one with the default settings).

    ``chance``: weigh the next deal by the unseen cards (else just score the positions reached by
    plays). ``max_states``: how many positions the search of plays reaches at most (a quarter of
    that after each possible next card). ``max_positions``: how many positions one move may examine
    in all (one weighing of the next deal may overrun it, by at most 13 x (1 + max_states // 4));
    when they are spent, the positions still to weigh are scored as they stand. A count, not a time:
    the player makes the same moves on any machine, however busy.

    >>> from windmill_widget import Game
    >>> game = Game(seed=1)
    >>> game.legal_moves()
    [Move('n1>c'), Move('w1>c'), Move('deal')]
    >>> Lookahead()(game.view())  # the next deal weighed: keep the sails' 2s in hand for now
    Move('deal')
    >>> Lookahead(max_positions=1)(game.view())  # nothing weighed: the best position in view
    Move('n1>c')
    """

    def __init__(
        self,
        weights: Weights = DEFAULT_WEIGHTS,
        *,
        chance: bool = True,
        max_states: int = 200,
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
            f"<{self.__name__}: chance={self.chance}, max_states={self.max_states}, "
            f"max_positions={self.max_positions}>"
        )

    def __call__(self, view: PlayerView) -> Move:
        s = mirror(view)
        unseen = unseen_ranks(view)
        stock = s.n - s.k
        seen: set[int] = set()
        safe: set[int] | None = None
        if view.rules.transfers == "any":
            # Never back to a position of this run of moves between foundations, never where no
            # progress can follow without one (see safe_moves): then no game goes round in circles.
            seen = run_positions(view, s)
            safe = {m.code for m in safe_moves(view)}
        options = _closure(s, self.max_states, seen=seen)  # [(first move, snapshot)], the root first
        examined = len(options)
        best_m, best_v = None, float("-inf")
        root = s.snapshot()
        for first, snap in options:
            if first is None and stock == 0:
                continue  # no deal left: the player has to move
            code = None if first is None else concrete_move(view, first).code
            if safe is not None and code is not None and code not in safe:
                continue
            s.restore(snap)
            # (A refill from the stock may have used up its last card on the way here.)
            if s.k < s.n and self.chance and examined < self.max_positions:
                v, n = self._after_deal(s, unseen)
                examined += n
            else:
                v = score(s, self.weights)
            if code is not None and first >= CORNER_TO_CORNER and is_transfer(view, code):
                v -= 1.0  # a move between foundations (transfers="any") must earn its place
            if v > best_v:
                best_m, best_v = first, v
        s.restore(root)
        if best_m is None and stock == 0:
            # Only moves between foundations that change nothing that matters (transfers="any").
            return toward_progress(view) or safe_moves(view)[0]
        m = DEAL if best_m is None else best_m
        return concrete_move(view, m)

    def _after_deal(self, s: SearchState, unseen: list[int]) -> tuple[float, int]:
        """Expected best score after dealing one card from ``s`` (and playing on from there), and
        how many positions that examined. Cards already drawn unseen into a sail came from the same
        pool, so the odds stay those of ``unseen``."""
        k = s.k
        total = 0.0
        examined = 0
        pool = sum(unseen)
        for r in range(1, 14):
            n = unseen[r]
            if not n:
                continue
            s.R[k] = r  # suppose the next card is an r
            rec = s.apply(DEAL)
            best = score(s, self.weights)
            snap = s.snapshot()
            children = _closure(s, self.max_states // 4, include_root=False)
            examined += 1 + len(children)
            for _, child in children:
                s.restore(child)
                v = score(s, self.weights)
                if v > best:
                    best = v
            s.restore(snap)
            s.undo(rec)
            s.R[k] = 0
            total += n * best
        return total / pool, examined


def _closure(
    s: SearchState, cap: int, *, include_root: bool = True, seen: set[int] | None = None
) -> list[tuple[int | None, tuple]]:
    """Every position reachable from ``s`` by plays (no deals), each with the first move leading to
    it (``None`` for ``s`` itself); at most ``cap`` of them, none through a position in ``seen``.
    ``s`` is left as it was."""
    out: list[tuple[int | None, tuple]] = []
    root = s.snapshot()
    seen = {s.key(), *(seen or ())}
    if include_root:
        out.append((None, root))
    todo = [(None, root)]
    while todo and len(out) < cap:
        first, snap = todo.pop()
        s.restore(snap)
        for m in s.moves():
            if m == DEAL:
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


#: The default lookahead player.
lookahead = Lookahead()
