"""The ``tips`` player: seed 002's one piece of advice for Crazy Quilt, as rules of thumb.

Seed 002: "A prime object is to get into the tableau as quickly as possible in order to get all
cards into play." The quilt's cards come into play only as their neighbours go, so the player digs:

1. A quilt card that fits a foundation and frees another card goes there first (the one that frees
   most, then the one whose freed cards the foundations want).
2. The card in hand and the waste's top go to a foundation that takes them (a turn would bury them).
3. Any other quilt card that fits a foundation goes there.
4. A quilt card goes onto the waste when that frees another card: "get into the tableau". One step
   of judgement: on the last pass (no redeal left) a card put on the waste stays under everything
   turned after it, so then it digs only to free a card a foundation takes now.
5. Otherwise turn the next card, or redeal; with the stock done for, whatever is left.
"""

from __future__ import annotations

from ...games.crazy_quilt import QuiltMove, QuiltView
from ...games.crazy_quilt.search import REDEAL, SHIFT, TURN, WASTE, SearchState, concrete_move
from .basic import from_quilt, to_foundation


def _freed(s: SearchState, code: int) -> int:
    """The cells (a bit mask) that move ``code`` frees."""
    return s.freed_by(code >> SHIFT) if from_quilt(code) else 0


def _wanted_cells(s: SearchState) -> int:
    """The quilt cells (a bit mask) holding a card a foundation takes now."""
    cells = 0
    for face, _ in s.wanted():
        cells |= s.cells[face]
    return cells & s.mask


def tips(view: QuiltView) -> QuiltMove:
    """Play as seed 002's advice suggests (see the module docstring).

    >>> from windmill_widget import QuiltGame
    >>> tips(QuiltGame(seed=7).view())  # the Q♠ frees two cards, one the Q♥ that H- takes next
    QuiltMove('a4>S-')
    """
    s = SearchState.from_view(view)
    moves = s.moves()
    wanted = _wanted_cells(s)

    def digging(code: int) -> tuple[int, int]:
        freed = _freed(s, code)
        return bin(freed).count("1"), bin(freed & wanted).count("1")

    placing = [m for m in moves if to_foundation(m)]
    opening = [m for m in placing if from_quilt(m) and _freed(s, m)]
    if opening:  # rule 1
        return concrete_move(view, max(opening, key=digging))
    for m in placing:  # rule 2, then rule 3
        if not from_quilt(m):
            return concrete_move(view, m)
    if placing:
        return concrete_move(view, placing[0])
    builds = [m for m in moves if from_quilt(m) and m & ((1 << SHIFT) - 1) == WASTE]
    if not s.redeals:  # rule 4's judgement: on the last pass, dig only towards a card wanted now
        builds = [m for m in builds if _freed(s, m) & wanted]
    builds = [m for m in builds if _freed(s, m)]
    if builds:
        return concrete_move(view, max(builds, key=lambda m: digging(m)[::-1]))
    for m in moves:  # rule 5
        if m in (TURN, REDEAL):
            return concrete_move(view, m)
    return concrete_move(view, moves[0])
