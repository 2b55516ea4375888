"""The simplest players: uniformly random, and greedy (centre first)."""

from __future__ import annotations

import random

from ..engine import Move, PlayerView
from ..engine.notation import DEAL_CODE


def random_strategy(seed: int | None = None):
    """A player that picks uniformly among the legal moves, from its own seeded generator.

    >>> from windmill_widget import Game
    >>> pick = random_strategy(1)
    >>> pick(Game(seed=1).view()) in Game(seed=1).legal_moves()
    True
    """
    rng = random.Random(seed)

    def random_player(view: PlayerView) -> Move:
        return rng.choice(view.legal_moves())

    random_player.__name__ = random_player.__qualname__ = f"random_strategy({seed!r})"
    return random_player


def greedy(view: PlayerView) -> Move:
    """Centre first: play to the centre from a sail or the waste, then from a corner; else a King
    or a card to a corner; deal when nothing else can be played. Moves between foundations
    (``transfers="any"``) only when not even a deal is left, and never straight back.

    >>> from windmill_widget import Game
    >>> greedy(Game(seed=1).view())
    Move('n1>c')
    """
    moves = view.legal_moves()
    last = view.history[-1].code if view.history else -1
    best, best_score = moves[0], -9
    for m in moves:
        code = m.code
        src, dst = code >> 4, code & 15
        if code == DEAL_CODE:
            score = 0
        elif dst == 0:
            score = 3 if src <= 4 else 4  # from a corner / from a sail or the waste
        elif src <= 4:
            # Between foundations: pointless unless nothing else is left; never undo the last move.
            score = -2 if code == (last & 15) << 4 | last >> 4 else -1
        else:
            score = 2
        if score > best_score:
            best, best_score = m, score
    return best
