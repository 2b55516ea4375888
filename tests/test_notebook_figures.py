"""Every figure a notebook prints agrees with its chart (issue 40, item 7): read from the committed
outputs, which nbval keeps equal to what the notebooks compute."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _outputs(name: str, mime: str) -> list[str]:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    return [
        "".join(out["data"][mime])
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if mime in out.get("data", {})
    ]


def test_the_variants_table_prints_the_win_rates_its_chart_draws() -> None:
    table = next(t for t in _outputs("04-variants.ipynb", "text/html") if "clairvoyant solver" in t)
    chart = next(s for s in _outputs("04-variants.ipynb", "image/svg+xml") if "Win rate by rules preset" in s)
    rows = [
        re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", row) for row in re.findall(r"<tr.*?</tr>", table, re.S)
    ]
    presets = rows[0][1:]
    printed = {}
    for player, *cells in rows[1:]:
        for preset, text in zip(presets, cells, strict=True):
            rate = re.match(r"(\d+\.\d)% \((\d+)/(\d+)( decided)?\)", text)
            if rate:  # the solver's: its rate over the deals it decided, and how many those were
                name = "solver" if player == "clairvoyant solver" else player
                printed[f"{name} · {preset}"] = (rate[1], rate[3] if rate[4] else None)
    labels = re.findall(r">([^<>]+)</text>", chart)
    drawn = {}
    for label, value in pairwise(labels):
        if " · " in label and label in printed:
            rate = re.match(r"(\d+\.\d)% \[[^]]*\]( · (\d+) decided)?", value)
            assert rate, (label, value)
            drawn[label] = (rate[1], rate[3])
    assert len(printed) == 16 and drawn == printed
