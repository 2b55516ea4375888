"""What a clairvoyant solver found, for any game of the kit."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.moves import Move
from .certificate import Certificate, Proof
from .verdict import Verdict


@dataclass(frozen=True)
class Solution:
    """What the clairvoyant solver found.

    ``result`` is ``"won"`` (``moves`` is a winning line from the position solved, playable with
    :meth:`Game.play` and on the board), ``"lost"`` (proved: every reachable position was examined
    or ruled out by a sound argument; ``certificate`` names the argument) or ``"unknown"`` (the
    budget ran out first).
    """

    result: Verdict
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = field(default=0.0, compare=False)
    #: which part decided: "beam", "nested", "exhaustive", "relaxation" (Windmill's dig relaxation
    #: proved the position itself lost), "waste-order" (Crazy Quilt's last pass could not empty its
    #: waste), "suit-relaxation" (one suit of Crazy Quilt, its quilt cards free, could not be placed
    #: from the stock and waste: ``stats["suit"]`` names it), or "" when unknown
    method: str = ""
    stats: dict = field(default_factory=dict, compare=False, repr=False)
    #: the proof of a loss (``None`` unless ``result`` is lost): taken from ``method`` (and
    #: ``stats["suit"]``) when not given
    certificate: Certificate | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", Verdict(self.result))
        if self.result is not Verdict.LOST:
            if self.certificate is not None:
                raise ValueError(f"only a lost position has a certificate, not a {self.result} one")
        elif self.certificate is None and self.method in Proof._value2member_map_:
            object.__setattr__(self, "certificate", Certificate(Proof(self.method), self.stats.get("suit")))

    @property
    def won(self) -> bool:
        """Whether the solver found a winning line."""
        return self.result is Verdict.WON

    @property
    def decided(self) -> bool:
        """Whether it found a winning line or proved the position lost."""
        return self.result is not Verdict.UNKNOWN

    @property
    def nodes_per_second(self) -> float:
        """Positions searched per second."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def how(self) -> str:
        """What decided, in words: "beam search", "exhaustive search", "the dig relaxation"."""
        if self.method in Proof._value2member_map_ and self.method not in ("exhaustive", "beam"):
            return Proof(self.method).words
        return f"{self.method} search"

    def __repr__(self) -> str:
        line = f", {len(self.moves)} moves" if self.result == "won" else ""
        how = f" by {self.how}" if self.method else ""
        return f"<Solution {self.result}{line}{how}, {self.nodes} positions in {self.seconds:.3f}s>"
