"""What one deal came to: :class:`GameRecord` for a player, :class:`SolveRecord` for the solver.

Records are small frozen values that travel back from worker processes. They compare equal when
the games were the same (the time taken is kept but not compared), so two runs of a tournament can
be checked for identical outcomes with ``==``. Their outcomes are values (:class:`Result`,
:class:`Verdict`), which also compare equal to their names (``record.outcome == "won"``).

>>> r = GameRecord(seed=7, outcome="lost", cards=40, moves=150)
>>> r.won, r.failed, r.outcome
(False, False, <Result.LOST: 'lost'>)
>>> r == GameRecord(seed=7, outcome="lost", cards=40, moves=150, seconds=9.0)
True
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.outcome import TextEnum
from ..core.registry import find_game
from ..solver.verdict import Verdict

if TYPE_CHECKING:
    from ..core.game import PatienceGame
    from ..core.moves import Move


class Result(TextEnum):
    """How one player's game of a tournament ended."""

    WON = "won"
    LOST = "lost"
    #: The strategy raised, returned something that is not a legal move, or ran past a limit.
    FAILED = "failed"


def pack_codes(codes: Iterable[int]) -> bytes:
    """Move codes as two little-endian bytes each (compact to send back from a worker)."""
    a = array("H", codes)
    if sys.byteorder == "big":  # pragma: no cover - every supported machine is little-endian
        a.byteswap()
    return a.tobytes()


def unpack_codes(data: bytes) -> list[int]:
    a = array("H")
    a.frombytes(data)
    if sys.byteorder == "big":  # pragma: no cover
        a.byteswap()
    return a.tolist()


@dataclass(frozen=True)
class GameRecord:
    """One deal played by one strategy.

    ``outcome`` is :attr:`Result.WON`, :attr:`Result.LOST` (the game ended otherwise: no legal move
    left; under Windmill's ``transfers="any"`` also when only moves between foundations are left and
    none of them leads anywhere) or :attr:`Result.FAILED`: the strategy raised, returned something that
    is not a legal move, or ran past the move or time limit; ``error`` then says which, starting with
    a kind (``IllegalMove``, ``TimeLimit``, ``MoveLimit``, ``TypeError`` for a non-move, or the
    exception's class).
    """

    seed: int
    outcome: Result
    cards: int  #: cards on the foundations at the end (104 when won)
    moves: int  #: moves played
    error: str | None = None
    seconds: float = field(default=0.0, compare=False)
    codes: bytes = field(default=b"", repr=False)  #: the moves played (:func:`pack_codes` of their codes)
    game_name: str = "windmill"  #: the game played (its registry name)

    def __post_init__(self) -> None:
        object.__setattr__(self, "outcome", Result(self.outcome))

    @property
    def won(self) -> bool:
        """Whether the game was won."""
        return self.outcome is Result.WON

    @property
    def failed(self) -> bool:
        """Whether the strategy failed (raised, answered junk or ran out of time)."""
        return self.outcome is Result.FAILED

    @property
    def failure_kind(self) -> str | None:
        """The first word of :attr:`error` (``"IllegalMove"``, ``"TimeLimit"``...), or ``None``."""
        return self.error.split(":", 1)[0] if self.error else None

    @property
    def move_list(self) -> tuple[Move, ...]:
        """The moves played, as the game's move values."""
        from_code = find_game(self.game_name).move_type.from_code
        return tuple(from_code(c) for c in unpack_codes(self.codes))

    def game(self, rules: Any = None) -> PatienceGame:
        """The deal replayed to where this game ended (show it, or step through it on the board).

        ``rules`` must be the rules the game was played under (the default is the game's default).
        """
        g = find_game(self.game_name)(seed=self.seed, rules=rules)
        for m in self.move_list:
            g.play(m)
        return g


@dataclass(frozen=True)
class SolveRecord:
    """One deal examined by the clairvoyant solver (which reads the stock order: no player can).

    ``result`` is :attr:`Verdict.WON` (``codes`` holds the winning line), :attr:`Verdict.LOST`
    (proved) or :attr:`Verdict.UNKNOWN` (out of time or nodes; also when the solver raised, with
    ``error`` set).
    """

    seed: int
    result: Verdict
    nodes: int = 0
    moves: int = 0  #: length of the winning line
    error: str | None = None
    seconds: float = field(default=0.0, compare=False)
    codes: bytes = field(default=b"", repr=False)
    game_name: str = "windmill"

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", Verdict(self.result))

    @property
    def won(self) -> bool:
        """Whether the solver won the deal."""
        return self.result is Verdict.WON

    @property
    def decided(self) -> bool:
        """Whether the solver won the deal or proved it lost."""
        return self.result is not Verdict.UNKNOWN

    @property
    def move_list(self) -> tuple[Move, ...]:
        from_code = find_game(self.game_name).move_type.from_code
        return tuple(from_code(c) for c in unpack_codes(self.codes))
