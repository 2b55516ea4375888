"""One player's tournament: per-deal records and the summary a tinkerer asks for.

>>> r = Results("demo", [GameRecord(2, "lost", 40, 150), GameRecord(1, "won", 104, 180)])
>>> r
<Results demo on 2 deals, Rules.strict(): won 1 = 50.0% (95% CI 9.5%-90.5%), 72.0 cards on average>
>>> [rec.seed for rec in r.records], r.win_rate, r.mean_cards
([1, 2], 0.5, 72.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from statistics import median
from typing import TYPE_CHECKING, Any

from ..core.registry import find_game
from ..core.svg import as_img
from ..core.tables import html_table
from .charts import WIDTH, Bar, distribution_svg, win_rate_svg
from .records import GameRecord
from .stats import wilson

if TYPE_CHECKING:
    import pandas

    from ..core.game import PatienceGame


def need_pandas() -> Any:
    try:
        import pandas
    except ImportError as err:
        raise ImportError(
            "to_dataframe() needs pandas, which is not installed: pip install pandas "
            "(or pip install 'windmill_widget[pandas]')."
        ) from err
    return pandas


class Results:
    """A tournament's outcome for one player: :attr:`records` (one :class:`GameRecord` per deal,
    sorted by seed) and the summary: :attr:`win_rate` with its 95% Wilson interval :attr:`ci`,
    :attr:`mean_cards`, :attr:`distribution` of cards placed, :attr:`failures`.

    In a notebook it shows as a table with a win-rate chart and a histogram (static HTML and SVG,
    so they stay in the saved notebook); :meth:`to_dataframe` gives one row per deal.
    """

    def __init__(
        self,
        name: str,
        records: Iterable[GameRecord],
        rules: Any = None,
        *,
        seconds: float | None = None,
        planned: int | None = None,
    ) -> None:
        self.name = name
        self.records: tuple[GameRecord, ...] = tuple(sorted(records, key=lambda r: r.seed))
        self.rules = rules if rules is not None else find_game("windmill").rules_type()
        self.seconds = seconds  #: wall-clock time of the run that produced these results
        self.chart = None  #: the live chart drawn during the run, if any
        #: how many deals the run was asked to play (more than :attr:`n` if it was interrupted)
        self.planned = planned if planned is not None else len(self.records)

    @property
    def interrupted(self) -> bool:
        """Did a real interrupt (Ctrl-C, the kernel's) stop the run before every deal was played?"""
        return self.planned > self.n

    # -- summary ---------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """How many games were played."""
        return len(self.records)

    @property
    def wins(self) -> int:
        """How many of them were won."""
        return sum(r.won for r in self.records)

    @property
    def win_rate(self) -> float:
        """Games won over games played (a failed game counts as not won)."""
        return self.wins / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% Wilson confidence interval of the win rate."""
        return wilson(self.wins, self.n)

    def interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The Wilson interval at another confidence level."""
        return wilson(self.wins, self.n, confidence)

    @property
    def mean_cards(self) -> float:
        """Cards on the foundations at the end, on average (104 for a won game)."""
        return sum(r.cards for r in self.records) / self.n if self.n else 0.0

    @property
    def median_cards(self) -> float:
        """The median number of cards a game put on the foundations."""
        return median(r.cards for r in self.records) if self.n else 0.0

    @property
    def distribution(self) -> Counter:
        """How many games ended with each number of cards on the foundations."""
        return Counter(r.cards for r in self.records)

    def histogram(self, bin_width: int = 8) -> list[tuple[int, int, int]]:
        """``(low, high, games)`` for cards placed in ``low..high``, in bins from 1 to 104.

        >>> Results("x", [GameRecord(1, "lost", 9, 50), GameRecord(2, "won", 104, 180)]).histogram(52)
        [(1, 52, 1), (53, 104, 1)]
        """
        dist = self.distribution
        return [
            (lo, min(lo + bin_width - 1, 104), sum(dist[c] for c in range(lo, min(lo + bin_width, 105))))
            for lo in range(1, 105, bin_width)
        ]

    @property
    def outcomes(self) -> Counter:
        """Games by outcome: ``won``, ``lost``, ``failed``."""
        return Counter(r.outcome for r in self.records)

    @property
    def failures(self) -> tuple[GameRecord, ...]:
        """Records of the games the strategy failed (raised, timed out, played an illegal move)."""
        return tuple(r for r in self.records if r.failed)

    @property
    def seeds(self) -> list[int]:
        """The deals played, in order."""
        return [r.seed for r in self.records]

    def summary(self) -> dict[str, Any]:
        """The headline numbers as a dict."""
        lo, hi = self.ci
        return {
            "name": self.name,
            "games": self.n,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci_low": lo,
            "ci_high": hi,
            "mean_cards": self.mean_cards,
            "failures": len(self.failures),
        }

    def bar(self, total: int | None = None) -> Bar:
        """The win rate as one bar of a chart (``total``: the deals planned, for a run still going)."""
        return Bar(self.name, self.wins, self.n, *self.ci, total=total)

    # -- access ----------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[GameRecord]:
        return iter(self.records)

    def record(self, seed: int) -> GameRecord:
        """The record of deal ``seed``."""
        for r in self.records:
            if r.seed == seed:
                return r
        raise KeyError(f"Deal {seed} is not in these results.")

    def game(self, seed: int) -> PatienceGame:
        """Deal ``seed`` replayed as the player played it, up to where it ended: a game to look at
        or step through on the board."""
        return self.record(seed).game(self.rules)

    def to_dataframe(self) -> pandas.DataFrame:
        """One row per deal: seed, outcome, won, cards, moves, seconds, error (needs pandas)."""
        pd = need_pandas()
        rows = [
            {
                "player": self.name,
                "seed": r.seed,
                "outcome": r.outcome,
                "won": r.won,
                "cards": r.cards,
                "moves": r.moves,
                "seconds": r.seconds,
                "error": r.error,
            }
            for r in self.records
        ]
        columns = ["player", "seed", "outcome", "won", "cards", "moves", "seconds", "error"]
        return pd.DataFrame(rows, columns=columns)

    # -- display -----------------------------------------------------------------------------------
    def __repr__(self) -> str:
        lo, hi = self.ci
        failed = f", {len(self.failures)} failed" if self.failures else ""
        stopped = f", interrupted after {self.n} of {self.planned} deals" if self.interrupted else ""
        return (
            f"<Results {self.name} on {self.n} deals, {self.rules!r}: won {self.wins} = {self.win_rate:.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%}), {self.mean_cards:.1f} cards on average{failed}{stopped}>"
        )

    def chart_svg(self, width: int = WIDTH) -> str:
        """The win rate with its interval, as a standalone SVG string."""
        return win_rate_svg([self.bar()], title=f"{self.name}: win rate (95% Wilson interval)", width=width)

    def distribution_svg(self, width: int = WIDTH) -> str:
        """The histogram of cards placed, as a standalone SVG string."""
        return distribution_svg(self.distribution, width=width)

    def table_rows(self) -> list[list[object]]:
        """One table row: name, games, wins, win rate, its interval, cards on average, failures."""
        lo, hi = self.ci
        return [
            [self.name, self.n, self.wins, f"{self.win_rate:.1%}", f"{lo:.1%} – {hi:.1%}",
             f"{self.mean_cards:.1f}", len(self.failures)]
        ]  # fmt: skip

    HEADER = ("player", "games", "won", "win rate", "95% CI (Wilson)", "mean cards placed", "failed")

    def _failures_html(self, limit: int = 5) -> str:
        if not self.failures:
            return ""
        kinds = Counter(r.failure_kind for r in self.failures)
        first: dict[str | None, GameRecord] = {}
        for r in self.failures:
            first.setdefault(r.failure_kind, r)
        rows = [[kind, k, first[kind].seed, first[kind].error] for kind, k in kinds.most_common(limit)]
        return html_table(("failure", "games", "first deal", "first error"), rows, caption="Failed games")

    def _repr_html_(self) -> str:
        caption = f"{self.n} deals, {self.rules!r}"  # no timings: a re-run notebook should not change
        if self.interrupted:
            caption += f" (interrupted: {self.n} of {self.planned} deals played)"
        return (
            "<div>"
            + html_table(self.HEADER, self.table_rows(), caption=caption)
            + as_img(self.chart_svg(), f"{self.name} won {self.wins} of {self.n} deals ({self.win_rate:.1%})")
            + "<br/>"
            + as_img(self.distribution_svg(), f"How many cards {self.name} placed, over {self.n} deals")
            + self._failures_html()
            + "</div>"
        )
