"""The simplest players: uniformly random, and greedy (centre first)."""

from __future__ import annotations

import random

from ..engine import Move, PlayerView


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
    or a card to a corner; deal only when nothing else can be played.

    >>> from windmill_widget import Game
    >>> greedy(Game(seed=1).view())
    Move('deal')
    """
    moves = view.legal_moves()
    best, best_score = moves[0], -1
    for m in moves:
        if m.is_deal:
            score = 0
        elif m.dst == "c":
            score = 4 if m.src in ("waste",) or m.src[0] in "nesw" and m.src[-1].isdigit() else 3
        elif m.src in ("c", "nw", "ne", "se", "sw"):
            score = 1  # moves between foundations (PySolFC's rules) only when nothing better
        else:
            score = 2
        if score > best_score:
            best, best_score = m, score
    return best
