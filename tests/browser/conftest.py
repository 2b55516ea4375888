"""Fixtures for the browser tests: Debian's chromium through Playwright, and JupyterLab (which also
serves Notebook 7), Voila and marimo servers on free localhost ports, each started once per session
(when a test first needs it) and always stopped."""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from .servers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    Server,
    start_lab,
    start_marimo,
    start_voila,
    write_marimo_app,
    write_notebook,
)

OUTPUT = ROOT / "test-output"
BUNDLE = ROOT / "windmill_widget" / "static" / "widget.js"
PLAY_NOTEBOOK = ROOT / "notebooks" / "01-play.ipynb"


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT


# Module scope: one browser per test module, closed before the next module starts its own.
@pytest.fixture(scope="module")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} is missing: run `bash scripts/ensure-apt.sh {CHROMIUM} chromium fonts-dejavu-core` "
            "(or `make test-browser`) first."
        )
    if not BUNDLE.is_file():
        pytest.fail(f"{BUNDLE} is missing: run `npm ci && npm run build` first.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def server_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("jupyter-home")


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory, server_home: Path) -> Iterator[tuple[Server, str]]:
    workdir = tmp_path_factory.mktemp("lab-root")
    write_notebook(workdir / "board.ipynb", "# the board goes here")
    write_notebook(workdir / "nb7.ipynb", "# Notebook 7's board goes here")
    # The play notebook's test runs a copy, so the committed outputs stay as they are.
    shutil.copy(PLAY_NOTEBOOK, workdir / PLAY_NOTEBOOK.name)
    token = secrets.token_hex(16)
    server = start_lab(workdir, server_home, token)
    try:
        yield server, token
    finally:
        server.stop()


def _context(browser, **kwargs):
    return browser.new_context(viewport={"width": 1200, "height": 1000}, **kwargs)


@pytest.fixture
def page(browser):
    context = _context(browser)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    board_errors = [e for e in errors if "windmill" in e.lower() or "widget" in e.lower()]
    assert not board_errors, f"errors in the page: {board_errors}"


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    """One JupyterLab page per test module, with board.ipynb open and its kernel idle."""
    from .pages import LabNotebook

    server, token = lab
    context = _context(browser, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    notebook = LabNotebook(page, server.url, token, "board.ipynb")
    notebook.errors = errors
    yield notebook
    context.close()


@pytest.fixture(scope="session")
def voila_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    workdir = tmp_path_factory.mktemp("voila-root")
    return write_notebook(
        workdir / "board.ipynb",
        "from windmill_widget import WindmillWidget\nw = WindmillWidget(seed=42)\nw",
    )


@pytest.fixture(scope="session")
def voila(voila_notebook: Path, server_home: Path) -> Iterator[Server]:
    server = start_voila(voila_notebook, server_home)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def marimo_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A marimo app with a board of each game, each followed by a cell that reads its game."""
    return write_marimo_app(tmp_path_factory.mktemp("marimo") / "boards.py")


@pytest.fixture(scope="session")
def marimo_run(marimo_app: Path, server_home: Path) -> Iterator[Server]:
    """``marimo run`` with marimo's light page (its default), whatever the system's colour scheme."""
    server = start_marimo(marimo_app, server_home, mode="run", theme="light")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def marimo_edit(marimo_app: Path, server_home: Path) -> Iterator[Server]:
    """``marimo edit`` (the editor, whose cell outputs stop at a max height) with marimo's dark page."""
    server = start_marimo(marimo_app, server_home, mode="edit", theme="dark")
    try:
        yield server
    finally:
        server.stop()
