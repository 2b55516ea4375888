"""How good a position looks to a player who cannot see the stock: the heuristic behind the
``tips`` and ``lookahead`` players.

Positions are read through the solver's rank-only mirror (:class:`~windmill_widget.solver.compact.
Compact`) built with the stock *hidden* (every stock card is rank 0, "unknown"), so nothing here can
peek. The score rewards what seed 000's advice rewards:

* cards on the foundations, the centre above all ("It takes 52 cards to fill it");
* variety in the sails ("as many different ranks as possible");
* the foundations' next ranks being at hand (on a sail or the waste's top);
* a shallow, harmless waste: a card the foundations will want soon, buried deep in the waste, is
  the commonest way to lose, so it costs in proportion to its depth.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.view import PlayerView
from ..solver.compact import CENTRE_NEEDS, CORNER_FULL, CORNER_NEEDS, Compact


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


def mirror(view: PlayerView) -> Compact:
    """The rank-only mirror of what ``view`` shows (stock cards unknown)."""
    return Compact.from_position(view._pos, hide_stock=True)


def undoes_last(view: PlayerView, code: int) -> bool:
    """Would engine move ``code`` put straight back the card the last move moved? (Only moves
    between foundations can, with ``transfers="any"``; players avoid it so as not to loop.)"""
    if not view.history:
        return False
    last = view.history[-1].code
    return code == ((last & 15) << 4 | last >> 4)


def unseen_ranks(view: PlayerView) -> list[int]:
    """How many cards of each rank (index 1..13) are still in the stock: all a player may know of it."""
    counts = [0] * 14
    for card in view.unseen:
        counts[card.rank] += 1
    return counts


def urgency(s: Compact) -> list[int]:
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


def score(s: Compact, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The heuristic value of ``s`` (higher is better)."""
    if s.out == 0:
        return 1e9
    placed = s.centre + sum(s.corner)
    cnt = s.cnt
    variety = sum(1 for r in range(1, 14) if cnt[r])
    want = urgency(s)
    ready = 0
    for r in range(1, 14):
        if want[r] and (cnt[r] or s.waste_top() == r):
            ready += 1
    buried = 0
    cap = w.depth_cap
    code = s.wcode >> 4  # the waste below its top, top first
    depth = 1
    while code:
        u = want[(code & 15) - 1]
        if u:
            buried += u * (depth if depth < cap else cap)
        code >>= 4
        depth += 1
    return w.placed * placed + w.centre * s.centre + w.variety * variety + w.ready * ready - w.buried * buried
