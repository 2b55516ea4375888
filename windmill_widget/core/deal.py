"""Deterministic shuffles: the same seed gives the same deal on every platform and version.

Python's ``random.shuffle`` is not promised to stay the same across Python versions, so deals use
their own small generator (SplitMix64) and an unbiased Fisher-Yates shuffle. Change nothing here
without bumping :data:`DEAL_ALGORITHM`: saved games and the pinned regression tests of every game
depend on it.

>>> shuffled(42, range(5))
[1, 2, 0, 4, 3]
>>> shuffled(42, range(5)) == shuffled(42, range(5))
True
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from .text import excerpt

#: Names the shuffle, recorded in save files so an old file is never replayed on another deal.
DEAL_ALGORITHM = "splitmix64-fisher-yates-v1"
MAX_SEED = 2**64 - 1
_MASK = 2**64 - 1


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid deal number, else raise ValueError."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"A deal seed is a whole number from 0 to 2**64-1, not {excerpt(seed)}.")
    return seed


def random_seed() -> int:
    """A fresh deal number for a game dealt "at random" (recorded, so the deal can be replayed)."""
    return secrets.randbelow(2**32)


def _limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: outputs at or above it are drawn again."""
    return (_MASK + 1) - ((_MASK + 1) % n)


_LIMITS: list[int] = [0]


class SplitMix64:
    """A tiny, well-studied 64-bit generator (Steele, Lea & Flood 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` by rejection (no modulo bias)."""
        limit = _limit(n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled(seed: int, items: Iterable[int]) -> list[int]:
    """``items`` shuffled by deal ``seed``: Fisher-Yates, drawing ``j = SplitMix64(seed).below(i + 1)``
    for ``i`` from the last index down to 1.

    The generator is inlined here because every game dealt runs it; ``tests/test_engine_regression.py``
    checks it against :class:`SplitMix64`.
    """
    check_seed(seed)
    rest = list(items)
    while len(_LIMITS) <= len(rest):
        _LIMITS.append(_limit(len(_LIMITS)))
    limits = _LIMITS
    state = seed
    for i in range(len(rest) - 1, 0, -1):
        n = i + 1
        limit = limits[n]
        while True:  # SplitMix64.next() then below(n)'s rejection step, as in the class above
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        rest[i], rest[j] = rest[j], rest[i]
    return rest
