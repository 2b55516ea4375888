"""How a game stands: :class:`Status` (playing, won, lost) and, once it is over, :class:`Outcome`
(which kind of ending, and a sentence for the player).

Both are values, so a front end or a tournament reads *why* a game ended instead of re-deriving it.
``Status`` is a ``str`` enum: ``game.status == "won"`` still reads naturally.

>>> Status.WON == "won", str(Status.LOST), f"{Status.PLAYING}"
(True, 'lost', 'playing')
>>> Outcome(Termination.NO_MOVES)
Outcome(Termination.NO_MOVES)
>>> Outcome(Termination.NO_MOVES).status, Outcome(Termination.WON).won
(<Status.LOST: 'lost'>, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class TextEnum(str, Enum):
    """An enum whose members are texts: they print as their text and equal it (``== "won"``)."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Status(TextEnum):
    """Where a game stands."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class Termination(Enum):
    """Why a game ended."""

    #: Every card is on a foundation.
    WON = "won"
    #: No legal move is left.
    NO_MOVES = "no-moves"
    #: Legal moves are left, but they only shuttle cards between foundations and none of them ever
    #: leads to anything else (Windmill with ``transfers="any"``).
    NO_PROGRESS = "no-progress"

    def __repr__(self) -> str:
        return f"Termination.{self.name}"


_SENTENCES = {
    Termination.WON: "Won: every card is on a foundation.",
    Termination.NO_MOVES: "Game over: no legal move is left.",
    Termination.NO_PROGRESS: (
        "Game over: only moves between foundations are left, and none of them leads anywhere."
    ),
}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``termination`` says why, :attr:`text` in a sentence."""

    termination: Termination

    @property
    def status(self) -> Status:
        """Won or lost, as a :class:`~windmill_widget.Status`."""
        return Status.WON if self.termination is Termination.WON else Status.LOST

    @property
    def won(self) -> bool:
        """Whether the game was won."""
        return self.termination is Termination.WON

    @property
    def text(self) -> str:
        """A sentence for the player, e.g. ``"Game over: no legal move is left."``."""
        return _SENTENCES[self.termination]

    def __repr__(self) -> str:
        return f"Outcome({self.termination!r})"
