"""A cheap proof that a position is lost: the *dig relaxation*.

Relax the game in one way only: a card stays available once it has been available. (In the real
game a deal buries the waste's top card under the new one.) Keep the one constraint that makes
deals lose: the waste is a stack. Every play from the sails or the waste uncovers at most one
waste card and every deal covers one, so the card ``j`` places below the waste's top comes up only
once the plays made so far outnumber the deals by ``j + 1``; moves between foundations uncover
nothing. Everything the real game can do, the relaxed game can do too, so if the relaxed game
cannot put every card on the foundations, neither can the real one.

The relaxed game is small. Its state is the foundations (the centre's height, the corners'
heights, the corner run), how many cards have been dealt and how deep the waste has been dug;
the cards at hand follow from those. Three facts keep the search short:

* **Deeper is better.** Of two relaxed positions with the same foundations and stock, the one dug
  deeper has every card the other has, now and later; only the deepest is searched.
* **Deal only for a card you play at once.** Moving a play in front of a deal never hurts (the
  card was there already, and the play uncovers a waste card one deal sooner). So a run of deals
  ends with playing its last card, which the foundations need and which was not at hand: the
  search deals straight to the next such card of each needed rank.
* **Some moves go first.** Any win puts a card on the centre's next slot, and until then the
  corners only grow. With more of that rank at hand than corners that could still take one, only
  the moves to the centre are tried; likewise a play to a corner whose top can no longer go to
  the centre is tried alone when the other corners and the centre cannot take every card of that
  rank at hand (:func:`.dig_kernel._centre_first`, :func:`.dig_kernel._corner_first`; not under
  PySolFC's transfers, where a foundation can give the card back).

It bites when a deep waste has to be dug out while the stock still tempts you to deal: a stretch
of deals with nothing to play leaves a long stack that every later deal pushes further away.
"""

from __future__ import annotations

from ...games.windmill.search import SearchState
from . import dig_kernel


def relaxed_winnable(state: SearchState, budget: int = 400, deadline: float | None = None) -> bool | None:
    """``False`` if the position is provably lost by the relaxation, ``True`` if the relaxed game
    can be won, ``None`` if the relaxed search ran out of ``budget`` nodes or passed ``deadline`` (a
    :func:`.clock.now` reading) first (no conclusion).

    >>> from windmill_widget import Game
    >>> from windmill_widget.games.windmill.search import SearchState
    >>> relaxed_winnable(SearchState.from_game(Game(seed=1)))
    True
    """
    return dig_search(state, budget, deadline)[0]


def dig_search(
    state: SearchState,
    budget: int = 400,
    deadline: float | None = None,
    table: dig_kernel.SharedTable | None = None,
) -> tuple[bool | None, int]:
    """:func:`relaxed_winnable`'s verdict, and how many relaxed positions it searched. With a
    ``table`` (:class:`~.dig_kernel.SharedTable`, for positions of one deal only) the search
    starts from what earlier calls learnt and adds what it learns."""
    have, buried = hand_and_buried(state)
    verdict, nodes = dig_kernel.dig(
        state.R,
        state.n,
        have,
        buried,
        sorted(state.corner),
        state.centre,
        norm_run(state.run, state.limit),
        state.limit,
        state.any,
        state.out,
        state.k,
        budget,
        deadline,
        table,
        state.wcode >> 4,
    )
    return (None if verdict == dig_kernel.NO_CONCLUSION else verdict == dig_kernel.WON), nodes


def hand_and_buried(state: SearchState) -> tuple[list[int], list[int]]:
    """The relaxed game's start: how many cards of each rank are at hand (the sails and the
    waste's top), and the waste below its top, top first (``buried[t]`` comes up once plays
    outnumber deals by ``t + 1``)."""
    have = state.cnt
    w = state.wcode
    if w:
        have[(w & 15) - 1] += 1
    buried = []
    w >>= 4
    while w:
        buried.append((w & 15) - 1)
        w >>= 4
    return have, buried


def norm_run(run: int, limit: int | None) -> int:
    """The corner run as the relaxation counts it (no run without a limit, none past it)."""
    return 0 if limit is None else min(run, limit)
