"""Both boards in marimo (issue 13, item 11), as ``mo.ui.anywidget(board)``: played by clicking, the
cells that read the game run again after each move, the board follows marimo's page theme rather than
the system's, Review works on a board with a lost game, and in the editor, whose cell outputs stop at
a max height, the whole board shows."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .checks import REVIEWED_MOVES, check_review
from .pages import REACT_MS, Board, axe_violations, serious

pytestmark = pytest.mark.browser

# How dark a text colour is: the sum of its red, green and blue (0 black .. 765 white).
_INK_JS = "(el) => getComputedStyle(el).color.match(/\\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b)"


def open_app(browser, url: str, *, scheme: str, width: int = 1200, height: int = 1000):
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    windmill = Board(page, page.locator('.windmill[data-game="windmill"]').first)
    quilt = Board(page, page.locator('.windmill[data-game="crazy-quilt"]'))
    expect(windmill.root).to_be_visible(timeout=60_000)
    expect(quilt.root).to_be_attached(timeout=60_000)
    windmill.wait_drawn(0)
    quilt.wait_drawn(0)
    return context, page, windmill, quilt, errors


def test_marimo_cells_rerun_after_moves_and_the_light_page_wins_over_a_dark_system(
    browser, marimo_run, output_dir
) -> None:
    context, page, windmill, quilt, errors = open_app(browser, marimo_run.url, scheme="dark")
    try:
        moves = page.locator("#windmill-moves")
        expect(moves).to_have_text("0 moves read", timeout=REACT_MS)
        windmill.click_move("e1>nw")
        windmill.wait_drawn(1)
        expect(moves).to_have_text("1 moves read", timeout=REACT_MS)
        windmill.click("stock")
        windmill.wait_drawn(2)
        expect(moves).to_have_text("2 moves read", timeout=REACT_MS)
        quilt.root.scroll_into_view_if_needed()
        quilt.click_move("c1>C-")
        quilt.wait_drawn(1)
        expect(page.locator("#quilt-moves")).to_have_text("1 moves read", timeout=REACT_MS)

        # marimo's page is light (its default theme) on a dark system: so are the boards, and their
        # text is dark ink on that light page.
        assert page.evaluate("() => document.body.className").split().count("light") == 1
        for board in (windmill, quilt):
            expect(board.root).to_have_attribute("data-theme", "light")
            assert board.root.locator(".windmill-info").evaluate(_INK_JS) < 300
            assert serious(axe_violations(page)) == []
        page.screenshot(path=str(output_dir / "marimo-run-light-on-dark-system.png"), full_page=True)

        # The Review of a short lost game: marimo passes the button's intent and the review's state.
        reviewed = Board(page, page.locator('.windmill[data-game="windmill"]').last)
        reviewed.root.scroll_into_view_if_needed()
        moves_read = page.locator("#reviewed-moves")
        expect(moves_read).to_have_text(f"{REVIEWED_MOVES} moves on the board", timeout=REACT_MS)

        def check_moves(n: int) -> None:
            expect(moves_read).to_have_text(f"{n} moves on the board", timeout=REACT_MS)

        check_review(reviewed, check_moves)
        assert errors == []
    finally:
        context.close()


def test_marimo_editor_shows_the_whole_board_on_its_dark_page(browser, marimo_edit, output_dir) -> None:
    context, page, windmill, quilt, errors = open_app(browser, marimo_edit.url, scheme="light")
    try:
        for board in (windmill, quilt):
            board.root.scroll_into_view_if_needed()
            expect(board.root).to_have_attribute("data-theme", "dark", timeout=REACT_MS)
            # The editor caps a cell's output height and scrolls the rest: the board fits inside.
            hidden = board.root.evaluate(
                """(el) => {
                  const up = (n) => n.parentElement ?? n.getRootNode()?.host ?? null;
                  for (let n = up(el); n; n = up(n)) {
                    const s = getComputedStyle(n);
                    if (s.maxHeight !== "none" && ["auto", "scroll", "hidden"].includes(s.overflowY))
                      return n.scrollHeight - n.clientHeight;
                  }
                  return null;
                }"""
            )
            assert hidden is not None, "the editor no longer caps outputs: check this test's premise"
            assert hidden <= 1, f"{hidden}px of the {board.root.get_attribute('data-game')} board cut off"
            assert serious(axe_violations(page)) == []
        windmill.root.scroll_into_view_if_needed()
        windmill.click_move("e1>nw")
        windmill.wait_drawn(1)
        expect(page.locator("#windmill-moves")).to_have_text("1 moves read", timeout=REACT_MS)
        page.screenshot(path=str(output_dir / "marimo-edit-dark.png"))
        assert errors == []
    finally:
        context.close()
