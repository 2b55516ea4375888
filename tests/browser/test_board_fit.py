"""Both boards as a player meets them on a laptop (issue 40): the whole board in view at 1280 x 720
and in a narrow window, in JupyterLab and Notebook 7, light and dark. One page load per front end:
each check runs on the boards already on the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from windmill_widget.widget import _CARD_WIDTH

from .pages import REACT_MS, Board, LabNotebook

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 720}
NARROW = {"width": 640, "height": 720}
BOARDS = (
    "from windmill_widget import QuiltWidget, WindmillWidget\n"
    "w = WindmillWidget(seed=42)\n"
    "q = QuiltWidget(seed=7)\n"
    "display(w, q)"
)

_VIEW_JS = """
(root) => {
  // The board's top at the top of what scrolls it, then where its piles and lines are on the screen,
  // and what of the screen shows them: the window, cut by every ancestor that clips its content.
  root.scrollIntoView({ block: "start" });
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, w: r.width, h: r.height };
  };
  const view = { top: 0, bottom: innerHeight };
  for (let node = root.parentElement; node && node !== document.body; node = node.parentElement) {
    if (getComputedStyle(node).overflowY === "visible") continue;
    const r = node.getBoundingClientRect();
    view.top = Math.max(view.top, r.top);
    view.bottom = Math.min(view.bottom, r.bottom);
  }
  const piles = {};
  for (const el of root.querySelectorAll("[data-pile]")) if (!el.hidden) piles[el.dataset.pile] = box(el);
  return { view, piles, message: box(root.querySelector(".windmill-message")) };
}
"""


def assert_whole_board_in_view(board: Board, where: str) -> None:
    """Every pile (and the message line under the board) on screen at once, none of them smaller than
    a legible card, once the board's top is scrolled to the top of its host."""
    board.page.wait_for_timeout(150)  # a resize's repaint
    seen = board.root.evaluate(_VIEW_JS)
    view = seen["view"]
    out = [
        n for n, r in seen["piles"].items() if r["top"] < view["top"] - 1 or r["bottom"] > view["bottom"] + 1
    ]
    assert not out, f"{where}: piles out of view: {out} (view {view})"
    assert seen["message"]["bottom"] <= view["bottom"] + 1, f"{where}: the message line is out of view"
    smallest = min(min(r["w"], r["h"]) for r in seen["piles"].values())
    assert smallest >= _CARD_WIDTH["legible"] - 1, f"{where}: cards {smallest:.0f} px wide"


def check_boards(page: Page, nb: LabNotebook, ui: str) -> None:
    # In a narrow window a player closes JupyterLab's file browser (Notebook 7 has none open).
    if ui == "lab":
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    nb.run_cell(BOARDS, 0)
    windmill, quilt = nb.board(0), nb.board(1)
    windmill.wait_drawn(0)
    quilt.wait_drawn(0)
    for dark in (False, True):
        nb.set_theme(dark=dark)
        for viewport in (LAPTOP, NARROW):
            page.set_viewport_size(viewport)
            for board in (windmill, quilt):
                theme = "dark" if dark else "light"
                expect(board.root).to_have_attribute("data-theme", theme, timeout=REACT_MS)
                assert_whole_board_in_view(board, f"{ui} {viewport} {board.root.get_attribute('data-game')}")
    nb.set_theme(dark=False)
    page.set_viewport_size(LAPTOP)
    # size= sets the card width: the board is then as tall as it needs (the notebook scrolls).
    nb.run_cell("q.size = 60", 1)
    expect(quilt.pile("a1")).to_have_js_property("offsetWidth", 60, timeout=REACT_MS)


def test_boards_fit_jupyterlab_and_notebook7(browser, lab) -> None:
    server, token = lab
    for ui, path in (("lab", "board.ipynb"), ("notebook", "nb7.ipynb")):
        context = browser.new_context(viewport=LAPTOP)
        try:
            page = context.new_page()
            page.set_default_timeout(30_000)
            nb = LabNotebook(page, server.url, token, path, ui=ui)
            check_boards(page, nb, ui)
        finally:
            context.close()
