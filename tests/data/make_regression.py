"""Write ``regression_games.json``: the pinned games that ``tests/test_engine_regression.py`` replays,
for both games: Windmill's at the top level (as before there were two games), Crazy Quilt's under
``"crazy-quilt"``. Each game is a seeded deal played by a seeded player: its moves, the legal moves before
the first move and after each one, and its final position card by card.

When to run it: ONLY after a deliberate change to the deal algorithm (bump ``DEAL_ALGORITHM``: old save
files then refuse to load), to a game's rules, or to the order ``legal_moves()`` lists moves in, and
review the diff line by line: the point of the file is that such changes never slip through unnoticed.
A test that fails after any other change is a regression to fix, not a file to regenerate. Adding a
game to the lists below is fine (the diff then only adds).

    PYTHONPATH=. python tests/data/make_regression.py
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from windmill_widget import PILES, Game, QuiltGame, QuiltRules, Rules, greedy
from windmill_widget.core.deal import DEAL_ALGORITHM
from windmill_widget.games import crazy_quilt
from windmill_widget.games.windmill import deal_order

OUT = Path(__file__).with_name("regression_games.json")

# (label, seed, preset, player, move cap): greedy games end by themselves under the seed rules;
# random playouts need a cap because PySolFC's transfers let moves undo each other.
GAMES = [
    ("greedy-strict-won", 8, "strict", "greedy", None),
    ("greedy-strict-lost", 0, "strict", "greedy", None),
    ("greedy-relaxed", 5, "relaxed", "greedy", None),
    ("greedy-classic", 21, "classic", "greedy", None),
    ("random-pysolfc", 3, "pysolfc", "random:11", 400),
]


def play(seed: int, preset: str, player: str, cap: int | None) -> Game:
    g = Game(seed=seed, rules=getattr(Rules, preset)())
    rng = random.Random(int(player.split(":")[1])) if player.startswith("random") else None
    while g.status == "playing" and (cap is None or len(g.history) < cap):
        moves = g.legal_moves()
        g.play(rng.choice(moves) if rng else greedy(g.view()))
    return g


def record(label: str, seed: int, preset: str, player: str, cap: int | None) -> dict:
    g = Game(seed=seed, rules=getattr(Rules, preset)())
    legal = [" ".join(map(str, g.legal_moves()))]
    for m in play(seed, preset, player, cap).history:
        g.play(m)
        legal.append(" ".join(map(str, g.legal_moves())))
    return {
        "label": label,
        "seed": seed,
        "rules": preset,
        "player": player,
        "moves": [str(m) for m in g.history],
        "legal": legal,  # the legal moves before the first move and after each move
        "status": g.status,
        "final": {name: [str(c) for c in g.pile(name)] for name in PILES},
        "final_ids": {name: [c.id for c in g.pile(name)] for name in PILES},
    }


def layout(seed: int) -> dict:
    g = Game(seed=seed)
    piles = {name: [str(c) for c in g.pile(name)] for name in PILES if name != "stock"}
    return piles | {"stock_top_5": [str(c) for c in g.pile("stock")[-5:]]}


# Crazy Quilt: (label, seed, rules, player). "random:N" picks uniformly among the legal moves with
# random.Random(N); "home:N" picks among the moves to a foundation first, else among the others but
# hand>waste, else hand>waste (it wins now and then). Every game ends by itself: the stock only shrinks
# between redeals, and the redeals are few.
QUILT_GAMES = [
    ("random-literal-a", 1, QuiltRules.literal(), "random:11"),
    ("random-literal-b", 2, QuiltRules.literal(), "random:12"),
    ("random-common-a", 1, QuiltRules.common(), "random:13"),
    ("random-common-b", 3, QuiltRules.common(), "random:14"),
    ("home-literal-won", 27, QuiltRules.literal(), "home:127"),
    ("home-common-won", 299, QuiltRules.common(), "home:399"),
    ("random-three-redeals", 5, QuiltRules(turn_to="waste", redeals=3), "random:15"),
    ("home-no-redeal", 6, QuiltRules(redeals=0), "home:16"),
]


def quilt_pick(g: QuiltGame, rng: random.Random, player: str) -> object:
    moves = g.legal_moves()
    if player.startswith("random"):
        return rng.choice(moves)
    home = [m for m in moves if m.dst in crazy_quilt.FOUNDATIONS]
    return rng.choice(home or [m for m in moves if str(m) != "hand>waste"] or moves)


def quilt_record(label: str, seed: int, rules: QuiltRules, player: str) -> dict:
    g = QuiltGame(seed=seed, rules=rules)
    rng = random.Random(int(player.split(":")[1]))
    legal = [" ".join(map(str, g.legal_moves()))]
    while g.legal_moves():
        g.play(quilt_pick(g, rng, player))
        legal.append(" ".join(map(str, g.legal_moves())))
    return {
        "label": label,
        "seed": seed,
        "rules": rules.to_dict(),
        "player": player,
        "moves": [str(m) for m in g.history],
        "legal": legal,
        "status": g.status,
        "redeals_left": g.redeals_left,
        "final": {name: [str(c) for c in pile] for name, pile in g.piles().items() if pile},
        "final_ids": {name: [c.id for c in pile] for name, pile in g.piles().items() if pile},
    }


def quilt_layout(seed: int) -> dict:
    g = QuiltGame(seed=seed)
    quilt = [str(g.top(cell)) for cell in crazy_quilt.CELLS]
    return {
        "rows": [" ".join(quilt[r * 8 : r * 8 + 8]) for r in range(8)],  # a1..h1, then a2..h2, ...
        "stock_next_5": [str(c) for c in reversed(g.pile("stock")[-5:])],  # the next card turned first
    }


def main() -> None:
    doc = {
        "deal_algorithm": DEAL_ALGORITHM,
        "deal_order_0_first_20": deal_order(0)[:20],
        "layouts": {str(seed): layout(seed) for seed in (0, 1, 42, 2**64 - 1)},
        "games": [record(*spec) for spec in GAMES],
        "crazy-quilt": {
            "deal_order_0_first_20": crazy_quilt.deal_order(0)[:20],
            "layouts": {str(seed): quilt_layout(seed) for seed in (0, 7, 2**64 - 1)},
            "games": [quilt_record(*spec) for spec in QUILT_GAMES],
        },
    }
    text = json.dumps(doc, indent=1, ensure_ascii=False)
    # One line per list of plain values, so a diff shows which pile or which move changed.
    text = re.sub(
        r"\[\n\s*([^\[\]{}]*?)\n\s*\]", lambda m: "[" + re.sub(r",\n\s*", ", ", m.group(1)) + "]", text
    )
    OUT.write_text(text + "\n")
    for games in (doc["games"], doc["crazy-quilt"]["games"]):
        print(f"wrote {OUT}: {[(g['label'], len(g['moves']), str(g['status'])) for g in games]}")


if __name__ == "__main__":
    main()
