"""Checks that more than one front end's test runs on its own page: the board's Review (issue 41) on a
short lost game, and the toolbar's controls (issues 40 and 41) on a Windmill board."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache

import review_games
from playwright.sync_api import expect

from .pages import REACT_MS, Board, LabNotebook

# Code that stages greedy's lost game of deal 29 from 10 cards before the stock's end (28 moves) on a
# board ``r`` whose Review button reviews in about a second.
REVIEW_BOARD = (
    inspect.getsource(review_games)
    + "\nfrom windmill_widget import Game, WindmillWidget\n"
    + "r = WindmillWidget(late_game(Game, 29, 10))\nr.review_settings = QUICK\n"
)
REVIEWED_MOVES = 28


@cache
def first_mark_after_the_deal() -> int:
    """The first move after the deal's that the board's review of :data:`REVIEW_BOARD` marks: the same
    seeded review, run here (the board's kernel runs the same code), so a change in how the review
    samples moves the expectation with it."""
    from windmill_widget import Game
    from windmill_widget.review import review

    game = review_games.late_game(Game, 29, 10)
    assert len(game.history) == REVIEWED_MOVES
    marks = [m.number for m in review(game, progress=False, **review_games.QUICK).marked()]
    return next(m for m in marks if m > 1)


_CUT_CONTROLS_JS = """
(root) => {
  // The board's controls that the window or a clipping ancestor cuts off, left or right.
  const cut = [];
  for (const el of root.querySelectorAll(".windmill-toolbar > *, .windmill-linebar > *")) {
    if (el.offsetParent === null) continue;  // hidden (Stop while nothing runs)
    const r = el.getBoundingClientRect();
    let left = 0, right = innerWidth;
    for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
      if (getComputedStyle(n).overflowX === "visible") continue;
      const b = n.getBoundingClientRect();
      left = Math.max(left, b.left);
      right = Math.min(right, b.right);
    }
    if (r.left < left - 1 || r.right > right + 1) {
      const name = el.dataset.action ?? el.dataset.role ?? el.className;
      const px = (x) => Math.round(x);
      cut.push(`${name} ${px(r.left)}..${px(r.right)} in ${px(left)}..${px(right)}`);
    }
  }
  return cut;
}
"""


def check_review(board: Board, check_moves: Callable[[int], None] | None = None) -> None:
    """Press Review on the board of :data:`REVIEW_BOARD`: the chart and its summary show, a click on the
    chart's first point goes to the deal, PageDown to just before the next marked move, whose reason the
    board says. ``check_moves(n)``, where the front end lets the test ask, checks the game has n moves."""
    board.wait_drawn(0)
    expect(board.root).to_have_attribute("data-status", "lost", timeout=REACT_MS)
    board.button("review").click()
    chart = board.root.locator(".windmill-chart")
    expect(chart).to_be_visible(timeout=60_000)
    expect(board.root.locator(".windmill-review-summary")).to_contain_text("could still be won until move")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box is not None
    chart.click(position={"x": 35, "y": box["height"] / 2})
    slider_text = board.root.locator(".windmill-slider-text")
    expect(slider_text).to_have_text(f"Move 0 of {REVIEWED_MOVES}", timeout=REACT_MS)
    if check_moves:
        check_moves(0)
    chart.focus()
    chart.press("PageDown")
    mark = first_mark_after_the_deal()
    before = mark - 1
    expect(chart).to_have_attribute("aria-valuenow", str(before), timeout=REACT_MS)
    expect(slider_text).to_have_text(f"Move {before} of {REVIEWED_MOVES}", timeout=REACT_MS)
    note = board.root.locator(".windmill-review-note")
    expect(note).to_contain_text(f"Move {mark}", timeout=REACT_MS)
    assert len(note.text_content() or "") > 20, "the review says no reason"
    if check_moves:
        check_moves(before)


def check_deals_and_autoplay(nb: LabNotebook) -> None:
    """A Windmill board in the first cell: every control in view and whole, the deal box (a bad deal, then
    PySolFC's numbers) and the share line, Next deal, Restart, the replay slider, Autoplay with a player
    and a speed, and Stop."""
    code = (
        "from windmill_widget import Rules, WindmillWidget\n"
        "w = WindmillWidget(seed=1234, rules=Rules.strict())\nw"
    )
    nb.run_cell(code, 0)
    board = nb.board(0)
    board.wait_drawn(0)
    cut = board.root.evaluate(_CUT_CONTROLS_JS)
    assert not cut, f"controls cut off at {nb.page.viewport_size}: {cut}"
    share = board.root.locator(".windmill-share")
    deal_box = board.root.locator(".windmill-deal-input")
    expect(share).to_have_text("seed 1234 · strict")
    # A bad deal: one line on the board, nothing changes (the box keeps what was typed, to correct it).
    deal_box.fill("twelve")
    deal_box.press("Enter")
    expect(board.message).to_have_attribute("data-kind", "refused", timeout=REACT_MS)
    expect(board.message).to_contain_text("is not a deal")
    assert board.version() == 0 and share.text_content() == "seed 1234 · strict"
    # Typing in the box is not a board shortcut: "d" did not deal, "n" did not deal a new game.
    deal_box.fill("pysolfc:12345")
    deal_box.press("Enter")
    expect(share).to_have_text("pysolfc:12345 · pysolfc", timeout=REACT_MS)
    assert nb.value("w.game.pysolfc") == 12345 and nb.value("len(w.game.history)") == 0
    board.button("new_game").click()
    expect(share).to_have_text("pysolfc:12346 · pysolfc", timeout=REACT_MS)
    # Restart: a move, then back to the deal's start.
    board.click("stock")
    expect(board.button("restart")).to_be_enabled(timeout=REACT_MS)
    board.button("restart").click()
    slider_text = board.root.locator(".windmill-slider-text")
    expect(slider_text).to_have_text("Move 0 of 0", timeout=REACT_MS)
    # The replay slider, by keyboard: two deals, back to the start, and forward to the end again.
    for version in (board.version() + 1, board.version() + 2):
        board.click("stock")
        board.wait_drawn(version)
    slider = board.root.locator(".windmill-slider")
    slider.focus()
    slider.press("Home")
    expect(slider_text).to_have_text("Move 0 of 2", timeout=REACT_MS)
    assert nb.value("len(w.game.history)") == 0
    slider.press("End")
    expect(slider_text).to_have_text("Move 2 of 2", timeout=REACT_MS)
    # Autoplay with the chosen player and speed; Stop stops it.
    board.root.locator('select[data-role="player"]').select_option("greedy")
    board.root.locator('select[data-role="speed"]').select_option("slow")
    board.button("autoplay").click()
    expect(board.button("stop")).to_be_visible(timeout=REACT_MS)
    assert nb.value("w.autoplaying")
    board.button("stop").click()
    expect(board.button("autoplay")).to_be_visible(timeout=REACT_MS)
    expect(board.message).to_contain_text("Autoplay stopped")
