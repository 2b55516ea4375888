"""Write ``windmill_v1_saves.json``: save files written by windmill_widget *before* the shared core
(format ``windmill-game``, version 1), with the position each one stood at, so
``tests/test_engine_savefile.py`` can check that today's code still loads them to the same game.

The files must come from the old code itself, not from today's, so this script runs against a copy of
the package as it was at commit ``bf2b8c1`` (the last commit with the one-game engine):

    git archive bf2b8c1 windmill_widget | tar -x -C /tmp/windmill_v1
    PYTHONPATH=/tmp/windmill_v1 python tests/data/make_windmill_v1.py

There is no reason to run it again: the point of the file is that it does not change.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from windmill_widget.engine import savefile

from windmill_widget import Game, Rules

assert savefile.FORMAT == "windmill-game" and savefile.VERSION == 1, "run this against the old package"

OUT = Path(__file__).with_name("windmill_v1_saves.json")


def played(g: Game, moves: int, undo: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(rng.choice(legal))
    for _ in range(undo):
        g.undo()
    return g


def entry(label: str, g: Game) -> dict:
    return {
        "label": label,
        "file": g.to_json(),
        "piles": {name: [c.id for c in pile] for name, pile in g.piles().items()},
        "corner_run": g.corner_run,
        "history": [str(m) for m in g.history],
        "redo": [str(m) for m in g.redo_moves],
        "status": str(g.status),
    }


def main() -> None:
    games = [
        entry(f"seed-{preset}", played(Game(seed=31 + i, rules=getattr(Rules, preset)()), 80, 6, i))
        for i, preset in enumerate(("strict", "relaxed", "classic", "pysolfc"))
    ]
    order = [13, *(i for i in range(104) if i != 13)]
    games.append(entry("order", played(Game.from_order(order, rules=Rules.relaxed()), 40, 2, 7)))
    staged = Game.from_position(
        center=["AS", "2H"],
        corners={"nw": ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]},
        sails={
            "n1": "4C",
            "n2": "KC",
            "e1": "9D",
            "e2": "9H",
            "s1": "9S",
            "s2": "TC",
            "w1": "TD",
            "w2": "TH",
        },
        waste=["7C"],
        stock=["8C", "5D"],
        corner_run=0,
    )
    games.append(entry("position", played(staged, 3, 1, 5)))
    OUT.write_text(json.dumps({"written_by": "windmill_widget at bf2b8c1", "games": games}, indent=1) + "\n")
    print(f"wrote {OUT}: {[(g['label'], len(g['history']), len(g['redo'])) for g in games]}")


if __name__ == "__main__":
    main()
