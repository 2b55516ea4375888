"""The games the kit knows, by name, as python-chess's ``chess.variant`` knows its variants.

Each game's package registers its game class when it is imported (``windmill_widget`` imports them
all), so the core, the lab and the widget can reach any game by name without importing its package.

>>> find_game("windmill").title, find_game("Propeller").title, find_game("crazy quilt").title
('Windmill', 'Windmill', 'Crazy Quilt')
>>> sorted(all_games())
['crazy-quilt', 'windmill']
>>> find_game("klondike")
Traceback (most recent call last):
...
KeyError: "No game is called 'klondike'; the games are crazy-quilt, windmill."
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .text import excerpt

if TYPE_CHECKING:
    from .game import PatienceGame

_GAMES: dict[str, type[PatienceGame]] = {}
_NAMES: dict[str, str] = {}


def _key(name: str) -> str:
    return re.sub(r"[\s_-]+", "-", name.strip().lower())


def register(cls: type[PatienceGame]) -> type[PatienceGame]:
    """Make ``cls`` findable by its ``name`` and ``aliases`` (usable as a class decorator)."""
    for name in (cls.name, cls.title, *cls.aliases):
        key = _key(name)
        if _NAMES.get(key, cls.name) != cls.name:
            raise ValueError(f"{name!r} already names the game {_NAMES[key]!r}.")
        _NAMES[key] = cls.name
    _GAMES[cls.name] = cls
    return cls


def find_game(name: str) -> type[PatienceGame]:
    """The game class called ``name`` (any of its names, in any case); KeyError if there is none."""
    if not isinstance(name, str):
        raise TypeError(f"A game is found by its name, such as 'windmill', not {excerpt(name)}.")
    key = _NAMES.get(_key(name))
    if key is None:
        raise KeyError(f"No game is called {excerpt(name)}; the games are {', '.join(sorted(_GAMES))}.")
    return _GAMES[key]


def game_of_rules(rules: object) -> type[PatienceGame]:
    """The game whose rule options ``rules`` are (a ``Rules`` value is Windmill's, ``QuiltRules``
    Crazy Quilt's); TypeError for anything else."""
    for cls in _GAMES.values():
        if isinstance(rules, cls.rules_type):
            return cls
    raise TypeError(f"{excerpt(rules)} are no game's rules (e.g. Rules.strict() or QuiltRules()).")


def all_games() -> dict[str, type[PatienceGame]]:
    """Every registered game by its name."""
    return dict(_GAMES)
