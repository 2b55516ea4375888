"""The board's controls as a player uses them (issues 40, 41 and 45), in JupyterLab at 1280 x 720: deals to
share (the deal box, a bad deal said in a line, PySolFC's numbers, Next deal, the share line), Restart,
Autoplay with a player and a speed and Stop, Crazy Quilt's replay slider and Play, Finish for me and a
win's celebration (still where reduced motion is asked for), in the dark theme; the Windmill board's
controls again in a window 640 px wide; and a card picked up whose target is out of view. One page,
the boards one after another in the same cell."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .checks import check_deals_and_autoplay
from .pages import REACT_MS, LabNotebook, lab_notebook

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 720}
NARROW = {"width": 640, "height": 720}

_IN_VIEW_JS = """
(el) => {
  // Is most of the element on screen, inside every ancestor that clips it?
  const r = el.getBoundingClientRect();
  let top = 0, bottom = innerHeight;
  for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
    if (getComputedStyle(n).overflowY === "visible") continue;
    const b = n.getBoundingClientRect();
    top = Math.max(top, b.top);
    bottom = Math.min(bottom, b.bottom);
  }
  const seen = Math.max(0, Math.min(r.bottom, bottom) - Math.max(r.top, top));
  return seen >= r.height / 2;
}
"""


def test_board_controls_in_jupyterlab(browser, lab) -> None:
    with lab_notebook(browser, lab, LAPTOP) as nb:
        check_deals_and_autoplay(nb)
        # A narrow window (half a laptop's screen): the same controls, in view and whole.
        nb.page.set_viewport_size(NARROW)
        check_deals_and_autoplay(nb)
        nb.page.set_viewport_size(LAPTOP)
        check_quilt_replay_finish_and_win(nb)
        check_target_out_of_view(nb)


def check_quilt_replay_finish_and_win(nb: LabNotebook) -> None:
    nb.set_theme(dark=True)
    nb.run_cell(
        "from windmill_widget import QuiltGame, QuiltWidget\n"
        "line = QuiltGame(seed=7)\n"
        "for _ in range(8):\n"
        "    line.play(line.legal_moves()[0])\n"
        "q = QuiltWidget(seed=1)\n"
        "q.replay(line)\n"
        "q",
        0,
    )
    board = nb.board(0)
    expect(board.root).to_have_attribute("data-game", "crazy-quilt", timeout=REACT_MS)
    expect(board.root).to_have_attribute("data-theme", "dark", timeout=REACT_MS)
    slider = board.root.locator(".windmill-slider")
    text = board.root.locator(".windmill-slider-text")
    expect(text).to_have_text("Move 0 of 8", timeout=REACT_MS)
    slider.focus()
    slider.press("End")  # the slider by keyboard: to the line's end, and back to its start
    expect(text).to_have_text("Move 8 of 8", timeout=REACT_MS)
    slider.press("Home")
    expect(text).to_have_text("Move 0 of 8", timeout=REACT_MS)
    replay = board.root.locator('.windmill-linebar [data-action="replay"]')
    replay.click()
    expect(text).to_have_text("Move 8 of 8", timeout=REACT_MS)
    expect(replay).to_have_text("Play", timeout=REACT_MS)
    # Finish for me: enabled when the engine says only sure moves are left; the win is celebrated.
    expect(board.button("finish")).to_be_disabled()
    nb.python("q.load(QuiltGame.from_position(quilt={'a1': '2S', 'b1': '3S'}))")
    expect(board.button("finish")).to_be_enabled(timeout=REACT_MS)
    board.button("finish").click()
    expect(board.root).to_have_attribute("data-status", "won", timeout=REACT_MS)
    expect(board.root).to_have_attribute("data-celebration", "running", timeout=REACT_MS)
    expect(board.root).to_have_attribute("data-celebration", "done", timeout=REACT_MS)
    # Where the player asks for reduced motion, the win glows, still.
    nb.page.emulate_media(reduced_motion="reduce")
    nb.python("q.load(QuiltGame.from_position(quilt={'a1': '2S', 'b1': '3S'}))")
    expect(board.button("finish")).to_be_enabled(timeout=REACT_MS)
    board.button("finish").click()
    expect(board.root).to_have_attribute("data-status", "won", timeout=REACT_MS)
    expect(board.root).to_have_attribute("data-celebration", "still", timeout=REACT_MS)
    nb.page.emulate_media(reduced_motion="no-preference")
    nb.set_theme(dark=False)


def check_target_out_of_view(nb: LabNotebook) -> None:
    """A Crazy Quilt board bigger than the window: a card picked up whose only target is out of view
    brings it into view, stays picked up, and the line says where the card went; the click lands."""
    nb.run_cell("q = QuiltWidget(seed=7, size=90)\nq", 0)
    board = nb.board(0)
    board.wait_drawn(0)
    board.root.evaluate("(root) => root.scrollIntoView({ block: 'start' })")
    legal = nb.value("[str(m) for m in q.game.legal_moves() if '>' in str(m)]")
    in_view = {p: board.pile(p).evaluate(_IN_VIEW_JS) for m in legal for p in m.split(">")}
    targets: dict[str, list[str]] = {}
    for m in legal:
        s, t = m.split(">")
        targets.setdefault(s, []).append(t)
    # A card in view, each pile that takes it out of view.
    src = next((s for s, ts in targets.items() if in_view[s] and not any(in_view[t] for t in ts)), None)
    assert src is not None, f"no card whose targets are all out of view at this size: {legal}"
    dst = targets[src][0]
    board.pile(src).click()
    expect(board.pile(src)).to_have_attribute("aria-pressed", "true")
    assert board.pile(dst).evaluate(_IN_VIEW_JS), "the target was not brought into view"
    expect(board.message).to_contain_text("It can go to")
    if not board.pile(src).evaluate(_IN_VIEW_JS):
        expect(board.message).to_contain_text("out of view: it stays picked up")
    version = board.version()
    board.pile(dst).click()
    board.wait_drawn(version + 1)
    assert nb.value("str(q.game.history[-1])") == f"{src}>{dst}"
