"""A proof that a position is lost, suit by suit: the *suit relaxation*.

Relax the game in two ways only, and look at one suit at a time:

* **Quilt cards are free.** Every card of the suit still in the quilt may go to a foundation at
  any moment (in the real game it must first have a narrow edge free, or wait on the waste).
* **Other suits vanish.** Cards of other suits take no room on the waste and no turn of the stock
  (in the real game they bury this suit's cards, and in the literal reading a turn pushes the held
  card onto the waste).

What is left is exact: the suit's cards in the stock come up in the stock's order, one turn at a
time; the waste is a stack that only its top leaves (for a foundation); the held card (literal
reading) sits above the waste and is available beside the waste's top; a redeal turns the waste
over as the next stock; each card goes to the Ace's foundation, which builds up, or to the King's,
which builds down. Any winning line of the real game, with the other suits' moves left out and each
quilt card played straight to the foundation it reached, is a winning line of this small game. So
if the small game cannot be won for some suit, neither can the real one: its **certificate** is
that suit.

It is the last pass's waste order (:mod:`.bound`) extended to the stock and to the passes still to
come: it speaks while redeals are left, and on fresh deals too (rarely: the quilt's free cards
usually fill any gap; it bites when both copies of a suit's middle ranks lie in the stock, badly
ordered, with few passes left).

The small game is searched exhaustively (by the compiled search's loops: :func:`.kernel.small_game`),
with a table of positions known lost, after the moves that cannot hurt are made at once (a card
that only one foundation still needs goes up as soon as it is available; so does a quilt card whose
twin is in the quilt too). A held card is never put onto the waste by hand: holding it keeps every
option that move would give. On the last pass the small game's waste is cut by its own waste order
(:mod:`.bound`'s argument holds in it as in the real game). The exhaustive search checks the suits
each move changes, with one table of small games for the whole search; :func:`suit_relaxation_lost`
checks a single position (the solver's first check).

>>> from windmill_widget import QuiltGame, QuiltRules
>>> from windmill_widget.games.crazy_quilt.search import SearchState
>>> # Spades, one redeal: S- needs the 5, 4, 3, 2, A; the waste holds the 3, 5, 2, A (the A on
>>> # top) and the stock the 4. The second pass turns the 3, 5, 2, A, 4: the 5 goes, then the 4
>>> # comes up last, on the 3, 2 and A it must go before.
>>> game = QuiltGame.from_position(
...     foundations={"S+": [f"{r}S" for r in "A23456789TJQK"], "S-": [f"{r}S" for r in "KQJT9876"]},
...     waste=["3S", "5S", "2S", "AS"], stock=["4S"], rules=QuiltRules.common())
>>> suit_relaxation_lost(SearchState.from_game(game))  # the certificate, and the positions searched
('S', 6)
>>> suit_relaxation_lost(SearchState.from_game(QuiltGame(seed=7)))[0] is None
True
"""

from __future__ import annotations

from ...core.cards import SUITS  # a face is suit * 13 + rank - 1, the suits in this order
from ...games.crazy_quilt.search import SearchState
from .kernel import SUIT_BUDGET, Kernel


def suit_relaxation_lost(s: SearchState, budget: int = SUIT_BUDGET) -> tuple[str | None, int]:
    """The suit (``"S"``, ``"H"``, ``"D"`` or ``"C"``) whose small game (see the module docstring)
    cannot be won from ``s``, which proves ``s`` lost, or ``None`` when every suit's can, or its
    search ran out of ``budget`` positions; and the small games' positions searched (the check's
    units of work). ``s`` must show its stock (a player's mirror hides it: :class:`ValueError`)."""
    kernel = Kernel(s)
    suit = kernel.suit_lost(budget)
    return (None if suit is None else SUITS[suit]), kernel.work
