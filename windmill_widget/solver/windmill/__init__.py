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
* **Proof mode.** The exhaustive search checks *every* position against the relaxation
  (compiled by numba, the checks are cheap): from the first position when the budget is half a
  second or 200,000 positions or more, after 1.5 million positions for smaller ones. That is how
  a full deal gets proved lost: the search walks the opening and the relaxation refutes each line
  once a long stretch of deals has buried the waste. A "lost" from it says
  ``method == "exhaustive"`` (``stats["pruned"]`` counts the positions the relaxation cut off).
* **One table for the relaxation's answers** (:class:`.dig_kernel.SharedTable`): the positions a
  proof checks differ by a move or two, and their relaxed games meet (a child's is its parent's a
  play on; siblings meet once the waste is dug past where they differ), so every relaxed position
  a check proves lost, and every one on the line to a relaxed win, is kept for the checks after
  it, keyed by what decides its future: cards dealt, foundations, the waste still buried and how
  many plays it takes to dig the next card. A position dug less than a known loss, with its
  next card no sooner, is lost too.

What to expect (``benchmarks/solver.py``, strict rules, one core per deal, budgets in CPU time;
the table, with how it was measured, is in ``docs/winnability.md``): 83.6% of deals 0-999 are
decided within a second (824 won, 12 proved lost) and 90.3% within ten (884 won, 19 lost); the
median deal takes 0.02 s. Of deals 0-99, all but 4 and 58 are decided within two minutes (94
won, 4 lost: 11, 48, 68 and 84); those two stay unknown after ten, so the lab reports the
clairvoyant win rate as a range when some deals stay unknown. From the middle of a game the
solver proves losses more easily (``benchmarks/solver.py --stock N``, from where ``greedy`` has
played a deal down to N stock cards).
"""

from .clairvoyant import solve

__all__ = ["solve"]
