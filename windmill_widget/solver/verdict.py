"""What a solver decided about a position: won, lost (proved), or unknown (out of budget)."""

from __future__ import annotations

from enum import Enum


class Verdict(str, Enum):
    """What the clairvoyant solver decided about a deal or position. A ``str`` enum, so
    ``solution.result == "won"`` reads naturally."""

    WON = "won"
    LOST = "lost"  #: proved: no sequence of moves wins it, even knowing the stock
    UNKNOWN = "unknown"  #: out of budget (or the solver raised)

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)
