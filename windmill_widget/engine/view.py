"""What a player may see of a game, and the strategy protocol built on it.

A strategy is any callable ``strategy(view) -> Move | str`` that returns one of
``view.legal_moves()``. The view is a snapshot: everything face up, the stock only as a count.
It holds no reference to the game and no stock order, so a strategy cannot peek.

>>> from windmill_widget import Game
>>> v = Game(seed=1).view()
>>> v.stock_count
95
>>> v.pile("stock")
Traceback (most recent call last):
...
PermissionError: The stock is face down: a player sees only how many cards it holds (view.stock_count).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from .cards import Card
from .notation import CORNERS, PILE_INDEX, SAILS, Move, S, pile_name
from .position import Position, explain

if TYPE_CHECKING:
    from .game import Game

#: The strategy protocol: a player view in, one of its legal moves out.
Strategy = Callable[["PlayerView"], "Move | str"]


class PlayerView:
    """A read-only snapshot of a game from the player's chair."""

    __slots__ = ("_legal", "_pos", "_unseen", "history")

    def __init__(self, pos: Position, history: tuple[Move, ...] = ()) -> None:
        piles = [list(p) for p in pos.piles]
        self._unseen = tuple(sorted(piles[S]))  # which cards are unseen is countable; their order is not
        piles[S] = [None] * len(piles[S])  # type: ignore[list-item]
        self._pos = Position(piles, pos.rules, pos.corner_run)
        self._legal: list[Move] | None = None
        self.history = history

    @property
    def rules(self):
        return self._pos.rules

    @property
    def stock_count(self) -> int:
        return len(self._pos.piles[S])

    @property
    def corner_run(self) -> int:
        return self._pos.corner_run

    @property
    def status(self) -> str:
        if self._pos.is_won():
            return "won"
        return "lost" if self._pos.is_over([m.code for m in self.legal_moves()]) else "playing"

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = [Move._from_code(c) for c in self._pos.legal_codes()]
        return list(self._legal)

    def explain(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal here, else the sentence saying why not (as ``Game.explain``)."""
        try:
            code = Move.parse(move).code
        except ValueError as err:
            return str(err)
        why = explain(self._pos, code)
        return None if why is None else why[1]

    def pile(self, name: str) -> tuple[Card, ...]:
        """Any pile but the stock, bottom -> top."""
        idx = PILE_INDEX[pile_name(name)]
        if idx == S:
            raise PermissionError(
                "The stock is face down: a player sees only how many cards it holds (view.stock_count)."
            )
        return tuple(Card._all[i] for i in self._pos.piles[idx])

    def top(self, name: str) -> Card | None:
        pile = self.pile(name)
        return pile[-1] if pile else None

    @property
    def sails(self) -> dict[str, Card | None]:
        return {n: self.top(n) for n in SAILS}

    @property
    def corners(self) -> dict[str, tuple[Card, ...]]:
        return {n: self.pile(n) for n in CORNERS}

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards still in the stock, in card order (not dealing order)."""
        return tuple(Card._all[i] for i in self._unseen)

    def sample(self, rng: random.Random | int | None = None) -> Game:
        """A game with this position and the unseen cards shuffled into the stock at random: one
        guess at the hidden order, for players that look ahead by sampling ("determinizing")."""
        from .game import Game

        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        stock = list(self._unseen)
        rng.shuffle(stock)
        piles = [list(p) for p in self._pos.piles]
        piles[S] = stock
        g = Game._blank()
        g._init(
            Position(piles, self.rules, self.corner_run),
            origin=("position", tuple(tuple(p) for p in piles), self.corner_run),
        )
        return g

    def __repr__(self) -> str:
        return (
            f"<PlayerView centre={len(self._pos.piles[0])}/52 stock={self.stock_count} "
            f"legal={[str(m) for m in self.legal_moves()]}>"
        )
