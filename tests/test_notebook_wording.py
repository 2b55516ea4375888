"""The teaching notebooks read right as an app too (issue 40, item 10): opened in Voila there are no cells
to run, so every sentence that asks the reader to run a cell says where that applies."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("0*.ipynb"))
ASKS_TO_RUN = re.compile(
    r"[^.!?]*\b(?:[Rr]un (?:the cells?|this cell|each cell|it)\b|Shift-Enter)[^.!?]*[.!?]?"
)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_asking_to_run_a_cell_says_it_is_for_jupyterlab(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    unqualified = [
        sentence.strip()
        for cell in nb.cells
        if cell.cell_type == "markdown"
        for sentence in ASKS_TO_RUN.findall(cell.source.replace("\n", " "))
        if "JupyterLab" not in sentence and "Notebook" not in sentence
    ]
    assert not unqualified, unqualified
