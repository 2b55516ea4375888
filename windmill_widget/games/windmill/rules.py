"""Rule options, as a frozen value.

The three rule texts the project follows (``shared/seeds/``) agree on the layout and on
how the foundations build; they differ in three places, and each difference is an option:

``auto_kings`` (default ``False``)
    Seed 000 puts no King anywhere by itself: "Four more foundations, placed in the corners
    between the sails, start out empty", and the player moves a King there. Seed 001 says
    "As the first four Kings turn up, place them in the corners of the windmill", and seed 002
    "The first four kings of any suits that become available are to be moved into the spaces
    between the arms of the cross". With ``True``, whenever a King is available (a sail or the
    top of the waste) and a corner is empty, the King moves there by itself as part of the
    move that exposed it, and at the start of the game: sails before the waste, sails in the
    order n1 n2 e1 e2 s1 s2 w1 w2, corners in the order nw ne se sw.

``corner_streak`` (default ``1``)
    Seed 000: "The top card of a corner foundation may be transferred to the center
    foundation, but after doing this the next card played to the center must come from the
    sails or the discard pile." Seed 001: "Following the strictest rules, a player cannot play
    more than one card in a row from a King foundation, but the game is more enjoyable if that
    is allowed." The number is how many corner cards may go to the centre in a row; ``None``
    lifts the limit (seed 001's "more enjoyable" game).

``transfers`` (default ``"corner-to-centre"``)
    The seeds only let a corner's top card go to the centre. ``"any"`` follows PySolFC's
    Windmill (``pysollib/games/windmill.py``), where the top card of any foundation may move to
    any other foundation that accepts it, except the centre's base Ace. Such moves can undo
    each other, so the game's move graph then has cycles.

>>> Rules()
Rules.strict()
>>> Rules.relaxed().corner_streak is None
True
>>> Rules(auto_kings=True, corner_streak=2)
Rules(auto_kings=True, corner_streak=2, transfers='corner-to-centre')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ...core.rules import PresetRules
from ...core.text import excerpt

Transfers = Literal["corner-to-centre", "any"]
TRANSFER_MODES = ("corner-to-centre", "any")


@dataclass(frozen=True, repr=False)
class Rules(PresetRules):
    """Which of the documented rule variants a game follows (see the module docstring)."""

    auto_kings: bool = False
    corner_streak: int | None = 1
    transfers: Transfers = "corner-to-centre"

    #: The presets' names, each a classmethod below.
    PRESETS: ClassVar[tuple[str, ...]] = ("strict", "relaxed", "classic", "pysolfc")

    def __post_init__(self) -> None:
        if not isinstance(self.auto_kings, bool):
            raise ValueError(f"auto_kings must be True or False, not {excerpt(self.auto_kings)}.")
        cs = self.corner_streak
        if cs is not None and (not isinstance(cs, int) or isinstance(cs, bool) or cs < 1):
            raise ValueError(
                f"corner_streak must be a whole number of at least 1, or None, not {excerpt(cs)}."
            )
        if not isinstance(self.transfers, str) or self.transfers not in TRANSFER_MODES:
            raise ValueError(f"transfers must be one of {TRANSFER_MODES}, not {excerpt(self.transfers)}.")

    # -- presets -----------------------------------------------------------------------
    @classmethod
    def strict(cls) -> Rules:
        """Seed 000 as written: corners start empty, one corner card to the centre at a time."""
        return cls()

    @classmethod
    def relaxed(cls) -> Rules:
        """Seed 001's "more enjoyable" game: corner cards may go to the centre several in a row."""
        return cls(corner_streak=None)

    @classmethod
    def classic(cls) -> Rules:
        """Seeds 001 and 002: the first Kings to turn up go to the corners by themselves."""
        return cls(auto_kings=True)

    @classmethod
    def pysolfc(cls) -> Rules:
        """PySolFC's Windmill: any foundation's top card may move to any foundation that takes it.
        :meth:`Game.from_pysolfc` deals PySolFC's numbered deals with it; ``docs/rules.md`` says where
        PySolFC still plays differently (its waste fills itself; when it calls a game stuck)."""
        return cls(corner_streak=None, transfers="any")

    def describe(self) -> str:
        """One line a learner can read."""
        corners = (
            "one corner card to the centre at a time"
            if self.corner_streak == 1
            else "corner cards to the centre without limit"
            if self.corner_streak is None
            else f"at most {self.corner_streak} corner cards to the centre in a row"
        )
        kings = "Kings go to empty corners by themselves" if self.auto_kings else "you place the Kings"
        moves = (
            "foundation tops may move between any foundations"
            if self.transfers == "any"
            else "corner tops may go to the centre"
        )
        return f"{corners}; {kings}; {moves}"


PRESETS = Rules.PRESETS
