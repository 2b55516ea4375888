"""The simplest players: uniformly random, and greedy (centre first)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...games.windmill import Move, PlayerView
from ...games.windmill.notation import DEAL_CODE
from ..advice import Advice
from .evaluate import is_transfer, safe_moves, toward_progress


def random_strategy(seed: int | None = None) -> Callable[[PlayerView], Move]:
    """A player that picks uniformly among the legal moves, from its own seeded generator.

    With ``transfers="any"`` it picks among :func:`~.evaluate.safe_moves` instead, so that it cannot
    shuttle cards between foundations for ever: still random, but every game ends.

    >>> from windmill_widget import Game
    >>> pick = random_strategy(1)
    >>> pick(Game(seed=1).view()) in Game(seed=1).legal_moves()
    True
    """
    rng = random.Random(seed)

    def random_player(view: PlayerView) -> Move:
        return rng.choice(safe_moves(view))

    random_player.__name__ = random_player.__qualname__ = f"random_strategy({seed!r})"
    return random_player


def greedy(view: PlayerView) -> Move:
    """Centre first: play to the centre from a sail or the waste, then from a corner; else a King
    or a card to a corner; deal when nothing else can be played.

    With ``transfers="any"`` it keeps to :func:`~.evaluate.safe_moves` (no position of the game
    comes back), and moves a card between foundations only to raise the centre or, when nothing
    else is legal, on the shortest way to a move that is (:func:`~.evaluate.toward_progress`).

    >>> from windmill_widget import Game
    >>> greedy(Game(seed=1).view())
    Move('n1>c')
    >>> greedy.advise(Game(seed=1).view()).reason
    'Centre first: the 2♠ fits the centre.'
    """
    return _greedy(view)[0]


_GREEDY_REASONS = {
    4: "Centre first: the {card} fits the centre.",
    3: "Centre first: the {card} on a corner fits the centre, and no sail or waste card does.",
    2: "Nothing fits the centre; a corner takes the {card}.",
    0: "Nothing in view can go to a foundation.",
    -1: "Only moves between foundations are left; this one leads towards a move that is not.",
}


def _greedy_advise(view: PlayerView) -> Advice:
    """The move :func:`greedy` plays, and the rule of its that chose it."""
    move, rank = _greedy(view)
    card = None if move.is_deal else view.top(move.src)
    return Advice(move, _GREEDY_REASONS[rank].format(card=card.symbol if card else ""))


greedy.advise = _greedy_advise  # type: ignore[attr-defined]


def _greedy(view: PlayerView) -> tuple[Move, int]:
    """The move and its rank: 4 a sail or waste card to the centre, 3 a corner's, 2 to a corner, 0 a
    deal, -1 between foundations."""
    moves = safe_moves(view) if view.rules.transfers == "any" else view.legal_moves()
    best, best_score = moves[0], -9
    for m in moves:
        code = m.code
        src, dst = code >> 4, code & 15
        if code == DEAL_CODE:
            score = 0
        elif dst == 0:
            score = 3 if src <= 4 else 4  # from a corner (or the centre's own top) / a sail or the waste
        elif src <= 4:
            score = -1  # between foundations: only when nothing else is left
        else:
            score = 2
        if score > best_score:
            best, best_score = m, score
    if best_score < 0 and is_transfer(view, best.code):
        best = toward_progress(view) or best
    return best, max(best_score, -1)
