"""The ``recall`` player: it remembers the waste it turned over, so after a redeal it knows the
stock's order and plays exactly.

A redeal turns the waste over as the new stock, the card turned first coming up first again. A
player who watched the waste before the redeal therefore knows the new stock's order, and every
later pass's follows from play: from the first redeal on, Crazy Quilt is a game of perfect
information. This player remembers the waste (and the held card) whenever a redeal is the next
thing to do; once the redeal is made, it asks the solver (:func:`windmill_widget.solver.solve`,
with the stock it remembers and nothing else) for a winning line and follows it. Until then,
before the first redeal (or with the rules' redeals at 0, all game), and when the solver finds no
win within its budget, it plays as ``before`` does (``tips`` by default).

No peeking: it reads only views. What it remembers is checked against each view (the stock's
count, and the cards still unseen, which a view shows, as a set), so a memory from another game
is never used. A board's Hint that is first asked after the redeal has nothing to remember and
plays as ``before``.

Its effort is a count of positions (``max_nodes`` per call of the solver), never a time.

>>> from windmill_widget import QuiltGame
>>> game = QuiltGame(seed=3)
>>> player = Recall()
>>> while game.status == "playing" and game.redeals_left:
...     _ = game.play(player(game.view()))
>>> player.knows(game.view())  # the redeal is made: the stock's order is known
True
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.cards import Card
from ...games.crazy_quilt import QuiltGame, QuiltMove, QuiltView
from ..advice import Advice
from .reasons import reason
from .tips import tips

#: Positions one call of the solver may search (about a second of one core in pure Python).
MAX_NODES = 200_000
#: The reason given for a move of the solver's line.
KNOWN = "Since the redeal the stock's order is known, and this move is on a winning line."
#: After a call that found no win, how many moves to play as ``before`` before asking again.
RETRY_AFTER = 12


class Recall:
    """A player that plays as ``before`` until a redeal, then exactly (see the module docstring).
    One object plays one game at a time (it keeps what it saw)."""

    def __init__(
        self,
        before: Callable[[QuiltView], QuiltMove] = tips,
        *,
        max_nodes: int = MAX_NODES,
        name: str = "recall",
    ) -> None:
        self.before = before
        self.max_nodes = max_nodes
        self.__name__ = name
        self._pending: tuple[int, list[int]] | None = None  # (redeals left, next stock: next first)
        self._order: list[int] | None = None  # the stock at the last redeal, next turned first
        self._line: list[QuiltMove] = []  # the winning line being followed
        self._line_at = -1  # the history's length where the line's first move is due
        self._retry_at = -1  # no solver call before the history reaches this length
        self.verdicts: list[str] = []

    def __repr__(self) -> str:
        return f"<player {self.__name__}>"

    def warm_up(self) -> None:
        """Load the compiled code this player runs (the solver it asks after the redeal, and what
        ``before`` loads, if it says) now, not on its first move: a board does this in the
        background when it opens (with numba, about a second in a new process; nothing to load
        without it)."""
        from ...solver.crazy_quilt.clairvoyant import warm_up  # imported when first needed

        warm_up()
        before = getattr(self.before, "warm_up", None)
        if callable(before):
            before()

    def knows(self, view: QuiltView) -> bool:
        """Does the player know the stock's order in ``view``?"""
        self._remember(view)
        return self._stock(view) is not None

    def __call__(self, view: QuiltView) -> QuiltMove:
        move = self._known(view)
        return move if move is not None else self.before(view)

    def advise(self, view: QuiltView) -> Advice:
        """The move with its reason: the solver's line once the stock's order is known, else what
        ``before`` advises (its reason, if it gives one)."""
        move = self._known(view)
        if move is not None:
            return Advice(move, KNOWN)
        before = getattr(self.before, "advise", None)
        if callable(before):
            return before(view)
        move = self.before(view)
        return Advice(move, reason(view, move))

    def _known(self, view: QuiltView) -> QuiltMove | None:
        """The move of a winning line from the remembered stock, if the order is known and the
        solver finds one."""
        self._remember(view)
        stock = self._stock(view)
        return None if stock is None else self._exact(view, stock)

    # -- memory ---------------------------------------------------------------------------------
    def _remember(self, view: QuiltView) -> None:
        left = view.redeals_left
        if self._pending is not None and self._pending[0] == left + 1:
            self._order, self._line, self._retry_at = self._pending[1], [], -1
        if view.stock_count == 0 and left:  # a redeal may come next: watch the waste
            hand = view.hand
            self._pending = (left, [c.id for c in view.pile("waste")] + ([hand.id] if hand else []))
        else:
            self._pending = None

    def _stock(self, view: QuiltView) -> list[int] | None:
        """The stock's cards, next turned first, if what was remembered fits ``view``."""
        if self._order is None:
            return None
        n = view.stock_count
        stock = self._order[len(self._order) - n :] if n else []
        if len(stock) != n or sorted(stock) != sorted(c.id for c in view.unseen):
            return None
        return stock

    # -- exact play -----------------------------------------------------------------------------
    def _exact(self, view: QuiltView, stock: list[int]) -> QuiltMove | None:
        at = len(view.history)
        if self._line and at == self._line_at:
            move = self._line[0]
            if view.explain(move) is None:
                self._line.pop(0)
                self._line_at += 1
                return move
        self._line = []
        if at < self._retry_at:
            return None
        from ...solver.crazy_quilt import solve  # imported when first needed

        sol = solve(self._game(view, stock), max_nodes=self.max_nodes)
        self.verdicts.append(str(sol.result))
        if sol.result != "won" or not sol.moves:
            self._retry_at = at + (RETRY_AFTER if sol.result == "unknown" else 1 << 30)
            return None
        self._line, self._line_at = list(sol.moves[1:]), at + 1
        return sol.moves[0]  # type: ignore[return-value]

    @staticmethod
    def _game(view: QuiltView, stock: list[int]) -> QuiltGame:
        """The game of ``view`` with the remembered ``stock`` (the engine's stock is top last)."""
        position = view.sample(0).position()  # type: ignore[attr-defined]
        position["stock"] = [Card.from_id(i) for i in reversed(stock)]
        return QuiltGame.from_position(**position)


#: The player with the default settings.
recall = Recall()
