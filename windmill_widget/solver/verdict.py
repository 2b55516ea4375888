"""What a solver decided about a position: won, lost (proved), or unknown (out of budget)."""

from __future__ import annotations

from ..core.outcome import TextEnum


class Verdict(TextEnum):
    """What the clairvoyant solver decided about a deal or position. A ``str`` enum, so
    ``solution.result == "won"`` reads naturally."""

    WON = "won"
    LOST = "lost"  #: proved: no sequence of moves wins it, even knowing the stock
    UNKNOWN = "unknown"  #: out of budget (or the solver raised)
