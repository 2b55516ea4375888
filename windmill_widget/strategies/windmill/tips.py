"""The ``tips`` player: seed 000's strategy advice, each tip a rule of thumb with one step of judgement.

It looks only at the sails, the waste's top card, the foundations and the size of the stock.

1. "Play to the center foundation whenever you can." A card from a sail or the waste that the centre
   takes goes there first, always.
2. "Remember that you can move a card from the corner foundations to the center foundation ... But
   also remember that after doing that, the next card [to] the center cannot come from a corner!"
   A corner card goes to the centre only when the card the centre will want after it is at hand (on a
   sail or the waste's top), so the strict corner rule cannot stall the centre; otherwise it stays
   where it is, stored, until then (or until the stock is out). A corner card that moves to the centre
   is no progress in itself: the corner must take that rank again. Under rules without the corner
   rule (``Rules.relaxed()``, ``Rules.pysolfc()``) there is nothing to wait for, and it goes at once.
3. "Sometimes the corners are good places to store a card that you expect you'll soon want for the
   center." The waste's top card goes to a corner that takes it before anything else is dealt on it.
4. "When you move a card out of the sails, a card from the discard pile will replace it ... delay
   almost any such move until the replacement card will be to your advantage," and "Keep some
   variety in the sails." A sail card that a corner takes is played now only if the card that would
   replace it, the waste's top, is worth having in the sails: a rank the sails lack, one the centre
   wants within its next six cards, one a corner wants now or next, or a King with a corner empty.
   Otherwise the player deals and keeps the move for a better replacement. Of several such plays, a
   rank the sails hold twice goes first.
5. Deal when nothing else is worth doing; with the stock out, play whatever is left.

With ``transfers="any"`` (PySolFC's rules) it keeps to :func:`~.evaluate.safe_moves` and moves a card
between foundations (other than corner to centre, rule 2) only on the shortest way to a move that
makes progress (:func:`~.evaluate.toward_progress`), so it never goes round in circles.

How it does (strict rules, deals 0-1999, every player on the same deals, played one after another
in one process with the lab's ``play_game``): 21.8% won (436), against ``greedy``'s 19.2% (384).
Deal by deal, 176 are won by ``tips`` only and 124 by ``greedy`` only: exact McNemar p = 0.003. (The
thresholds were tuned on other deals, 10000-11999: 24.2% against 21.5% there.) Under the other
presets it is ahead too, though by too little to be sure on a few hundred deals: 27.3% against 25.0%
with ``Rules.relaxed()`` (deals 0-299), 27.0% against 25.0% with ``Rules.pysolfc()`` (deals 0-199).

Taken literally, three tips cost games (same deals):

* "Delay almost any such move": holding back plays to the centre too, until the replacement is
  worth it, wins 20.2%. A centre card kept back holds up every card after it, and dealing buries
  the waste's top; so tip 1 wins over tip 4, and only plays to corners wait.
* Judging a replacement only by how soon the foundations want it, without tip 2's variety, wins
  17.2%, worse than ``greedy``: a rank the sails lack is what keeps the sails playable.
* A corner card to the centre whenever it fits, whatever comes next, wins 20.8%: under the strict
  corner rule the centre then often waits for a card from the sails while the corner has lost one.

What one step at a time cannot see (the odds of the next deal, whole sequences of plays) is what
``lookahead`` adds.
"""

from __future__ import annotations

from ...games.windmill import Move, PlayerView
from ...games.windmill.search import (
    CENTRE_NEEDS,
    CORNER_FULL,
    CORNER_NEEDS,
    CORNER_TO_CENTRE,
    CORNER_TO_CORNER,
    CORNER_TOP,
    KING,
    TO_CENTRE,
    TO_CORNER,
    SearchState,
    concrete_move,
)
from ..advice import Advice
from .evaluate import _is_progress, mirror, safe_moves, toward_progress

#: A waste card the centre wants within this many cards after its next one is worth a sail (tip 4).
SOON = 5


def tips(view: PlayerView) -> Move:
    """Play as seed 000's strategy tips advise (see the module docstring).

    >>> from windmill_widget import Game
    >>> tips(Game(seed=8).view())
    Move('deal')
    >>> tips.advise(Game(seed=8).view()).reason
    'Nothing in view can go to a foundation.'
    """
    return _choose(view)[0]


#: What each rule of thumb says, for :func:`advise` (``{card}``: the card played, ``{top}``: the waste's).
_REASONS = {
    "centre": "Tip 1: play to the centre whenever you can.",
    "corner to centre": "Tip 2: a corner card goes to the centre once the card the centre wants after it "
    "is at hand.",
    "store": "Tip 3: the {card} is stored on a corner before a deal buries it.",
    "replace": "Tip 4: the {top} from the waste is worth a place in the sails, so the {card} may go.",
    "replace blind": "Tip 4: with the waste empty, the stock's next card takes the {card}'s place: it may "
    "be worth having.",
    "last": "The stock is used up: what is left to play.",
    "deal dull": "Nothing fits the centre, and the corner plays can wait (tip 4: the {top} that would "
    "replace the card played is not worth a place in the sails).",
    "deal hold": "A corner card fits the centre, but the card the centre wants after it is not at hand "
    "(tip 2: after a corner card, the next centre card must come from the sails or the waste).",
    "deal": "Nothing in view can go to a foundation.",
}


def advise(view: PlayerView) -> Advice:
    """The move :func:`tips` plays, with the tip behind it."""
    move, why = _choose(view)
    top = view.top("waste")
    card = None if move.is_deal else view.top(move.src)
    return Advice(move, _REASONS[why].format(card=card.symbol if card else "", top=top.symbol if top else ""))


tips.advise = advise  # type: ignore[attr-defined]


def _choose(view: PlayerView) -> tuple[Move, str]:
    """The move, and the key of the tip that chose it (see ``_REASONS``)."""
    s = mirror(view)
    moves = s.moves()
    if view.rules.transfers == "any":
        safe = {m.code for m in safe_moves(view)}
        moves = [m for m in moves if _is_progress(m) or concrete_move(view, m).code in safe]
    stock = s.n - s.k
    top = s.waste_top()
    if TO_CENTRE in moves:  # tip 1 (the engine takes the waste's card when it has the rank)
        return _move(view, TO_CENTRE), "centre"
    c = s.centre
    after = CENTRE_NEEDS[c + 1] if c and c + 1 < 52 else 0
    hold = stock and s.limit is not None  # tip 2 is about the corner rule: without it, no waiting
    for m in moves:  # tip 2: a corner card to the centre, if the next centre card is at hand
        if CORNER_TO_CENTRE <= m < TO_CORNER and (not hold or _at_hand(s, after, m - CORNER_TO_CENTRE)):
            return _move(view, m), "corner to centre"
    to_corner = [m for m in moves if TO_CORNER <= m < CORNER_TO_CORNER]
    for m in to_corner:  # tip 3: store the waste's top card on a corner before a deal buries it
        if CORNER_NEEDS[s.corner[m - TO_CORNER]] == top:
            return _move(view, m), "store"
    if to_corner and not (stock and _dull(s, top)):  # tip 4: a sail card, if its replacement is good
        cnt = s.cnt
        best = max(to_corner, key=lambda m: cnt[CORNER_NEEDS[s.corner[m - TO_CORNER]]])
        return _move(view, best), ("replace" if top else "replace blind") if stock else "last"
    if stock:
        if to_corner:
            return Move.deal(), "deal dull"
        held = any(CORNER_TO_CENTRE <= m < TO_CORNER for m in moves)
        return Move.deal(), "deal hold" if held else "deal"
    # Only moves between foundations are left (transfers="any"): towards one that is not, if any.
    return toward_progress(view) or safe_moves(view)[0], "last"


def _move(view: PlayerView, m: int) -> Move:
    return concrete_move(view, m)


def _at_hand(s: SearchState, r: int, leaving: int) -> bool:
    """Can the centre have rank ``r`` right after corner ``leaving``'s card: from a sail or the waste,
    or from another corner if the corner rule allows a second corner card in a row?"""
    if not r:
        return False
    if s.window_has(r):
        return True
    if s.limit is not None and s.run + 1 >= s.limit:
        return False
    return any(j != leaving and CORNER_TOP[h] == r for j, h in enumerate(s.corner))


def _dull(s: SearchState, x: int) -> bool:
    """Is the waste's top rank ``x`` a dull replacement for a sail card (tip 4)? Nothing the sails
    lack (tip 2), the centre will not want it within its next ``SOON + 1`` cards, no corner wants it
    now or next, and it is no King for an empty corner."""
    if not x or not s.cnt[x]:
        return False
    c = s.centre
    if any(CENTRE_NEEDS[c + i] == x for i in range(min(SOON + 1, 52 - c))):
        return False
    for h in s.corner:
        if h < CORNER_FULL and CORNER_NEEDS[h] in (x, x + 1):
            return False
    return not (x == KING and 0 in s.corner)
