"""The board facts shared with the front end, read from ``board.json`` (the one place they live):
pile names and where each pile sits in the windmill cross."""

from __future__ import annotations

import json
from pathlib import Path

BOARD: dict = json.loads(Path(__file__).with_name("board.json").read_text(encoding="utf-8"))

#: Grid cell (column, row) of each foundation and sail in the 5 x 5 cross.
CROSS: dict[str, tuple[int, int]] = {name: (col, row) for name, (col, row) in BOARD["cross"].items()}
