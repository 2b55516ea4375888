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

from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Literal

from ...core.text import excerpt

TurnTo = Literal["hand", "waste"]
TURN_MODES = ("hand", "waste")
MAX_REDEALS = 3


@dataclass(frozen=True)
class QuiltRules:
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

    @classmethod
    def from_preset(cls, name: str) -> QuiltRules:
        if not isinstance(name, str) or name not in cls.PRESETS:
            raise ValueError(
                f"Unknown rules preset {excerpt(name)}; the presets are {', '.join(cls.PRESETS)}."
            )
        return getattr(cls, name)()

    @property
    def preset(self) -> str | None:
        for name in self.PRESETS:
            if getattr(QuiltRules, name)() == self:
                return name
        return None

    @property
    def held(self) -> bool:
        """Is a turned card held in hand (the literal reading)?"""
        return self.turn_to == "hand"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> QuiltRules:
        """Rebuild from :meth:`to_dict`'s output; unknown or missing keys are errors."""
        if not isinstance(data, dict):
            raise ValueError(f"QuiltRules must be an object with turn_to and redeals, not {excerpt(data)}.")
        expected = {"turn_to", "redeals"}
        if set(data) != expected:
            raise ValueError(
                f"QuiltRules must have exactly the keys {sorted(expected)}, got {excerpt(sorted(data))}."
            )
        return cls(**data)

    def __repr__(self) -> str:
        name = self.preset
        if name:
            return f"QuiltRules.{name}()"
        return f"QuiltRules(turn_to={self.turn_to!r}, redeals={self.redeals!r})"

    def describe(self) -> str:
        """One line a learner can read."""
        turn = "a turned card is held in hand" if self.held else "turned cards go straight onto the waste"
        redeals = {0: "no redeal", 1: "one redeal"}.get(self.redeals, f"{self.redeals} redeals")
        return f"{turn}; {redeals}"
