"""The play notebook in a real browser: JupyterLab opens ``notebooks/01-play.ipynb``, runs it top to
bottom like a user would (Run All), and a few moves are played on its board by clicking, dragging
and the keyboard, with the Python game following each one.

Uses the board's browser fixtures (``conftest.py``: Debian's chromium through Playwright, and the
JupyterLab server, whose folder holds a copy of the notebook). Runs with ``pytest -m browser``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PLAY_NOTEBOOK
from .pages import Board, LabNotebook

pytestmark = pytest.mark.browser

_RUN_ALL_JS = """
async () => {
  const app = window.jupyterapp;
  const nb = window.__windmillPanel.content;
  await app.commands.execute("notebook:run-all-cells");
  const problems = [];
  for (let i = 0; i < nb.model.cells.length; i++) {
    const cell = nb.model.cells.get(i);
    if (cell.type !== "code") continue;
    if (cell.executionCount === null) problems.push(`cell ${i} did not run`);
    for (const out of cell.outputs.toJSON()) {
      if (out.output_type === "error") problems.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
    }
  }
  return problems;
}
"""


def test_play_notebook_runs_and_its_board_plays(page, lab, output_dir) -> None:
    server, token = lab
    page.set_default_timeout(60_000)
    notebook = LabNotebook(page, server.url, token, PLAY_NOTEBOOK.name)
    problems = page.evaluate(_RUN_ALL_JS)
    assert problems == [], problems

    # Run All leaves the board at the top as its cell deals it (each lesson has a board of its own):
    # seed 3, strict rules, no move played.
    board = Board(page, page.locator(".jp-Notebook .windmill").first)
    expect(board.root).to_be_visible()
    assert notebook.value("[board.game.seed, board.game.rules.preset, len(board.game.history)]") == [
        3,
        "strict",
        0,
    ]
    assert notebook.value("[str(m) for m in loaded.game.history]") == ["e2>c", "e1>nw"]

    def history() -> list[str]:
        return notebook.value("[str(m) for m in board.game.history]")

    assert history() == []
    version = notebook.value("board.version")
    board.wait_drawn(version)
    assert board.ink()["green"] > 0.2, "the board's canvas looks blank"

    # Click a card, then its target.
    legal = notebook.value("board.state['legal']")
    move = next(m for m in legal if m != "deal")
    board.click_move(move)
    board.wait_drawn(version + 1)
    assert history() == [move]

    # Deal by clicking the stock; take it back with the keyboard.
    board.click("stock")
    board.wait_drawn(version + 2)
    assert history()[-1] == "deal"
    board.pile("c").focus()
    page.keyboard.press("u")
    board.wait_drawn(version + 3)
    assert history() == [move]

    # A refused move: the board shows the engine's sentence, Python's game is unchanged.
    refused = next(
        f"{s}>c"
        for s in ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2")
        if f"{s}>c" not in notebook.value("board.state['legal']")
    )
    why = notebook.value(f"board.game.explain({refused!r})")
    board.drag(*refused.split(">"))
    expect(board.message).to_contain_text(why)
    assert history() == [move]

    # And a cell still drives the same board.
    notebook.run_cell("board.deal()")
    board.wait_drawn(version + 4)
    assert history()[-1] == "deal"
    board.root.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "play-notebook.png"))
