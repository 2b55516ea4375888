"""The play notebook in a real browser: JupyterLab opens ``notebooks/01-play.ipynb``, runs it top to
bottom like a user would (Run All), and a few moves are played on its board by clicking, dragging
and the keyboard, with the Python game following each one.

Reuses the board's browser harness (``tests/browser``: Debian's chromium through Playwright, a
JupyterLab server on a free port). Runs with ``pytest -m browser``.
"""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "01-play.ipynb"
SCREENSHOT = ROOT / "test-output" / "play-notebook.png"

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


@pytest.fixture(scope="module")
def play_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[object, str]]:
    from browser.servers import start_lab

    workdir = tmp_path_factory.mktemp("play-notebook")
    shutil.copy(NOTEBOOK, workdir / NOTEBOOK.name)  # run a copy: the committed outputs stay as they are
    home = tmp_path_factory.mktemp("play-home")
    token = secrets.token_hex(16)
    server = start_lab(workdir, home, token)
    try:
        yield server, token
    finally:
        server.stop()


@pytest.fixture(scope="module")
def play_browser():
    from browser.conftest import BUNDLE
    from browser.servers import CHROMIUM, CHROMIUM_ARGS

    if not BUNDLE.is_file():
        pytest.fail(f"{BUNDLE} is missing: run `npm ci && npm run build` first.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


def test_play_notebook_runs_and_its_board_plays(play_browser, play_lab, tmp_path_factory) -> None:
    from browser.pages import Board, LabNotebook
    from playwright.sync_api import expect

    server, token = play_lab
    context = play_browser.new_context(viewport={"width": 1200, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page_errors: list[str] = []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        notebook = LabNotebook(page, server.url, token, NOTEBOOK.name)
        problems = page.evaluate(_RUN_ALL_JS)
        assert problems == [], problems

        # The notebook ends with the saved game loaded on its board (seed 2025, classic rules, 2 moves).
        board = Board(page, page.locator(".jp-Notebook .windmill").first)
        expect(board.root).to_be_visible()

        def history() -> list[str]:
            return notebook.value("[str(m) for m in board.game.history]")

        assert history() == ["e2>c", "e1>nw"]
        version = notebook.value("board.version")
        board.wait_drawn(version)
        assert board.ink()["green"] > 0.2, "the board's canvas looks blank"

        # Click a card, then its target.
        legal = notebook.value("board.state['legal']")
        move = next(m for m in legal if m != "deal")
        board.click_move(move)
        board.wait_drawn(version + 1)
        assert history() == ["e2>c", "e1>nw", move]

        # Deal by clicking the stock; take it back with the keyboard.
        board.click("stock")
        board.wait_drawn(version + 2)
        assert history()[-1] == "deal"
        board.pile("c").focus()
        page.keyboard.press("u")
        board.wait_drawn(version + 3)
        assert history() == ["e2>c", "e1>nw", move]

        # A refused move: the board shows the engine's sentence, Python's game is unchanged.
        refused = next(
            f"{s}>c"
            for s in ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2")
            if f"{s}>c" not in notebook.value("board.state['legal']")
        )
        why = notebook.value(f"board.game.explain({refused!r})")
        board.drag(*refused.split(">"))
        expect(board.message).to_contain_text(why)
        assert history() == ["e2>c", "e1>nw", move]

        # And a cell still drives the same board.
        notebook.run_cell("board.deal()")
        board.wait_drawn(version + 4)
        assert history()[-1] == "deal"
        SCREENSHOT.parent.mkdir(exist_ok=True)
        board.root.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOT))
        assert not [e for e in page_errors if "windmill" in e.lower() or "widget" in e.lower()], page_errors
    finally:
        context.close()
