"""Both boards in Notebook 7 (the ``notebook`` package, served by the JupyterLab test server), played
by clicking, light and dark; the toolbar's controls in each theme, and the Review of a lost game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .checks import REVIEW_BOARD, check_deals_and_autoplay, check_review
from .pages import REACT_MS, LabNotebook, axe_violations, serious

pytestmark = pytest.mark.browser

BOARD = "from windmill_widget import QuiltWidget, WindmillWidget\nw = WindmillWidget(seed=42)\nw"


def test_notebook7_plays_both_boards_light_and_dark(browser, lab, output_dir) -> None:
    server, token = lab
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        nb = LabNotebook(page, server.url, token, "nb7.ipynb", ui="notebook")
        nb.run_cell(BOARD, 0)
        windmill = nb.board()
        windmill.wait_drawn(0)
        windmill.click_move("e1>nw")
        windmill.wait_drawn(1)
        assert nb.value("[str(m) for m in w.game.history]") == ["e1>nw"]
        nb.run_cell("q = QuiltWidget(seed=7)\nq")
        quilt = nb.board(1)
        quilt.wait_drawn(0)
        quilt.root.scroll_into_view_if_needed()
        quilt.click_move("c1>C-")
        quilt.wait_drawn(1)
        assert nb.value("[str(m) for m in q.game.history]") == ["c1>C-"]
        page.screenshot(path=str(output_dir / "notebook7-light.png"))
        for dark in (True, False):
            nb.set_theme(dark=dark)
            for board in (windmill, quilt):
                theme = "dark" if dark else "light"
                expect(board.root).to_have_attribute("data-theme", theme, timeout=REACT_MS)
            assert serious(axe_violations(page)) == []
            if dark:
                page.screenshot(path=str(output_dir / "notebook7-dark.png"))
            # The toolbar's controls, in each theme; then the Review of a short lost game.
            check_deals_and_autoplay(nb)
        nb.run_cell(REVIEW_BOARD + "r", 1)

        def check_moves(n: int) -> None:
            assert nb.value("len(r.game.history)") == n

        check_review(nb.board(1), check_moves)
    finally:
        context.close()
