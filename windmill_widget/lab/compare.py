"""Several players (and optionally the clairvoyant solver) on the same deals, side by side.

Because every player meets the same deals, differences can be tested on pairs of outcomes
(:meth:`Comparison.paired`), which is far more sensitive than comparing two intervals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.rules import Rules
from .stats import mcnemar_p

if TYPE_CHECKING:
    import pandas

    from .records import Results


class Comparison:
    """The outcome of :func:`~windmill_widget.lab.compare`: ``results[name]`` for each player and
    ``ceiling`` (the solver's results, or ``None``)."""

    def __init__(self, results: dict[str, Results], ceiling: Results | None, deals: list[int],
                 rules: Rules | None = None, seconds: float | None = None) -> None:
        self.results = results
        self.ceiling = ceiling
        self.deals = list(deals)
        self.rules = rules or Rules()
        self.seconds = seconds
        self.chart = None  #: the live chart drawn while it ran (a notebook widget), if any

    @property
    def n(self) -> int:
        return len(self.deals)

    def __getitem__(self, name: str) -> Results:
        if self.ceiling is not None and name == self.ceiling.name:
            return self.ceiling
        return self.results[name]

    def all_results(self) -> list[Results]:
        """Players in the order given, then the ceiling."""
        return [*self.results.values(), *([self.ceiling] if self.ceiling is not None else [])]

    def best(self) -> Results | None:
        """The player with the highest win rate."""
        return max(self.results.values(), key=lambda r: r.win_rate, default=None)

    def ratio_to_ceiling(self, name: str | None = None) -> float | None:
        """A player's win rate (default: the best one's) as a fraction of the clairvoyant win rate."""
        if self.ceiling is None or not self.ceiling.wins:
            return None
        player = self.results[name] if name else self.best()
        return None if player is None else player.win_rate / self.ceiling.win_rate

    def paired(self, a: str, b: str) -> dict[str, Any]:
        """Deal-by-deal comparison of players ``a`` and ``b``: how many deals both won, only one won,
        neither won, and the exact McNemar p-value for "they are equally good".

        A p-value below 0.05 means the difference is unlikely to be luck of the deals.
        """
        ra, rb = self[a], self[b]
        wa = {r.seed for r in ra.records if r.won}
        wb = {r.seed for r in rb.records if r.won}
        only_a, only_b = len(wa - wb), len(wb - wa)
        return {"both": len(wa & wb), f"only {a}": only_a, f"only {b}": only_b,
                "neither": self.n - len(wa | wb), "p_value": mcnemar_p(only_a, only_b)}

    def summary(self) -> list[dict[str, Any]]:
        """One dict per player (and the ceiling): games, wins, win rate, interval, mean cards."""
        return [r.summary() for r in self.all_results()]

    def to_dataframe(self) -> pandas.DataFrame:
        """Every player's per-deal records in one long table (needs pandas)."""
        import pandas as pd

        return pd.concat([r.to_dataframe() for r in self.all_results()], ignore_index=True)

    def __repr__(self) -> str:
        lines = [f"<Comparison on {self.n} deals, {self.rules!r}>"]
        lines += [f"  {r!r}" for r in self.all_results()]
        ratio = self.ratio_to_ceiling()
        if ratio is not None:
            lines.append(f"  best no-peeking player / clairvoyant ceiling = {ratio:.1%}")
        return "\n".join(lines)

    def svg(self) -> str:
        from .charts import comparison_svg

        return comparison_svg(self)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        from .charts import comparison_html

        return comparison_html(self)
