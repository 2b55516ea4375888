"""The lab's statistics: the Wilson score interval against published values, and the paired test."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from windmill_widget.lab import mcnemar_p, wilson

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Stat. Med. 17:857,
# table I, method 3 (Wilson score, no continuity correction).
NEWCOMBE = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0),
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
]


@pytest.mark.parametrize(("wins", "n", "low", "high"), NEWCOMBE)
def test_wilson_matches_published_values(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


def test_wilson_other_confidence_levels_and_edges() -> None:
    lo90, hi90 = wilson(30, 100, 0.90)
    lo95, hi95 = wilson(30, 100)
    lo99, hi99 = wilson(30, 100, 0.99)
    assert lo99 < lo95 < lo90 < 0.3 < hi90 < hi95 < hi99
    assert wilson(0, 0) == (0.0, 1.0)  # no games: we know nothing
    with pytest.raises(ValueError, match="between 0 and n"):
        wilson(5, 3)
    with pytest.raises(ValueError, match="probability"):
        wilson(1, 2, confidence=95)


@given(st.integers(0, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_estimate_and_stays_in_range(case: tuple[int, int]) -> None:
    wins, n = case
    lo, hi = wilson(wins, n)
    assert 0.0 <= lo <= hi <= 1.0
    if n:
        assert lo - 1e-12 <= wins / n <= hi + 1e-12
        assert (lo, hi) == pytest.approx(tuple(1 - v for v in reversed(wilson(n - wins, n))), abs=1e-12)


def test_mcnemar_exact_values() -> None:
    assert mcnemar_p(0, 0) == 1.0
    assert mcnemar_p(5, 5) == 1.0
    # 1 of 10 disagreements one way: 2 * P(X <= 1), X ~ Bin(10, 1/2) = 2 * 11/1024.
    assert mcnemar_p(9, 1) == pytest.approx(22 / 1024)
    assert mcnemar_p(1, 9) == mcnemar_p(9, 1)
    assert mcnemar_p(30, 0) == pytest.approx(2 / 2**30)
    assert math.isclose(mcnemar_p(12, 8), mcnemar_p(8, 12))
