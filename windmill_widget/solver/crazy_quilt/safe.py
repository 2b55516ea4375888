"""Safe moves: plays to a foundation that lose nothing, so a search may play them and try nothing
else there (as Solvitaire's automatic foundation moves do).

A card ``X`` (rank ``r``, suit ``s``) that its suit's up-foundation takes now, when the
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
brute force on staged positions of both readings and 0-3 redeals, including the king-and-ace
chains that make the exclusions necessary.

>>> from windmill_widget import QuiltGame, QuiltRules
>>> from windmill_widget.games.crazy_quilt.search import SearchState, concrete_move
>>> game = QuiltGame.from_position(  # spades: up to the 7, down to the 6; the 8 is free
...     foundations={"S+": ["AS", "2S", "3S", "4S", "5S", "6S", "7S"],
...                  "S-": ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]},
...     quilt={"a1": "8S", "a2": "5S"}, rules=QuiltRules(redeals=0))
>>> str(concrete_move(None, safe_move(SearchState.from_game(game))))
'a1>S+'
"""

from __future__ import annotations

from functools import lru_cache

from ...games.crazy_quilt.search import FOUNDATION0, HAND, SHIFT, WASTE, SearchState, free_cells
from .bound import suit_tops

__all__ = ["safe_move"]


def safe_move(s: SearchState) -> int | None:
    """A move of ``s`` that loses nothing (see the module's text), or ``None``."""
    candidates = _candidates(s.fcode)
    if not candidates:  # the common case early in a deal: no suit's foundations have met
        return None
    free = -1  # computed when first needed
    mask = s.mask
    for suit, face, dst, other in candidates:
        if other >= 0:  # a king going up, an ace going down: only once the other is off the quilt
            if s.cells[other] & mask:
                continue
        elif s.redeals and s.cells[suit * 13] & mask and s.cells[suit * 13 + 12] & mask:
            continue  # a king-and-ace chain through the waste could need the card (module text)
        if s.hand == face + 1:
            return HAND << SHIFT | dst
        if (s.waste & 63) == face + 1:
            return WASTE << SHIFT | dst
        cells = s.cells[face] & s.mask
        if cells:
            if free < 0:
                free = free_cells(s.mask)
            cells &= free
            if cells:
                return (cells & -cells).bit_length() - 1 << SHIFT | dst
    return None


@lru_cache(maxsize=1 << 16)
def _candidates(fcode: int) -> tuple[tuple[int, int, int, int], ...]:
    """The cards that would be safe to play, where they are available, for the foundations'
    heights ``fcode`` (as :attr:`SearchState.fcode`): ``(suit, face, foundation pile, other)``,
    where ``other`` is the face that must be off the quilt (the suit's ace for its king going up,
    its king for its ace going down; -1 for the other cards)."""
    out = []
    for suit in range(4):
        up, down = suit_tops(fcode, suit)
        # Up: the rank above up's top, with an equal rank on the down-foundation (down <= r; always
        # so for the king, the down-foundation's base); down: the rank below down's top, with an
        # equal rank on the up-foundation (always so for the ace).
        r = up + 1
        if r <= 13 and down <= r:
            out.append((suit, suit * 13 + r - 1, FOUNDATION0 + suit, suit * 13 if r == 13 else -1))
        r = down - 1
        if r >= 1 and r <= up:
            out.append((suit, suit * 13 + r - 1, FOUNDATION0 + suit + 4, suit * 13 + 12 if r == 1 else -1))
    return tuple(out)
