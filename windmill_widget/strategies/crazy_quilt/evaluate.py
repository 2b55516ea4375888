"""How good a Crazy Quilt position looks to a player who cannot see the stock (the heuristic behind
the ``lookahead`` player), read through Crazy Quilt's search model
(:meth:`~windmill_widget.games.crazy_quilt.search.SearchState.from_view`), which holds every stock
card as unknown, so nothing here can peek.

The score rewards what seed 002 rewards: cards on the foundations, and the cards the foundations
take next being within reach. A card is within reach when it is free (in the quilt with a narrow
edge free, in hand, on top of the waste); a card in the quilt costs the number of cards that must
be taken away before it is free ("A prime object is to get into the tableau as quickly as
possible"); a card under others on the waste costs little while a redeal will bring it round again,
and a lot on the last pass, where only the cards above it going to the foundations can uncover it;
an unseen card costs the wait for the stock to bring it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...games.crazy_quilt import QuiltView
from ...games.crazy_quilt.search import SearchState, dig_levels


@dataclass(frozen=True)
class Weights:
    """The heuristic's knobs (tuned with the lab on deals 10000-10199, literal rules)."""

    placed: float = 10.0  #: per card on a foundation
    ready: float = 2.0  #: per foundation whose next card can be played now
    reach: float = 1.5  #: per card to take away (or wait for) before a foundation's next card is free
    cap: int = 6  #: the most a card out of reach costs
    buried: float = 1.0  #: per card above a wanted card on the waste, on the last pass
    waiting: float = 2.0  #: a wanted card on the waste (not its top) while a redeal will bring it back
    stock: float = 2.0  #: a wanted card that is still unseen in the stock (plus a little per stock card)
    last_waste: float = 0.3  #: per card on the waste on the last pass: each must come off the top


DEFAULT_WEIGHTS = Weights()


def mirror(view: QuiltView) -> SearchState:
    """The mirror of what ``view`` shows (stock cards unknown)."""
    return SearchState.from_view(view)


def unseen_faces(view: QuiltView) -> list[int]:
    """How many cards of each face (``suit * 13 + rank - 1``) are still in the stock: all a player
    may know of it."""
    counts = [0] * 52
    for card in view.unseen:
        counts[card.id % 52] += 1
    return counts


def waste_depths(s: SearchState) -> dict[int, int]:
    """Each face on the waste with the number of cards above its highest copy (0 for the top)."""
    out: dict[int, int] = {}
    code = s.waste
    depth = 0
    while code:
        out.setdefault((code & 63) - 1, depth)
        code >>= 6
        depth += 1
    return out


def reach(s: SearchState, face: int, levels: list[int], depths: dict[int, int], unseen: list[int],
          w: Weights = DEFAULT_WEIGHTS) -> float:  # fmt: skip
    """How far the nearest card of ``face`` is from being playable (0: it can be played now)."""
    if s.hand == face + 1:
        return 0.0
    best = float(w.cap)
    cells = s.cells[face] & s.mask
    if cells:
        for k, level in enumerate(levels):
            if level & cells:
                if k == 0:
                    return 0.0
                best = min(best, w.reach * k)
                break
    d = depths.get(face)
    if d is not None:
        if d == 0:
            return 0.0
        best = min(best, w.waiting if s.redeals else w.buried * d)
    if unseen[face]:
        best = min(best, w.stock + s.stock_left() / 16)
    return best


def score(s: SearchState, unseen: list[int], w: Weights = DEFAULT_WEIGHTS) -> float:
    """The heuristic value of ``s`` (higher is better)."""
    if s.out == 0:
        return 1e9
    levels = dig_levels(s.mask)
    depths = waste_depths(s)
    value = -w.placed * s.out
    for face, _ in s.wanted():
        cost = reach(s, face, levels, depths, unseen, w)
        value -= min(cost, w.cap)
        if not cost:
            value += w.ready
    if not s.redeals:
        value -= w.last_waste * s.waste_size()
    return value
