"""The ``tips`` player: seed 000's advice, followed to the letter.

1. "Play to the center foundation whenever you can."
2. "Remember that you can move a card from the corner foundations to the center foundation ...
   But also remember that after doing that, the next card [to] the center cannot come from a
   corner!" - so a corner card goes to the centre only when no sail or waste card can, and
   preferably when the card after it is at hand on a sail or the waste.
3. Kings start the corners.
4. "Sometimes the corners are good places to store a card that you expect you'll soon want for
   the center." - a card the centre wants within a few ranks is worth putting on a corner, above
   all from the top of the waste, where the next deal would bury it.
5. "When you move a card out of the sails, a card from the discard pile will replace it ... delay
   almost any such move until the replacement card will be to your advantage." and "Keep some
   variety in the sails" - among the plays at hand, those whose replacement adds a rank the sails
   lack (or that move a duplicate) come first.

   Taken literally - deal and wait rather than make a sail play with a dull replacement - tip 5
   costs dearly: in the lab that version won about 5% of deals against 19% for this one, because
   waiting means dealing, and dealing buries the waste's top card. So the player only *orders* its
   plays by the replacement; it does not deal instead.

How it does (``benchmarks/tournament.py``, 500 deals, strict rules): like ``greedy``, 18%. Move by
move it differs from greedy about once in fifty decisions, only in the order of plays that end up
in the same place, so the games come out the same. What the tips ask for beyond "centre first" -
timing a replacement, storing a card for later - needs looking ahead, which is what the
``lookahead`` player does (36%).
"""

from __future__ import annotations

from ..engine.notation import Move
from ..engine.view import PlayerView
from ..solver.compact import (
    CENTRE_NEEDS,
    CORNER_NEEDS,
    CORNER_TO_CENTRE,
    CORNER_TO_CORNER,
    DEAL,
    KING,
    TO_CENTRE,
    TO_CORNER,
    engine_code,
)
from .evaluate import _is_progress, mirror, safe_moves, toward_progress


def tips(view: PlayerView) -> Move:
    """Play as seed 000's strategy tips advise (see the module docstring).

    >>> from windmill_widget import Game
    >>> tips(Game(seed=8).view())
    Move('deal')
    """
    s = mirror(view)
    best_m, best = DEAL, -1.0
    c = s.centre
    need = CENTRE_NEEDS[c] if c else 0
    soon = {CENTRE_NEEDS[c + i] for i in range(1, 4) if c and c + i < 52}
    distinct = sum(1 for r in range(1, 14) if s.cnt[r])
    top = s.waste_top()
    moves = s.moves()
    if view.rules.transfers == "any":  # no position of the game comes back (see safe_moves)
        safe = {m.code for m in safe_moves(view)}
        moves = [m for m in moves if _is_progress(m) or engine_code(view._pos, m) in safe]
    for m in moves:
        if m == TO_CENTRE:
            v = 100.0  # tip 1
        elif CORNER_TO_CENTRE <= m < TO_CORNER:  # (with transfers="any", only those in safe_moves)
            nxt = CENTRE_NEEDS[c + 1] if c + 1 < 52 else 0
            v = 90.0 if nxt and s.window_has(nxt) else 85.0  # tip 2
        elif TO_CORNER <= m < CORNER_TO_CORNER:
            r = CORNER_NEEDS[s.corner[m - TO_CORNER]]
            from_waste = top == r
            if r == KING:
                v = 80.0 if from_waste else 75.0  # tip 3
            else:
                v = 40.0
                if from_waste:
                    v += 25  # rescued from the next deal, and the waste below comes up
                if r in soon:
                    v += 15  # tip 4: storage for the centre
                if not from_waste:  # tip 5: look at the replacement first
                    after = distinct - (s.cnt[r] == 1) + (bool(top) and s.cnt[top] == 0 and top != r)
                    if after > distinct or s.cnt[r] > 1:
                        v += 10
                    elif r != need:
                        v -= 10  # a dull replacement: other plays first (but still before a deal)
        elif m == DEAL:
            v = 20.0
        else:
            v = 5.0  # between foundations (transfers="any"): only when nothing else is left
        if v > best:
            best_m, best = m, v
    if best < 10:
        return toward_progress(view) or safe_moves(view)[0]
    return Move._from_code(engine_code(view._pos, best_m))
