"""Why a solver says a position is lost: its **certificate**, a value (not a bare string).

A :class:`~windmill_widget.solver.Solution` that says ``"lost"`` carries one: which sound argument
proved it (:class:`Proof`) and what it points at (the suit, for a suit relaxation). Every proof
is of the form "a relaxation of the game cannot be won" or "every reachable position was searched
and none wins", so a certificate is something a reader can check.

>>> c = Certificate(Proof.SUIT_RELAXATION, suit="S")
>>> c, str(c)
(Certificate(Proof.SUIT_RELAXATION, suit='S'), 'the suit relaxation (spades)')
>>> Certificate(Proof.EXHAUSTIVE).proof == "exhaustive"
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import SUIT_NAMES
from ..core.outcome import TextEnum

__all__ = ["Certificate", "Proof"]


class Proof(TextEnum):
    """The argument that proved a position lost (its text is the solver's ``method``)."""

    #: Every reachable position was searched (transpositions and positions refuted by the
    #: relaxations below cut off); none wins.
    EXHAUSTIVE = "exhaustive"
    #: Windmill's beam kept every layer whole, with nothing dropped: every line was followed.
    BEAM = "beam"
    #: Windmill's dig relaxation (the centre and corners' order over the stock and waste).
    DIG_RELAXATION = "relaxation"
    #: Crazy Quilt's last pass: some suit's waste cards cannot leave in an order two foundations take.
    WASTE_ORDER = "waste-order"
    #: Crazy Quilt: one suit, its quilt cards free, cannot be placed from the stock, waste and hand.
    SUIT_RELAXATION = "suit-relaxation"

    @property
    def words(self) -> str:
        """The argument in a few words."""
        return _WORDS[self]


_WORDS = {
    Proof.EXHAUSTIVE: "an exhaustive search",
    Proof.BEAM: "a beam search that kept every line",
    Proof.DIG_RELAXATION: "the dig relaxation",
    Proof.WASTE_ORDER: "the last pass's waste order",
    Proof.SUIT_RELAXATION: "the suit relaxation",
}


@dataclass(frozen=True)
class Certificate:
    """A proof of loss: the argument (``proof``) and, for a suit relaxation, the ``suit`` it found
    cannot be placed."""

    proof: Proof
    suit: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "proof", Proof(self.proof))
        if self.suit is not None and self.suit not in SUIT_NAMES:
            raise ValueError(f"suit must be one of S, H, D, C or None, not {self.suit!r:.20}.")

    def __str__(self) -> str:
        return self.proof.words + (f" ({SUIT_NAMES[self.suit]})" if self.suit else "")

    def __repr__(self) -> str:
        suit = f", suit={self.suit!r}" if self.suit else ""
        return f"Certificate(Proof.{self.proof.name}{suit})"
