"""A cheap proof that a position is lost: the *last pass's waste order*.

On the last pass (no redeal left) a card on the waste can leave it only from the top, and only for
a foundation: nothing takes a card off the waste otherwise, and nothing turns the waste over
again. Cards put on the waste later (turned, built, or from the hand) go on top and so change
nothing below them. So for a win the cards now on the waste must reach the foundations top card
first. Each card goes to one of its suit's two foundations: the Ace's, which builds **up**, or the
King's, which builds **down**. Read from the top down, the waste's cards of one suit must
therefore split into a sequence of rising ranks, all above the up-foundation's top card, and a
sequence of falling ranks, all below the down-foundation's top card (cards from elsewhere may come
in between; they do not change the order of these). If some suit's cards cannot be split so, the
position is lost, whatever the quilt, the hand and the stock hold.

The check looks at each suit separately (at most 24 cards, 14 x 14 pairs of foundation tops), so it
costs next to nothing. It bites on the commonest way to lose a game: a card buried on the last pass
under a card of its own suit that can only go after it.

>>> from windmill_widget import QuiltGame
>>> from windmill_widget.games.crazy_quilt.search import SearchState
>>> # Clubs: C+ needs the 9, C- the 2; the J and Q (top) could go up, but then the 2 under the A
>>> # can go nowhere: up only after the Q, down only before the A.
>>> lost = QuiltGame.from_position(foundations={"C+": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C"],
...     "C-": ["KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C"]},
...     waste=["9C", "2C", "AC", "QC", "JC"], redeals_used=1)
>>> waste_order_lost(SearchState.from_game(lost))
True
"""

from __future__ import annotations

from ...games.crazy_quilt.search import SearchState
from .kernel import Kernel


def waste_order_lost(s: SearchState) -> bool:
    """Is ``s`` provably lost by the last pass's waste order (see the module docstring)? Always
    ``False`` while a redeal is left. The check is the compiled search's (:mod:`.kernel`, which
    makes it as each waste is made); ``s`` must show its stock."""
    if s.redeals or not s.waste:
        return False
    return Kernel(s).waste_order_lost()
