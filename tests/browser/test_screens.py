"""Both boards in every front end (JupyterLab, Notebook 7, Voila, marimo), light and dark, at 600 x 900
and at 320 px wide, as a player sees them: screenshots in test-output/screens/ (issue 13 asks for a look
at each), and what must hold at every size: the board is no wider than the window (Crazy Quilt may
scroll sideways below its smallest legible cards, inside the board), and Windmill's stock is above the
fold of a 600 x 900 window."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .pages import REACT_MS, Board, LabNotebook
from .servers import start_voila, write_notebook

pytestmark = pytest.mark.browser

SIZES = ((600, 900), (320, 900))
# Two frames and a moment: the layout and repaint after a resize (no new state to wait on).
_FRAMES = """() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100))))"""
#: The documentation site's pictures of both boards (scripts/docs_hooks.py shows them where present).
SITE_PICTURES = Path(__file__).resolve().parents[2] / "build" / "screenshots"
BOTH = "from windmill_widget import QuiltWidget, WindmillWidget\nw = WindmillWidget(seed=42)\nw"
QUILT = "q = QuiltWidget(seed=7)\nq"


def boards(page: Page) -> dict[str, Board]:
    return {
        game: Board(page, page.locator(f'.windmill[data-game="{game}"]').first)
        for game in ("windmill", "crazy-quilt")
    }


def shoot(page: Page, host: str, theme: str, folder: Path) -> None:
    """Each size, each board scrolled into view: a screenshot, and the checks every size must pass."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for game, board in boards(page).items():
            expect(board.root).to_have_attribute("data-theme", theme, timeout=REACT_MS)
            board.root.scroll_into_view_if_needed()
            page.evaluate(_FRAMES)  # the layout and repaint after the resize (no new state to wait on)
            page.screenshot(path=str(folder / f"{host}-{game}-{theme}-{width}.png"))
            root = board.root.bounding_box()
            assert root and root["x"] + root["width"] <= width + 1, f"{game} wider than the window"
            scroller = board.root.locator(".windmill-scroll").bounding_box()
            assert scroller and scroller["x"] + scroller["width"] <= width + 1
            if game == "windmill":
                stage = board.stage.bounding_box()
                assert stage and stage["width"] <= width and stage["height"] <= height, stage
                stock = board.pile("stock").bounding_box()
                assert stock and stock["y"] - stage["y"] + stock["height"] < height, "stock below the fold"


def save_site_pictures(page: Page) -> None:
    """Each board as JupyterLab shows it in a roomy window, light theme, for the documentation site."""
    SITE_PICTURES.mkdir(parents=True, exist_ok=True)
    for game, board in boards(page).items():
        board.root.scroll_into_view_if_needed()
        page.evaluate(_FRAMES)
        name = "quilt" if game == "crazy-quilt" else game
        board.root.screenshot(path=str(SITE_PICTURES / f"board-{name}.png"))


@pytest.fixture(scope="module")
def folder(output_dir: Path) -> Path:
    path = output_dir / "screens"
    path.mkdir(exist_ok=True)
    return path


@pytest.mark.parametrize("ui", ["lab", "notebook"])
def test_jupyter_screens(browser, lab, folder: Path, ui: str) -> None:
    server, token = lab
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        nb = LabNotebook(page, server.url, token, "nb7.ipynb" if ui == "notebook" else "board.ipynb", ui=ui)
        if ui == "lab":  # a player with a narrow window closes the file browser to see the notebook
            page.evaluate(
                "() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }"
            )
        nb.keep_only_first_cell()
        nb.run_cell(BOTH, 0)
        nb.run_cell(QUILT)
        for board in boards(page).values():
            board.wait_drawn(0)
        if ui == "lab":
            save_site_pictures(page)
        for theme in ("light", "dark"):
            nb.set_theme(dark=theme == "dark")
            shoot(page, "jupyterlab" if ui == "lab" else "notebook7", theme, folder)
        page.set_viewport_size({"width": 1200, "height": 1000})
        nb.set_theme(dark=False)
    finally:
        context.close()


def test_voila_screens(browser, server_home, tmp_path_factory, folder: Path) -> None:
    notebook = write_notebook(tmp_path_factory.mktemp("voila-screens") / "both.ipynb", BOTH, QUILT)
    for theme in ("light", "dark"):
        server = start_voila(notebook, server_home, theme=theme)
        context = browser.new_context(viewport={"width": 600, "height": 900})
        try:
            page = context.new_page()
            page.goto(server.url + "/")
            for board in boards(page).values():
                expect(board.root).to_be_attached(timeout=60_000)
                board.wait_drawn(0)
            shoot(page, "voila", theme, folder)
        finally:
            context.close()
            server.stop()


@pytest.mark.parametrize(("mode", "theme"), [("run", "light"), ("edit", "dark")])
def test_marimo_screens(browser, request, folder: Path, mode: str, theme: str) -> None:
    server = request.getfixturevalue(f"marimo_{mode}")
    # The system's scheme is the opposite of marimo's page: the board follows the page.
    context = browser.new_context(
        viewport={"width": 600, "height": 900}, color_scheme="dark" if theme == "light" else "light"
    )
    try:
        page = context.new_page()
        page.goto(server.url)
        for board in boards(page).values():
            expect(board.root).to_be_attached(timeout=60_000)
        shoot(page, f"marimo-{mode}", theme, folder)
    finally:
        context.close()
