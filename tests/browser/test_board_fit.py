"""Both boards as a player meets them (issue 40), in JupyterLab and Notebook 7: the whole board in
view at 1280 x 720 and in a narrow window, light and dark; a double-click with two homes, the pile
names, bright foundations, a one-line hint with its reasoning on request. One page load per front end:
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
            check_play_aids(nb)
        finally:
            context.close()


def check_play_aids(nb: LabNotebook) -> None:
    """On the two boards check_boards left (Windmill seed 42, Crazy Quilt seed 7 with size=60)."""
    windmill, quilt = nb.board(0), nb.board(1)
    # Item 6: Crazy Quilt's foundations are as bright as a free card; a blocked cell is dimmed.
    quilt.root.scroll_into_view_if_needed()
    for pile, bright in (("S+", True), ("K", None), ("a1", True), ("b1", False)):
        if bright is None:
            continue
        r = quilt.rect(pile)
        ink = quilt.sample(r["x"] + 2, r["y"] + 2, r["w"] - 4, r["h"] - 4)
        share = ink["white"] / ink["total"]
        assert (share > 0.3) if bright else (share < 0.05), f"{pile}: {share:.0%} card-white"
    # Item 5: the piles say their names (a sail's pill under it), and can be told not to.
    windmill.root.scroll_into_view_if_needed()
    n1 = windmill.rect("n1")

    def pill() -> dict:
        return windmill.sample(n1["x"] + n1["w"] * 0.3, n1["y"] + n1["h"] + 3, n1["w"] * 0.4, 8)

    assert pill()["dark"] > 0.3 * pill()["total"], pill()
    nb.run_cell("w.pile_names = False", 2)
    windmill.page.wait_for_timeout(150)
    assert pill()["dark"] == 0, pill()
    # Item 3: a King that fits all four empty corners: double-click picks it up and says where it goes.
    windmill.pile("w2").click()  # the notebook makes the board's cell active (and may scroll it) first
    windmill.root.press("Escape")
    x, y = windmill.centre_of("e1")
    windmill.page.mouse.dblclick(x, y)
    expect(windmill.pile("e1")).to_have_attribute("aria-pressed", "true")
    expect(windmill.message).to_have_text(
        "Picked up the King of hearts from sail e1. "
        "It can go to corner nw, corner ne, corner se or corner sw."
    )
    windmill.root.press("Escape")
    # Item 9: the hint is one sentence, its reasoning on request; a keyboard pick-up clears it.
    windmill.root.press("h")
    expect(windmill.message).to_have_attribute("data-kind", "hint", timeout=REACT_MS)
    expect(windmill.message).to_have_text(nb.value("w.state['message']['text']"))
    why = windmill.root.locator(".windmill-why")
    expect(why).to_be_hidden()
    windmill.root.locator(".windmill-why-button").click()
    expect(why).to_have_text(nb.value("w.state['message']['detail']"))
    windmill.pile("n1").focus()
    windmill.page.keyboard.press("Enter")
    expect(windmill.pile("n1")).to_have_attribute("aria-pressed", "true")
    expect(windmill.message).to_contain_text("Picked up the ")
    expect(why).to_be_hidden()
    windmill.root.press("Escape")
    expect(windmill.message).to_have_text("")  # the old hint does not come back
