"""Plain reachability over a game's engine positions (its rules and nothing else): the truth the
solvers' verdicts are tested against, for either game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from windmill_widget.core import PatienceGame


def brute_force_winnable(game: PatienceGame, extra: Callable[[Any], object], limit: int) -> bool:
    """Can ``game`` be won from its position? ``extra(position)`` is the part of the position's
    state that is not in its piles (Windmill's corner run, Crazy Quilt's redeals used)."""
    pos = game._pos.copy()
    seen: set[tuple] = set()
    records: list = []

    def key() -> tuple:
        return tuple(tuple(p) for p in pos.piles), extra(pos)

    seen.add(key())
    frames = [iter(pos.legal_codes())]
    while frames:
        assert len(seen) < limit, "endgame too big for the brute force"
        code = next(frames[-1], None)
        if code is None:
            frames.pop()
            if records:
                pos.revert(records.pop())
            continue
        records.append(pos.apply(code))
        if pos.is_won():
            return True
        k = key()
        if k in seen:
            pos.revert(records.pop())
            continue
        seen.add(k)
        frames.append(iter(pos.legal_codes()))
    return False
