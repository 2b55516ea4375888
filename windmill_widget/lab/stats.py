"""Small statistics for win rates: the Wilson score interval and a paired comparison.

>>> lo, hi = wilson(30, 100)
>>> round(lo, 3), round(hi, 3)
(0.219, 0.396)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the 97.5th percentile of the standard normal


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and behaves for win rates
    near 0 or 1 and for small ``n`` (Wilson 1927; Brown, Cai & DasGupta 2001).
    """
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mcnemar_p(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar test on paired outcomes: ``only_a`` deals won by A but not B,
    ``only_b`` the reverse. A small value says the two players really differ on these deals.

    >>> mcnemar_p(10, 10)
    1.0
    >>> mcnemar_p(20, 2) < 0.001
    True
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    # P(X <= k) for X ~ Binomial(n, 1/2), doubled.
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)
