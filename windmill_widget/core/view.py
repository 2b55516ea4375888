"""What a player may see of a game, and the strategy protocol built on it.

A strategy is any callable ``strategy(view) -> Move | str`` that returns one of
``view.legal_moves()``. The view is a snapshot: everything face up, the stock only as a count. It
holds no reference to the game and no stock order. (In-process Python cannot be sealed against a
determined peeker: see the lab's sealed tournaments for competitions.)

>>> from windmill_widget import Game
>>> v = Game(seed=1).view()
>>> v.stock_count, v.game
(95, 'windmill')
>>> v.pile("stock")
Traceback (most recent call last):
...
PermissionError: The stock is face down: a player sees only how many cards it holds (view.stock_count).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import Card
from .moves import Move
from .outcome import Outcome, Status, Termination
from .text import excerpt

if TYPE_CHECKING:
    from .game import PatienceGame
    from .position import Position

#: The strategy protocol: a player view in, one of its legal moves out.
Strategy = Callable[["PlayerView"], "Move | str"]


class PlayerView:
    """A read-only snapshot of a game from the player's chair. Each game subclasses it to add what
    its players look at (Windmill's sails, Crazy Quilt's available cards)."""

    #: The game this view is of (set by each game's package).
    game_type: ClassVar[type[PatienceGame]]

    __slots__ = ("_legal", "_pos", "_unseen", "history")

    def __init__(
        self, pos: Position, history: tuple[Move, ...] = (), legal_codes: list[int] | None = None
    ) -> None:
        self._unseen = tuple(sorted(pos.piles[pos.STOCK]))  # which cards are unseen is countable
        self._pos = pos.hidden()  # ... their order is not
        from_code = self.game_type.move_type.from_code
        self._legal: list[Move] | None = None if legal_codes is None else [from_code(c) for c in legal_codes]
        self.history = history

    @property
    def game(self) -> str:
        """The game's registry name (``"windmill"``, ``"crazy-quilt"``)."""
        return self.game_type.name

    @property
    def rules(self) -> Any:
        return self._pos.rules

    @property
    def stock_count(self) -> int:
        return len(self._pos.piles[self._pos.STOCK])

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            from_code = self.game_type.move_type.from_code
            self._legal = [from_code(c) for c in self._pos.legal_codes()]
        return list(self._legal)

    @property
    def outcome(self) -> Outcome | None:
        why = self._pos.termination([m.code for m in self.legal_moves()])
        return None if why is None else Outcome(why)

    @property
    def status(self) -> Status:
        why = self._pos.termination([m.code for m in self.legal_moves()])
        if why is None:
            return Status.PLAYING
        return Status.WON if why is Termination.WON else Status.LOST

    def explain(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal here, else the sentence saying why not (as ``Game.explain``)."""
        try:
            code = self.game_type.move_type.parse(move).code
        except ValueError as err:
            return str(err)
        why = self._pos.explain(code)
        return None if why is None else why[1]

    def _index(self, name: str) -> int:
        n = self.game_type.move_type.notation
        idx = n.index[n.pile_name(name)]
        if idx == self._pos.STOCK:
            raise PermissionError(
                "The stock is face down: a player sees only how many cards it holds (view.stock_count)."
            )
        return idx

    def pile(self, name: str) -> tuple[Card, ...]:
        """Any pile but the stock, bottom to top."""
        cards = Card._all
        return tuple(cards[i] for i in self._pos.piles[self._index(name)])

    def top(self, name: str) -> Card | None:
        pile = self._pos.piles[self._index(name)]
        return Card._all[pile[-1]] if pile else None

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards still in the stock, in card order (not dealing order)."""
        return tuple(Card._all[i] for i in self._unseen)

    def sample(self, rng: random.Random | int | None = None) -> PatienceGame:
        """A game with this position and the unseen cards shuffled into the stock at random: one
        guess at the hidden order, for players that look ahead by sampling ("determinizing")."""
        rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        stock = list(self._unseen)
        rng.shuffle(stock)
        pos = self._pos.copy()
        pos.piles[pos.STOCK] = stock
        g = self.game_type._blank()
        g._init(pos, origin=("position", pos.copy()))
        return g

    # -- travelling: a view as JSON, for a strategy in another process (sealed tournaments) -------
    def to_dict(self) -> dict[str, Any]:
        """Everything this view shows, as JSON values (the stock only as a count): what a sealed
        tournament sends a strategy's process, which rebuilds the view with :meth:`from_dict`."""
        stock = self._pos.STOCK
        return {
            "game": self.game,
            "rules": self.rules.to_dict(),
            "piles": [len(p) if i == stock else list(p) for i, p in enumerate(self._pos.piles)],
            "extras": self._pos.extras(),
            "unseen": list(self._unseen),
            "history": [str(m) for m in self.history],
            "legal": [str(m) for m in self.legal_moves()],
        }

    @staticmethod
    def from_dict(data: Any) -> PlayerView:
        """The view :meth:`to_dict` described, of the game it names; ValueError if it is not one."""
        from .registry import find_game

        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise ValueError(f"A player view is an object naming its game, not {excerpt(data)}.")
        try:
            game = find_game(data["game"])
        except KeyError as err:
            raise ValueError(err.args[0]) from None
        rules = game.rules_type.from_dict(data.get("rules"))
        piles, stock = data.get("piles"), game.position_type.STOCK
        if not isinstance(piles, list) or len(piles) != len(game.move_type.notation.piles):
            raise ValueError(f"A {game.title} view lists {len(game.move_type.notation.piles)} piles.")
        try:
            rebuilt = [[None] * int(p) if i == stock else [int(c) for c in p] for i, p in enumerate(piles)]
            extras = {str(k): int(v) for k, v in dict(data.get("extras") or {}).items()}
            unseen = tuple(int(c) for c in data.get("unseen", ()))
        except (TypeError, ValueError) as err:
            raise ValueError(f"This is not a player view: {excerpt(str(err), 80)}") from None
        view = object.__new__(game.view_type)
        view._pos = game.position_type.from_parts(rebuilt, rules, **extras)
        view._unseen = unseen
        view.history = tuple(game.move_type.parse(m) for m in data.get("history", ()))
        legal = data.get("legal")
        view._legal = None if legal is None else [game.move_type.parse(m) for m in legal]
        return view

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game} stock={self.stock_count} "
            f"legal={[str(m) for m in self.legal_moves()]}>"
        )
