"""The JupyterLite site (``make lite``) in a real browser, served as static files on localhost: 01-play
runs, its board deals when the stock is clicked (on the board and in ``board.game``), and
02-rules-tutorial runs to its end without an error. Every request for anything but localhost is
refused, and the browser resolves no other host: the site must fetch nothing from outside.

Builds nothing: it needs build/lite (``make lite``; ``make test-lite`` builds it, then runs this).
"""

from __future__ import annotations

import functools
import http.server
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from .pages import Board, LabNotebook, wait_for_kernel
from .servers import CHROMIUM, CHROMIUM_ARGS, ROOT
from .test_play_notebook import _RUN_ALL_JS

pytestmark = pytest.mark.browser

SITE = ROOT / "build" / "lite"
LOCAL = {"127.0.0.1", "localhost"}
#: The kernel starts Pyodide and installs the kit in the page: slow on a busy machine.
KERNEL_MS = 240_000


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 - the class attribute SimpleHTTPRequestHandler reads
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".whl": "application/zip",
    }

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site, served as static files on a free localhost port."""
    if not (SITE / "jupyter-lite.json").is_file():
        pytest.fail(f"{SITE} is missing: run `make lite` first.")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def offline_browser():
    """Chromium that resolves no host but localhost (dedicated workers' requests included)."""
    from playwright.sync_api import sync_playwright

    rules = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, rules], headless=True)
        yield browser
        browser.close()


@pytest.fixture
def lite_page(offline_browser):
    """A page whose requests for anything but localhost are refused, and recorded."""
    context = offline_browser.new_context(viewport={"width": 1200, "height": 1000})
    outside: list[str] = []

    def guard(route) -> None:
        if urlsplit(route.request.url).hostname in LOCAL:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.set_default_timeout(KERNEL_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert outside == [], f"the site asked for something outside: {outside[:5]}"
    board_errors = [e for e in errors if "windmill" in e.lower() or "widget" in e.lower()]
    assert not board_errors, f"errors in the page: {board_errors}"


class LiteNotebook(LabNotebook):
    """A notebook of the Lite site open in its JupyterLab, its Pyodide kernel idle."""

    def __init__(self, page, site: str, path: str) -> None:  # LabNotebook's, at the Lite site's address
        self.page = page
        page.goto(f"{site}/lab/index.html?path={path}")
        wait_for_kernel(page, KERNEL_MS)

    def run_all(self) -> list[str]:
        return self.page.evaluate(_RUN_ALL_JS)


def test_play_notebook_in_lite_deals_on_the_board_and_in_python(lite_page, site, output_dir) -> None:
    t0 = time.perf_counter()
    notebook = LiteNotebook(lite_page, site, "01-play.ipynb")
    first = lite_page.evaluate("() => window.__windmillPanel.content.model.cells.get(1).sharedModel.source")
    notebook.run_cell(first, 1)  # the board's cell, as it stands
    board = Board(lite_page, lite_page.locator(".jp-Notebook .windmill").first)
    expect(board.root).to_be_visible()
    board.wait_drawn(notebook.value("board.version"))
    playable = time.perf_counter() - t0
    figure = f"01-play in JupyterLite: a playable board {playable:.1f} s after the page was opened\n"
    (output_dir / "lite-timing.txt").write_text(figure)  # the figure, kept (make test-lite)
    print(figure)

    assert notebook.run_all() == []
    board = Board(lite_page, lite_page.locator(".jp-Notebook .windmill").first)
    version = notebook.value("board.version")
    board.wait_drawn(version)
    assert notebook.value("[board.game.seed, len(board.game.history)]") == [3, 0]
    assert board.ink()["green"] > 0.2, "the board's canvas looks blank"

    board.click("stock")
    board.wait_drawn(version + 1)
    assert notebook.value("[str(m) for m in board.game.history]") == ["deal"]
    dealt = notebook.value("board.game.pile('waste')[-1].name")  # "9 of clubs"
    assert board.label("waste").endswith(f"1 card, {dealt} on top"), (dealt, board.label("waste"))
    board.root.scroll_into_view_if_needed()
    lite_page.screenshot(path=str(output_dir / "lite-play.png"))


def test_rules_tutorial_runs_to_its_end_in_lite(lite_page, site) -> None:
    notebook = LiteNotebook(lite_page, site, "02-rules-tutorial.ipynb")
    assert notebook.run_all() == []
