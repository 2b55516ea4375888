"""Write ``regression_games.json``: the pinned games that ``tests/test_engine_regression.py`` replays.

Run this ONLY after a deliberate change to the deal algorithm (bump ``DEAL_ALGORITHM``) or to the
rules, and review the diff: the point of the file is that such changes never slip through unnoticed.

    python tests/data/make_regression.py
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from windmill_widget import PILES, Game, Rules, greedy
from windmill_widget.core.deal import DEAL_ALGORITHM
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


def main() -> None:
    doc = {
        "deal_algorithm": DEAL_ALGORITHM,
        "deal_order_0_first_20": deal_order(0)[:20],
        "layouts": {str(seed): layout(seed) for seed in (0, 1, 42, 2**64 - 1)},
        "games": [record(*spec) for spec in GAMES],
    }
    text = json.dumps(doc, indent=1, ensure_ascii=False)
    # One line per list of plain values, so a diff shows which pile or which move changed.
    text = re.sub(
        r"\[\n\s*([^\[\]{}]*?)\n\s*\]", lambda m: "[" + re.sub(r",\n\s*", ", ", m.group(1)) + "]", text
    )
    OUT.write_text(text + "\n")
    print(f"wrote {OUT}: {[(g['label'], len(g['moves']), g['status']) for g in doc['games']]}")


if __name__ == "__main__":
    main()
