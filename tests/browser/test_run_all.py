"""Issue 40, item 2: Run All on a notebook of several boards, as a teacher opens a saved lesson.

The saved outputs of a board are its static picture (for nbviewer, GitHub and HTML exports), and JupyterLab
shows an output nobody has run or trusted in this browser as that picture. Before a cell runs again, its
picture must not pass for a board that went dead: one line under it says it is a picture and how to play.
After Run All, every board is live (toolbar, canvas drawn, clickable) and no picture is left."""

from __future__ import annotations

import json
import re
import urllib.request

import nbformat
import pytest
from nbclient import NotebookClient
from playwright.sync_api import expect

from windmill_widget.fallback import PICTURE_NOTE

from .pages import REACT_MS, Board, LabNotebook
from .test_play_notebook import _RUN_ALL_JS

pytestmark = pytest.mark.browser

BOARDS = (
    "from windmill_widget import QuiltWidget, WindmillWidget\nWindmillWidget(seed=1)",
    "QuiltWidget(seed=7)",
    "second = WindmillWidget(seed=2)\nsecond.play(second.game.legal_moves()[0])\nsecond",
    "QuiltWidget(seed=8, compact=True)",
)


def saved_lesson(tmp_path) -> dict:
    """A notebook of boards executed as `make notebooks` executes the lessons: its outputs saved."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in BOARDS]
    NotebookClient(nb, kernel_name="python3", timeout=120, store_widget_state=False,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()  # fmt: skip
    return json.loads(nbformat.writes(nb))


def upload(server_url: str, token: str, name: str, content: dict) -> None:
    body = json.dumps({"type": "notebook", "format": "json", "content": content}).encode()
    request = urllib.request.Request(f"{server_url}/api/contents/{name}?token={token}", data=body,
                                     method="PUT", headers={"Content-Type": "application/json"})  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status in (200, 201)


def test_run_all_makes_every_saved_board_picture_a_live_board(browser, lab, tmp_path, output_dir) -> None:
    server, token = lab
    upload(server.url, token, "lesson-boards.ipynb", saved_lesson(tmp_path))
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        LabNotebook(page, server.url, token, "lesson-boards.ipynb")
        outputs = page.locator(".jp-Notebook .jp-OutputArea-output")
        # Before: each board's saved output is its picture, and says so in one line.
        notes = page.locator(".jp-Notebook .jp-OutputArea-output", has_text=PICTURE_NOTE)
        expect(notes).to_have_count(len(BOARDS), timeout=30_000)
        expect(page.locator(".jp-Notebook .windmill")).to_have_count(0)

        problems = page.evaluate(_RUN_ALL_JS)
        assert problems == [], problems

        # After: every board live, drawn and playable; no picture left anywhere.
        roots = page.locator(".jp-Notebook .windmill")
        expect(roots).to_have_count(len(BOARDS), timeout=REACT_MS)
        expect(notes).to_have_count(0)
        assert not [t for t in outputs.all_inner_texts() if t.startswith(("<WindmillWidget", "<QuiltWidget"))]
        for nth in range(len(BOARDS)):
            board = Board(page, roots.nth(nth))
            expect(board.root.locator(".windmill-toolbar")).to_be_visible()
            expect(board.root).to_have_attribute("data-version", re.compile(r"^\d+$"), timeout=REACT_MS)
            board.wait_drawn(board.version())
            assert board.ink()["green"] > 0.2, f"board {nth} looks blank"
        # Playable: the first board deals when its stock is clicked.
        first = Board(page, roots.first)
        version = first.version()
        first.click("stock")
        first.wait_drawn(version + 1)
        page.screenshot(path=str(output_dir / "run-all-boards.png"))
        assert not [e for e in errors if "windmill" in e.lower() or "widget" in e.lower()], errors
    finally:
        context.close()
