"""The review of a game as a value: a sequence of :class:`MoveReview`, its turning point, a summary
sentence, a table (text, HTML, pandas) and JSON for the save file."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

from ..core.tables import html_table
from ..core.text import excerpt
from .values import Band, Chance, MoveReview, SolverVerdict

#: The JSON format of a review (``Review.to_dict``).
FORMAT, VERSION = "windmill_widget-review", 1


class Review(Sequence[MoveReview]):
    """A reviewed game: one :class:`MoveReview` per move, in order (``review[36]`` is move 37),
    ``verdict_end`` the solver's verdict after the last move, ``game`` the registry name and
    ``settings`` the effort it was made with."""

    def __init__(
        self,
        game: str,
        moves: Sequence[MoveReview],
        verdict_start: SolverVerdict,
        verdict_end: SolverVerdict,
        settings: Mapping[str, Any],
    ) -> None:
        self.game = game
        self.moves: tuple[MoveReview, ...] = tuple(moves)
        self.verdict_start = verdict_start
        self.verdict_end = verdict_end
        self.settings = dict(settings)

    @overload
    def __getitem__(self, i: int) -> MoveReview: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[MoveReview, ...]: ...
    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        return self.moves[i]

    def __len__(self) -> int:
        return len(self.moves)

    def __iter__(self) -> Iterator[MoveReview]:
        return iter(self.moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Review) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # -- what it says ----------------------------------------------------------------------------
    @property
    def turning_point(self) -> MoveReview | None:
        """The move after which the deal could no longer be won (the solver proved the position
        before it won and the one after it lost), or ``None``: the game was won, lost from the
        start, or unknown verdicts hide where."""
        return next((m for m in self.moves if m.turning), None)

    @property
    def last_won(self) -> int | None:
        """The number of the last move before which the deal could still be won (``None`` if no
        position of the game is known to be won)."""
        won = [m.number for m in self.moves if m.verdict_before.won]
        return won[-1] if won else None

    def marked(self, band: Band | str = Band.INACCURACY) -> list[MoveReview]:
        """The moves in ``band`` or worse."""
        at = Band(band).threshold
        return [m for m in self.moves if m.band is not Band.NONE and m.band.threshold >= at]

    def count(self, band: Band | str) -> int:
        """How many moves fell in ``band``."""
        band = Band(band)
        return sum(m.band is band for m in self.moves)

    def chances(self) -> list[float | None]:
        """A no-peeking player's chance before each move, then after the last: the curve to chart
        (``None`` where it is unknown: the solver left most guesses at the stock undecided)."""
        return [_value(c) for c in self._points()]

    def ranges(self) -> list[tuple[float, float] | None]:
        """Where :meth:`chances` has ``None``, the range the chance lies in when one was measured
        (:attr:`Chance.range`: from what a no-peeking player's playouts win to the clairvoyant
        solver's ceiling), the band to shade; ``None`` elsewhere."""
        return [c.range for c in self._points()]

    def _points(self) -> list[Chance]:
        out = [m.chance_before for m in self.moves]
        if self.moves:
            out.append(self.moves[-1].chance_after)
        return out

    def summary(self) -> str:
        """The game in a sentence or two: where the deal was lost, and the moves marked."""
        n = len(self.moves)
        tp = self.turning_point
        if self.verdict_end.won and self.verdict_end.method == "game-over":
            head = f"Won in {n} moves."
        elif self.verdict_start.lost:
            head = f"The deal could not be won from the start (proved by {self.verdict_start.how})."
        elif tp is not None:
            head = (
                f"The deal could still be won until move {tp.number}; after it ({tp.move}: {tp.text}) "
                "it could not."
            )
        elif self.verdict_end.won:
            head = f"After {n} moves the deal can still be won."
        else:
            last, lost = self.last_won, next((m.number for m in self.moves if m.verdict_after.lost), None)
            if last is not None and lost is not None:
                head = (
                    f"The deal could still be won before move {last}; it was proved lost after move {lost}."
                )
            else:
                head = "The solver could not decide, within its budget, whether the deal could be won."
        counts = [f"{k} {_plural(band.value, k)}" for band in _BANDS if (k := self.count(band))]
        tail = (
            f" {', '.join(counts)} by a no-peeking player's chance."
            if counts
            else " No move lost a no-peeking player 10% or more of the chance."
        )
        unknown = [m for m in self.moves if not (m.chance_before.known and m.chance_after.known)]
        ranged = sum(
            all(c.known or c.range is not None for c in (m.chance_before, m.chance_after)) for m in unknown
        )
        if ranged:
            tail += (
                f" At {ranged} of {n} moves the solver left most of its guesses at the stock undecided: the "
                "chance is given as a range, from what a no-peeking player's playouts win (a lower bound) "
                "to what the clairvoyant solver could (an upper one), and no move is marked on its strength."
            )
        if len(unknown) > ranged:
            played = all(
                c.floor is not None for m in unknown for c in (m.chance_before, m.chance_after) if not c.known
            )
            why = (
                ", and a no-peeking player's playouts won none of theirs"
                if played
                else " (a larger sample_budget decides more)"
            )
            tail += (
                f" At {len(unknown) - ranged} of {n} moves the chance is unknown: the solver left most of "
                f"its guesses at the stock undecided{why}."
            )
        return head + tail

    def settings_note(self) -> str:
        """The effort the review was made with, in a sentence (the table's caption ends with it)."""
        s = self.settings
        if not all(isinstance(s.get(k), int) for k in ("budget", "samples", "sample_budget")):
            return ""
        text = (
            f"Settings: {s['samples']} guesses at the stock per position, {s['sample_budget']:,} positions "
            f"per guess, {s['budget']:,} per solve of a position"
        )
        if s.get("defaults") == "PYTHON_DEFAULTS":
            return text + " (review.PYTHON_DEFAULTS: the lighter defaults where the solvers run as Python)."
        return text + "."

    # -- on the game -----------------------------------------------------------------------------
    def _check_game(self, game: Any) -> None:
        played = [str(m) for m in getattr(game, "history", ())]
        if getattr(game, "name", None) != self.game or played[: len(self)] != [m.move for m in self]:
            raise ValueError(f"This review is of another game: it reviews {len(self)} moves of {self.game}.")

    def annotate(self, game: Any) -> None:
        """Write the review into ``game``'s annotations (kept by its save file): each marked move
        gets its band's PGN mark (``?!``, ``?``, ``??``) and its reason as the comment, and so does
        the turning point. ``ValueError`` if ``game`` is not the game reviewed."""
        self._check_game(game)
        for m in self:
            if m.band is not Band.NONE or m.turning:
                game.annotate(m.number, m.band.nag, m.reason)

    def picture(self, game: Any, number: int) -> Any:
        """The position before move ``number`` of ``game`` (the game reviewed), the move before it
        tinted, the move played drawn as a red arrow and the better move, if any, as a blue one."""
        self._check_game(game)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(self):
            raise ValueError(f"There is no move {excerpt(number)} in this review of {len(self)} moves.")
        m = self[number - 1]
        g = game.copy()
        while len(g.history) > m.index:
            g.undo()
        parse = g.move_type.parse
        arrows = [(*_piles(parse(m.move)), "red")]
        if m.best is not None:
            arrows.append((*_piles(parse(m.best)), "hint"))
        return g.picture(arrows=arrows)

    # -- tables ----------------------------------------------------------------------------------
    HEADER = ("#", "move", "solver before", "solver after", "chance", "drop", "band", "best")

    def rows(self) -> list[tuple[Any, ...]]:
        """The table's rows (see :attr:`HEADER`)."""
        return [
            (
                m.number,
                m.move + m.band.nag,
                str(m.verdict_before.result),
                str(m.verdict_after.result),
                f"{_percent(m.chance_before)} → {_percent(m.chance_after)}",
                f"{m.drop:.2f}",
                "" if m.band is Band.NONE else m.band.value,
                m.best or "",
            )
            for m in self.moves
        ]

    def __str__(self) -> str:
        rows = [tuple(map(str, r)) for r in [self.HEADER, *self.rows()]]
        widths = [max(len(r[i]) for r in rows) for i in range(len(self.HEADER))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
        note = self.settings_note()
        return "\n".join([self.summary(), *lines, *([note] if note else [])])

    def __repr__(self) -> str:
        marks = ", ".join(f"{self.count(b)} {b}" for b in _BANDS)
        tp = self.turning_point
        where = f", turning point move {tp.number}" if tp else ""
        return f"<Review of {self.game}: {len(self)} moves{where}; {marks}>"

    def _repr_html_(self) -> str:
        caption = f"{self.summary()} {self.settings_note()}".rstrip()
        return html_table(self.HEADER, self.rows(), caption=caption)

    def to_pandas(self) -> Any:
        """The review as a pandas DataFrame, one row a move (``pip install "windmill_widget[pandas]"``)."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError(
                'Review.to_pandas() needs pandas: pip install "windmill_widget[pandas]" (or pandas).'
            ) from None
        records = []
        for m in self.moves:
            records.append(
                {
                    "number": m.number,
                    "move": m.move,
                    "text": m.text,
                    "verdict_before": m.verdict_before.result.value,
                    "verdict_after": m.verdict_after.result.value,
                    "chance_before": _value(m.chance_before, math.nan),
                    "chance_after": _value(m.chance_after, math.nan),
                    # the range where the chance is unknown (a no-peeking player's playouts to the
                    # clairvoyant ceiling), else the chance itself; NaN where neither was measured
                    "low_before": _bound(m.chance_before, 0),
                    "high_before": _bound(m.chance_before, 1),
                    "low_after": _bound(m.chance_after, 0),
                    "high_after": _bound(m.chance_after, 1),
                    "error_after": m.chance_after.error,
                    "undecided_after": m.chance_after.undecided,
                    "exact": m.chance_after.exact,
                    "drop": m.drop,
                    "band": m.band.value,
                    "best": m.best,
                    "choices": m.choices,
                    "reason": m.reason,
                }
            )
        return pd.DataFrame.from_records(records).set_index("number")

    # -- JSON --------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "settings": dict(self.settings),
            "verdict_start": self.verdict_start.to_dict(),
            "verdict_end": self.verdict_end.to_dict(),
            "moves": [m.to_dict() for m in self.moves],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """A review from :meth:`to_dict`'s output; ``ValueError`` saying what is wrong with anything else."""
        if not isinstance(data, Mapping):
            raise ValueError(f"A review is a JSON object, not {excerpt(data)}.")
        fields = {"format", "version", "game", "settings", "verdict_start", "verdict_end", "moves"}
        if set(data) != fields:
            raise ValueError(
                f"A review has the fields {sorted(fields)}; this one has {excerpt(sorted(data))}."
            )
        if data["format"] != FORMAT or data["version"] != VERSION:
            raise ValueError(
                f"This is not a review of format {FORMAT!r} version {VERSION} "
                f"({excerpt(data['format'])}, version {excerpt(data['version'])})."
            )
        if not isinstance(data["game"], str) or not isinstance(data["settings"], Mapping):
            raise ValueError("A review names its game (a text) and its settings (an object).")
        moves = data["moves"]
        if not isinstance(moves, list):
            raise ValueError(f"A review's moves are a list, not {excerpt(moves)}.")
        parsed = []
        for i, m in enumerate(moves):
            try:
                one = MoveReview.from_dict(m)
            except (KeyError, TypeError, ValueError) as err:
                raise ValueError(f"Move {i + 1} of the review: {err}") from None
            if one.index != i:
                raise ValueError(f"Move {i + 1} of the review says it is move {one.index + 1}.")
            parsed.append(one)
        return cls(
            data["game"],
            parsed,
            SolverVerdict.from_dict(data["verdict_start"]),
            SolverVerdict.from_dict(data["verdict_end"]),
            data["settings"],
        )


_BANDS = (Band.BLUNDER, Band.MISTAKE, Band.INACCURACY)


def _value(chance: Chance, unknown: float | None = None) -> float | None:
    return chance.value if chance.known else unknown


def _bound(chance: Chance, end: int) -> float:
    if chance.known:
        return chance.value
    return chance.range[end] if chance.range is not None else math.nan


def _percent(chance: Chance) -> str:
    if chance.known:
        return f"{chance.value:.0%}"
    if chance.range is not None:  # a no-peeking player's playouts bound it from below
        lo, hi = chance.range
        return f"≥{lo:.0%}" if hi >= 1 else f"{lo:.0%}-{hi:.0%}"
    return "unknown"


def _piles(move: Any) -> tuple[str, str]:
    return move.src, move.dst


def _plural(word: str, n: int) -> str:
    if n == 1:
        return word
    return word[:-1] + "ies" if word.endswith("y") else word + "s"
