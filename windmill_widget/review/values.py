"""The values a review is made of: a move's band, a chance with its error, the solver's verdict on a
position, one move's review, and the review of a game (a sequence of them).

All are frozen values that travel as JSON (``to_dict``/``from_dict``, for the save file and the
board); bad JSON raises ``ValueError`` naming the field.

>>> Band.of(0.25), Band.of(0.05), Band.BLUNDER.nag
(<Band.MISTAKE: 'mistake'>, <Band.NONE: 'none'>, '??')
>>> Chance(0.5, 0.125, samples=16)
Chance(0.5, error=0.125, samples=16)
>>> str(Chance(0.5, 0.125, samples=16)), str(Chance(1.0, exact=True))
('50% ± 12%', '100% (exact)')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.outcome import TextEnum
from ..core.text import excerpt
from ..solver.verdict import Verdict


class Band(TextEnum):
    """How bad a move was, by the drop in a no-peeking player's chance of winning it caused, as
    lichess counts a drop in winning chances: 0.1 an inaccuracy, 0.2 a mistake, 0.3 a blunder."""

    NONE = "none"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @classmethod
    def of(cls, drop: float) -> Band:
        """The band of a drop in the chance of a win (a number from 0 to 1)."""
        for band, at in ((cls.BLUNDER, 0.3), (cls.MISTAKE, 0.2), (cls.INACCURACY, 0.1)):
            if drop >= at - 1e-12:
                return band
        return cls.NONE

    @property
    def threshold(self) -> float:
        """The smallest drop in this band."""
        return {"none": 0.0, "inaccuracy": 0.1, "mistake": 0.2, "blunder": 0.3}[self.value]

    @property
    def nag(self) -> str:
        """The mark PGN writes after such a move: ``?!``, ``?``, ``??`` (empty for none)."""
        return {"none": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}[self.value]

    @property
    def nag_code(self) -> int:
        """PGN's numeric annotation glyph: $6 ``?!``, $2 ``?``, $4 ``??`` (0 for none)."""
        return {"none": 0, "inaccuracy": 6, "mistake": 2, "blunder": 4}[self.value]


@dataclass(frozen=True)
class Chance:
    """The chance that a player who cannot see the stock wins, playing as well as the review can
    tell: ``value`` (0 to 1) with its standard ``error`` (0 when ``exact``), from ``samples``
    guesses at the stock's order (0 when exact), of which the solver left ``undecided`` undecided
    (its budget ran out on them).

    An undecided guess is neither a win nor a loss: ``value`` and ``error`` are over the decided
    guesses, and ``low``/``high`` bound the chance on all the guesses (every undecided one lost, or
    won). With fewer than half the guesses decided the chance is ``unknown``.

    ``floor`` (Crazy Quilt before the redeal; ``None`` where not measured) is the share of
    ``playouts`` guesses (the first ``samples`` of them the solver's) that a *no-peeking player*
    wins: the solver's first playout policy, which reads the stock only through the cards it turns,
    played to the end on each guess. A player who cannot see the
    stock can do at least that well, so it is a lower bound on the chance (up to its sampling error),
    as ``high`` (the clairvoyant solver's wins, every undecided guess counted won) is an upper one.
    Where the chance is unknown the table prints that range (``range``) and the chart shades it.

    >>> c = Chance(0.5, 0.25, samples=4, undecided=2)
    >>> c.known, c.low, c.high, str(c)
    (True, 0.25, 0.75, '50% ± 25% (2 of 4 guesses undecided)')
    >>> u = Chance(0.0, 0.0, samples=4, undecided=4)
    >>> u.known, u.low, u.high, str(u), u.range
    (False, 0.0, 1.0, 'unknown (4 of 4 guesses undecided)', None)
    >>> f = Chance.of_guesses(1, 3, 4, floor=(2, 16))
    >>> f.range
    (0.125, 1.0)
    >>> print(f)  # doctest: +NORMALIZE_WHITESPACE
    at least 12% ± 8%, a no-peeking player's playouts winning 2 of 16 guesses;
    at most 100%, the clairvoyant solver's (3 of 4 guesses undecided)
    """

    value: float
    error: float = 0.0
    exact: bool = False
    samples: int = 0
    undecided: int = 0
    floor: float | None = None
    playouts: int = 0

    @classmethod
    def of_guesses(
        cls, wins: int, undecided: int, samples: int, floor: tuple[int, int] | None = None
    ) -> Chance:
        """The chance from ``samples`` guesses, ``wins`` of them won and ``undecided`` undecided;
        ``floor``: (won, of) a no-peeking player's playouts on ``of`` guesses (``None``: not played out)."""
        decided = samples - undecided
        p = wins / decided if decided else 0.0
        error = math.sqrt(p * (1 - p) / decided) if decided else 0.5
        if floor is None or not floor[1]:
            return cls(p, error, samples=samples, undecided=undecided)
        return cls(
            p, error, samples=samples, undecided=undecided, floor=floor[0] / floor[1], playouts=floor[1]
        )

    @property
    def floor_error(self) -> float:
        """The standard error of :attr:`floor` (0 when it is not measured)."""
        if self.floor is None or not self.playouts:
            return 0.0
        return math.sqrt(self.floor * (1 - self.floor) / self.playouts)

    @property
    def decided(self) -> int:
        """How many guesses the solver decided (won or lost)."""
        return self.samples - self.undecided

    @property
    def known(self) -> bool:
        """Whether the chance is measured: exact, or at least half its guesses decided."""
        return self.exact or self.samples == 0 or 2 * self.decided >= self.samples

    @property
    def wins(self) -> int:
        """How many guesses were won (0 for an exact chance)."""
        return round(self.value * self.decided) if not self.exact else 0

    @property
    def low(self) -> float:
        """The chance on all the guesses if every undecided one was lost."""
        if self.exact or not self.undecided:
            return self.value
        return self.wins / self.samples

    @property
    def high(self) -> float:
        """The chance on all the guesses if every undecided one was won."""
        if self.exact or not self.undecided:
            return self.value
        return (self.wins + self.undecided) / self.samples

    @property
    def range(self) -> tuple[float, float] | None:
        """Where the chance lies when it is unknown but a no-peeking player's playouts were measured:
        (``floor``, ``high``), what a no-peeking player wins to what the clairvoyant solver could;
        ``None`` otherwise (the chance is known, or the playouts won no guess and the solver's
        ceiling is 100%: then the range bounds nothing, and the chance is unknown)."""
        if self.known or self.floor is None or (self.floor == 0 and self.high >= 1):
            return None  # 0% to 100% bounds nothing: the chance is unknown
        return (self.floor, max(self.floor, self.high))

    def __str__(self) -> str:
        if self.exact:
            return f"{self.value:.0%} (exact)"
        if not self.undecided:
            return f"{self.value:.0%} ± {self.error:.0%}"
        of = f"{self.undecided} of {self.samples} guesses undecided"
        if self.range is not None:
            lo, hi = self.range
            won = f"{round(lo * self.playouts)} of {self.playouts} guesses"
            return (
                f"at least {lo:.0%} ± {self.floor_error:.0%}, a no-peeking player's playouts winning {won}; "
                f"at most {hi:.0%}, the clairvoyant solver's ({of})"
            )
        if not self.known and self.floor is not None:
            return f"unknown ({of}; a no-peeking player's playouts won none of {self.playouts} guesses)"
        if not self.known:
            return f"unknown ({of})"
        return f"{self.value:.0%} ± {self.error:.0%} ({of})"

    def __repr__(self) -> str:
        if self.exact:
            return f"Chance({self.value!r}, exact=True)"
        undecided = f", undecided={self.undecided}" if self.undecided else ""
        floor = "" if self.floor is None else f", floor={self.floor!r}, playouts={self.playouts}"
        return f"Chance({self.value!r}, error={self.error!r}, samples={self.samples}{undecided}{floor})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "error": self.error,
            "exact": self.exact,
            "samples": self.samples,
            "undecided": self.undecided,
            "floor": self.floor,
            "playouts": self.playouts,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Chance:
        # "undecided", "floor" and "playouts" may be missing: reviews saved before they were measured
        if isinstance(data, Mapping):
            data = {"undecided": 0, "floor": None, "playouts": 0, **data}
        names = {"value", "error", "exact", "samples", "undecided", "floor", "playouts"}
        d = _fields(data, "a chance", names)
        value, error = _number(d, "value", 0.0, 1.0), _number(d, "error", 0.0, 1.0)
        samples, undecided = _count(d, "samples"), _count(d, "undecided")
        if undecided > samples:
            raise ValueError(f"A chance has {undecided} undecided guesses of only {samples}.")
        floor = None if d["floor"] is None else _number(d, "floor", 0.0, 1.0)
        playouts = _count(d, "playouts")
        if (floor is None) != (playouts == 0):
            raise ValueError("A chance's floor comes with the number of playouts it is over, and only then.")
        return cls(value, error, _bool(d, "exact"), samples, undecided, floor, playouts)


@dataclass(frozen=True)
class SolverVerdict:
    """What the clairvoyant solver (it knows the stock's order) says of a position: ``result`` won
    (``line``: a winning line from there, in notation), lost (``how`` it was proved) or unknown
    (its budget ran out). ``method`` is the solver's (:attr:`Solution.method`), or ``"game-over"``;
    ``how`` says it in words, and where the verdict follows from another position's
    (``"beam search, at move 40"``)."""

    result: Verdict
    line: tuple[str, ...] = ()
    method: str = ""
    how: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", Verdict(self.result))
        object.__setattr__(self, "line", tuple(self.line))

    @property
    def won(self) -> bool:
        return self.result is Verdict.WON

    @property
    def lost(self) -> bool:
        return self.result is Verdict.LOST

    @property
    def decided(self) -> bool:
        return self.result is not Verdict.UNKNOWN

    def __str__(self) -> str:
        if self.won:
            return f"won ({len(self.line)} moves)" if self.line else "won"
        return f"lost ({self.how})" if self.lost and self.how else str(self.result)

    def to_dict(self) -> dict[str, Any]:
        return {"result": self.result.value, "line": list(self.line), "method": self.method, "how": self.how}

    @classmethod
    def from_dict(cls, data: Any) -> SolverVerdict:
        d = _fields(data, "a solver verdict", {"result", "line", "method", "how"})
        try:
            result = Verdict(d["result"])
        except ValueError:
            raise ValueError(f"A verdict is won, lost or unknown, not {excerpt(d['result'])}.") from None
        line = d["line"]
        if not isinstance(line, list) or not all(isinstance(m, str) for m in line):
            raise ValueError(f"A verdict's line is a list of moves in notation, not {excerpt(line)}.")
        return cls(result, tuple(line), _text(d, "method"), _text(d, "how"))


@dataclass(frozen=True)
class MoveReview:
    """One move of a reviewed game.

    ``index`` counts from 0 (``number`` from 1, as people count moves); ``move`` is in notation and
    ``text`` says it for a learner. ``verdict_before``/``verdict_after`` are the clairvoyant
    solver's; ``chance_before`` is a no-peeking player's chance with the best move,
    ``chance_after`` with the move played (before the next card is seen: the chance may then rise
    or fall by luck); ``drop`` the difference (never below 0), ``band`` its lichess band, ``best``
    the best move by that chance (``None`` when the move played was as good as any) and ``reason``
    a sentence."""

    index: int
    move: str
    text: str
    verdict_before: SolverVerdict
    verdict_after: SolverVerdict
    chance_before: Chance
    chance_after: Chance
    drop: float
    band: Band
    best: str | None
    reason: str
    #: How many distinct moves there were to choose from (moves that lead to the same position count once).
    choices: int = 1

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def turning(self) -> bool:
        """The deal could be won before this move and was proved lost after it."""
        return self.verdict_before.won and self.verdict_after.lost

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "move": self.move,
            "text": self.text,
            "verdict_before": self.verdict_before.to_dict(),
            "verdict_after": self.verdict_after.to_dict(),
            "chance_before": self.chance_before.to_dict(),
            "chance_after": self.chance_after.to_dict(),
            "drop": self.drop,
            "band": self.band.value,
            "best": self.best,
            "reason": self.reason,
            "choices": self.choices,
        }

    @classmethod
    def from_dict(cls, data: Any) -> MoveReview:
        d = _fields(data, "a move's review", set(cls.__dataclass_fields__))
        try:
            band = Band(d["band"])
        except ValueError:
            raise ValueError(
                f"A band is none, inaccuracy, mistake or blunder, not {excerpt(d['band'])}."
            ) from None
        best = d["best"]
        if best is not None and not isinstance(best, str):
            raise ValueError(f"A move's best move is a move in notation or null, not {excerpt(best)}.")
        return cls(
            index=_count(d, "index"),
            move=_text(d, "move"),
            text=_text(d, "text"),
            verdict_before=SolverVerdict.from_dict(d["verdict_before"]),
            verdict_after=SolverVerdict.from_dict(d["verdict_after"]),
            chance_before=Chance.from_dict(d["chance_before"]),
            chance_after=Chance.from_dict(d["chance_after"]),
            drop=_number(d, "drop", 0.0, 1.0),
            band=band,
            best=best,
            reason=_text(d, "reason"),
            choices=_count(d, "choices"),
        )


# -- checking JSON ----------------------------------------------------------------------------------
def _fields(data: Any, what: str, names: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what[0].upper()}{what[1:]} is a JSON object, not {excerpt(data)}.")
    if set(data) != names:
        missing, extra = sorted(names - set(data)), sorted(set(data) - names)
        detail = f"missing {missing}" if missing else f"unknown fields {excerpt(extra)}"
        raise ValueError(f"{what[0].upper()}{what[1:]} has {detail}.")
    return data


def _number(d: Mapping[str, Any], name: str, low: float, high: float) -> float:
    v = d[name]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not low <= v <= high:
        raise ValueError(f"The field {name!r} is a number from {low:g} to {high:g}, not {excerpt(v)}.")
    return float(v)


def _count(d: Mapping[str, Any], name: str) -> int:
    v = d[name]
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise ValueError(f"The field {name!r} is a whole number of at least 0, not {excerpt(v)}.")
    return v


def _bool(d: Mapping[str, Any], name: str) -> bool:
    v = d[name]
    if not isinstance(v, bool):
        raise ValueError(f"The field {name!r} is true or false, not {excerpt(v)}.")
    return v


def _text(d: Mapping[str, Any], name: str) -> str:
    v = d[name]
    if not isinstance(v, str) or len(v) > 2000:
        raise ValueError(f"The field {name!r} is a short text, not {excerpt(v)}.")
    return v
