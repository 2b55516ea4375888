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

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...games.windmill import Move, PlayerView
from ...games.windmill.notation import CORNERS, SAILS, describe_pile
from ...games.windmill.search import (
    CORNER_TO_CORNER,
    DEAL,
    TO_CENTRE,
    SearchState,
    concrete_move,
)
from ..advice import Advice
from .evaluate import (
    DEFAULT_WEIGHTS,
    PART_NAMES,
    Weights,
    is_transfer,
    mirror,
    run_positions,
    safe_moves,
    score,
    score_parts,
    toward_progress,
    unseen_ranks,
)

#: Positions one move may examine (``Lookahead(max_positions=...)``): tuned to cost what the 0.08 s
#: time limit it replaces did (at most about 0.1 s a move on a shared 2-core machine under load).
MAX_POSITIONS = 6_000

_TIE = 1e-9  # expected values this close are equal (the same sums, added in another order)


@dataclass
class _Option:
    """The best position reached by plays alone after one first move (None: deal straight away)."""

    first: int | None
    value: float  #: expected score after the next deal (or the position's own score)
    now: float  #: the position's own score: breaks ties
    snap: tuple


@dataclass
class _Decision:
    move: Move
    chosen: _Option | None  #: None: a move between foundations chosen to avoid going round in circles
    options: dict[int | None, _Option]  #: the best option of each first move
    state: SearchState  #: the mirror of the view, at its root position
    unseen: list[int]


class Lookahead:
    """A configurable lookahead player (``lookahead`` is one with the default settings).

    ``chance``: weigh the next deal by the unseen cards (else just score the positions reached by
    plays). ``max_states``: how many positions the search of plays reaches at most (a quarter of
    that after each possible next card). ``max_positions``: how many positions one move may examine
    in all (one weighing of the next deal may overrun it, by at most 13 x (1 + max_states // 4));
    when they are spent, the positions still to weigh are scored as they stand. A count, not a time:
    the player makes the same moves on any machine, however busy.

    When dealing first promises as much after the next card as a play (the plays in view can often be
    made before or after it, to the same end), the player deals: it sees the next card before it
    commits, and a sail play made after the deal can take that card from the waste instead. (Breaking
    such ties the other way, for the position better now, won 160 of 500 deals against 181:
    ``benchmarks/tournament.py``, strict rules, deals 0-499.)

    >>> from windmill_widget import Game
    >>> game = Game(seed=1)
    >>> game.legal_moves()
    [Move('n1>c'), Move('w1>c'), Move('deal')]
    >>> Lookahead()(game.view())  # the waste is empty: deal first, see the card the 2 would bring
    Move('deal')
    >>> Lookahead(max_positions=1)(game.view())  # nothing weighed: the best position in view
    Move('n1>c')

    :meth:`advise` says why, from the same evaluation (the board's Hint shows it):

    >>> game.deal()
    Move('deal')
    >>> print(Lookahead().advise(game.view()).reason)  # doctest: +NORMALIZE_WHITESPACE
    Deal, though the 2♠ fits the centre. Playing it now would bring the 6♣ from the waste into sail
    n1; weighing what the next card may be, that would leave fewer different ranks in the sails (6.0
    against 6.4 on average after the next card).
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
        return self._decide(view).move

    def advise(self, view: PlayerView) -> Advice:
        """The move this player makes (what calling it returns) and why, in a sentence or three
        worked out from its own evaluation: what the move leads to, and when a card fits the centre
        but the player would rather not play it yet, what playing it would cost."""
        decision = self._decide(view)
        return Advice(decision.move, _Explainer(self, view, decision, self._after_deal).reason())

    def _decide(self, view: PlayerView) -> _Decision:
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
        best: _Option | None = None
        by_first: dict[int | None, _Option] = {}
        root = s.snapshot()
        w = self.weights
        for first, snap in options:
            if first is None and stock == 0:
                continue  # no deal left: the player has to move
            code = None if first is None else concrete_move(view, first).code
            if safe is not None and code is not None and code not in safe:
                continue
            s.restore(snap)
            now = score(s, w)
            # (A refill from the stock may have used up its last card on the way here.)
            if s.k < s.n and self.chance and examined < self.max_positions:
                v, n = self._after_deal(s, unseen)
                examined += n
            else:
                v = now
            if code is not None and first >= CORNER_TO_CORNER and is_transfer(view, code):
                v -= 1.0  # a move between foundations (transfers="any") must earn its place
            option = _Option(first, v, now, snap)
            if first not in by_first or v > by_first[first].value + _TIE:
                by_first[first] = option
            if best is None or v > best.value + _TIE:  # ties: the first (the deal comes first)
                best = option
        s.restore(root)
        if best is None and stock == 0:
            # Only moves between foundations that change nothing that matters (transfers="any").
            move = toward_progress(view) or safe_moves(view)[0]
            return _Decision(move, None, by_first, s, unseen)
        assert best is not None
        move = Move.deal() if best.first is None else concrete_move(view, best.first)
        return _Decision(move, best, by_first, s, unseen)

    def _after_deal(
        self, s: SearchState, unseen: list[int], parts: list[float] | None = None
    ) -> tuple[float, int]:
        """Expected best score after dealing one card from ``s`` (and playing on from there), and
        how many positions that examined. Cards already drawn unseen into a sail came from the same
        pool, so the odds stay those of ``unseen``. With ``parts`` (five zeros), also add up there
        the expected :class:`~.evaluate.Parts` of the best positions."""
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
            snap = best_snap = s.snapshot()
            children = _closure(s, self.max_states // 4, include_root=False)
            examined += 1 + len(children)
            for _, child in children:
                s.restore(child)
                v = score(s, self.weights)
                if v > best:
                    best, best_snap = v, child
            if parts is not None:
                s.restore(best_snap)
                for i, x in enumerate(score_parts(s, self.weights.depth_cap)):
                    parts[i] += n * x / pool
            s.restore(snap)
            s.undo(rec)
            s.R[k] = 0
            total += n * best
        return total / pool, examined


#: How the reasons name what :func:`~.evaluate.score` weighs, for the side that has less of it.
_PART_WORDS = {
    "placed": "fewer cards on the foundations",
    "centre": "fewer cards on the centre",
    "variety": "fewer different ranks in the sails",
    "ready": "fewer foundations with their next card at hand",
    "buried": "more of the cards the foundations soon want buried in the waste",
}


_SAILS = frozenset(SAILS)
_CORNERS = frozenset(CORNERS)


class _Explainer:
    """Puts a lookahead decision into words, from the numbers the player decided by."""

    def __init__(
        self, player: Lookahead, view: PlayerView, decision: _Decision, after_deal: Callable[..., Any]
    ) -> None:
        self.player, self.view, self.d, self.after_deal = player, view, decision, after_deal

    def reason(self) -> str:
        d, view = self.d, self.view
        if d.chosen is None:
            return "Only moves between foundations are left; this one leads towards a move that is not."
        plays = [m for m in view.legal_moves() if not m.is_deal]
        if not plays:
            return "Nothing in view can go to a foundation."
        centre = d.options.get(TO_CENTRE)  # seed 000's first tip: play to the centre whenever you can
        if d.chosen.first is None:
            return self._why_deal(centre)
        return self._why_play(centre)

    # -- a deal ------------------------------------------------------------------------------------
    def _why_deal(self, centre: _Option | None) -> str:
        d = self.d
        rivals = [o for f, o in d.options.items() if f is not None]
        if not rivals:  # the plays in view were ruled out as going round in circles (transfers="any")
            return (
                "The only plays in view move cards between foundations, and none of them leads anywhere new."
            )
        rival = centre or max(rivals, key=lambda o: (o.value, o.now))
        move = concrete_move(self.view, rival.first)
        card = self._card(move.src)
        where = "the centre" if centre else describe_pile(move.dst)
        fits = f"the {card} fits {where}" if centre else f"the {card} could go to {where}"
        if self.view.top("waste") is None and move.src in _SAILS:
            # A play from a sail would refill it from the stock, the very card a deal turns up.
            return (
                f"Deal first, though {fits}: the waste is empty, so playing it now would fill "
                f"{describe_pile(move.src)} with the stock's next card, unseen. A deal turns that card "
                f"up first, and the {card} stays playable in its sail (nothing covers a sail)."
            )
        if rival.value > d.chosen.value - _TIE:
            covered = " (the deal covers it for now)" if move.src == "waste" else ""
            return (
                f"Deal first, though {fits}{covered}: weighing what the next card may be, the player "
                "expects as much from dealing first as from playing it now, and on a tie it deals, to see "
                "that card before it commits."
            )
        return f"Deal, though {fits}. {self._cost(move, rival)}"

    # -- a play ------------------------------------------------------------------------------------
    def _why_play(self, centre: _Option | None) -> str:
        d, view = self.d, self.view
        move = d.move
        card = self._card(move.src)
        if move.dst == "c":
            first = f"The {card} fits the centre"
            first += (
                "; a corner is a store for the centre (seed 000's last tip)."
                if move.src in _CORNERS
                else ": play to the centre whenever you can (seed 000's first tip)."
            )
        else:
            first = f"Corner {move.dst} takes the {card}."
        sentences = [first]
        if move.src in _SAILS:
            sentences.append(f"{_sentence(self._refill())} takes its place in {describe_pile(move.src)}.")
        if centre is not None and d.chosen.first != TO_CENTRE:
            rival = concrete_move(view, TO_CENTRE)
            if TO_CENTRE in self._path:  # the best position in view has it there too
                why = "it can still go there after this move."
            else:
                why = self._cost(rival, centre)
                why = why[:1].lower() + why[1:]
            sentences.append(f"The {self._card(rival.src)} can wait for the centre: {why}")
        return " ".join(sentences)

    # -- what a rival move would cost ------------------------------------------------------------------
    def _cost(self, move: Move, rival: _Option) -> str:
        """Why the evaluation puts ``rival`` (whose first move is ``move``) below the chosen option: what
        the move would bring into a sail, and which of the weighed counts it would leave lower, on
        average over the next card."""
        mine, theirs = self._expected(self.d.chosen), self._expected(rival)
        w = self.player.weights
        gains = {
            name: weight * (a - b) * (-1 if name == "buried" else 1)
            for name, weight, a, b in zip(PART_NAMES, (w.placed, w.centre, w.variety, w.ready, w.buried),
                                          mine, theirs, strict=True)
        }  # fmt: skip
        name = max(gains, key=gains.__getitem__)
        i = PART_NAMES.index(name)
        brings = ""
        if move.src in _SAILS:
            brings = f"playing it now would bring {self._refill()} into {describe_pile(move.src)}; "
        after = "after the next card" if self.player.chance else "now"
        return _sentence(
            f"{brings}weighing what the next card may be, that would leave {_PART_WORDS[name]} "
            f"({theirs[i]:.1f} against {mine[i]:.1f} on average {after})."
        )

    def _expected(self, option: _Option) -> list[float]:
        s = self.d.state
        root = s.snapshot()
        s.restore(option.snap)
        if s.k < s.n and self.player.chance:
            parts = [0.0] * len(PART_NAMES)
            self.after_deal(s, self.d.unseen, parts)
        else:
            parts = [float(x) for x in score_parts(s, self.player.weights.depth_cap)]
        s.restore(root)
        return parts

    # -- naming things ---------------------------------------------------------------------------------
    def _card(self, pile: str) -> str:
        card = self.view.top(pile)
        return card.symbol if card is not None else "card"

    def _refill(self) -> str:
        top = self.view.top("waste")
        return f"the {top.symbol} from the waste" if top is not None else "the stock's next card (unseen)"

    @property
    def _path(self) -> list[int]:
        """The shortest series of plays from the root to the chosen position (breadth first)."""
        if not hasattr(self, "_path_cache"):
            self._path_cache = _path_to(self.d.state, self.d.chosen.snap, self.player.max_states)
        return self._path_cache


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _path_to(s: SearchState, target: tuple, cap: int) -> list[int]:
    """The shortest list of plays (no deals) that takes ``s`` to the position ``target`` (a snapshot);
    ``s`` is left as it was."""
    root = s.snapshot()
    if root == target:
        return []
    parents: dict[tuple, tuple[tuple, int]] = {root: (root, -1)}
    todo = deque([root])
    found = None
    while todo and found is None and len(parents) < 4 * cap:
        snap = todo.popleft()
        s.restore(snap)
        for m in s.moves():
            if m == DEAL:
                continue
            rec = s.apply(m)
            child = s.snapshot()
            s.undo(rec)
            if child not in parents:
                parents[child] = (snap, m)
                if child == target:
                    found = child
                    break
                todo.append(child)
    s.restore(root)
    path: list[int] = []
    node = found
    while node is not None and node != root:
        node, m = parents[node]
        path.append(m)
    return path[::-1]


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
