"""When a game is as good as won: the board's "Finish for me".

A game is *sure* when nothing is left to chance or to skill: the stock is empty (no card is unseen), and
cards that go straight to the foundations, in some order, finish it. No card moves between two piles of
play, nothing is dealt or redealt: a player who sees the board sees the same win. The engine finds that
order (a small search: a card could sometimes go to more than one foundation), for any game of the kit.

>>> from windmill_widget import Game
>>> sure_finish(Game(seed=42)) is None  # the stock is full: nothing is sure yet
True
>>> game = Game.from_position(center=["AS", "2S"], corners={"nw": ["KD", "QD"]}, sails={"n1": "3C"})
>>> [str(m) for m in sure_finish(game)]
['n1>c']
"""

from __future__ import annotations

from .game import PatienceGame
from .moves import Move

#: Positions the search may visit before it says "not sure" (a sure finish is found in a few dozen).
MAX_POSITIONS = 5_000


def sure_finish(game: PatienceGame, *, max_positions: int = MAX_POSITIONS) -> tuple[Move, ...] | None:
    """The moves that win ``game`` for sure, every one a card going to a foundation, or None when the
    game is over, the stock still holds cards, or no such line is found within ``max_positions``."""
    if game.outcome is not None or game.pile("stock"):
        return None
    foundations = set(game.board_facts()["foundations"])
    probe = game.copy()
    seen: set[tuple] = set()
    line: list[Move] = []

    def search() -> bool:
        if probe.outcome is not None:
            return probe.outcome.won
        key = probe.signature()
        if key in seen or len(seen) >= max_positions:
            return False
        seen.add(key)
        for move in probe.legal_moves():
            if move.dst not in foundations or move.src in foundations:
                continue
            probe.play(move)
            line.append(move)
            if search():
                return True
            line.pop()
            probe.undo()
        return False

    return tuple(line) if search() else None
