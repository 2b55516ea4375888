"""How good a position looks to a player who cannot see the stock (the heuristic behind the
``lookahead`` player), and how players avoid going round in circles when cards may move between
foundations (:func:`safe_moves`, :func:`toward_progress`, :func:`can_progress`, used by every
built-in player).

Positions are read through Windmill's search model, a rank-only mirror
(:meth:`~windmill_widget.games.windmill.search.SearchState.from_view`) that holds every stock card
as rank 0, "unknown", so nothing here can peek. The score rewards what seed 000's advice rewards:

* cards on the foundations, the centre above all ("It takes 52 cards to fill it");
* variety in the sails ("as many different ranks as possible");
* the foundations' next ranks being at hand (on a sail or the waste's top);
* a shallow, harmless waste: a card the foundations will want soon, buried deep in the waste, is
  the commonest way to lose, so it costs in proportion to its depth.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import NamedTuple

from ...games.windmill import Move, PlayerView
from ...games.windmill.position import between_foundations
from ...games.windmill.search import (
    CENTRE_NEEDS,
    CENTRE_TO_CORNER,
    CORNER_FULL,
    CORNER_NEEDS,
    CORNER_TO_CENTRE,
    CORNER_TO_CORNER,
    DEAL,
    TO_CENTRE,
    TO_CORNER,
    SearchState,
    concrete_move,
)


@dataclass(frozen=True)
class Weights:
    """The heuristic's knobs (tuned with the lab on deals 10000-10999, strict rules)."""

    placed: float = 10.0  #: per card on any foundation
    centre: float = 3.0  #: extra per card on the centre
    variety: float = 2.0  #: per distinct rank among the sails
    ready: float = 3.0  #: per foundation whose next rank is on a sail or the waste top
    buried: float = 0.6  #: per (depth x urgency) of waste cards the foundations want soon
    depth_cap: int = 12  #: depth beyond which burying deeper makes no difference


DEFAULT_WEIGHTS = Weights()


def mirror(view: PlayerView) -> SearchState:
    """The rank-only mirror of what ``view`` shows (stock cards unknown)."""
    return SearchState.from_view(view)


def unseen_ranks(view: PlayerView) -> list[int]:
    """How many cards of each rank (index 1..13) are still in the stock: all a player may know of it."""
    counts = [0] * 14
    for card in view.unseen:
        counts[card.rank] += 1
    return counts


def urgency(s: SearchState) -> list[int]:
    """How soon each rank is wanted: 3 for the centre's next rank, 2 and 1 for the two after it,
    +1 for each corner's next rank."""
    want = [0] * 14
    c = s.centre
    if c and c < 52:
        for step, w in enumerate((3, 2, 1)):
            if c + step < 52:
                want[CENTRE_NEEDS[c + step]] += w
    for h in s.corner:
        if h < CORNER_FULL:
            want[CORNER_NEEDS[h]] += 1
    return want


class Parts(NamedTuple):
    """What :func:`score` weighs in a position (the lookahead player's reasons quote them)."""

    placed: int  #: cards on the foundations
    centre: int  #: cards on the centre
    variety: int  #: distinct ranks among the sails
    ready: int  #: foundations whose next rank is on a sail or the waste top
    buried: int  #: sum of depth x urgency over waste cards the foundations want soon


#: The names of :class:`Parts`, in order.
PART_NAMES: tuple[str, ...] = tuple(Parts.__annotations__)


def score_parts(s: SearchState, depth_cap: int = DEFAULT_WEIGHTS.depth_cap) -> Parts:
    """The counts :func:`score` weighs for ``s``."""
    cnt = s.cnt
    variety = sum(1 for r in range(1, 14) if cnt[r])
    want = urgency(s)
    ready = 0
    for r in range(1, 14):
        if want[r] and (cnt[r] or s.waste_top() == r):
            ready += 1
    buried = 0
    code = s.wcode >> 4  # the waste below its top, top first
    depth = 1
    while code:
        u = want[(code & 15) - 1]
        if u:
            buried += u * (depth if depth < depth_cap else depth_cap)
        code >>= 4
        depth += 1
    return Parts(s.centre + sum(s.corner), s.centre, variety, ready, buried)


def weigh(p: Parts | tuple[float, ...], w: Weights = DEFAULT_WEIGHTS) -> float:
    """The score of parts ``p`` (counts, or their averages) under weights ``w``."""
    placed, centre, variety, ready, buried = p
    return w.placed * placed + w.centre * centre + w.variety * variety + w.ready * ready - w.buried * buried


def score(s: SearchState, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The heuristic value of ``s`` (higher is better)."""
    if s.out == 0:
        return 1e9
    return weigh(score_parts(s, w.depth_cap), w)


# -- not going round in circles (transfers="any") ------------------------------------------------
# Every move except one between two foundations is progress that nothing undoes: a card leaves a
# sail or the waste for good, or the stock shrinks. So a position can only come back within a run
# of moves between foundations, and a player that never repeats a position of the current run,
# and never steps where it could not go on without repeating one, cannot loop.

#: How many positions a search of moves between foundations looks at before it assumes there is
#: a way on (the foundations allow far fewer in practice: a few dozen).
TRANSFER_SEARCH_CAP = 5_000


def is_transfer(view: PlayerView, code: int) -> bool:
    """Is engine move ``code`` one between two foundations that can be undone (``transfers="any"``)?
    Under the seeds' rules a corner card that goes to the centre never comes back, so under them no
    move counts as one.

    >>> from windmill_widget import Game, Move, Rules
    >>> view = Game(seed=1, rules=Rules.pysolfc()).view()
    >>> is_transfer(view, Move("nw", "c").code), is_transfer(view, Move("n1", "c").code)
    (True, False)
    """
    return view.rules.transfers == "any" and between_foundations(code)


def _compact_move(code: int) -> int:
    """The mirror's move for an engine move between foundations."""
    src, dst = code >> 4, code & 15
    if src == 0:
        return CENTRE_TO_CORNER + dst - 1
    if dst == 0:
        return CORNER_TO_CENTRE + src - 1
    return CORNER_TO_CORNER + 4 * (src - 1) + dst - 1


def _is_progress(m: int) -> bool:
    """Is mirror move ``m`` progress (under ``transfers="any"``: not between foundations)?"""
    return m in (DEAL, TO_CENTRE) or TO_CORNER <= m < CORNER_TO_CORNER


def _has_progress(s: SearchState) -> bool:
    return any(_is_progress(m) for m in s.moves())


def run_positions(view: PlayerView, s: SearchState | None = None) -> set[int]:
    """The positions (:meth:`SearchState.key`, so suits and which corner is which do not count) of the
    current run of moves between foundations, the present one included: rebuilt from
    ``view.history`` by taking those moves back on the mirror ``s`` (default: ``mirror(view)``),
    which is left as it was.

    >>> from windmill_widget import Game
    >>> len(run_positions(Game(seed=1).view()))
    1
    """
    s = mirror(view) if s is None else s
    seen = {s.key()}
    if view.rules.transfers != "any":
        return seen
    snap = s.snapshot()
    auto = view.rules.auto_kings
    history = view.history
    for i in range(len(history) - 1, max(len(history) - TRANSFER_SEARCH_CAP, 0) - 1, -1):
        code = history[i].code
        if not between_foundations(code):
            break  # progress: no earlier position can come back
        src, dst = code >> 4, code & 15
        if auto and dst and s.corner[dst - 1] == 1:
            break  # a King left a corner: automatic Kings may have refilled it, so stop here
        before = s.run - 1 if src and not dst else s.run  # a corner card to the centre counted one
        s.undo((_compact_move(code), -1, max(before, 0), None))
        seen.add(s.key())
    s.restore(snap)
    return seen


def _first_steps(s: SearchState, avoid: set[int]) -> dict[int, int]:
    """Breadth first over moves between foundations from ``s`` (not entering ``avoid``): each first
    move (mirror move) that starts a shortest way to a position with progress, with its length.
    ``s`` is left as it was."""
    root = s.snapshot()
    found: dict[int, int] = {}
    seen = set(avoid) | {s.key()}
    todo: deque[tuple[int, int, tuple]] = deque()
    for m in s.moves():
        if not _is_progress(m):
            rec = s.apply(m)
            key = s.key()
            if key not in seen:
                seen.add(key)
                todo.append((m, 1, s.snapshot()))
            s.undo(rec)
    best = None
    while todo and len(seen) < TRANSFER_SEARCH_CAP:
        first, depth, snap = todo.popleft()
        if best is not None and depth > best:
            break
        s.restore(snap)
        if _has_progress(s):
            best = depth
            found.setdefault(first, depth)
            continue
        for m in s.moves():
            rec = s.apply(m)
            key = s.key()
            if key not in seen:
                seen.add(key)
                todo.append((first, depth + 1, s.snapshot()))
            s.undo(rec)
    if todo and best is None:  # too many positions to search: assume there is a way on
        found = {m: 0 for m, _, _ in todo}
    s.restore(root)
    return found


def can_progress(view: PlayerView) -> bool:
    """Can this game still move on: a deal, a card from a sail or the waste to a foundation, now
    or after some moves between foundations? With ``transfers="any"`` a game can have legal moves
    (cards going back and forth between foundations) and still be over in all but name.

    >>> from windmill_widget import Game, Rules
    >>> can_progress(Game(seed=1).view())
    True
    >>> kings = Game.from_position(corners={"nw": ["KD"], "ne": ["KH"]}, sails={"n1": "5C"},
    ...                            rules=Rules.pysolfc())
    >>> kings.legal_moves()  # a King to an empty corner: nothing that matters changes
    [Move('nw>se'), Move('nw>sw'), Move('ne>se'), Move('ne>sw')]
    >>> can_progress(kings.view())
    False
    """
    return view.outcome is None  # the engine's rule (Game.status says "lost" exactly then)


def safe_moves(view: PlayerView) -> list[Move]:
    """The legal moves a player may make without going round in circles: all of them, except moves
    between foundations (``transfers="any"``) that return to a position of the current run, or
    that lead where no progress can follow without returning to one. A player that keeps to these
    finishes every game that can still progress. When none is left (nothing can progress: see
    :func:`can_progress`) it is all the legal moves; the game is over in all but name.

    >>> from windmill_widget import Game, Rules
    >>> game = Game.from_position(center=["AS", "2S"], corners={"nw": ["KD", "QD", "JD"],
    ...     "ne": ["KH", "QH"]}, sails={"n1": "3C"}, rules=Rules.pysolfc())
    >>> game.legal_moves()
    [Move('n1>c'), Move('nw>ne')]
    >>> safe_moves(game.view())  # the Jack onto the other Queen: the same position, corners swapped
    [Move('n1>c')]
    """
    moves = view.legal_moves()
    if view.rules.transfers != "any" or not any(is_transfer(view, m.code) for m in moves):
        return moves
    if view.outcome is not None:
        return moves  # nothing can progress: the game is over in all but name (the engine's rule)
    s = mirror(view)
    seen = run_positions(view, s)
    out = []
    for m in moves:
        if not is_transfer(view, m.code):
            out.append(m)
            continue
        rec = s.apply(_compact_move(m.code))
        if s.key() not in seen and (_has_progress(s) or _first_steps(s, seen)):
            out.append(m)
        s.undo(rec)
    if out:
        return out
    # Only moves between foundations, and none keeps clear of the run's positions (the run was not
    # played by these rules): the shortest way on, if any.
    steps = _first_steps(s, set())
    if steps:
        return [concrete_move(view, min(steps, key=steps.__getitem__))]
    return moves


def toward_progress(view: PlayerView) -> Move | None:
    """When nothing but moves between foundations is legal (``transfers="any"``): the first move of a
    shortest series of them, through positions new to this run, after which a card can leave a sail
    or the waste, or a deal be made. ``None`` if there is none (or progress is possible now).

    >>> from windmill_widget import Game, Rules
    >>> game = Game.from_position(center=["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"],
    ...     corners={"nw": ["KD", "QD", "JD", "TD", "9D"]}, sails={"n1": "7C"}, rules=Rules.pysolfc())
    >>> game.legal_moves()
    [Move('nw>c'), Move('c>nw')]
    >>> toward_progress(game.view())  # the centre's 8 onto the 9, and the corner takes the sail's 7
    Move('c>nw')
    """
    if view.rules.transfers != "any":
        return None
    s = mirror(view)
    if _has_progress(s):
        return None
    steps = _first_steps(s, set())
    if not steps:
        return None  # nothing can progress
    steps = _first_steps(s, run_positions(view, s)) or steps
    return concrete_move(view, min(steps, key=steps.__getitem__))
