"""The Crazy Quilt board in JupyterLab 4 and Voila, driven as a user drives it: clicks, drags, a
double-click, keys, the stock's turn and redeal, the end of a game. After each action the test waits
for the board's repaint and then asks the kernel what the game is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from windmill_widget import QuiltGame

from .pages import REACT_MS, Board, LabNotebook, boxes_of
from .servers import start_voila, write_notebook

pytestmark = pytest.mark.browser

SEED = 7  # at the deal: c1>C-, a2>D+, a4>S-, a6>H+ and turn are the legal moves


@pytest.fixture(autouse=True)
def no_page_errors(lab_page: LabNotebook):
    before = len(lab_page.errors)
    yield
    assert lab_page.errors[before:] == []


def new_quilt(nb: LabNotebook, code: str = f"QuiltWidget(seed={SEED})") -> Board:
    nb.keep_only_first_cell()
    nb.run_cell(f"from windmill_widget import QuiltWidget, QuiltGame, QuiltRules\nq = {code}\nq", index=0)
    board = nb.board()
    board.wait_drawn(0)
    return board


def history(nb: LabNotebook) -> list[str]:
    return nb.value("[str(m) for m in q.game.history]")


def expected_label(game: QuiltGame, pile: str) -> str:
    """What the board must say for a quilt cell, worked out from the engine."""
    cards = game.pile(pile)
    if not cards:
        return f"Cell {pile}: empty"
    return f"Cell {pile}: {cards[-1].name}, {'free' if game.is_available(pile) else 'blocked'}"


def test_quilt_board_is_drawn_labelled_and_plays(lab_page: LabNotebook) -> None:
    board = new_quilt(lab_page)
    replica = QuiltGame(seed=SEED)
    ink = board.ink()
    assert ink["green"] > 0.25 and ink["light"] > 0.05 and ink["colours"] > 100, ink
    expect(board.root).to_have_attribute("data-game", "crazy-quilt")
    assert board.root.locator("[data-pile]").count() == 75  # 64 cells, 8 foundations, stock, waste, hand
    for cell in ("a1", "b1", "c2", "h1", "d5"):
        expect(board.pile(cell)).to_have_attribute("aria-label", expected_label(replica, cell))
    # Cells lying across are wider than tall, on the screen too, and hit on their whole box.
    b1, a1 = boxes_of(board.pile("b1"), board.pile("a1"))
    assert b1["width"] > b1["height"] and a1["height"] > a1["width"]
    expect(board.button("turn")).to_be_enabled()
    expect(board.button("redeal")).to_be_disabled()

    steps = ["click c1>C-", "drag a2>D+", "double-click a6", "stock"]
    for version, step in enumerate(steps, start=1):
        kind, _, move = step.partition(" ")
        if kind == "click":
            board.click_move(move)
        elif kind == "drag":
            board.drag(*move.split(">"))
        elif kind == "double-click":
            board.pile(move).dblclick()
            move = "a6>H+"
        else:
            board.click("stock")
            move = "turn"
        replica.play(move)
        board.wait_drawn(version)
        assert history(lab_page) == [str(m) for m in replica.history], step
    for cell in ("c1", "b1", "a2", "a3", "b2", "a6"):
        expect(board.pile(cell)).to_have_attribute("aria-label", expected_label(replica, cell))
    card = replica.top("hand")
    assert card is not None
    expect(board.pile("hand")).to_have_attribute("aria-label", f"Card in hand: {card.name}")

    # A refused move: the engine's sentence, and nothing changes.
    why = replica.explain("c2>waste")
    assert why and "narrow edge" in why
    board.click_move("c2>waste")
    expect(board.message).to_have_text(why)
    assert history(lab_page) == [str(m) for m in replica.history]


def test_quilt_board_plays_by_keyboard(lab_page: LabNotebook) -> None:
    board = new_quilt(lab_page)
    page = lab_page.page
    focused = "() => document.activeElement?.dataset?.pile ?? null"
    board.pile("a4").focus()
    page.keyboard.press("ArrowUp")
    assert page.evaluate(focused) == "a3"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # pick up the card at a4
    expect(board.pile("a4")).to_have_attribute("aria-pressed", "true")
    expect(board.live).to_contain_text("It can go to foundation S-")
    board.pile("S-").focus()
    page.keyboard.press(" ")
    board.wait_drawn(1)
    assert history(lab_page) == ["a4>S-"]
    page.keyboard.press("d")  # the stock's move: turn
    board.wait_drawn(2)
    page.keyboard.press("u")
    board.wait_drawn(3)
    assert history(lab_page) == ["a4>S-"]


def test_quilt_redeal_from_the_stock_and_the_end_of_the_game(lab_page: LabNotebook) -> None:
    board = new_quilt(
        lab_page,
        # an empty stock, two cards on the waste, one redeal left; the 2♥ then the 3♥ go home
        "QuiltWidget(QuiltGame.from_position(quilt={'a1': '9S'}, foundations={'H+': ['AH']},"
        " waste=['3H', '2H'], rules=QuiltRules.common()))",
    )
    expect(board.button("turn")).to_be_disabled()
    expect(board.button("redeal")).to_be_enabled()
    board.click("stock")  # with the stock empty, the stock's move is the redeal
    board.wait_drawn(1)
    assert history(lab_page) == ["redeal"]
    assert lab_page.value("q.state['redeals_left']") == 0
    expect(board.root.locator(".windmill-info")).to_contain_text("0 redeals left")
    for version in (2, 3):
        board.click("stock")  # turn the 3♥ back up...
        board.wait_drawn(version)
    # ...the 2♥ is on the waste's top now: home it by dragging
    board.drag("waste", "H+")
    board.wait_drawn(4)
    assert history(lab_page) == ["redeal", "turn", "turn", "waste>H+"]
    banner = board.root.locator(".windmill-banner")
    lab_page.run_cell("q.load(QuiltGame.from_position(quilt={'a1': '9S'}, rules=QuiltRules.common()))")
    expect(banner.locator(".windmill-banner-title")).to_have_text("Game over", timeout=REACT_MS)
    lab_page.run_cell(
        "q.load(QuiltGame.from_position(quilt={'a1': '2S'}, foundations={'S+': ['AS']},"
        " rules=QuiltRules.common()))"
    )
    expect(banner).to_be_hidden(timeout=REACT_MS)
    board.pile("a1").dblclick()
    expect(banner.locator(".windmill-banner-title")).to_have_text("You won!", timeout=REACT_MS)


def test_quilt_board_in_voila_dark_and_narrow(server_home, browser, tmp_path_factory, output_dir) -> None:
    notebook = write_notebook(
        tmp_path_factory.mktemp("voila-quilt") / "quilt.ipynb",
        "from windmill_widget import QuiltWidget\nq = QuiltWidget(seed=7)\nq",
    )
    server = start_voila(notebook, server_home, theme="dark")
    context = browser.new_context(viewport={"width": 420, "height": 900}, device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        root = page.locator(".windmill").first
        expect(root).to_be_visible(timeout=60_000)
        board = Board(page, root)
        board.wait_drawn(0)
        expect(root).to_have_attribute("data-theme", "dark", timeout=REACT_MS)
        # Narrower than its smallest legible cards: the board scrolls sideways, nothing is clipped.
        scroller = root.locator(".windmill-scroll")
        widths = scroller.evaluate("(el) => [el.clientWidth, el.scrollWidth]")
        assert widths[1] >= widths[0]
        board.click_move("c1>C-")
        board.wait_drawn(1)
        expect(board.pile("C-")).to_have_attribute(
            "aria-label", "Foundation C-: 2 of 13 cards, Queen of clubs on top"
        )
        page.screenshot(path=str(output_dir / "voila-quilt-dark.png"), full_page=True)
    finally:
        context.close()
        server.stop()
