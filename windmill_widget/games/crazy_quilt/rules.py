"""Crazy Quilt's rule options, as a frozen value.

Seed 002 describes the game in full; two of its sentences can be read more than one way, and each
reading is an option (``docs/rules.md`` quotes the sentences):

``turn_to`` (default ``"hand"``)
    "Turn cards up from the hand one at a time, placing unplayable cards face up on a single
    wastepile. The top card of this pile, as well as the card in hand, is available for play on
    foundations." Read literally (``"hand"``), a turned card is *held*: it may go to a foundation
    while the waste's top card is available too, and it goes onto the waste when the next card is
    turned, or when the player puts it there (``hand>waste``). The public implementations
    (``"waste"``) turn each card straight onto the waste.

``redeals`` (default ``1``)
    "Redeal - One redeal is permitted." How many times the waste may be turned over as a new stock
    once the stock is empty: 0 to 3.

>>> QuiltRules()
QuiltRules.literal()
>>> QuiltRules.common().turn_to, QuiltRules(redeals=2)
('waste', QuiltRules(turn_to='hand', redeals=2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ...core.rules import PresetRules
from ...core.text import excerpt

TurnTo = Literal["hand", "waste"]
TURN_MODES = ("hand", "waste")
MAX_REDEALS = 3


@dataclass(frozen=True, repr=False)
class QuiltRules(PresetRules):
    """Which reading of seed 002 a Crazy Quilt game follows (see the module docstring)."""

    turn_to: TurnTo = "hand"
    redeals: int = 1

    #: The presets' names, each a classmethod below.
    PRESETS: ClassVar[tuple[str, ...]] = ("literal", "common")

    def __post_init__(self) -> None:
        if not isinstance(self.turn_to, str) or self.turn_to not in TURN_MODES:
            raise ValueError(f"turn_to must be one of {TURN_MODES}, not {excerpt(self.turn_to)}.")
        r = self.redeals
        if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r <= MAX_REDEALS:
            raise ValueError(f"redeals must be a whole number from 0 to {MAX_REDEALS}, not {excerpt(r)}.")

    @classmethod
    def literal(cls) -> QuiltRules:
        """Seed 002 as written: a turned card is held in hand; one redeal."""
        return cls()

    @classmethod
    def common(cls) -> QuiltRules:
        """As the public implementations play it: a turned card goes straight onto the waste; one redeal."""
        return cls(turn_to="waste")

    @property
    def held(self) -> bool:
        """Is a turned card held in hand (the literal reading)?"""
        return self.turn_to == "hand"

    def describe(self) -> str:
        """One line a learner can read."""
        turn = "a turned card is held in hand" if self.held else "turned cards go straight onto the waste"
        redeals = {0: "no redeal", 1: "one redeal"}.get(self.redeals, f"{self.redeals} redeals")
        return f"{turn}; {redeals}"
