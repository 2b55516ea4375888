"""The board in Voila (a dashboard: no cells, no JupyterLab), light and dark, wide and narrow."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from windmill_widget import Game

from .pages import REACT_MS, Board
from .servers import start_voila

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
        # Narrow: the stock and the waste sit below the windmill, every pile inside the board.
        stock = board.pile("stock").bounding_box()
        s2 = board.pile("s2").bounding_box()
        assert stock and s2 and stock["y"] > s2["y"] + s2["height"]
        for pile in ("w2", "e2", "waste"):
            box = board.pile(pile).bounding_box()
            assert (
                box and stage["x"] <= box["x"] and box["x"] + box["width"] <= stage["x"] + stage["width"] + 1
            )
        board.drag("e1", "nw")
        board.wait_drawn(1)
        page.screenshot(path=str(output_dir / "voila-narrow.png"), full_page=True)
        # Widening the window lays the board out again: the stock moves beside the windmill.
        page.set_viewport_size({"width": 1100, "height": 900})
        page.wait_for_function(
            """([stock, e2]) => stock.getBoundingClientRect().left > e2.getBoundingClientRect().right""",
            arg=[board.pile("stock").element_handle(), board.pile("e2").element_handle()],
            timeout=REACT_MS,
        )
        stock = board.pile("stock").bounding_box()
        e2 = board.pile("e2").bounding_box()
        assert stock and e2 and stock["x"] > e2["x"] + e2["width"]
    finally:
        context.close()


def test_voila_dark_theme(voila_notebook, server_home, page, output_dir) -> None:
    server = start_voila(voila_notebook, server_home, theme="dark")
    try:
        board = open_board(page, server.url)
        expect(board.root).to_have_attribute("data-theme", "dark", timeout=REACT_MS)
        assert board.ink()["light"] > 0.02
        page.screenshot(path=str(output_dir / "voila-dark.png"))
    finally:
        server.stop()
