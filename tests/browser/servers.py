"""Start and stop the servers the browser tests talk to: JupyterLab (which serves Notebook 7 too),
Voila and marimo, each on a free localhost port, in its own process group, with settings and logs
kept in a temporary folder."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CHROMIUM = os.environ.get("WINDMILL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
START_TIMEOUT_S = 120


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: Path, *sources: str) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(s) for s in sources]
    nbformat.write(nb, path)
    return path


@dataclass
class Server:
    process: subprocess.Popen
    url: str
    log: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)


def _answers(probe: str | None, port: int) -> bool:
    """Is the server up? An HTTP probe when given, else a bare connect (rendering Voila's page
    just to probe it would start a kernel)."""
    try:
        if probe is None:
            with socket.create_connection(("127.0.0.1", port), timeout=2):
                return True
        with urllib.request.urlopen(probe, timeout=2) as r:
            return r.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return False


def _start(
    cmd: list[str], port: int, probe: str | None, workdir: Path, log: Path, env: dict[str, str]
) -> Server:
    out = log.open("w")
    process = subprocess.Popen(
        cmd, cwd=workdir, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
    )
    server = Server(process, f"http://127.0.0.1:{port}", log)
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"{cmd[0]} exited with {process.returncode}; see {log}:\n{log.read_text()[-3000:]}"
            )
        if _answers(probe, port):
            return server
        time.sleep(0.25)  # polling a server that is starting: there is nothing to wait on instead
    server.stop()
    raise RuntimeError(f"{cmd[0]} did not answer within {START_TIMEOUT_S}s; see {log}")


def _env(home: Path) -> dict[str, str]:
    """Isolated Jupyter settings, so the user's own (and the news pop-up) stay out of the tests."""
    settings = home / "lab-settings"
    notification = settings / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True, exist_ok=True)
    (notification / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(os.environ)
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
    )
    return env


def start_lab(workdir: Path, home: Path, token: str) -> Server:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [
        str(BIN / "jupyter"), "lab",
        "--allow-root", "--no-browser", "--expose-app-in-browser",
        "--JupyterNotebookApp.expose_app_in_browser=True",  # Notebook 7 (/notebooks/...) on the same server
        f"--ServerApp.token={token}", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0", f"--ServerApp.root_dir={workdir}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]  # fmt: skip
    return _start(cmd, port, f"{url}/api/status?token={token}", workdir, home / "lab.log", _env(home))


def start_voila(notebook: Path, home: Path, *, theme: str = "light") -> Server:
    port = free_port()
    cmd = [
        str(BIN / "voila"), notebook.name, "--no-browser", f"--port={port}",
        "--Voila.ip=127.0.0.1", f"--theme={theme}",
    ]  # fmt: skip
    return _start(cmd, port, None, notebook.parent, home / f"voila-{theme}.log", _env(home))


def start_marimo(app: Path, home: Path, *, mode: str = "run", theme: str = "light") -> Server:
    """``marimo run`` (an app: a kernel per page) or ``marimo edit`` (the notebook editor: one
    session) serving ``app``, with marimo's own settings in ``home`` (its page theme ``theme``, cells
    run when the editor opens)."""
    port = free_port()
    config = home / f"marimo-{mode}-{theme}" / "marimo"
    config.mkdir(parents=True, exist_ok=True)
    (config / "marimo.toml").write_text(
        f'[display]\ntheme = "{theme}"\n[runtime]\nauto_instantiate = true\n'
        '[completion]\ncopilot = false\n[package_management]\nmanager = "pip"\n'
    )
    env = _env(home)
    env["XDG_CONFIG_HOME"] = str(config.parent)
    cmd = [
        str(BIN / "marimo"), "-q", mode, app.name, "--headless", "--no-token",
        "--host", "127.0.0.1", "--port", str(port),
    ]  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    return _start(cmd, port, f"{url}/health", app.parent, home / f"marimo-{mode}.log", env)


MARIMO_APP = """import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    from windmill_widget import QuiltWidget, WindmillWidget

    board = WindmillWidget(seed=42)
    view = mo.ui.anywidget(board)
    view
    return board, mo, view, QuiltWidget


@app.cell
def _(board, mo, view):
    view.value  # a cell that reads the game: it must run again after every move on the board
    mo.md(f"<span id='windmill-moves'>{len(board.game.history)} moves read</span>")
    return


@app.cell
def _(QuiltWidget, mo):
    quilt = QuiltWidget(seed=7)
    quilt_view = mo.ui.anywidget(quilt)
    quilt_view
    return quilt, quilt_view


@app.cell
def _(mo, quilt, quilt_view):
    quilt_view.value
    mo.md(f"<span id='quilt-moves'>{len(quilt.game.history)} moves read</span>")
    return


@app.cell
def _(mo):
    # A short lost game to review (tests/browser/checks.py's REVIEW_BOARD), last on the page.
    from tests.review_games import QUICK, late_game
    from windmill_widget import Game as _Game, WindmillWidget as _Widget

    reviewed = _Widget(late_game(_Game, 29, 10))
    reviewed.review_settings = QUICK
    reviewed_view = mo.ui.anywidget(reviewed)
    reviewed_view
    return reviewed, reviewed_view


@app.cell
def _(mo, reviewed, reviewed_view):
    reviewed_view.value
    mo.md(f"<span id='reviewed-moves'>{len(reviewed.game.history)} moves on the board</span>")
    return


if __name__ == "__main__":
    app.run()
"""


def write_marimo_app(path: Path) -> Path:
    path.write_text(MARIMO_APP)
    return path
