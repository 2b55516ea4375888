"""The board's Review (issue 41) in JupyterLab at 1280 x 720: the chart of the winning chance under the
board, a click on a point goes to that move, the keyboard goes from marked move to marked move, and
before a mistake the board shows it and the better move as arrows with the reason; Crazy Quilt's board
reviews its opening from its Review button, in the dark theme, and the chart gives the range that bounds
a chance the solver could not measure."""

from __future__ import annotations

import inspect
import re

import pytest
import review_games
from playwright.sync_api import expect

from .pages import REACT_MS, lab_notebook

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 720}
# The kernel gets the games and budgets of the widget's review tests.
SETUP = (
    inspect.getsource(review_games)
    + "\nfrom windmill_widget import Game, QuiltGame, QuiltWidget, WindmillWidget\n"
)


_PIXELS_JS = """
(canvas, colour) => {
  // How many pixels of the board's canvas are near `colour` ([r, g, b]): an arrow in that colour.
  const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const d = [0, 1, 2].reduce((sum, k) => sum + Math.abs(data[i + k] - colour[k]), 0);
    if (d < 40) n++;
  }
  return n;
}
"""


def test_review_on_the_board(browser, lab) -> None:
    with lab_notebook(browser, lab, LAPTOP) as nb:
        page = nb.page
        nb.python(SETUP)
        nb.run_cell("w = WindmillWidget(late_game(Game, 29, 10))\nw", 0)
        board = nb.board(0)
        board.wait_drawn(0)
        nb.python("r = w.review(**SMALL)")
        chart = board.root.locator(".windmill-chart")
        expect(chart).to_be_visible(timeout=REACT_MS)
        marks = nb.value("[m.number for m in r.marked()]")
        assert marks, "the review marks no move"
        # A click on the chart's first point goes to the deal; the keyboard then to the first marked move.
        box = chart.bounding_box()
        chart.click(position={"x": 35, "y": box["height"] / 2})
        expect(board.root.locator(".windmill-slider-text")).to_contain_text("Move 0 of", timeout=REACT_MS)
        chart.focus()
        chart.press("PageDown")  # to just before the next marked move (after the deal's position)
        mark = next(m for m in marks if m > 1)
        expect(chart).to_have_attribute("aria-valuenow", str(mark - 1), timeout=REACT_MS)
        note = board.root.locator(".windmill-review-note")
        expect(note).to_contain_text(f"Move {mark}", timeout=REACT_MS)
        band = nb.value(f"r[{mark - 1}].band.value")
        colour = {
            "inaccuracy": [0xF9, 0xA8, 0x25],
            "mistake": [0xEF, 0x6C, 0x00],
            "blunder": [0xD3, 0x2F, 0x2F],
        }
        board.wait_drawn(board.version())
        page.wait_for_timeout(300)  # the move's animation
        assert board.canvas.evaluate(_PIXELS_JS, colour[band]) > 50, "no arrow in the band's colour"
        chart.press("ArrowRight")
        expect(chart).to_have_attribute("aria-valuenow", str(mark), timeout=REACT_MS)
        # Crazy Quilt, dark theme: the Review button (the keyboard reaches it) reviews off the kernel's loop.
        nb.set_theme(dark=True)
        nb.run_cell("q = QuiltWidget(opening(QuiltGame, 6, 12))\nq.review_settings = QUICK\nq", 0)
        board = nb.board(0)
        expect(board.root).to_have_attribute("data-game", "crazy-quilt", timeout=REACT_MS)
        expect(board.root).to_have_attribute("data-theme", "dark", timeout=REACT_MS)
        board.button("review").focus()
        board.button("review").press("Enter")
        chart = board.root.locator(".windmill-chart")
        expect(chart).to_be_visible(timeout=120_000)
        expect(board.root.locator(".windmill-review-summary")).to_have_text(
            nb.value("q.review_chart['summary']")
        )
        # Long before the redeal the solver leaves its guesses undecided: the chart gives the range that
        # bounds the chance (a no-peeking player's playouts to the clairvoyant ceiling), as the table does.
        ranges = nb.value("q.review_chart['ranges']")
        at = next(i for i, r in enumerate(ranges) if r is not None)
        chart.focus()
        chart.press("Home")
        for _ in range(at):
            chart.press("ArrowRight")
        low, high = (round(x * 100) for x in ranges[at])
        expect(chart).to_have_attribute(
            "aria-valuetext",
            re.compile(rf"^Move {at}, chance at least {low}%, at most {high}%"),
            timeout=REACT_MS,
        )
        nb.set_theme(dark=False)
