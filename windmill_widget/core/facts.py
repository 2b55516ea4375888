"""The facts that Python and the canvas board (``js/``) both need, read once from ``table.json``:
the table's colours and card shape, and how a card's face is written (which suits are red, the
label of each rank). The board imports the same file when it is bundled, so no fact has a twin.

>>> TABLE["cardFaces"]["redSuits"], TABLE["cardFaces"]["rankLabels"]["T"]
(['H', 'D'], '10')
"""

from __future__ import annotations

import json
from pathlib import Path

TABLE: dict = json.loads(Path(__file__).with_name("table.json").read_text(encoding="utf-8"))

__all__ = ["TABLE"]
