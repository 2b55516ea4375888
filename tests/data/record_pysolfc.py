"""Record the Windmill deals PySolFC itself gives some game numbers, for ``tests/test_pysolfc.py``.

    python tests/data/record_pysolfc.py PATH/TO/PySolFC [--commit HASH] [--out FILE]

``PATH/TO/PySolFC`` is a checkout of PySolFC (the folder that holds ``pysollib/``); its version is read
from ``pysollib/settings.py`` and its commit from git (or ``--commit`` for a tree without ``.git``).
PySolFC imports ``pysol-cards``, so run this with it installed (``pip install -e ".[pysolfc]"``).

Nothing of PySolFC is copied into the kit: this script imports it from that path and runs its own card
creation (``Game.createCards``), random generators (``pysolrandom.construct_random``), shuffle
(``Game.shuffle``), Windmill's stacks and shuffle hook (``games/windmill.py``) and its deal
(``Windmill.startGame``, the talon's ``dealRow`` and ``dealCards``, ``fillStack``). Only what draws is
replaced, headless: the cards' images, the canvas, the animation of a moving card and the deal's sound.

The output lists, for each game number, every pile as PySolFC holds it after the deal, bottom card first:
the centre foundation, the four corners, the eight sails by where PySolFC's ``Windmill.ROWS_LAYOUT``
places them (``"x y"`` on a 5 x 5 grid whose middle, 2 2, is the centre; ``y`` grows downwards, as on
the screen), the waste, and the talon (its last card is the next one dealt). A pile is a string of its
cards separated by spaces, each written rank, suit, deck: ``TH1`` is the Ten of Hearts of the second deck.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import types

#: Spread over PySolFC's number ranges: 1-31999 use its Microsoft-style generator, 32000 and up the
#: Mersenne Twister; PySolFC's random deals have 17 to 20 digits, and 10**20 is the last it reaches.
NUMBERS = (1, 2, 1000, 31999, 32000, 123_456_789, 10**12, 10**16 + 7, 10**20 - 1, 10**20)
WINDMILL_ID = 30  # PySolFC's game id of Windmill


def _headless_pysollib(root: pathlib.Path) -> types.SimpleNamespace:
    sys.path.insert(0, str(root))
    import pysollib.stack
    from pysollib.acard import AbstractCard
    from pysollib.gamedb import GAME_DB
    from pysollib.games.windmill import Windmill
    from pysollib.pysolrandom import construct_random
    from pysollib.settings import VERSION

    class Item:  # a canvas item that draws nothing
        def __getattr__(self, name):
            return lambda *args, **kwargs: None

    class Images(Item):  # card sizes for the layout, no pictures
        CARDW, CARDH, CARD_XOFFSET, CARD_YOFFSET = 71, 96, 0, 20
        SHADOW_XOFFSET = SHADOW_YOFFSET = CARD_DX = CARD_DY = 0

    class Options(Item):  # no animation, no sound
        animations = sound = 0
        randomize_place = shrink_face_down = False

    class App(Item):
        images, opt, audio = Images(), Options(), None
        speech = Item()

        def getFont(self, name):
            return ("helvetica", 12)

    class Card(AbstractCard):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.item = Item()

        def showFace(self, unhide=1):
            self.face_up = 1

        def showBack(self, unhide=1):
            self.face_up = 0

    import pysollib.layout

    pysollib.stack.MfxCanvasGroup = pysollib.layout.MfxCanvasText = lambda *args, **kwargs: Item()
    pysollib.stack.bind = lambda *args, **kwargs: None

    class HeadlessWindmill(Windmill):
        """PySolFC's Windmill with its drawing switched off."""

        def __init__(self):
            super().__init__(GAME_DB.get(WINDMILL_ID))
            self.app = App()
            self.canvas = Item()
            self.canvas.xmargin = self.canvas.ymargin = self.canvas.preview = 0
            self.top = None
            self.createGame()
            for stack in self.allstacks:  # as Game.create does once the stacks are made
                stack.prepareStack()
            self.cards = self.createCards()

        def setSize(self, w, h):
            pass

        def _createCard(self, id, deck, suit, rank, x, y):
            return Card(id, deck, suit, rank, game=self, x=x, y=y)

        def animatedMoveTo(self, *args, **kwargs):
            pass

        def startDealSample(self, loop=999999):
            pass

        def deal(self, number: int) -> None:
            """What PySolFC's ``Game.newGame`` does with a game number, less the drawing."""
            self.random = construct_random(str(number))  # as its "Select game number" dialog does
            self.shuffle()
            self.moves.state = self.S_INIT
            self.startGame()

    return types.SimpleNamespace(Windmill=HeadlessWindmill, version=VERSION)


def _cards(stack) -> str:
    """A pile's cards, bottom first, space-separated: rank, suit (PySolFC's suits are C S H D), deck."""
    return " ".join(f"{'A23456789TJQK'[c.rank]}{'CSHD'[c.suit]}{c.deck}" for c in stack.cards)


def record(root: pathlib.Path, commit: str) -> dict:
    pysol = _headless_pysollib(root)
    deals = {}
    for number in NUMBERS:
        game = pysol.Windmill()  # a fresh table for each deal
        game.deal(number)
        s = game.s
        assert len(s.rows) == len(game.ROWS_LAYOUT) == 8
        deals[str(number)] = {
            "centre": _cards(s.foundations[0]),
            "corners": [_cards(f) for f in s.foundations[1:]],
            "sails": {f"{x} {y}": _cards(row) for (x, y), row in zip(game.ROWS_LAYOUT, s.rows, strict=True)},
            "waste": _cards(s.waste),
            "talon": _cards(s.talon),
        }
    return {
        "recorded_by": "tests/data/record_pysolfc.py",
        "pysolfc_version": pysol.version,
        "pysolfc_commit": commit,
        "pysol_cards_version": _dist_version("pysol-cards"),
        "game": "Windmill (PySolFC game 30)",
        "deals": deals,
    }


def _dist_version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def _git_commit(root: pathlib.Path) -> str | None:
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "pysolfc", type=pathlib.Path, help="a PySolFC checkout (the folder holding pysollib/)"
    )
    parser.add_argument("--commit", help="PySolFC's commit, when the checkout has no .git")
    parser.add_argument(
        "--out", type=pathlib.Path, default=pathlib.Path(__file__).with_name("pysolfc_deals.json")
    )
    args = parser.parse_args(argv)
    root = args.pysolfc.resolve()
    if not (root / "pysollib" / "games" / "windmill.py").is_file():
        parser.error(f"{root} holds no pysollib/games/windmill.py: give the folder of a PySolFC checkout")
    commit = args.commit or _git_commit(root)
    if not commit:
        parser.error("no git history there: name PySolFC's commit with --commit")
    doc = record(root, commit)
    deals = doc.pop("deals")
    lines = [f" {json.dumps(k)}: {json.dumps(v)}," for k, v in doc.items()]
    lines += [
        ' "deals": {',
        ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in deals.items()),
        " }",
    ]
    args.out.write_text("{\n" + "\n".join(lines) + "\n}\n", encoding="utf-8")  # one line a deal
    doc["deals"] = deals
    print(f"{len(doc['deals'])} deals of PySolFC {doc['pysolfc_version']} ({commit[:12]}) -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
