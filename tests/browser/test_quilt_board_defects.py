"""Issue 13's defects on the Crazy Quilt board, which shares the Windmill board's code: each driven in
JupyterLab as a player would and checked on what the player sees (buttons, pixels, the lines under the
board). Windmill's cases are in test_board_defects.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from windmill_widget import QuiltGame

from .pages import REACT_MS, Board, LabNotebook
from .test_quilt_board import SEED, history, new_quilt

pytestmark = pytest.mark.browser

# A strategy written in the cell, as a tinkerer would: the first legal move (the board must not care
# whose player it is).
FIRST = "first = lambda view: view.legal_moves()[0]\n"


@pytest.fixture(autouse=True)
def no_page_errors(lab_page: LabNotebook):
    before = len(lab_page.errors)
    yield
    assert lab_page.errors[before:] == []


def test_quilt_new_game_works_again_after_autoplay(lab_page: LabNotebook) -> None:
    board = new_quilt(lab_page)
    lab_page.run_cell(FIRST + "task = q.autoplay(first, delay=1.0, max_moves=3)")
    expect(board.button("new_game")).to_be_disabled(timeout=REACT_MS)  # while it plays
    expect(board.button("stop")).to_be_hidden(timeout=REACT_MS)  # ...and done
    assert lab_page.value("task.result()") == "max_moves"
    assert len(history(lab_page)) == 3
    expect(board.button("new_game")).to_be_enabled()
    version = board.version()
    board.button("new_game").click()
    board.wait_drawn(version + 1)
    assert lab_page.value("[q.game.seed, len(q.game.history)]") == [SEED + 1, 0]


def test_quilt_new_game_can_be_undone(lab_page: LabNotebook) -> None:
    board = new_quilt(lab_page)
    board.click_move("c1>C-")
    board.wait_drawn(1)
    board.root.press("n")  # by accident
    board.wait_drawn(2)
    assert lab_page.value("q.game.seed") == SEED + 1
    expect(board.message).to_contain_text("Undo goes back to the last game")
    board.button("undo").click()
    board.wait_drawn(3)
    assert lab_page.value("q.game.seed") == SEED and history(lab_page) == ["c1>C-"]


def band(board: Board, r: dict, dy: float, h: float) -> dict:
    return board.sample(r["x"], r["y"] + dy, r["w"], h)


def test_quilt_picked_up_card_and_its_targets_read_differently(lab_page: LabNotebook) -> None:
    for dark in (False, True):
        lab_page.set_theme(dark=dark)
        board = new_quilt(lab_page)
        expect(board.root).to_have_attribute("data-theme", "dark" if dark else "light", timeout=REACT_MS)
        # c1 (upright, top row) goes to the King of clubs' foundation and nowhere else.
        assert [str(m) for m in QuiltGame(seed=SEED).legal_moves() if str(m).startswith("c1")] == ["c1>C-"]
        c1, target = board.rect("c1"), board.rect("C-")
        bottom = band(board, c1, 0.9 * c1["h"], 0.08 * c1["h"])
        board.click("c1")
        expect(board.pile("c1")).to_have_attribute("aria-pressed", "true")
        board.page.wait_for_timeout(100)  # the repaint after the click (no new state to wait on)
        # Lifted well off its cell: the cell's bottom edge is no longer card...
        lifted = band(board, c1, 0.9 * c1["h"], 0.08 * c1["h"])
        assert lifted["white"] < 0.3 * bottom["white"], (bottom, lifted)
        # ...in a solid yellow ring, while its target wears white dashes and no yellow.
        ring = band(board, c1, -0.14 * c1["h"] - 6, 8)
        assert ring["yellow"] > 0.3 * ring["total"], ring
        dashes = band(board, target, -6, 5)
        assert dashes["yellow"] == 0 and dashes["white"] > 0.15 * dashes["total"], dashes
        board.root.press("Escape")
    lab_page.set_theme(dark=False)


def test_quilt_highlights_never_cover_the_counters(lab_page: LabNotebook) -> None:
    board = new_quilt(lab_page)
    lab_page.run_cell("q.hint(lambda view: 'turn')")
    expect(board.message).to_have_attribute("data-kind", "hint")
    board.page.wait_for_timeout(100)
    stock = board.rect("stock")
    pill = board.sample(stock["x"] + stock["w"] * 0.4, stock["y"] + stock["h"] + 4, stock["w"] * 0.2, 6)
    assert pill["cyan"] == 0 and pill["dark"] + pill["white"] > 0.6 * pill["total"], pill
    # A foundation that is a target keeps its counter readable under the ring.
    board.click("c1")
    board.page.wait_for_timeout(100)
    found = board.rect("C-")
    counter = board.sample(found["x"] + found["w"] * 0.4, found["y"] + found["h"] + 4, found["w"] * 0.2, 6)
    assert counter["cyan"] == 0 and counter["yellow"] == 0, counter
    assert counter["dark"] + counter["white"] > 0.6 * counter["total"], counter


def test_quilt_refusal_is_cleared_when_another_card_is_picked_up(lab_page: LabNotebook) -> None:
    board = new_quilt(lab_page)
    why = QuiltGame(seed=SEED).explain("c2>waste")
    board.click_move("c2>waste")
    expect(board.message).to_have_text(why or "")
    expect(board.message).to_have_attribute("data-kind", "refused")
    board.click("a4")
    expect(board.pile("a4")).to_have_attribute("aria-pressed", "true")
    # The refusal gives way to the picked-up card's line (issue 40: which piles take it).
    expect(board.message).to_have_attribute("data-kind", "pickup")
    expect(board.message).to_contain_text("Picked up the ")
    board.click("S-")
    board.wait_drawn(1)
    assert history(lab_page) == ["a4>S-"]


def test_quilt_hint_gives_its_reason(lab_page: LabNotebook) -> None:
    """The board's Hint button on Crazy Quilt (the default player of the game in view): a move the
    engine accepts, ringed on the board, with a sentence saying why."""
    board = new_quilt(lab_page)
    board.button("hint").click()
    expect(board.message).to_have_attribute("data-kind", "hint", timeout=REACT_MS)
    hint = lab_page.value("q.state['hint']")
    assert hint in [str(m) for m in QuiltGame(seed=SEED).legal_moves()], hint
    text = board.message.inner_text()
    assert text.startswith("Hint: ") and len(text) > 20, text  # one sentence: "Hint: Play the ... to S-."
    # ...and the reason, not a bare move, behind the Why? button.
    board.root.locator(".windmill-why-button").click()
    expect(board.root.locator(".windmill-why")).to_have_text(lab_page.value("q.state['message']['detail']"))
    assert history(lab_page) == []  # a hint plays nothing
