"""What one deal came to: :class:`GameRecord` for a player, :class:`SolveRecord` for the solver.

Records are small frozen values that travel back from worker processes. They compare equal when
the games were the same (the time taken is kept but not compared), so two runs of a tournament can
be checked for identical outcomes with ``==``.

>>> r = GameRecord(seed=7, outcome="lost", cards=40, moves=150)
>>> r.won, r.failed
(False, False)
>>> r == GameRecord(seed=7, outcome="lost", cards=40, moves=150, seconds=9.0)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.notation import Move

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.rules import Rules

#: The cards of a double deck: a won game has them all on the foundations.
ALL_CARDS = 104


@dataclass(frozen=True)
class GameRecord:
    """One deal played by one strategy.

    ``outcome`` is ``"won"``, ``"lost"`` (no legal move left; under ``transfers="any"`` also when
    only moves between foundations are left and none of them leads anywhere) or ``"failed"``: the
    strategy raised, returned something that is not a legal move, or ran past the move or time
    limit; ``error`` then says which, starting with a kind (``IllegalMove``, ``TimeLimit``, ``MoveLimit``,
    ``TypeError`` for a non-move, or the exception's class).
    """

    seed: int
    outcome: str
    cards: int  #: cards on the foundations at the end (104 when won)
    moves: int  #: moves played
    error: str | None = None
    seconds: float = field(default=0.0, compare=False)
    codes: bytes = field(default=b"", repr=False)  #: the moves played, one byte each (engine move codes)

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    @property
    def failed(self) -> bool:
        return self.outcome == "failed"

    @property
    def failure_kind(self) -> str | None:
        """The first word of :attr:`error` (``"IllegalMove"``, ``"TimeLimit"``...), or ``None``."""
        return self.error.split(":", 1)[0] if self.error else None

    @property
    def move_list(self) -> tuple[Move, ...]:
        """The moves played, as :class:`~windmill_widget.Move` values."""
        return tuple(Move._from_code(c) for c in self.codes)

    def game(self, rules: Rules | None = None) -> Game:
        """The deal replayed to where this game ended (show it, or step through it on the board).

        ``rules`` must be the rules the game was played under (the default is strict).
        """
        from ..engine.game import Game

        g = Game(seed=self.seed, rules=rules)
        for m in self.move_list:
            g.play(m)
        return g


@dataclass(frozen=True)
class SolveRecord:
    """One deal examined by the clairvoyant solver (which reads the stock order: no player can).

    ``result`` is ``"won"`` (``codes`` holds the winning line), ``"lost"`` (proved) or
    ``"unknown"`` (out of time or nodes; also when the solver raised, with ``error`` set).
    """

    seed: int
    result: str
    nodes: int = 0
    moves: int = 0  #: length of the winning line
    error: str | None = None
    seconds: float = field(default=0.0, compare=False)
    codes: bytes = field(default=b"", repr=False)

    @property
    def won(self) -> bool:
        return self.result == "won"

    @property
    def decided(self) -> bool:
        return self.result in ("won", "lost")

    @property
    def move_list(self) -> tuple[Move, ...]:
        return tuple(Move._from_code(c) for c in self.codes)
