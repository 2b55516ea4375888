"""Per-deal records and the results of a tournament.

>>> r = Results("demo", [Record(1, True, 104, 180), Record(2, False, 40, 150)])
>>> r
<Results demo: 1/2 won (50.0%, 95% CI 9.5%-90.5%), 72.0 cards on average>
>>> r.win_rate, r.mean_cards
(0.5, 72.0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..engine.game import Game
from ..engine.notation import Move
from ..engine.rules import Rules
from .stats import wilson

if TYPE_CHECKING:
    import pandas


@dataclass(frozen=True)
class Record:
    """One deal played by one strategy."""

    seed: int
    won: bool
    cards: int  #: cards on the foundations at the end (104 = won)
    moves: int  #: moves played
    seconds: float = 0.0
    error: str | None = None  #: why the game failed (the strategy raised, timed out, or played illegally)
    codes: bytes = b""  #: the moves, one byte each (see :attr:`move_list`)

    @property
    def status(self) -> str:
        """``"won"``, ``"lost"`` or ``"failed"``."""
        return "failed" if self.error else ("won" if self.won else "lost")

    @property
    def move_list(self) -> tuple[Move, ...]:
        return tuple(Move._from_code(c) for c in self.codes)

    def game(self, rules: Rules | None = None) -> Game:
        """The game replayed to where it ended (show it, or load it on the board)."""
        g = Game(seed=self.seed, rules=rules)
        for m in self.move_list:
            g.play(m)
        return g


@dataclass(frozen=True)
class SolveRecord:
    """One deal examined by the clairvoyant solver."""

    seed: int
    result: str  #: "won", "lost" (proved) or "unknown" (out of time)
    nodes: int
    seconds: float
    moves: int = 0  #: length of the winning line
    error: str | None = None
    codes: bytes = b""

    @property
    def won(self) -> bool:
        return self.result == "won"

    @property
    def status(self) -> str:
        return "failed" if self.error else self.result

    @property
    def cards(self) -> int:
        return 104 if self.won else 0

    @property
    def move_list(self) -> tuple[Move, ...]:
        return tuple(Move._from_code(c) for c in self.codes)


class Results:
    """A tournament's outcome for one player (or for the solver, ``kind="solver"``): per-deal
    :attr:`records` in the order the deals were given, and a summary."""

    def __init__(self, name: str, records: list, rules: Rules | None = None, *, seconds: float | None = None,
                 kind: str = "player") -> None:
        self.name = name
        self.records = list(records)
        self.rules = rules or Rules()
        self.seconds = seconds
        self.kind = kind
        self.chart = None  #: the live chart drawn while it ran (a notebook widget), if any

    # -- summary ----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.records)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.records if r.won)

    @property
    def win_rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """95% Wilson confidence interval of the win rate."""
        return wilson(self.wins, self.n)

    @property
    def failures(self) -> list:
        """Records of deals where the strategy failed (raised, timed out, played an illegal move)."""
        return [r for r in self.records if r.error]

    @property
    def mean_cards(self) -> float:
        return sum(r.cards for r in self.records) / self.n if self.n else 0.0

    @property
    def distribution(self) -> Counter:
        """How many games ended with each number of cards on the foundations."""
        return Counter(r.cards for r in self.records)

    @property
    def seeds(self) -> list[int]:
        return [r.seed for r in self.records]

    @property
    def counts(self) -> Counter:
        """Games by status: won, lost, failed (and unknown, for the solver)."""
        return Counter(r.status for r in self.records)

    def summary(self) -> dict[str, Any]:
        lo, hi = self.ci
        out = {"name": self.name, "games": self.n, "wins": self.wins, "win_rate": self.win_rate,
               "ci_low": lo, "ci_high": hi, "mean_cards": self.mean_cards, "failures": len(self.failures)}
        if self.kind == "solver":
            c = self.counts
            out.update(lost=c["lost"], unknown=c["unknown"])
        if self.seconds is not None:
            out["seconds"] = self.seconds
        return out

    # -- access ---------------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        return iter(self.records)

    def record(self, seed: int):
        """The record of deal ``seed``."""
        for r in self.records:
            if r.seed == seed:
                return r
        raise KeyError(f"deal {seed} is not in these results")

    def game(self, seed: int) -> Game:
        """Deal ``seed`` replayed as this player played it (the solver: its winning line)."""
        r = self.record(seed)
        g = Game(seed=seed, rules=self.rules)
        for m in r.move_list:
            g.play(m)
        return g

    def to_dataframe(self) -> pandas.DataFrame:
        """One row per deal (needs pandas: ``pip install windmill_widget[pandas]``)."""
        import pandas as pd

        rows = []
        for r in self.records:
            row = asdict(r)
            row.pop("codes", None)
            row["status"] = r.status
            row["player"] = self.name
            rows.append(row)
        return pd.DataFrame(rows)

    # -- display ---------------------------------------------------------------------------------
    def __repr__(self) -> str:
        lo, hi = self.ci
        extra = f", {len(self.failures)} failed" if self.failures else ""
        if self.kind == "solver":
            c = self.counts
            return (f"<Results {self.name}: {self.wins}/{self.n} won ({self.win_rate:.1%}, 95% CI {lo:.1%}-{hi:.1%}), "
                    f"{c['lost']} proved lost, {c['unknown']} unknown{extra}>")
        return (f"<Results {self.name}: {self.wins}/{self.n} won ({self.win_rate:.1%}, 95% CI {lo:.1%}-{hi:.1%}), "
                f"{self.mean_cards:.1f} cards on average{extra}>")

    def svg(self) -> str:
        """A static chart: the win rate with its interval and the distribution of cards placed."""
        from .charts import results_svg

        return results_svg(self)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        from .charts import results_html

        return results_html(self)
