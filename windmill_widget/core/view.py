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

import inspect
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import NUM_CARDS, Card
from .moves import Move
from .outcome import Outcome, Status, Termination
from .text import excerpt, full_stop, shorten

if TYPE_CHECKING:
    from .game import PatienceGame
    from .position import Position

_VIEW_FIELDS = {"game", "rules", "piles", "extras", "unseen", "history", "legal"}
#: A view's history is read move by move: more moves than any real game is junk.
MAX_VIEW_MOVES = 100_000

#: The strategy protocol: a player view in, one of its legal moves out.
Strategy = Callable[["PlayerView"], "Move | str"]


class PlayerView:
    """A read-only snapshot of a game from the player's chair. Each game subclasses it to add what
    its players look at (Windmill's sails, Crazy Quilt's available cards)."""

    #: The game this view is of (set by each game's package).
    game_type: ClassVar[type[PatienceGame]]

    __slots__ = ("_legal", "_pos", "_unseen", "history")

    def __init__(
        self, pos: Position, history: tuple[Move, ...] = (), legal_codes: Sequence[int] | None = None
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
        """The rules the game is played by (its game's rules value: :class:`~windmill_widget.Rules`...)."""
        return self._pos.rules

    @property
    def stock_count(self) -> int:
        """How many cards are in the stock (a player sees the count, never the order)."""
        return len(self._pos.piles[self._pos.STOCK])

    def legal_moves(self) -> list[Move]:
        """The moves that may be played now, in the notation's order: a strategy returns one of them."""
        if self._legal is None:
            from_code = self.game_type.move_type.from_code
            self._legal = [from_code(c) for c in self._pos.legal_codes()]
        return list(self._legal)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        why = self._pos.termination([m.code for m in self.legal_moves()])
        return None if why is None else Outcome(why)

    @property
    def status(self) -> Status:
        """Playing, won or lost."""
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
        """The top card of pile ``name`` (a name of the notation), or None if it is empty."""
        pile = self._pos.piles[self._index(name)]
        return Card._all[pile[-1]] if pile else None

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards still in the stock, in card order (not dealing order)."""
        return tuple(Card._all[i] for i in self._unseen)

    @property
    def unseen_ids(self) -> tuple[int, ...]:
        """The ids of the cards still in the stock (:attr:`unseen`'s), in id order."""
        return self._unseen

    @property
    def pile_ids(self) -> list[list[int | None]]:
        """Every pile's card ids by pile index, as ``Game.pile_ids`` gives them, but face down in the
        stock: each of its ids is ``None`` (:attr:`unseen_ids` says which cards it holds, not in
        which order). The view's own lists, not copies: read them only.

        >>> from windmill_widget import Game
        >>> v = Game(seed=1).view()
        >>> stock = v.pile_ids[v.game_type.position_type.STOCK]
        >>> len(stock), set(stock), len(v.unseen_ids)
        (95, {None}, 95)
        """
        return self._pos.piles  # type: ignore[return-value]

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
        """The view :meth:`to_dict` described, of the game it names; ValueError if it is not one.

        Everything is checked as a save file is: the position is staged through the game's own checks
        (with the unseen cards as its stock), the history must read as moves, and the legal moves, if
        given, must be the position's.
        """
        from .registry import find_game

        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise ValueError(f"A player view is an object naming its game, not {excerpt(data)}.")
        try:
            game = find_game(data["game"])
        except KeyError as err:
            raise ValueError(err.args[0]) from None
        if set(data) != _VIEW_FIELDS:
            got = excerpt(sorted(map(str, data)))
            raise ValueError(f"A player view has exactly the fields {sorted(_VIEW_FIELDS)}, not {got}.")
        rules = game.rules_type.from_dict(data["rules"])
        names, stock = game.move_type.notation.piles, game.position_type.STOCK
        piles, unseen, extras = data["piles"], data["unseen"], data["extras"]
        if not isinstance(piles, list) or len(piles) != len(names):
            raise ValueError(f"A {game.title} view lists its {len(names)} piles, not {excerpt(piles)}.")
        count = piles[stock]
        if type(count) is not int or not 0 <= count <= NUM_CARDS:
            raise ValueError(
                f"A view gives the stock as a count of cards 0..{NUM_CARDS}, not {excerpt(count)}."
            )
        if not isinstance(unseen, list) or len(unseen) != count:
            raise ValueError(
                f"A view's unseen cards are the {count} card ids of its stock, not {excerpt(unseen)}."
            )
        if any(type(c) is not int for c in unseen) or unseen != sorted(unseen):
            raise ValueError(f"A view lists its unseen cards by id in card order, not {excerpt(unseen)}.")
        wanted = [
            p.name for p in inspect.signature(game.position_type.from_parts).parameters.values()
            if p.kind is inspect.Parameter.KEYWORD_ONLY
        ]  # fmt: skip
        if not isinstance(extras, dict) or sorted(extras) != sorted(wanted):
            raise ValueError(f"A {game.title} view's extras are {wanted}, not {excerpt(extras)}.")
        position = {name: unseen if i == stock else piles[i] for i, name in enumerate(names)}
        try:  # the game's own checks, as for a staged position in a save file
            staged = game._from_position_doc({"position": position, **extras}, rules)
        except (TypeError, ValueError) as err:
            raise ValueError(
                f"This player view shows an impossible position: {full_stop(shorten(str(err)))}"
            ) from None
        history, legal = data["history"], data["legal"]
        for what, moves in (("history", history), ("legal moves", legal)):
            if not isinstance(moves, list) or len(moves) > MAX_VIEW_MOVES:
                raise ValueError(f"A view's {what} is a list of moves in notation, not {excerpt(moves)}.")
        view = game.view_type(staged._pos, tuple(game.move_type.parse(m) for m in history))
        if [game.move_type.parse(m) for m in legal] != view.legal_moves():
            raise ValueError("This player view's legal moves are not those of its position.")
        return view

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game} stock={self.stock_count} "
            f"legal={[str(m) for m in self.legal_moves()]}>"
        )
