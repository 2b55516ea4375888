"""The defects a new user met on the board (issue 13), each driven in JupyterLab as that user would,
and each checked on what the user sees: the buttons, the canvas's pixels, the lines under the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from windmill_widget import Game

from .pages import REACT_MS, LabNotebook, boxes_of

pytestmark = pytest.mark.browser

SEED = 42  # e1 holds a King at the deal: it may go to any of the four empty corners


@pytest.fixture(autouse=True)
def no_page_errors(lab_page: LabNotebook):
    before = len(lab_page.errors)
    yield
    assert lab_page.errors[before:] == []


def test_new_game_works_again_after_autoplay(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    # Slow enough (three moves a second apart) that the disabled button is seen while it plays.
    lab_page.run_cell("task = w.autoplay(delay=1.0, max_moves=3)")
    expect(board.button("new_game")).to_be_disabled(timeout=REACT_MS)  # while it plays
    expect(board.button("stop")).to_be_hidden(timeout=REACT_MS)
    assert lab_page.value("task.result()") == "max_moves"
    expect(board.button("new_game")).to_be_enabled()
    version = board.version()
    board.button("new_game").click()
    board.wait_drawn(version + 1)
    assert lab_page.value("w.game.seed") == SEED + 1  # the next number, as the board says


def test_new_game_can_be_undone(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    board.click_move("e1>nw")
    board.wait_drawn(1)
    board.root.press("n")  # by accident
    board.wait_drawn(2)
    assert lab_page.value("[w.game.seed, len(w.game.history)]") == [SEED + 1, 0]
    expect(board.message).to_contain_text("Undo goes back to the last game")
    expect(board.button("undo")).to_be_enabled()
    board.button("undo").click()
    board.wait_drawn(3)
    assert lab_page.value("[w.game.seed, [str(m) for m in w.game.history]]") == [SEED, ["e1>nw"]]
    expect(board.message).to_contain_text("Back to the game before: seed 42 at move 1.")
    # ...and its own moves can still be taken back.
    board.button("undo").click()
    board.wait_drawn(4)
    assert lab_page.value("len(w.game.history)") == 0
    expect(board.button("undo")).to_be_disabled()


def test_the_picked_up_card_and_its_targets_read_differently(lab_page: LabNotebook) -> None:
    for dark in (False, True):
        lab_page.set_theme(dark=dark)
        board = lab_page.new_board(SEED)
        expect(board.root).to_have_attribute("data-theme", "dark" if dark else "light", timeout=REACT_MS)
        e1, nw = board.rect("e1"), board.rect("nw")

        def band(r: dict, dy: float, h: float, board=board) -> dict:
            return board.sample(r["x"], r["y"] + dy, r["w"], h)

        before = band(e1, -0.1 * e1["h"], 0.08 * e1["h"])
        board.click("e1")
        expect(board.pile("e1")).to_have_attribute("aria-pressed", "true")
        board.page.wait_for_timeout(100)  # the repaint after the click (no new state: nothing to wait on)
        # The card in hand is lifted well above its place (the felt above it is now card), in a solid
        # yellow ring; its targets wear white dashes, and no yellow at all.
        lifted = band(e1, -0.1 * e1["h"], 0.08 * e1["h"])
        assert before["green"] > 0.5 * before["total"] and lifted["green"] < 0.05 * lifted["total"], (
            before,
            lifted,
        )
        ring = band(e1, -0.14 * e1["h"] - 6, 8)
        assert ring["yellow"] > 0.3 * ring["total"], ring
        target = band(nw, -6, 5)
        assert target["yellow"] == 0 and target["white"] > 0.15 * target["total"], target
        board.root.press("Escape")
    lab_page.set_theme(dark=False)


def test_highlights_never_cover_the_counters(lab_page: LabNotebook) -> None:
    lab_page.keep_only_first_cell()
    lab_page.run_cell(
        "from windmill_widget import WindmillWidget, Game\n"
        # a centre two cards high, a King on corner nw, and the only move a deal: the hint is the stock
        "w = WindmillWidget(Game.from_position(center=['AS', '2H'], corners={'nw': ['KD']},"
        " sails={'n1': '9C', 'n2': '9S', 'e1': '9D', 'e2': '9H',"
        " 's1': '8C', 's2': '8S', 'w1': '8D', 'w2': '8H'},"
        " stock=['7C', '7S']))\nw",
        index=0,
    )
    board = lab_page.board()
    board.wait_drawn(0)
    lab_page.run_cell("w.hint()")
    expect(board.message).to_have_attribute("data-kind", "hint")
    assert lab_page.value("w.state['hint']") == "deal"
    board.page.wait_for_timeout(100)
    stock = board.rect("stock")
    pill = board.sample(stock["x"] + stock["w"] * 0.4, stock["y"] + stock["h"] + 4, stock["w"] * 0.2, 6)
    assert pill["cyan"] == 0 and pill["dark"] + pill["white"] > 0.6 * pill["total"], (
        pill
    )  # the count, unglowed
    # The corner's counter sits under its card: the card's upside-down index is not covered.
    nw = board.rect("nw")
    index = board.sample(nw["x"] + nw["w"] * 0.75, nw["y"] + nw["h"] * 0.75, nw["w"] * 0.2, nw["h"] * 0.2)
    assert index["dark"] < 0.5 * index["total"] and index["white"] > 0.3 * index["total"], index
    # A target's ring does not cover a counter either: pick up a sail's 9, the targets include nothing
    # here, so pick up the corner's King: its counter stays dark and readable.
    board.click("n1")
    board.page.wait_for_timeout(100)
    counter = board.sample(nw["x"] + nw["w"] * 0.4, nw["y"] + nw["h"] + 4, nw["w"] * 0.2, 6)
    assert counter["cyan"] == 0 and counter["yellow"] == 0, counter


def test_the_end_banner_names_who_won_and_stays_off_the_board(lab_page: LabNotebook) -> None:
    lab_page.keep_only_first_cell()
    lab_page.run_cell(
        "from windmill_widget import WindmillWidget, Game\n"
        "w = WindmillWidget(Game.from_position(center=['AS'], sails={'n1': '2C', 'n2': '3D'}, stock=[]))\nw",
        index=0,
    )
    board = lab_page.board()
    board.wait_drawn(0)
    banner = board.root.locator(".windmill-banner")
    lab_page.run_cell("task = w.autoplay(delay=0.05)")
    expect(banner).to_be_visible(timeout=REACT_MS)
    title = banner.locator(".windmill-banner-title")
    expect(title).not_to_have_text("You won!")
    expect(title).to_contain_text("won")
    stage, box = boxes_of(board.stage, banner)
    assert box["y"] >= stage["y"] + stage["height"], "the banner covers the board"
    expect(board.message).to_be_hidden()  # said once, in the banner

    # A replayed line that wins: "The line won.", and the banner never covers the cards.
    lab_page.run_cell("line = w.game.copy(); w.replay(line)")
    expect(banner).to_be_hidden(timeout=REACT_MS)
    lab_page.run_cell("w.seek(2)")
    expect(title).to_have_text("The line won.", timeout=REACT_MS)

    # The player's own win.
    lab_page.run_cell("w.seek(0)")
    expect(banner).to_be_hidden(timeout=REACT_MS)
    board.click_move("n1>c")
    board.click_move("n2>c")
    expect(title).to_have_text("You won!", timeout=REACT_MS)


def test_a_refusal_is_cleared_when_another_card_is_picked_up(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    why = Game(seed=SEED).explain("n1>c")
    board.click_move("n1>c")
    expect(board.message).to_have_text(why)
    expect(board.message).to_have_attribute("data-kind", "refused")
    board.click("e1")  # the player moves on
    expect(board.pile("e1")).to_have_attribute("aria-pressed", "true")
    # The refusal gives way to the picked-up card's line (issue 40: which piles take it).
    expect(board.message).to_have_attribute("data-kind", "pickup")
    expect(board.message).to_contain_text("Picked up the ")
    board.click("nw")
    board.wait_drawn(1)
    expect(board.message).to_contain_text("King of hearts from sail e1 to corner nw")
