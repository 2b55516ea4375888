"""Several players (and, if asked, the clairvoyant ceiling) on the same deals, side by side.

Because every player meets the same deals, two players can be compared deal by deal
(:meth:`Comparison.paired`): far more sensitive than checking whether two intervals overlap.

>>> from .records import GameRecord
>>> a = Results("a", [GameRecord(1, "won", 104, 180), GameRecord(2, "lost", 30, 99)])
>>> b = Results("b", [GameRecord(1, "lost", 50, 120), GameRecord(2, "lost", 20, 99)])
>>> c = Comparison({"a": a, "b": b}, deals=[1, 2])
>>> c.best().name, c.paired("a", "b")["only a"]
('a', 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ..core.registry import find_game
from ..core.svg import as_img
from ..core.tables import html_table
from .ceiling import Ceiling
from .charts import WIDTH, Bar, win_rate_svg
from .results import Results, need_pandas
from .stats import Paired

if TYPE_CHECKING:
    import pandas


class Comparison:
    """The outcome of :func:`~windmill_widget.lab.compare`: ``comparison[name]`` is a player's
    :class:`Results`, :attr:`ceiling` the solver's :class:`Ceiling` (or ``None``).

    Shows in a notebook as a table and a win-rate chart (static HTML + SVG).
    """

    def __init__(
        self,
        results: Mapping[str, Results],
        ceiling: Ceiling | None = None,
        *,
        deals: Sequence[int] = (),
        rules: Any = None,
        seconds: float | None = None,
        planned: int | None = None,
    ) -> None:
        self.results = dict(results)
        self.ceiling = ceiling
        self.deals = sorted(deals)
        self.rules = rules if rules is not None else find_game("windmill").rules_type()
        self.seconds = seconds  #: wall-clock time of the whole comparison
        self.chart = None  #: the live chart drawn during the run, if any
        #: a sealed tournament's secret, which draws its deals (keep it to play the same deals again)
        self.secret: str | None = None
        #: what a sealed tournament's strategy processes were confined to (:mod:`.confine`)
        self.confinement: Any = None
        #: how many deals the run was asked to play (more than :attr:`n` if it was interrupted)
        self.planned = planned if planned is not None else len(self.deals)

    @property
    def interrupted(self) -> bool:
        """Did a real interrupt stop the run early? Then every player is scored on the deals all of
        them (and the ceiling) finished, so the comparison stays deal for deal."""
        return self.planned > self.n

    @property
    def n(self) -> int:
        """How many deals every player played."""
        return len(self.deals)

    @property
    def names(self) -> list[str]:
        """The players' names, in the order they were given."""
        return list(self.results)

    def __getitem__(self, name: str) -> Results:
        return self.results[name]

    def __iter__(self) -> Iterator[Results]:
        return iter(self.results.values())

    def __len__(self) -> int:
        return len(self.results)

    def best(self) -> Results:
        """The player with the highest win rate (the first given, on a tie)."""
        return max(self.results.values(), key=lambda r: r.win_rate)

    def ratio_to_ceiling(self, name: str | None = None) -> float | None:
        """A player's win rate (default: the best player's) as a fraction of the clairvoyant win
        rate; ``None`` without a ceiling (or one that won nothing)."""
        if self.ceiling is None or not self.ceiling.win_rate:
            return None
        player = self.results[name] if name is not None else self.best()
        return player.win_rate / self.ceiling.win_rate

    def paired(self, a: str, b: str) -> Paired:
        """Deal by deal, players ``a`` and ``b``: deals both won, only one won, neither won, and the
        exact McNemar p-value for "equally good" (below 0.05: unlikely to be the luck of the deals).
        A dict (``["only a"]``, ``["p_value"]``) that reads as a sentence."""
        wa = {r.seed for r in self.results[a] if r.won}
        wb = {r.seed for r in self.results[b] if r.won}
        counts = {"both": len(wa & wb), f"only {a}": len(wa - wb), f"only {b}": len(wb - wa),
                  "neither": self.n - len(wa | wb)}  # fmt: skip
        return Paired(a, b, counts)

    def summary(self) -> list[dict[str, Any]]:
        """One dict per player: games, wins, win rate, interval, mean cards, failures."""
        return [r.summary() for r in self.results.values()]

    def to_dataframe(self) -> pandas.DataFrame:
        """Every player's per-deal records in one long table (``player`` column; needs pandas).
        The ceiling has its own: ``comparison.ceiling.to_dataframe()``."""
        pd = need_pandas()
        return pd.concat([r.to_dataframe() for r in self.results.values()], ignore_index=True)

    def bars(self) -> list[Bar]:
        """One chart bar per player, then the ceiling's if there is one."""
        bars = [r.bar() for r in self.results.values()]
        if self.ceiling is not None:
            bars.append(self.ceiling.bar())
        return bars

    def chart_svg(self, width: int = WIDTH) -> str:
        """Win rates with their intervals (and the ceiling), as a standalone SVG string."""
        return win_rate_svg(self.bars(), title=f"Win rate on the same {self.n} deals (95% Wilson interval)",
                            width=width)  # fmt: skip

    def _alt(self) -> str:
        return ", ".join(f"{b.name} won {b.wins} of {b.n}" for b in self.bars())

    def __repr__(self) -> str:
        stopped = f" (interrupted after {self.n} of {self.planned} deals)" if self.interrupted else ""
        sealed = ", sealed" if self.secret is not None else ""
        lines = [f"<Comparison on {self.n} deals, {self.rules!r}{sealed}{stopped}:"]
        width = max(len(name) for name in self.results) if self.results else 0
        for name, r in self.results.items():
            lo, hi = r.ci
            failed = f", {len(r.failures)} failed" if r.failures else ""
            lines.append(
                f"  {name:<{width}}  {r.win_rate:6.1%} (95% CI {lo:.1%}-{hi:.1%}), "
                f"{r.mean_cards:.1f} cards on average{failed}"
            )
        if self.ceiling is not None:
            c = self.ceiling
            lo, hi = c.ci
            lines.append(f"  ceiling ({c.name}, {c.budget()}): {c.win_rate:.1%} (95% CI {lo:.1%}-{hi:.1%}) "
                         f"of {c.decided} decided, {c.unknown} unknown")  # fmt: skip
            ratio = self.ratio_to_ceiling()
            if ratio is not None:
                lines.append(f"  best player / ceiling: {ratio:.1%}")
        return "\n".join(lines) + ">"

    def _repr_html_(self) -> str:
        rows = [row for r in self.results.values() for row in r.table_rows()]
        header = [*Results.HEADER]
        c = self.ceiling
        if c is not None:
            header.append("of ceiling")
            for row, r in zip(rows, self.results.values(), strict=True):
                row.append(f"{r.win_rate / c.win_rate:.0%}" if c.win_rate else "")
            lo, hi = c.ci
            rows.append([f"{c.name} ({c.budget()})", c.decided, c.won, f"{c.win_rate:.1%}",
                         f"{lo:.1%} – {hi:.1%}", "", len(c.errors), "100%"])  # fmt: skip
        notes = [f"Best player: <b>{escape(self.best().name)}</b>." if self.results else ""]
        if c is not None:
            notes.append(
                f"The ceiling reads the stock's order (no player can); its games column counts the deals "
                f"it decided: {escape(c.note())}."
            )
        return (
            "<div>"
            + html_table(header, rows, caption=f"{self.n} deals, {self.rules!r}")
            + f"<p>{' '.join(notes)}</p>"
            + as_img(self.chart_svg(), f"Win rates on the same {self.n} deals: {self._alt()}")
            + "</div>"
        )
