"""Short games to review on a board, and small review budgets: the widget's review tests and the browser's
share them (the browser test runs this module's source in its kernel)."""

from __future__ import annotations

from windmill_widget.strategies import greedy, tips

SMALL = {"samples": 2, "sample_budget": 2_000, "budget": 50_000}
QUICK = {"samples": 2, "sample_budget": 500, "budget": 5_000}  # Crazy Quilt's solver: a small budget


def late_game(game_type, seed: int, stock: int):
    """greedy's game of deal ``seed`` from where ``stock`` cards are left in the stock, staged."""
    full = game_type(seed=seed)
    while full.status == "playing":
        full.play(greedy(full.view()))
    g = game_type(seed=seed)
    moves = list(full.history)
    while len(g.pile("stock")) > stock and moves:
        g.play(moves.pop(0))
    late = game_type.from_position(**g.position())
    for m in moves:
        late.play(m)
    return late


def opening(game_type, seed: int, moves: int):
    """tips's first ``moves`` moves of deal ``seed``: long before Crazy Quilt's redeal, where the solver
    leaves most guesses at the stock undecided (deal 6: a no-peeking player's playouts win some)."""
    game = game_type(seed=seed)
    while game.status == "playing" and len(game.history) < moves:
        game.play(tips(game.view()))
    return game
