"""Deterministic deals: the same seed gives the same deal on every platform and version.

Python's ``random.shuffle`` is not promised to stay the same across Python versions, so the
deal uses its own small generator (SplitMix64) and an unbiased Fisher-Yates shuffle. Change
nothing here without bumping :data:`DEAL_ALGORITHM`: saved games and the pinned regression
test depend on it.

The seed-000 layout: "Pull one Ace from a double deck of cards, and shuffle the remainder."
The Ace pulled is always the Ace of Spades of deck 0.

>>> order = deal_order(42)
>>> len(order), order[0]
(104, 0)
>>> deal_order(42) == order
True
"""

from __future__ import annotations

from .cards import NUM_CARDS

#: Names the shuffle, recorded in save files so an old file is never replayed on another deal.
DEAL_ALGORITHM = "splitmix64-fisher-yates-v1"
CENTRE_ACE_ID = 0  # the Ace of Spades, deck 0
MAX_SEED = 2**64 - 1
_MASK = 2**64 - 1


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a valid deal number, else raise ValueError."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"A deal seed is a whole number from 0 to 2**64-1, not {seed!r}.")
    return seed


def _limit(n: int) -> int:
    """The largest multiple of ``n`` not above 2**64: outputs at or above it are drawn again."""
    return (_MASK + 1) - ((_MASK + 1) % n)


_LIMITS = [0, *(_limit(n) for n in range(1, NUM_CARDS))]


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


def deal_order(seed: int) -> list[int]:
    """Card ids in dealing order for deal ``seed``: the centre Ace, the sails n1..w2, then the stock.

    The shuffle is Fisher-Yates over the 103 other cards, drawing ``j = SplitMix64(seed).below(i + 1)``
    for ``i`` from 102 down to 1. The generator is inlined here because every game dealt runs it;
    ``tests/test_engine_regression.py`` checks it against :class:`SplitMix64`.
    """
    check_seed(seed)
    rest = [i for i in range(NUM_CARDS) if i != CENTRE_ACE_ID]
    state = seed
    for i in range(len(rest) - 1, 0, -1):
        n = i + 1
        limit = _LIMITS[n]
        while True:  # SplitMix64.next() then below(n)'s rejection step, as in the class above
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                break
        j = z % n
        rest[i], rest[j] = rest[j], rest[i]
    return [CENTRE_ACE_ID, *rest]
