"""Windmill's clairvoyant solver (see :func:`windmill_widget.solver.solve` for the entry point).

>>> from windmill_widget import Game
>>> from windmill_widget.solver.windmill import solve
>>> solve(Game(seed=8), max_seconds=10).result
<Verdict.WON: 'won'>

How it works
------------
* **A rank-only mirror** of the position (Windmill's search model,
  :mod:`windmill_widget.games.windmill.search`): suits never matter, sails are a multiset,
  corners are interchangeable, the waste is a stack of ranks and the stock a fixed sequence. It
  follows the engine's rules move for move (cross-checked against ``Position.legal_codes`` along
  random playouts in the tests) and every winning line is replayed through the real engine before
  it is returned. The searches run over its flat form,
  :mod:`windmill_widget.games.windmill.search_kernel` (a position is three ints, the waste a node
  of a trie of wastes), compiled by numba: the same moves and positions, checked move by move
  against the mirror, at some twenty times the speed.
* **Beam search over deals** (:mod:`.beam`) finds wins: positions with the same number of cards
  taken from the stock are expanded by every sequence of plays, dealt from, and the best ``width``
  kept: the most cards placed, the ranks the foundations want next at hand rather than buried in
  the waste, varied sails. Widths double, 16, 32, 64, ..., up to 4,096, until a win turns up; a
  width that the budget would cut off before the stock's end (where alone a beam can win) is not
  started, and its time goes to the exhaustive search, as does all the time after the widest beams
  (``clairvoyant.BEAM_WIDTHS``: wider ones won little that the walks did not win sooner with that
  time). Two beams take turns, scored alike but for the sails: the first puts varied sails ahead,
  the second sails alike (``clairvoyant.BEAM_VARIETIES``). The first wins more deals on its own,
  the second many of the deals where the first goes astray (``stats["order"]`` then says "beam
  scoring variety -4").
* **Exhaustive depth-first search** (:mod:`.exhaustive`) with a transposition table, in slices
  between the beams: it finds the wins the beam misses and is the only part that can prove a
  deal lost (it visits every reachable canonical position, so cycles under
  ``transfers="any"`` are harmless).
* **The dig relaxation** (:mod:`.bound`) proves positions lost: a card, once at hand, stays at
  hand, but the waste stays a stack, so its buried cards come up only as plays outnumber deals.
  It is sound (checked against brute force and along winning lines) and catches the commonest
  way to lose, a long waste that can no longer be dug out. The exhaustive search checks every
  position against it when solving from a position with at most 60 cards in the stock.
* **Proof mode.** The exhaustive search checks *every* position against the relaxation: from the
  first position when the budget is half a second or 200,000 positions or more, after 1.5
  million positions for smaller ones. That is how a full deal gets proved lost: the search walks
  the opening and the relaxation refutes each line once a long stretch of deals has buried the
  waste; cutting off the lost lines also leads it to wins the beam misses. A "lost" from it says
  ``method == "exhaustive"`` (``stats["pruned"]`` counts the positions the relaxation cut off).
  It gets 1.5 units of work (positions plus relaxed positions) for each position of the beam.
* **Walks in four orders.** Proof mode walks the tree in more than one order, taking turns:
  plays first and the deal first from the start, plays to the corners first and plays to the
  centre first once it has done 2 million units of work. Which order finds a deal's win soon is
  a matter of the deal (a walk that takes the wrong turn early searches all below it before it
  turns back), and each order wins deals that the others find late or not within ten minutes.
  The walks share the table of positions seen: what one has searched to the end, the others
  skip, so a proof of loss costs little more than one walk's (``stats["order"]`` names the walk
  that won).
* **A walk that restarts** (:class:`.exhaustive.Restarts`). Once proof mode has done 2 million
  units of work, a fifth walk joins: plays first, but 64 times in 256 a move drawn at random (a
  hash, so every run is the same on any machine), starting again from the first position after
  runs of 300,000 units times Luby's sequence. It leaves a wrong turn near the start without
  searching all below it; what its runs searched to the end every walk skips, what it left on
  its line every walk searches again, so its wins are wins and its runs prove nothing (losses
  are still proved by the four walks). ``stats["order"]`` then says "plays first (restarting)".
* **A second search with the Kings placed at once.** After some 20 s of proof mode, a second
  exhaustive search (the same four walks, its own tables) takes every other slice, over the game
  where a King goes to an empty corner as soon as it is at hand, as the classic preset's rule
  does by itself (``clairvoyant.KINGS_AFTER``; not for rules that do that already). Its lines are
  lines of the rules being solved with those Kings placed by hand, so its wins are wins (the
  line returned plays them), and with fewer choices it finds some that the first search does not
  find in ten minutes (strict deal 4, before the walk that restarts won it in 5 s); its
  failures prove nothing. ``stats["order"]`` then ends in "Kings placed at once".
* **One table for the relaxation's answers** (:class:`.dig_kernel.SharedTable`): the positions a
  proof checks differ by a move or two, and their relaxed games meet (a child's is its parent's a
  play on; siblings meet once the waste is dug past where they differ), so every relaxed position
  a check proves lost, every one a check searched to the end before it stopped (at a relaxed
  win, or its budget), and every one on the line to a relaxed win, is kept for the checks after
  it, keyed by what decides its future: cards dealt, foundations, the waste still buried and how
  many plays it takes to dig the next card. A position dug less than a known loss, with its
  next card no sooner, is lost too.

Beside it, not clairvoyant: :func:`.no_peek.no_peek`, the exact chance of a win for a player who
cannot see the stock (an expectimax over the cards still to come), affordable near the stock's
end; the ``sampling`` player plays by it there.

What to expect (``benchmarks/solver.py``, strict rules, one core per deal, budgets in CPU time;
the table, with how it was measured, is in ``docs/winnability.md``): 93.6% to 95.3% of deals
0-999 are decided within a second, as fast as the machine happens to be, 98.0% to 98.7% within
ten, 99.6% within two minutes (962 won, 34 lost) and the same within ten minutes; the median deal
takes 0.001 s. Budgets of work instead (``solve(max_nodes=N)``, the same verdicts on any
machine): 95.7% within 2.5 million units (about a second on a fast day), 99.0% within 25 million
(about 14 s on a fast day; 99.0% to 99.2% over the seeds of the walk that restarts), 99.6% within
250 million. The lab reports the
clairvoyant win rate as a range when some deals stay unknown. From the middle of a game the
solver proves losses more easily (``benchmarks/solver.py --stock N``, from where ``greedy`` has
played a deal down to N stock cards). The first solve in a process compiles the loops (or loads
them from numba's cache on disk: about a second; the very first time, some twenty seconds),
before its clock starts.
"""

from .clairvoyant import solve

__all__ = ["solve"]
