"""The board facts shared with the front end, read from ``board.json`` (the one place they live):
the quilt's columns and rows, the foundations' names, the stock, waste and hand, and how the waste
fans."""

from __future__ import annotations

import json
from pathlib import Path

BOARD: dict = json.loads(Path(__file__).with_name("board.json").read_text(encoding="utf-8"))

#: How the waste fans: how many of its top cards show, and each one's step (in card widths).
FAN_SHOWN: int = BOARD["fan"]["shown"]
FAN_STEP: float = BOARD["fan"]["step"]
