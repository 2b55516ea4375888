"""Windmill's clairvoyant solver (see :func:`windmill_widget.solver.solve` for the entry point).

>>> from windmill_widget import Game
>>> from windmill_widget.solver.windmill import solve
>>> solve(Game(seed=8), max_seconds=10).result
<Verdict.WON: 'won'>

How it works
------------
* **A rank-only mirror** of the position (Windmill's search model,
  :mod:`windmill_widget.games.windmill.search`): suits never matter, sails are a multiset,
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
* **The dig relaxation** (:mod:`.bound`) proves positions lost: a card, once at hand, stays at
  hand, but the waste stays a stack, so its buried cards come up only as plays outnumber deals.
  It is sound (checked against brute force and along winning lines) and catches the commonest
  way to lose, a long waste that can no longer be dug out. The exhaustive search checks every
  position against it when solving from a position with at most 60 cards in the stock.

What to expect (``benchmarks/solver.py``, strict rules, 1 s per deal on one core, deals 0-999):
82% of deals are *decided* within the second, every one of them by finding a win; the median deal
takes 0.02 s. From the middle of a game the solver also proves losses (``benchmarks/solver.py
--stock N``, from where ``greedy`` has played a deal down to N stock cards): with 40 cards left,
85% are decided within the second, about half of them proved lost (40% before the dig
relaxation); with 20 cards left, 99%.

Proving a *full* deal lost is another matter. A lost deal's reachable space is vast: an exhaustive
search in C over the same canonical positions, written to check this, visited 188 million
positions of deal 4 in two minutes without exhausting it. The dig relaxation proves the position
of deal 58 after its first thirty deals (nothing can be played before them) lost in about a
second, but from the start the relaxation lets those thirty cards wait at hand, and every way of
reaching that point has to be refuted in turn. So lost deals come back ``"unknown"`` within a
second, and the lab reports the clairvoyant win rate as a range when some deals stay unknown.
"""

from .clairvoyant import solve

__all__ = ["solve"]
