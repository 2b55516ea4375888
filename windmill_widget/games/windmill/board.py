"""The board facts shared with the front end, read from ``board.json`` (the one place they live):
pile names, where each pile sits on the board's 5 x 5 grid (the windmill cross, with the stock and
the waste in its free top corners), what an empty foundation shows, and how the waste fans."""

from __future__ import annotations

import json
from pathlib import Path

BOARD: dict = json.loads(Path(__file__).with_name("board.json").read_text(encoding="utf-8"))

#: Grid cell (column, row) of every pile: the cross, and the stock and waste in its top corners.
GRID: dict[str, tuple[int, int]] = {name: (col, row) for name, (col, row) in BOARD["grid"].items()}
#: What an empty foundation's slot shows: the rank that starts it.
STARTS: dict[str, str] = dict(BOARD["starts"]["piles"])
#: How the waste fans: how many of its top cards show, and each one's step (in card widths).
FAN_SHOWN: int = BOARD["fan"]["shown"]
FAN_STEP: float = BOARD["fan"]["step"]
