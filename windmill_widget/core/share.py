"""Deals to share: a deal's number as a player writes it, and the one line that gives a friend the same game.

``seed 1234`` is the kit's deal 1234; ``pysolfc:12345`` PySolFC's game number 12345 (Windmill). A *share
line* adds the rules preset: ``seed 1234 · strict``. The line round-trips: :func:`parse_deal` reads what
:func:`share_line` writes (and what a player types in the board's deal box: ``1234``, ``#1234``,
``seed=1234``, ``pysolfc 12345``).

>>> from windmill_widget import Game, Rules
>>> share_line(Game(seed=1234, rules=Rules.strict()))
'seed 1234 · strict'
>>> parse_deal("seed 1234 · strict")
DealRef(kind='seed', number=1234, rules='strict')
>>> parse_deal("pysolfc:12345")
DealRef(kind='pysolfc', number=12345, rules=None)
>>> parse_deal("twelve")  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: 'twelve' is not a deal: type a deal number such as 1234, or pysolfc:12345 for ...
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .deal import MAX_SEED
from .game import PatienceGame
from .text import excerpt

_DEAL = re.compile(
    r"^\s*(?:(?P<kind>seed|deal|pysolfc|pysol)\s*[:=#]?\s*|#\s*)?(?P<number>\d{1,20})\s*"
    r"(?:[·,;|]\s*(?P<rules>[a-z][a-z0-9_-]{0,30})(?:\s+rules)?\s*)?$",
    re.IGNORECASE,
)


class DealRef(NamedTuple):
    """A deal as a player names it: ``kind`` is ``"seed"`` or ``"pysolfc"``; ``rules`` a preset's name
    when the text named one."""

    kind: str
    number: int
    rules: str | None = None


def deal_text(game: PatienceGame) -> str | None:
    """``"seed 1234"`` or ``"pysolfc:12345"``; None for a game not dealt by number (a staged one)."""
    if game.pysolfc is not None:
        return f"pysolfc:{game.pysolfc}"
    return None if game.seed is None else f"seed {game.seed}"


def share_line(game: PatienceGame) -> str | None:
    """The deal and its rules in one line (``"seed 1234 · strict"``), None for a staged game. Custom rules
    (no preset) are written ``custom``: the line then names the deal, not the rules."""
    deal = deal_text(game)
    return None if deal is None else f"{deal} · {game.rules.preset or 'custom'}"


def parse_deal(text: object) -> DealRef:
    """Read a deal number, or a share line; ValueError (one sentence) for anything else."""
    hint = "type a deal number such as 1234, or pysolfc:12345 for PySolFC's Windmill deal."
    if not isinstance(text, str) or len(text) > 80:
        raise ValueError(f"{excerpt(text)} is not a deal: {hint}")
    m = _DEAL.match(text)
    if m is None:
        raise ValueError(f"{excerpt(text.strip())} is not a deal: {hint}")
    kind = "pysolfc" if (m["kind"] or "").lower() in ("pysolfc", "pysol") else "seed"
    number = int(m["number"])
    if kind == "seed" and number > MAX_SEED:
        raise ValueError(f"Deal numbers go from 0 to {MAX_SEED}; {number} is too large.")
    rules = m["rules"].lower() if m["rules"] else None
    return DealRef(kind, number, None if rules == "custom" else rules)


def deal_from(cls: type[PatienceGame], ref: DealRef, rules: object = None) -> PatienceGame:
    """Deal ``ref`` as a game of ``cls``: its named rules preset, else ``rules`` (None: the default, or
    PySolFC's preset for a PySolFC deal). ValueError, in a sentence, for a deal or preset that does not
    exist."""
    if ref.rules is not None:
        rules = cls.rules_type.from_preset(ref.rules)
    if ref.kind == "pysolfc":
        return cls.from_pysolfc(ref.number, rules=rules)
    return cls(seed=ref.number, rules=rules)


__all__ = ["DealRef", "deal_from", "deal_text", "parse_deal", "share_line"]
