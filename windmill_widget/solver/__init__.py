"""The clairvoyant solver: it knows the order of the stock, which no player does.

Use it to learn whether a deal *could* have been won, and how; in the lab it is the ceiling that
no-peeking strategies are measured against. ``solve(game)`` works from the game's current position
(a fresh deal, the middle of a game, or a staged lesson), under any rules preset.

>>> from windmill_widget import Game
>>> from windmill_widget.solver import solve
>>> solve(Game(seed=8), max_seconds=10).result
'won'

How it works
------------
* **A rank-only mirror** of the position (:mod:`.compact`): suits never matter, sails are a multiset,
  corners are interchangeable, the waste is a stack of ranks and the stock a fixed sequence, all
  packed into one int per position for the transposition table. It follows the engine's rules
  move for move (cross-checked against ``Position.legal_codes`` along random playouts in the tests)
  and every winning line is replayed through the real engine before it is returned.
* **Beam search over deals** (:mod:`.beam`) finds wins: positions with the same number of cards
  taken from the stock are expanded by every sequence of plays, dealt from, and the best
  ``width`` kept: the most cards placed, the ranks the foundations want next at hand rather than
  buried in the waste, varied sails. Widths double, 16, 32, 64, ..., until a win turns up.
* **Exhaustive depth-first search** (:mod:`.exhaustive`) with a transposition table, in slices
  between the beams: it finds some wins the beam misses and is the only part that can prove a
  deal lost (it visits every reachable canonical position once, so cycles under
  ``transfers="any"`` are harmless).
* **A release-time relaxation** (:mod:`.bound`) proves positions lost when even a stock laid face
  up could not dig the waste out in time. It is sound (checked against brute force) and strong
  late in a game; the exhaustive search uses it when solving from an endgame (a stock of 22 cards
  or fewer).

What to expect (``benchmarks/solver.py``, strict rules, 1 s per deal on one core, deals 0-999):
82% of deals are *decided* within the second, every one of them by finding a win; the median deal
takes 0.02 s. Proving a full deal lost is another matter. A lost deal's reachable space is vast:
an exhaustive search in C over the same canonical positions, written to check this, visited 188
million positions of deal 4 in two minutes without exhausting it. The cheap sound arguments we know
(the release-time relaxation above, or a variant that deals the stock lazily; a rank the centre
can no longer reach) cannot cut it down early: they let cards still to be dealt wait for free,
while the loss comes from the order they are buried in many deals later. So lost deals come back
``"unknown"``, and the lab reports the clairvoyant win rate as a range when some deals stay unknown.
"""

from .clairvoyant import Solution, solve

__all__ = ["Solution", "solve"]
