"""What every game's rule options share: named presets, and a JSON form for save files.

A game's options are a frozen dataclass that subclasses :class:`PresetRules` and names its presets
(each a classmethod of the same name). The dataclass's fields are the options; ``repr`` names the
preset when the options are one.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any, ClassVar, TypeVar

from .text import excerpt

R = TypeVar("R", bound="PresetRules")


class PresetRules:
    """The presets and the JSON form of a game's rule options (a frozen dataclass subclasses it)."""

    #: The presets' names, each a classmethod of the subclass returning that preset.
    PRESETS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def from_preset(cls: type[R], name: str) -> R:
        """The preset called ``name``."""
        if not isinstance(name, str) or name not in cls.PRESETS:
            raise ValueError(
                f"Unknown rules preset {excerpt(name)}; the presets are {', '.join(cls.PRESETS)}."
            )
        return getattr(cls, name)()

    @property
    def preset(self) -> str | None:
        """The preset's name if these rules are one, else ``None``."""
        for name in self.PRESETS:
            if getattr(type(self), name)() == self:
                return name
        return None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls: type[R], data: Any) -> R:
        """Rebuild from :meth:`to_dict`'s output; unknown or missing keys are errors."""
        expected = [f.name for f in fields(cls)]  # type: ignore[arg-type]
        if not isinstance(data, dict):
            raise ValueError(
                f"{cls.__name__} must be an object with {', '.join(expected)}, not {excerpt(data)}."
            )
        if set(data) != set(expected):
            got = excerpt(sorted(map(str, data)))
            raise ValueError(f"{cls.__name__} must have exactly the keys {sorted(expected)}, got {got}.")
        return cls(**data)

    def __repr__(self) -> str:
        name = self.preset
        if name:
            return f"{type(self).__name__}.{name}()"
        options = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))  # type: ignore[arg-type]
        return f"{type(self).__name__}({options})"
