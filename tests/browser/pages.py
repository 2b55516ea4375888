"""Page helpers for the browser tests: a JupyterLab notebook the test can run cells in (thanks to
``--expose-app-in-browser``), and the Windmill board as a user sees it."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

# How long a user would wait for the board to react before calling it broken.
REACT_MS = 15_000

_RUN_CELL_JS = """
async ([code, index]) => {
  const app = window.jupyterapp;
  const panel = window.__windmillPanel;
  const nb = panel.content;
  const cells = nb.model.sharedModel;
  if (index === null || index >= nb.model.cells.length) {
    index = nb.model.cells.length;
    cells.insertCell(index, { cell_type: "code", source: code });
  } else {
    nb.model.cells.get(index).sharedModel.setSource(code);
  }
  nb.activeCellIndex = index;
  await app.commands.execute("notebook:run-cell");
  const model = nb.model.cells.get(index);
  for (const out of model.outputs.toJSON()) {
    if (out.output_type === "error") return `${out.ename}: ${out.evalue}`;
  }
  return model.executionCount === null ? "cell did not run" : null;
}
"""

_PYTHON_JS = """
async (code) => {
  const kernel = window.__windmillPanel.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  let error = null;
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") error = `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  if (error) throw new Error(error);
  return out;
}
"""

_INK_JS = """
(canvas) => {
  const { width, height } = canvas;
  const data = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  let light = 0, green = 0, red = 0, total = 0;
  const colours = new Set();
  for (let i = 0; i < data.length; i += 4 * 7) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    total++;
    colours.add((r << 16) | (g << 8) | b);
    if (r > 200 && g > 200 && b > 190) light++;
    if (g > r + 20 && g > b) green++;
    if (r > 150 && g < 90 && b < 90) red++;
  }
  const share = (n) => n / total;
  return { light: share(light), green: share(green), red: share(red), colours: colours.size, width, height };
}
"""


_SAMPLE_JS = """
(canvas, [x, y, w, h]) => {
  // Colour classes of the canvas's pixels in a rect given in CSS pixels from its top-left corner.
  const dpr = canvas.width / canvas.getBoundingClientRect().width;
  const [X, Y] = [Math.max(0, Math.round(x * dpr)), Math.max(0, Math.round(y * dpr))];
  const [W, H] = [Math.max(1, Math.round(w * dpr)), Math.max(1, Math.round(h * dpr))];
  const data = canvas.getContext("2d").getImageData(X, Y, W, H).data;
  const out = { yellow: 0, white: 0, cyan: 0, green: 0, dark: 0, total: 0 };
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    out.total++;
    if (r > 200 && g > 160 && b < 120) out.yellow++;
    else if (r > 225 && g > 225 && b > 215) out.white++;
    else if (r < 140 && g > 170 && b > 180) out.cyan++;
    else if (g > r + 20 && g > b + 10) out.green++;
    else if (r < 70 && g < 70 && b < 70) out.dark++;
  }
  return out;
}
"""


def boxes_of(*locators: Locator) -> list[dict[str, float]]:
    """The boxes on screen of `locators`, measured together once each has one.

    Just after a change JupyterLab may still be laying the notebook out, or have scrolled the cell
    away (it skips drawing cells out of view), and Playwright then gives no box: scroll the missing
    element into view and measure them all again, for as long as a user would wait."""
    page = locators[0].page
    for _ in range(REACT_MS // 100):
        boxes = [locator.bounding_box() for locator in locators]
        missing = [locator for locator, box in zip(locators, boxes, strict=True) if box is None]
        if not missing:
            return boxes  # type: ignore[return-value]
        missing[0].scroll_into_view_if_needed(timeout=REACT_MS)
        page.wait_for_timeout(100)
    raise AssertionError(f"not on screen: {missing[0]}")


class Board:
    """The board as a user sees it: locators for its piles, buttons and messages."""

    def __init__(self, page: Page, root: Locator) -> None:
        self.page = page
        self.root = root
        self.stage = root.locator(".windmill-stage")
        self.canvas = root.locator(".windmill-stage canvas")

    def pile(self, name: str) -> Locator:
        return self.root.locator(f'[data-pile="{name}"]')

    def button(self, action: str) -> Locator:
        return self.root.locator(f'.windmill-toolbar [data-action="{action}"]')

    @property
    def message(self) -> Locator:
        return self.root.locator(".windmill-message")

    @property
    def live(self) -> Locator:
        return self.root.locator('[aria-live="polite"]')

    def version(self) -> int:
        return int(self.root.get_attribute("data-version") or -1)

    def wait_drawn(self, version: int) -> None:
        """Wait until the board has painted `version` (the repaint after Python's answer)."""
        expect(self.root).to_have_attribute("data-drawn-version", str(version), timeout=REACT_MS)

    def click(self, pile: str) -> None:
        self.pile(pile).click()

    def click_move(self, move: str) -> None:
        if move == "deal":
            self.click("stock")
            return
        src, dst = move.split(">")
        self.click(src)
        expect(self.pile(src)).to_have_attribute("aria-pressed", "true")
        self.click(dst)

    def centre_of(self, pile: str) -> tuple[float, float]:
        (box,) = boxes_of(self.pile(pile))
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag(self, src: str, dst: str) -> None:
        """Drag with the mouse, in small steps, as a hand would."""
        x0, y0 = self.centre_of(src)
        x1, y1 = self.centre_of(dst)
        mouse = self.page.mouse
        mouse.move(x0, y0)
        mouse.down()
        mouse.move(x0 + 8, y0 + 8, steps=2)
        mouse.move(x1, y1, steps=8)
        mouse.up()

    def ink(self) -> dict[str, float]:
        """What the canvas holds: shares of card-white, felt-green and red pixels, colours used."""
        return self.canvas.evaluate(_INK_JS)

    def label(self, pile: str) -> str:
        return self.pile(pile).get_attribute("aria-label") or ""

    def rect(self, pile: str) -> dict[str, float]:
        """A pile's rect in CSS pixels from the canvas's top-left corner."""
        box, canvas = boxes_of(self.pile(pile), self.canvas)
        return {
            "x": box["x"] - canvas["x"],
            "y": box["y"] - canvas["y"],
            "w": box["width"],
            "h": box["height"],
        }

    def sample(self, x: float, y: float, w: float, h: float) -> dict[str, int]:
        """How many of the canvas's pixels in a rect (CSS pixels from its corner) are yellow (the picked-up
        card's ring), white (a target's dashes, card faces), cyan (a hint), felt green, or dark."""
        return self.canvas.evaluate(_SAMPLE_JS, [x, y, w, h])


_KERNEL_READY_JS = """() => {
  const w = window.jupyterapp?.shell?.currentWidget;
  const kernel = w?.sessionContext?.session?.kernel;
  if (kernel?.connectionStatus !== "connected" || kernel.status !== "idle") return false;
  window.__windmillPanel = w;
  return true;
}"""


def wait_for_kernel(page: Page, timeout: float) -> None:
    """Wait (``timeout`` ms) until the notebook in front has a connected, idle kernel; keep its panel
    as ``window.__windmillPanel`` for the helpers that drive it."""
    page.wait_for_function(_KERNEL_READY_JS, timeout=timeout)


class LabNotebook:
    """One notebook open in JupyterLab (or Notebook 7), with its kernel, driven through
    ``window.jupyterapp``."""

    def __init__(self, page: Page, base_url: str, token: str, path: str, *, ui: str = "lab") -> None:
        """``ui``: "lab" (JupyterLab) or "notebook" (Notebook 7, served by the same server)."""
        self.page = page
        workspace = f"test-{uuid.uuid4().hex[:8]}"
        if ui == "notebook":
            page.goto(f"{base_url}/notebooks/{path}?token={token}")
        else:
            page.goto(f"{base_url}/lab/workspaces/{workspace}/tree/{path}?token={token}&reset")
        wait_for_kernel(page, 60_000)

    def run_cell(self, code: str, index: int | None = None) -> None:
        """Put `code` in cell `index` (a new cell at the end by default) and run it, as a user would."""
        error = self.page.evaluate(_RUN_CELL_JS, [code, index])
        assert error is None, f"cell failed: {error}\n{code}"

    def python(self, code: str) -> str:
        """Run `code` in the kernel without a cell; returns what it printed."""
        return self.page.evaluate(_PYTHON_JS, code)

    def value(self, expr: str) -> Any:
        """The JSON value of a Python expression in the kernel."""
        return json.loads(self.python(f"import json as _json; print(_json.dumps({expr}))"))

    def keep_only_first_cell(self) -> None:
        self.page.evaluate(
            """() => {
              const shared = window.__windmillPanel.content.model.sharedModel;
              if (shared.cells.length > 1) shared.deleteCellRange(1, shared.cells.length);
            }"""
        )

    def new_board(self, seed: int, rules: str = "strict") -> Board:
        """A fresh board in the first cell (the old one's view is removed), and nothing below it."""
        self.keep_only_first_cell()
        code = (
            "from windmill_widget import WindmillWidget, Rules\n"
            f"w = WindmillWidget(seed={seed}, rules=Rules.{rules}())\n"
            "w"
        )
        self.run_cell(code, index=0)
        board = self.board()
        board.wait_drawn(0)
        return board

    def board(self, nth: int = 0) -> Board:
        root = self.page.locator(".jp-Notebook .windmill").nth(nth)
        expect(root).to_be_visible(timeout=REACT_MS)
        return Board(self.page, root)

    def set_theme(self, dark: bool) -> None:
        theme = "JupyterLab Dark" if dark else "JupyterLab Light"
        self.page.evaluate(
            f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})"
        )
        expect(self.page.locator("body")).to_have_attribute(
            "data-jp-theme-light", "false" if dark else "true"
        )


@contextmanager
def lab_notebook(browser: Any, lab: tuple[Any, str], viewport: dict[str, int]) -> Iterator[LabNotebook]:
    """board.ipynb in JupyterLab in a fresh browser context of ``viewport``, with only its first cell."""
    server, token = lab
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        nb = LabNotebook(page, server.url, token, "board.ipynb")
        nb.keep_only_first_cell()
        yield nb
    finally:
        context.close()


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

_AXE_RUN_JS = """
async (selector) => {
  // The board's own DOM only (the host page's chrome is not ours to judge), inside shadow roots too.
  const roots = [];
  const walk = (root) => {
    roots.push(...root.querySelectorAll(selector));
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  const results = await axe.run(roots.length === 1 ? roots[0] : roots, { resultTypes: ["violations"] });
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`).slice(0, 5),
  }));
}
"""


def axe_violations(page: Page, selector: str = ".windmill") -> list[dict[str, Any]]:
    """axe-core's accessibility violations in the boards on ``page`` (each with its impact)."""
    if not AXE.is_file():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (axe-core is a dev dependency).")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(_AXE_RUN_JS, selector)


def serious(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v["impact"] in ("serious", "critical")]
