"""Moves as values, and the notation each game writes them in.

A game names its piles and its actions in a :class:`Notation`; its move class subclasses
:class:`Move` and names that notation. A move is then either an *action* (Windmill's ``deal``, Crazy
Quilt's ``turn`` and ``redeal``) or the top card of one pile onto another, written
``<from>><to>``. Parsing is tolerant (case, spaces, ``->``, ``to``), printing canonical, so
``Move.parse(str(m)) == m`` always. Moves are interned: one object per move of a game.

A move equals another move of the same game with the same piles, and the *canonical* text of
itself (``Move("n1>c") == "n1>c"``), never a mere spelling of it (``"N1 -> C"``): so ``==`` agrees
with ``hash``, and ``"deal" in game.legal_moves()`` works.

There is no limit on the number of piles: a move's ``code`` (``src * stride + dst``, a small int the
game's rules use in their inner loops) grows with the game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import ClassVar

from .text import excerpt

#: Longer "moves" are junk: they are refused before any parsing.
MAX_MOVE_TEXT = 40

_STRONG = re.compile(r"\s*(?:->|=>|→|>|\bto\b|,)\s*", re.IGNORECASE)
_WEAK = re.compile(r"\s*-\s*|\s+")


class Notation:
    """How one game names its piles and writes its moves.

    ``piles`` are the canonical pile names, in the game's index order. ``aliases`` maps other
    spellings (lower case) to a pile name. ``actions`` maps an action's name to the pile move it
    stands for (Windmill's ``deal`` is ``stock>waste``); ``action_aliases`` maps other words for an
    action to its name. ``hyphen`` says whether ``-`` may separate two piles (not where pile names
    contain one, as Crazy Quilt's ``S-``). ``example`` is a move shown in error messages, ``listing``
    the piles as an error message names them (by default, all of them).
    """

    def __init__(
        self,
        piles: Iterable[str],
        *,
        aliases: Mapping[str, str] | None = None,
        actions: Mapping[str, tuple[str, str]] | None = None,
        action_aliases: Mapping[str, str] | None = None,
        stride: int | None = None,
        hyphen: bool = True,
        example: str = "",
        listing: str = "",
    ) -> None:
        self.piles: tuple[str, ...] = tuple(piles)
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.piles)}
        self.stride = stride or len(self.piles)
        if self.stride < len(self.piles):
            raise ValueError("a notation's stride must be at least its number of piles")
        lookup = {name.lower(): name for name in self.piles}
        for alias, name in (aliases or {}).items():
            if name not in self.index:
                raise ValueError(f"alias {alias!r} names no pile ({name!r})")
            lookup[alias.lower()] = name
        self.lookup = lookup
        self.actions: dict[int, str] = {}
        self.action_codes: dict[str, int] = {}
        for name, (src, dst) in (actions or {}).items():
            code = self.index[src] * self.stride + self.index[dst]
            self.actions[code] = name
            self.action_codes[name] = code
        self.action_words = dict(self.action_codes)
        for word, name in (action_aliases or {}).items():
            self.action_words[word.lower()] = self.action_codes[name]
        self.hyphen = hyphen
        self._listing = listing or ", ".join(self.piles)
        self.example = example or (next(iter(self.action_codes), "") or f"{self.piles[0]}>{self.piles[1]}")

    def pile_name(self, text: object) -> str:
        """The canonical name for ``text`` (case-insensitive, aliases allowed); ValueError otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"A pile is named by text such as {self.piles[0]!r}, not {excerpt(text)}.")
        name = self.lookup.get(text.strip().lower())
        if name is None:
            raise ValueError(f"There is no pile called {excerpt(text)}; the piles are {self.listing()}.")
        return name

    def listing(self) -> str:
        """The pile names for an error message."""
        return self._listing

    def split(self, text: str) -> list[str]:
        """The two pile names in a written move (or not two, if it is not one)."""
        parts = [p for p in _STRONG.split(text) if p]
        if len(parts) == 1:
            parts = [p for p in (_WEAK if self.hyphen else re.compile(r"\s+")).split(text) if p]
        if len(parts) != 2 or not all(p.strip().lower() in self.lookup for p in parts):
            # A pile's name may end in "-" (Crazy Quilt's S-), so "S->a1" also reads as "S-" ">" "a1":
            # try each separator in turn, and keep a split whose two sides are both piles.
            for i in range(1, len(text)):
                sep = _STRONG.match(text, i)
                if sep and sep.end() < len(text):
                    left, right = text[:i].strip(), text[sep.end() :].strip()
                    if left.lower() in self.lookup and right.lower() in self.lookup:
                        return [left, right]
        return parts


class Move:
    """A move of one game: an action, or the top card of pile ``src`` onto pile ``dst``.

    Each game subclasses this and sets :attr:`notation`. Build moves from text
    (``Move("n1>c")``, ``Move.parse("N1 -> centre")``), from two pile names
    (``Move("n1", "c")``) or from a code (:meth:`from_code`). A move names piles, not cards: which
    card moves is whatever is on top.
    """

    __slots__ = ("action", "code", "dst", "src")
    notation: ClassVar[Notation]
    _interned: ClassVar[dict[int, Move]]

    src: str
    dst: str
    code: int
    action: str | None

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._interned = {}

    def __new__(cls, src: str | Move, dst: str | None = None) -> Move:
        if isinstance(src, Move):
            if type(src) is cls:
                return src
            raise ValueError(f"{src!r} is a move of another game.")
        if dst is None:
            return cls.parse(src)
        n = cls.notation
        return cls.from_code(n.index[n.pile_name(src)] * n.stride + n.index[n.pile_name(dst)])

    @classmethod
    def from_code(cls, code: int) -> Move:
        """The move whose code is ``code`` (``src * stride + dst``)."""
        m = cls._interned.get(code) if type(code) is int else None
        if m is None:
            n = cls.notation
            if (
                type(code) is not int
                or not 0 <= code < len(n.piles) * n.stride
                or code % n.stride >= len(n.piles)
            ):
                raise ValueError(f"{excerpt(code)} is not a move code of this game.")
            src, dst = divmod(code, n.stride)
            m = object.__new__(cls)
            object.__setattr__(m, "code", code)
            object.__setattr__(m, "src", n.piles[src])
            object.__setattr__(m, "dst", n.piles[dst])
            object.__setattr__(m, "action", n.actions.get(code))
            m = cls._interned.setdefault(code, m)
        return m

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move from tolerant notation; ValueError (with an example) if it is not one."""
        if isinstance(text, cls):
            return text
        n = cls.notation
        if not isinstance(text, str):
            raise ValueError(f"A move is written like {n.example!r}, not {excerpt(text)}.")
        if len(text) > MAX_MOVE_TEXT:
            raise ValueError(f"{excerpt(text)} is far too long to be a move (e.g. {n.example!r}).")
        t = text.strip().lower()
        code = n.action_words.get(t)
        if code is not None:
            return cls.from_code(code)
        parts = n.split(t)
        if len(parts) != 2:
            actions = " or ".join(repr(a) for a in n.action_codes)
            raise ValueError(
                f"{excerpt(text)} is not a move: write {actions + ', or ' if actions else ''}a pile, '>', "
                f"and a pile (e.g. {n.example!r})."
            )
        return cls(parts[0], parts[1])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple:
        return (type(self).from_code, (self.code,))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: dict) -> Move:
        return self

    def __str__(self) -> str:
        return self.action or f"{self.src}>{self.dst}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return self.code == other.code  # type: ignore[attr-defined]
        if isinstance(other, str):
            return other == str(self)  # the canonical text only, so that == agrees with hash
        if isinstance(other, Move):
            return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __lt__(self, other: Move) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.code < other.code
