"""Small statistics for win rates: the Wilson score interval and a paired comparison.

>>> lo, hi = wilson(30, 100)
>>> round(lo, 3), round(hi, 3)
(0.219, 0.396)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from statistics import NormalDist

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal


def wilson(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n`` (95% by default).

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and behaves for win rates
    near 0 or 1 and for small ``n`` (Wilson 1927; Newcombe 1998; Brown, Cai & DasGupta 2001).
    With no games at all it is the whole range.

    >>> [round(v, 4) for v in wilson(81, 263)]  # Newcombe (1998), table I
    [0.2553, 0.3662]
    >>> [round(v, 4) for v in wilson(0, 20)]
    [0.0, 0.1611]
    """
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be between 0 and n; got {wins} of {n}.")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence is a probability between 0 and 1, e.g. 0.95; got {confidence!r}.")
    if n == 0:
        return 0.0, 1.0
    z = Z95 if confidence == 0.95 else NormalDist().inv_cdf(0.5 + confidence / 2)
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mcnemar_p(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar test on paired outcomes: ``only_a`` deals won by A but not by B,
    ``only_b`` the reverse. A small value says the two players really differ on these deals.

    Deals both players won (or both lost) say nothing about which is better, so only the
    disagreements count: under "equally good" each one is a fair coin toss.

    >>> mcnemar_p(10, 10)
    1.0
    >>> mcnemar_p(20, 2) < 0.001
    True
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n  # P(X <= k), X ~ Binomial(n, 1/2)
    return min(1.0, 2 * tail)


class Paired(dict):
    """Two players compared on the same deals (or decisions), one by one: a dict of the counts and the
    exact McNemar p-value (``pair["only greedy"]``, ``pair["p_value"]``; ``dict(pair)`` is the plain
    dict) that reads as a sentence.

    >>> pair = Paired("tips", "greedy", {"both": 20, "only tips": 12, "only greedy": 1, "neither": 67})
    >>> pair  # doctest: +NORMALIZE_WHITESPACE
    On the same 100 deals, tips won 12 that greedy lost, and greedy 1 that tips lost (both won 20,
    neither 67). A split this uneven comes by luck with a probability of 0.0034 (McNemar's exact
    test): tips is very likely the better player.
    >>> pair["only tips"], round(pair["p_value"], 4), dict(pair)["neither"]
    (12, 0.0034, 67)
    >>> Paired("a", "b", {"only a": 1, "only b": 1}, unit="decisions", p_key="p")["p"]
    1.0
    """

    def __init__(
        self, a: str, b: str, counts: dict[str, int], *, unit: str = "deals", p_key: str = "p_value"
    ) -> None:
        only_a, only_b = counts[f"only {a}"], counts[f"only {b}"]
        super().__init__(counts)
        self[p_key] = mcnemar_p(only_a, only_b)
        self.a, self.b, self.unit, self.p_value = a, b, unit, self[p_key]

    @property
    def text(self) -> str:
        """The test in a sentence: where each did better than the other, and how likely that is by chance."""
        a, b = self.a, self.b
        only_a, only_b = self[f"only {a}"], self[f"only {b}"]
        if self.unit == "deals":
            n = self.get("both", 0) + only_a + only_b + self.get("neither", 0)
            split = f"{a} won {only_a} that {b} lost, and {b} {only_b} that {a} lost"
            rest = f" (both won {self['both']}, neither {self['neither']})"
        else:
            n = None
            split = f"{a} chose right at {only_a} where {b} did not, and {b} at {only_b} where {a} did not"
            rest = ""
        same = f"On the same {n} {self.unit}, " if n is not None else "On the same decisions, "
        p = self.p_value
        if only_a == only_b:
            verdict = "they did equally well"
        elif p < 0.05:
            verdict = f"{a if only_a > only_b else b} is very likely the better player"
        else:
            verdict = f"these {self.unit} cannot tell them apart"
        return (
            f"{same}{split}{rest}. A split this uneven comes by luck with a probability of {p:.2g} "
            f"(McNemar's exact test): {verdict}."
        )

    def __repr__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer, cycle: bool) -> None:  # IPython: the sentence, not the dict
        printer.text(self.text)
