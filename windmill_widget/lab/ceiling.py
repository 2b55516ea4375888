"""The clairvoyant ceiling: how many of the deals could have been won by anyone at all.

The solver reads the stock's order, which no player can, so its win rate bounds every no-peeking
strategy from above. With a time budget per deal some deals stay ``unknown``; the ceiling's win
rate is therefore *won / decided*, and :attr:`Ceiling.bounds` gives the range it must lie in
whatever the unknown deals hold.

>>> c = Ceiling([SolveRecord(1, "won"), SolveRecord(2, "lost"), SolveRecord(3, "unknown")], max_seconds=1.0)
>>> c  # doctest: +NORMALIZE_WHITESPACE
<Ceiling clairvoyant solver on 3 deals, Rules.strict(), 1 s per deal:
 won 1 of 2 decided = 50.0% (95% CI 9.5%-90.5%), 1 unknown>
>>> c.bounds
(0.3333333333333333, 0.6666666666666666)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from statistics import median
from typing import TYPE_CHECKING, Any

from ..core.registry import find_game
from .charts import Bar
from .records import SolveRecord
from .results import need_pandas
from .stats import wilson

if TYPE_CHECKING:
    import pandas

    from ..core.game import PatienceGame

#: What the ceiling is called in tables and charts.
CEILING_NAME = "clairvoyant solver"


class Ceiling:
    """The solver's verdict on every deal of a tournament (:func:`~windmill_widget.lab.compare`
    with ``ceiling=True``)."""

    def __init__(
        self,
        records: Iterable[SolveRecord],
        rules: Any = None,
        *,
        max_seconds: float | None = None,
        max_nodes: int | None = None,
        name: str = CEILING_NAME,
    ) -> None:
        self.records: tuple[SolveRecord, ...] = tuple(sorted(records, key=lambda r: r.seed))
        self.rules = rules if rules is not None else find_game("windmill").rules_type()
        self.max_seconds = max_seconds
        self.max_nodes = max_nodes
        self.name = name

    @property
    def n(self) -> int:
        """How many deals the solver was given."""
        return len(self.records)

    def _count(self, result: str) -> int:
        return sum(r.result == result for r in self.records)

    @property
    def won(self) -> int:
        """How many it won (the stock's order known)."""
        return self._count("won")

    @property
    def lost(self) -> int:
        """Deals proved lost: no sequence of moves wins them, even knowing the stock."""
        return self._count("lost")

    @property
    def unknown(self) -> int:
        """Deals the solver could not decide within its budget."""
        return self._count("unknown")

    @property
    def decided(self) -> int:
        """How many it won or proved lost within its budget."""
        return self.won + self.lost

    @property
    def decided_fraction(self) -> float:
        """The share of the deals decided (0 to 1)."""
        return self.decided / self.n if self.n else 0.0

    @property
    def win_rate(self) -> float:
        """Won over decided: the clairvoyant win rate, assuming the unknown deals are like the rest."""
        return self.won / self.decided if self.decided else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate` (over the decided deals)."""
        return wilson(self.won, self.decided)

    @property
    def bounds(self) -> tuple[float, float]:
        """The win rate over *all* deals if every unknown deal were lost, and if every one were won."""
        if not self.n:
            return 0.0, 1.0
        return self.won / self.n, (self.won + self.unknown) / self.n

    @property
    def errors(self) -> tuple[SolveRecord, ...]:
        """The records of the deals on which the solver failed."""
        return tuple(r for r in self.records if r.error)

    @property
    def median_seconds(self) -> float:
        """The median time the solver took over a deal, in seconds."""
        return median(r.seconds for r in self.records) if self.records else 0.0

    def bar(self, total: int | None = None) -> Bar:
        """The ceiling as one bar of a chart (``total``: the deals planned, for a run still going)."""
        return Bar(self.name, self.won, self.decided, *self.ci, ceiling=True, total=total)

    def __len__(self) -> int:
        return self.n

    def __iter__(self) -> Iterator[SolveRecord]:
        return iter(self.records)

    def record(self, seed: int) -> SolveRecord:
        """The solver's record of deal ``seed`` (KeyError if it is not among the deals)."""
        for r in self.records:
            if r.seed == seed:
                return r
        raise KeyError(f"Deal {seed} is not in this ceiling.")

    def game(self, seed: int) -> PatienceGame:
        """Deal ``seed`` with the solver's winning line played (at the start if none was found)."""
        record = self.record(seed)
        g = find_game(record.game_name)(seed=seed, rules=self.rules)
        for m in record.move_list:
            g.play(m)
        return g

    def to_dataframe(self) -> pandas.DataFrame:
        """One row per deal: seed, result, nodes, moves of the winning line, seconds, error."""
        pd = need_pandas()
        columns = ["seed", "result", "nodes", "moves", "seconds", "error"]
        return pd.DataFrame([{c: getattr(r, c) for c in columns} for r in self.records], columns=columns)

    def budget(self) -> str:
        """The solver's budget per deal, in words (``1 s per deal``, ``1 s / 5000 nodes per deal``)."""
        parts = []
        if self.max_seconds is not None:
            parts.append(f"{self.max_seconds:g} s")
        if self.max_nodes is not None:
            parts.append(f"{self.max_nodes} nodes")
        return " / ".join(parts) + " per deal" if parts else "no budget"

    def note(self) -> str:
        """What the ceiling rests on, in a sentence: deals decided, proved lost, unknown, and the range."""
        lo, hi = self.bounds
        return (
            f"{self.decided} of {self.n} decided ({self.lost} proved lost), {self.unknown} unknown; "
            f"over all deals between {lo:.1%} and {hi:.1%}"
        )

    def __repr__(self) -> str:
        lo, hi = self.ci
        return (
            f"<Ceiling {self.name} on {self.n} deals, {self.rules!r}, {self.budget()}: won {self.won} "
            f"of {self.decided} decided = {self.win_rate:.1%} (95% CI {lo:.1%}-{hi:.1%}), "
            f"{self.unknown} unknown>"
        )
