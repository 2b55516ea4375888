"""A player's session statistics, counted as PySolFC counts them: per game and rules, the games played and
won, the win rate, the current and longest winning and losing streaks, and the fewest moves of a win.

A game counts once the player has made a move in it: it is won when its last card reaches a foundation,
and lost when it is left unfinished (another deal, a restart) or ends with no way on. Games a strategy
played (autoplay, PySolFC's "demo") do not count. The board keeps these in memory (``w.stats``); they are
saved to JSON and loaded back only on request.

>>> stats = SessionStats()
>>> for won, moves in [(False, 40), (True, 172), (True, 150)]:
...     _ = stats.record("windmill", "strict", won=won, moves=moves)
>>> t = stats["windmill", "strict"]
>>> t.played, t.won, t.win_rate, t.win_streak, t.longest_win_streak, t.longest_loss_streak, t.fewest_moves
(3, 2, 0.6666666666666666, 2, 2, 1, 150)
>>> stats
<SessionStats: windmill strict 2/3 won>
>>> SessionStats.from_json(stats.to_json()) == stats
True
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace

from ..core.text import excerpt, shorten

#: The format's name and version, written in every file (a file of another kind is refused).
FORMAT = "windmill_widget.session_stats"
VERSION = 1


class StatsFileError(ValueError):
    """A statistics file that cannot be read: not JSON, not this format, or with impossible counts."""


@dataclass(frozen=True)
class Tally:
    """One game and rules' statistics (a value: :meth:`SessionStats.record` makes a new one)."""

    played: int = 0
    won: int = 0
    win_streak: int = 0  #: the current winning streak (0 after a loss)
    longest_win_streak: int = 0
    loss_streak: int = 0  #: the current losing streak (0 after a win)
    longest_loss_streak: int = 0
    fewest_moves: int | None = None  #: the fewest moves of a won game, None before the first win

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_rate(self) -> float | None:
        """Won / played; None before the first game."""
        return self.won / self.played if self.played else None

    def after(self, *, won: bool, moves: int) -> Tally:
        """This tally with one more game."""
        if won:
            streak = self.win_streak + 1
            fewest = moves if self.fewest_moves is None else min(self.fewest_moves, moves)
            return replace(self, played=self.played + 1, won=self.won + 1, win_streak=streak,
                           longest_win_streak=max(self.longest_win_streak, streak), loss_streak=0,
                           fewest_moves=fewest)  # fmt: skip
        streak = self.loss_streak + 1
        return replace(self, played=self.played + 1, loss_streak=streak, win_streak=0,
                       longest_loss_streak=max(self.longest_loss_streak, streak))  # fmt: skip

    def summary(self) -> str:
        """One line: ``"3 played, 2 won (67%), winning streak 2 (longest 2), fewest moves 150"``."""
        if not self.played:
            return "no games yet"
        parts = [f"{self.played} played, {self.won} won ({self.won / self.played:.0%})"]
        if self.win_streak:
            parts.append(f"winning streak {self.win_streak} (longest {self.longest_win_streak})")
        elif self.loss_streak:
            parts.append(f"losing streak {self.loss_streak} (longest {self.longest_loss_streak})")
        if self.fewest_moves is not None:
            parts.append(f"fewest moves {self.fewest_moves}")
        return ", ".join(parts)

    def check(self) -> None:
        """Raise ValueError if the counts cannot all be true at once."""
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name == "fewest_moves":
                continue
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{f.name} must be a whole number, 0 or more, not {excerpt(value)}")
        if self.won > self.played or (self.fewest_moves is None) != (self.won == 0):
            raise ValueError("the counts disagree (more won than played, or fewest moves without a win)")
        if self.win_streak > self.longest_win_streak or self.loss_streak > self.longest_loss_streak:
            raise ValueError("a current streak is longer than the longest")
        if self.longest_win_streak > self.won or self.longest_loss_streak > self.lost:
            raise ValueError("a streak is longer than the games it counts")
        if self.win_streak and self.loss_streak:
            raise ValueError("a winning and a losing streak at once")


class SessionStats:
    """Statistics per ``(game, rules)``: ``stats["windmill", "strict"]`` is a :class:`Tally`."""

    def __init__(self) -> None:
        self._tallies: dict[tuple[str, str], Tally] = {}

    def record(self, game: str, rules: str, *, won: bool, moves: int) -> Tally:
        """Count one game; returns the new tally of its game and rules."""
        key = (game, rules)
        self._tallies[key] = tally = self._tallies.get(key, Tally()).after(won=won, moves=moves)
        return tally

    def __getitem__(self, key: tuple[str, str]) -> Tally:
        """The tally of ``(game, rules)`` (an empty one when no such game was played)."""
        return self._tallies.get(key, Tally())

    def keys(self) -> list[tuple[str, str]]:
        return sorted(self._tallies)

    def __len__(self) -> int:
        return len(self._tallies)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SessionStats) and self._tallies == other._tallies

    __hash__ = None  # type: ignore[assignment]  # it changes as games are counted

    def __repr__(self) -> str:
        games = "; ".join(f"{g} {r} {self[g, r].won}/{self[g, r].played} won" for g, r in self.keys())
        return f"<SessionStats: {games or 'no games yet'}>"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("game", "rules", "played", "won", "win rate", "streak",
                                                  "longest won", "longest lost", "fewest moves"))  # fmt: skip
        rows = []
        for g, r in self.keys():
            t = self[g, r]
            streak = f"{t.win_streak} won" if t.win_streak else f"{t.loss_streak} lost"
            cells = (g, r, t.played, t.won, f"{t.win_rate:.0%}", streak, t.longest_win_streak,
                     t.longest_loss_streak, "" if t.fewest_moves is None else t.fewest_moves)  # fmt: skip
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        if not rows:
            return "<p>No games counted yet.</p>"
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

    # -- files -----------------------------------------------------------------------------------
    def to_json(self) -> str:
        games = [{"game": g, "rules": r, **asdict(self[g, r])} for g, r in self.keys()]
        return json.dumps({"format": FORMAT, "version": VERSION, "games": games}, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> SessionStats:
        """Statistics saved by :meth:`to_json`; :class:`StatsFileError` says what is wrong with any other."""
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as err:
            why = shorten(str(err), 80)
            raise StatsFileError(f"Not a statistics file: it is not JSON ({why}).") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise StatsFileError(f'Not a statistics file: no "format": "{FORMAT}" in it.')
        if doc.get("version") != VERSION:
            raise StatsFileError(f"A statistics file of version {excerpt(doc.get('version'))}; "
                                 f"this kit reads version {VERSION}.")  # fmt: skip
        games = doc.get("games")
        if not isinstance(games, list):
            raise StatsFileError('A statistics file whose "games" is not a list.')
        out = cls()
        names = {f.name for f in fields(Tally)}
        for i, entry in enumerate(games):
            try:
                if not isinstance(entry, dict):
                    raise ValueError("not an object")
                game, rules = entry.get("game"), entry.get("rules")
                if not isinstance(game, str) or not isinstance(rules, str):
                    raise ValueError("no game or rules named")
                unknown = set(entry) - names - {"game", "rules"}
                if unknown:
                    raise ValueError(f"unknown field {excerpt(sorted(unknown)[0])}")
                tally = Tally(**{k: v for k, v in entry.items() if k in names})
                tally.check()
                if (game, rules) in out._tallies:
                    raise ValueError(f"{game} {rules} counted twice")
            except (TypeError, ValueError) as err:
                raise StatsFileError(f"Entry {i + 1} of the statistics file is wrong: {err}.") from None
            out._tallies[game, rules] = tally
        return out

    def save(self, path: str | os.PathLike) -> None:
        """Write the statistics to ``path`` as JSON (the whole file, replaced at once)."""
        tmp = f"{os.fspath(path)}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(self.to_json())
        os.replace(tmp, path)

    def load(self, path: str | os.PathLike) -> SessionStats:
        """Replace these statistics with those saved in ``path`` (and return them). A file that cannot be
        read raises :class:`StatsFileError` (or OSError) and leaves these statistics as they were."""
        with open(path, "rb") as f:
            loaded = self.from_json(f.read())
        self._tallies = dict(loaded._tallies)
        return self


__all__ = ["SessionStats", "StatsFileError", "Tally"]
