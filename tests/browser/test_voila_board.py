"""The board in Voila (a dashboard: no cells, no JupyterLab), light and dark, wide and narrow; its Review."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from windmill_widget import Game

from .checks import REVIEW_BOARD, check_review
from .pages import REACT_MS, Board
from .servers import start_voila, write_notebook

pytestmark = pytest.mark.browser

SEED = 42  # the notebook in conftest.voila_notebook deals seed 42


def open_board(page, url: str) -> Board:
    page.goto(url)
    root = page.locator(".windmill")
    expect(root).to_be_visible(timeout=60_000)
    board = Board(page, root)
    board.wait_drawn(0)
    return board


def test_voila_board_plays_by_mouse_and_keyboard(voila, page, output_dir) -> None:
    board = open_board(page, voila.url)
    ink = board.ink()
    assert ink["green"] > 0.3 and ink["light"] > 0.04 and ink["colours"] > 100, ink
    replica = Game(seed=SEED)

    board.click_move("e1>nw")
    board.wait_drawn(1)
    replica.play("e1>nw")
    expect(board.pile("nw")).to_have_attribute(
        "aria-label", f"Corner nw: 1 of 13 cards, {replica.top('nw').name} on top"
    )

    board.pile("c").focus()
    page.keyboard.press("d")
    board.wait_drawn(2)
    replica.deal()
    expect(board.pile("stock")).to_have_attribute("aria-label", f"Stock: {len(replica.pile('stock'))} cards")
    page.keyboard.press("u")
    board.wait_drawn(3)
    expect(board.pile("waste")).to_have_attribute("aria-label", "Waste: empty")
    page.screenshot(path=str(output_dir / "voila-light.png"))


def test_voila_board_fits_a_narrow_window(voila, browser, output_dir) -> None:
    context = browser.new_context(viewport={"width": 400, "height": 900}, device_scale_factor=2)
    try:
        page = context.new_page()
        board = open_board(page, voila.url)
        stage = board.stage.bounding_box()
        assert stage and stage["width"] <= 400
        # The stock and the waste sit in the cross's top corners at every width, so they stay in view
        # and the board stays no taller than a small window.
        stock = board.pile("stock").bounding_box()
        nw = board.pile("nw").bounding_box()
        assert stock and nw and stock["y"] + stock["height"] < nw["y"]
        assert stage["height"] < 600, stage
        for pile in ("w2", "e2", "waste", "stock", "s2"):
            box = board.pile(pile).bounding_box()
            assert (
                box and stage["x"] <= box["x"] and box["x"] + box["width"] <= stage["x"] + stage["width"] + 1
            )
            assert box["y"] + box["height"] <= stage["y"] + stage["height"] + 1
        board.drag("e1", "nw")
        board.wait_drawn(1)
        page.screenshot(path=str(output_dir / "voila-narrow.png"), full_page=True)
        # Wider and narrower windows lay the board out again: larger cards, the same places.
        for width in (1100, 230):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_function(
                """([stage, width]) => stage.getBoundingClientRect().width <= width""",
                arg=[board.stage.element_handle(), width],
                timeout=REACT_MS,
            )
            stage = board.stage.bounding_box()
            waste = board.pile("waste").bounding_box()
            stock = board.pile("stock").bounding_box()
            assert stage and waste and stock
            assert waste["x"] + waste["width"] <= stage["x"] + stage["width"] + 1, f"waste clipped at {width}"
            assert stock["y"] < board.pile("nw").bounding_box()["y"]
    finally:
        context.close()


def test_voila_dark_theme_and_review(server_home, page, output_dir, tmp_path) -> None:
    """Voila's dark theme, on a board with a short lost game: Review draws its chart, a click on it goes
    to a move, and the reason shows."""
    notebook = write_notebook(tmp_path / "review.ipynb", REVIEW_BOARD + "r")
    server = start_voila(notebook, server_home, theme="dark")
    try:
        board = open_board(page, server.url)
        expect(board.root).to_have_attribute("data-theme", "dark", timeout=REACT_MS)
        assert board.ink()["light"] > 0.02
        page.screenshot(path=str(output_dir / "voila-dark.png"))
        check_review(board)
        page.screenshot(path=str(output_dir / "voila-review.png"))
    finally:
        server.stop()
