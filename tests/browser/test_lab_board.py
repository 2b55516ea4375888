"""The board in JupyterLab 4, driven as a user drives it: clicks, drags, keys, cells. After each
action the test waits for the board's repaint and then asks the kernel what the game is."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from windmill_widget import PILES, Game, Move

from .pages import REACT_MS, Board, LabNotebook, boxes_of

pytestmark = pytest.mark.browser

SEED = 42  # e1 holds a King at the deal
SEED_WITH_A_TWO = 0  # a 2 on sail e1 at the deal: e1>c is legal at once


@pytest.fixture(autouse=True)
def no_page_errors(lab_page: LabNotebook):
    before = len(lab_page.errors)
    yield
    assert lab_page.errors[before:] == []


def history(nb: LabNotebook) -> list[str]:
    return nb.value("[str(m) for m in w.game.history]")


def expected_label(game: Game, pile: str) -> str:
    """What the board must say for `pile`, worked out from the engine (not from the board)."""
    cards = game.pile(pile)
    if pile == "stock":
        return f"Stock: {len(cards)} cards"
    names = {"c": "Centre", "waste": "Waste"}
    label = names.get(pile) or (f"Corner {pile}" if pile in ("nw", "ne", "se", "sw") else f"Sail {pile}")
    if not cards:
        return f"{label}: empty"
    top = cards[-1].name
    if pile == "c":
        return f"{label}: {len(cards)} of 52 cards, {top} on top"
    if pile in ("nw", "ne", "se", "sw"):
        return f"{label}: {len(cards)} of 13 cards, {top} on top"
    if pile == "waste":
        return f"{label}: {len(cards)} card{'s' if len(cards) != 1 else ''}, {top} on top"
    return f"{label}: {top}"


def check_board_matches(board: Board, game: Game) -> None:
    for pile in PILES:
        expect(board.pile(pile)).to_have_attribute("aria-label", expected_label(game, pile))


def test_board_is_drawn_labelled_and_fits_the_cell(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    ink = board.ink()
    assert ink["green"] > 0.3, f"the felt is missing: {ink}"
    assert ink["light"] > 0.04, f"no card faces drawn: {ink}"
    assert ink["colours"] > 100, f"the canvas looks blank: {ink}"
    # hi-DPI: the backing store has devicePixelRatio (2 here) pixels per CSS pixel.
    output_area = lab_page.page.locator(".jp-OutputArea-output").first
    box, stage, output = boxes_of(board.canvas, board.stage, output_area)
    assert ink["width"] == round(box["width"] * 2)
    assert stage["width"] <= output["width"] + 1
    check_board_matches(board, Game(seed=SEED))
    expect(board.live).to_have_attribute("role", "status")
    assert board.root.locator("[data-pile]").count() == 15
    # The output also carries a static picture for viewers without widgets; Lab shows the live board only.
    kinds = lab_page.page.evaluate(
        "() => Object.keys(window.__windmillPanel.content.model.cells.get(0).outputs.toJSON()[0].data)"
    )
    assert {"application/vnd.jupyter.widget-view+json", "image/svg+xml", "text/plain"} <= set(kinds)
    expect(lab_page.page.locator(".jp-Notebook .jp-RenderedSVG")).to_have_count(0)


def test_play_by_clicking_piles(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    replica = Game(seed=SEED)
    rng = random.Random(1)
    for version in range(1, 9):
        moves = [m for m in replica.legal_moves() if not m.is_deal] or replica.legal_moves()
        move = rng.choice(moves)
        board.click_move(str(move))
        replica.play(move)
        board.wait_drawn(version)
        assert history(lab_page) == [str(m) for m in replica.history]
        check_board_matches(board, replica)
    # The live region announced the last move, in words.
    expect(board.live).not_to_be_empty()


def test_refused_move_shows_the_engines_sentence(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    why = Game(seed=SEED).explain("n1>c")
    assert why
    board.click("n1")
    expect(board.pile("n1")).to_have_attribute("aria-pressed", "true")
    board.click("c")
    expect(board.message).to_have_text(why)
    expect(board.message).to_have_attribute("data-kind", "refused")
    assert history(lab_page) == []
    assert board.version() == 0


def test_play_by_dragging_on_the_canvas(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    replica = Game(seed=SEED)
    version = 0
    rng = random.Random(2)
    drags = 0
    while drags < 4:
        moves = [m for m in replica.legal_moves() if not m.is_deal]
        version += 1
        if not moves:
            board.click("stock")
            replica.deal()
        else:
            move = rng.choice(moves)
            board.drag(move.src, move.dst)
            replica.play(move)
            drags += 1
        board.wait_drawn(version)
        assert history(lab_page) == [str(m) for m in replica.history]
    check_board_matches(board, replica)

    # A refused drop snaps back: nothing changes and the engine says why.
    src = next(s for s in ("n1", "n2", "e1", "e2", "s1", "s2", "w1", "w2") if replica.explain(f"{s}>c"))
    board.drag(src, "c")
    expect(board.message).to_have_text(replica.explain(f"{src}>c"))
    assert history(lab_page) == [str(m) for m in replica.history]
    check_board_matches(board, replica)


def test_double_click_sends_a_card_to_the_centre(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED_WITH_A_TWO)
    assert Game(seed=SEED_WITH_A_TWO).is_legal("e1>c")
    board.pile("e1").dblclick()
    board.wait_drawn(1)
    assert history(lab_page) == ["e1>c"]


def test_play_by_keyboard(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    keys = lab_page.page.keyboard
    replica = Game(seed=SEED)
    focused = "() => document.activeElement?.dataset?.pile ?? null"

    board.pile("c").focus()
    keys.press("ArrowRight")
    assert lab_page.page.evaluate(focused) == "e1"
    keys.press("Enter")  # pick up the King on e1
    expect(board.pile("e1")).to_have_attribute("aria-pressed", "true")
    expect(board.live).to_contain_text("Picked up the King")
    keys.press("ArrowUp")
    assert lab_page.page.evaluate(focused) == "ne"
    keys.press(" ")  # and drop it on the corner
    replica.play("e1>ne")
    board.wait_drawn(1)

    steps = [("d", "deal"), ("u", "undo"), ("r", "redo"), ("Control+z", "undo"), ("Control+y", "redo")]
    for version, (key, what) in enumerate(steps, start=2):
        keys.press(key)
        getattr(replica, what)()
        board.wait_drawn(version)
        assert history(lab_page) == [str(m) for m in replica.history], f"after {key}"
    check_board_matches(board, replica)

    keys.press("h")
    expect(board.message).to_have_attribute("data-kind", "hint")
    assert lab_page.value("w.state['hint']") in [str(m) for m in replica.legal_moves()]

    # Tab walks the piles in reading order; the notebook's own shortcuts stay out of the way.
    board.pile("n2").focus()
    keys.press("Tab")
    assert lab_page.page.evaluate(focused) == "waste"  # the top row: stock, n2, waste
    keys.press("Tab")
    assert lab_page.page.evaluate(focused) == "nw"
    assert lab_page.page.locator(".jp-Notebook .jp-Cell").count() >= 1

    keys.press("n")
    board.wait_drawn(7)
    assert lab_page.value("w.game.seed") != SEED
    assert history(lab_page) == []


def test_cells_move_the_board(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    lab_page.run_cell('w.play("e1>nw")')
    board.wait_drawn(1)
    replica = Game(seed=SEED)
    replica.play("e1>nw")
    check_board_matches(board, replica)
    lab_page.run_cell("w.deal(); w.deal()")
    board.wait_drawn(3)
    replica.deal()
    replica.deal()
    check_board_matches(board, replica)
    # ...and what the board did is what the next cell sees.
    board.click("stock")
    board.wait_drawn(4)
    replica.deal()
    assert lab_page.value("[c.id for c in w.game.pile('waste')]") == [c.id for c in replica.pile("waste")]


def test_autoplay_runs_in_the_background_and_stops_from_the_board(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    lab_page.run_cell("task = w.autoplay(delay=0.2)")
    stop = board.button("stop")
    expect(stop).to_be_visible()
    # The kernel is free: another cell runs while the game plays itself.
    lab_page.run_cell("free = 6 * 7")
    assert lab_page.value("free") == 42
    expect(board.root).not_to_have_attribute("data-drawn-version", "0", timeout=REACT_MS)
    stop.click()
    expect(stop).to_be_hidden()
    expect(board.message).to_contain_text("stopped")
    assert lab_page.value("await task") == "stopped"  # top-level await: the kernel waits for the task
    moves = lab_page.value("len(w.game.history)")
    assert moves >= 1
    assert lab_page.value("w.state['moves']") == moves
    assert board.version() == lab_page.value("w.version")


def test_two_views_stay_in_step(lab_page: LabNotebook) -> None:
    first = lab_page.new_board(SEED)
    lab_page.run_cell("w")
    second = lab_page.board(1)
    second.wait_drawn(0)
    second.click_move("e1>nw")
    first.wait_drawn(1)
    second.wait_drawn(1)
    replica = Game(seed=SEED)
    replica.play("e1>nw")
    check_board_matches(first, replica)
    check_board_matches(second, replica)
    first.click("stock")
    second.wait_drawn(2)
    replica.deal()
    check_board_matches(second, replica)
    # A selection is the view's own: picking up in one board does not lift the card in the other.
    first.click("n1")
    expect(first.pile("n1")).to_have_attribute("aria-pressed", "true")
    expect(second.pile("n1")).to_have_attribute("aria-pressed", "false")


def test_screenshots_light_and_dark(lab_page: LabNotebook, output_dir) -> None:
    board = lab_page.new_board(SEED)
    for move in ["e1>nw", "deal", "deal", "deal"]:
        lab_page.run_cell(f"w.play({move!r})")
    board.wait_drawn(4)
    board.click(Move("n1>nw").src)  # a lifted card and its highlighted targets
    expect(board.pile("n1")).to_have_attribute("aria-pressed", "true")
    lab_page.page.screenshot(path=str(output_dir / "lab-light.png"))
    board.root.screenshot(path=str(output_dir / "board-light.png"))
    light = board.ink()

    lab_page.set_theme(dark=True)
    try:
        # The board repaints itself with the dark table once the theme's variables apply.
        expect(board.root).to_have_attribute("data-theme", "dark", timeout=REACT_MS)
        lab_page.page.screenshot(path=str(output_dir / "lab-dark.png"))
        board.root.screenshot(path=str(output_dir / "board-dark.png"))
        dark = board.ink()
        assert dark["colours"] > 100 and dark["light"] > 0.02
        assert dark["green"] > 0.3 and dark != light
    finally:
        lab_page.set_theme(dark=False)
    expect(board.root).to_have_attribute("data-theme", "light", timeout=REACT_MS)


def test_won_and_stuck_banners(lab_page: LabNotebook) -> None:
    board = lab_page.new_board(SEED)
    banner = board.root.locator(".windmill-banner")
    expect(banner).to_be_hidden()
    lab_page.run_cell(
        'w.load(Game.from_position(center=["AS"], sails={"n1": "2C"}, stock=[]))'.replace(
            "Game", "__import__('windmill_widget').Game"
        )
    )
    board.wait_drawn(1)
    board.click_move("n1>c")
    board.wait_drawn(2)
    expect(banner).to_be_visible()
    expect(banner.locator(".windmill-banner-title")).to_have_text("You won!")
    expect(banner).to_contain_text("All 2 cards are on the foundations, in 1 move.")
    expect(board.message).to_be_hidden()  # the banner says it once, in place of the message line

    lab_page.run_cell(
        'w.load(__import__("windmill_widget").Game.from_position(sails={"n1": "5C"}, stock=[]))'
    )
    board.wait_drawn(3)
    expect(banner.locator(".windmill-banner-title")).to_have_text("Game over")
    # No move of this game to take back, but Undo goes back to the game it replaced (the won one).
    banner.locator('[data-action="undo"]').click()
    board.wait_drawn(4)
    expect(banner.locator(".windmill-banner-title")).to_have_text("You won!")
    banner.locator('[data-action="new_game"]').click()
    board.wait_drawn(5)
    expect(banner).to_be_hidden()
    assert lab_page.value("w.game.status") == "playing"


def test_a_view_off_the_page_paints_nothing_until_it_is_back(lab_page: LabNotebook) -> None:
    """A board taken off the page (as JupyterLab's windowing takes out cells far from view, or as a
    cleared output is before its view is disposed) must not paint; put back, it shows the game."""
    first = lab_page.new_board(SEED)
    handle = first.root.element_handle()
    seen = first.root.evaluate_handle(
        """(root) => {
          const seen = { paints: 0, parent: root.parentElement };
          root.addEventListener("windmill-drawn", () => seen.paints++);
          root.remove();
          return seen;
        }"""
    )
    lab_page.run_cell("w")  # a second view of the same widget, to know when a move was painted
    lab_page.run_cell('w.play("e1>nw"); w.deal()')
    lab_page.board(0).wait_drawn(2)  # the view on the page (the first one is off it)
    assert seen.evaluate("(seen) => seen.paints") == 0
    handle.evaluate("(root, seen) => seen.parent.append(root)", seen)
    lab_page.page.wait_for_function("(root) => root.dataset.drawnVersion === '2'", arg=handle)
    assert seen.evaluate("(seen) => seen.paints") >= 1


def test_a_removed_view_lets_go(lab_page: LabNotebook) -> None:
    """Clearing a cell's output removes its view: that view must stop listening and painting."""
    first = lab_page.new_board(SEED)
    lab_page.run_cell("w")
    second = lab_page.board(1)
    second.wait_drawn(0)
    detached_paints = first.root.evaluate_handle(
        """(root) => {
          const seen = { paints: 0 };
          root.addEventListener("windmill-drawn", () => seen.paints++);
          return seen;
        }"""
    )
    # Count from the moment the output is cleared: the view may still repaint before it (a resize
    # as the second view appeared), and a paint it had scheduled must not come after.
    detached_paints.evaluate(
        "(seen) => { seen.paints = 0; window.__windmillPanel.content.model.cells.get(0).outputs.clear(); }"
    )
    expect(lab_page.page.locator(".jp-Notebook .windmill")).to_have_count(1)
    lab_page.run_cell('w.play("e1>nw"); w.deal()')
    remaining = lab_page.board(0)
    remaining.wait_drawn(2)
    # A theme switch repaints the boards still shown, and only those.
    lab_page.set_theme(dark=True)
    expect(remaining.root).to_have_attribute("data-theme", "dark")
    lab_page.set_theme(dark=False)
    expect(remaining.root).to_have_attribute("data-theme", "light")
    assert detached_paints.evaluate("(seen) => seen.paints") == 0
