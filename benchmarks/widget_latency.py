"""How fast does the board answer a click? Prints figures; asserts nothing.

In one Chromium session against JupyterLab 4 (started here on a free localhost port):

* the board: median time from the pointer going down on the stock to the repaint that shows the
  dealt card (the click travels to Python as an intent, the engine plays it, the new state
  comes back, the canvas repaints);
* a bare anywidget that only echoes a traitlet (click -> ``ping`` to Python -> ``pong`` back ->
  repaint), the floor any Python-backed widget pays for a round trip;
* the bytes synced per move: the JSON of each state update the kernel sends, and everything the
  browser received on the kernel's websocket per move (message headers and busy/idle included).

Run: ``.venv/bin/python benchmarks/widget_latency.py [--clicks 40] [--dpr 2]`` (needs the bundle
built and Debian's chromium; see scripts/ensure-apt.sh).
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.pages import LabNotebook  # noqa: E402
from tests.browser.servers import CHROMIUM, CHROMIUM_ARGS, start_lab, write_notebook  # noqa: E402

ECHO_WIDGET = '''
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    """Sends a click to Python and repaints when Python answers: the round-trip floor."""
    _esm = """
    export default { render({ model, el }) {
      const button = document.createElement("button");
      button.textContent = "ping";
      button.className = "echo-ping";
      const canvas = document.createElement("canvas");
      canvas.width = 160; canvas.height = 40;
      el.append(button, canvas);
      const onPong = () => requestAnimationFrame(() => {
        const ctx = canvas.getContext("2d");
        ctx.clearRect(0, 0, 160, 40);
        ctx.fillText(`pong ${model.get("pong")}`, 10, 25);
        el.dataset.drawnVersion = String(model.get("pong"));
        el.dispatchEvent(new CustomEvent("echo-drawn", { detail: { version: model.get("pong") } }));
      });
      button.addEventListener("click", () => {
        model.set("ping", model.get("ping") + 1);
        model.save_changes();
      });
      model.on("change:pong", onPong);
      el.classList.add("echo-root");
      return () => model.off("change:pong", onPong);
    } };
    """
    ping = traitlets.Int(0).tag(sync=True)
    pong = traitlets.Int(0).tag(sync=True)

    @traitlets.observe("ping")
    def _echo(self, change):
        self.pong = change["new"]

echo = Echo()
echo
'''

COUNT_SYNC_BYTES = """
import json as _json
update_sizes = []
_send = w.comm.send
def _counting_send(data=None, metadata=None, buffers=None):
    if isinstance(data, dict) and data.get("method") == "update":
        update_sizes.append(len(_json.dumps(data, separators=(",", ":"))))
    return _send(data=data, metadata=metadata, buffers=buffers)
w.comm.send = _counting_send
"""

# Starts timing at the pointer going down and resolves at the first repaint of a newer version.
ARM_JS = """
([selector, eventName]) => {
  const root = document.querySelector(selector);
  const before = Number(root.dataset.drawnVersion ?? -1);
  window.__latency = new Promise((resolve) => {
    let t0 = null;
    window.addEventListener("pointerdown", () => { t0 = performance.now(); }, { capture: true, once: true });
    const onDrawn = (e) => {
      if (t0 !== null && e.detail.version > before) {
        root.removeEventListener(eventName, onDrawn);
        resolve(performance.now() - t0);
      }
    };
    root.addEventListener(eventName, onDrawn);
  });
}
"""


def measure(page, selector: str, event: str, click_target, clicks: int, warmup: int) -> list[float]:
    times = []
    for i in range(warmup + clicks):
        page.evaluate(ARM_JS, [selector, event])
        click_target.click()
        ms = page.evaluate("() => window.__latency")
        if i >= warmup:
            times.append(ms)
    return times


def summary(times: list[float]) -> str:
    q = statistics.quantiles(times, n=10)
    return (
        f"median {statistics.median(times):6.1f} ms   p10 {q[0]:6.1f}   p90 {q[-1]:6.1f}   (n={len(times)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="measured clicks per widget (max 90)")
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--dpr", type=float, default=2, help="devicePixelRatio of the page")
    args = parser.parse_args()
    clicks = min(args.clicks, 90 - args.warmup)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        write_notebook(home / "bench.ipynb", "# benchmark")
        token = secrets.token_hex(16)
        server = start_lab(home, home, token)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                context = browser.new_context(
                    viewport={"width": 1200, "height": 1000}, device_scale_factor=args.dpr
                )
                page = context.new_page()
                page.set_default_timeout(60_000)
                ws_bytes = {"total": 0}

                def on_ws(ws):
                    ws.on(
                        "framereceived",
                        lambda payload: ws_bytes.__setitem__("total", ws_bytes["total"] + len(payload)),
                    )

                page.on("websocket", on_ws)
                nb = LabNotebook(page, server.url, token, "bench.ipynb")
                board = nb.new_board(7)
                nb.python(COUNT_SYNC_BYTES)
                nb.run_cell(ECHO_WIDGET)
                page.locator(".echo-root").wait_for()

                ws_before = ws_bytes["total"]
                board_times = measure(
                    page, ".jp-Notebook .windmill", "windmill-drawn", board.pile("stock"), clicks, args.warmup
                )
                ws_board = (ws_bytes["total"] - ws_before) / (clicks + args.warmup)
                ws_before = ws_bytes["total"]
                echo_times = measure(
                    page, ".echo-root", "echo-drawn", page.locator(".echo-ping"), clicks, args.warmup
                )
                ws_echo = (ws_bytes["total"] - ws_before) / (clicks + args.warmup)
                sizes = nb.value("update_sizes")
                moves = nb.value("len(w.game.history)")
                browser.close()
        finally:
            server.stop()

    ratio = statistics.median(board_times) / statistics.median(echo_times)
    print(f"Windmill board latency: Chromium {args.dpr:g}x, JupyterLab 4, one session, {clicks} clicks each")
    print(f"  board: click on the stock -> repaint with the dealt card   {summary(board_times)}")
    print(f"  bare anywidget echo: click -> traitlet round trip -> repaint {summary(echo_times)}")
    print(f"  board / echo (medians): {ratio:.2f}x   (aim: within 1.5x)")
    print(
        f"  state synced per move: median {statistics.median(sizes):.0f} B, max {max(sizes)} B "
        f"over {len(sizes)} updates, {moves} moves   (aim: under 2048 B)"
    )
    print(
        f"  websocket bytes received per click (all messages): board {ws_board:.0f} B, echo {ws_echo:.0f} B"
    )
    out = ROOT / "test-output" / "widget_latency.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps({
        "dpr": args.dpr, "clicks": clicks,
        "board_ms": board_times, "echo_ms": echo_times, "ratio": ratio,
        "update_bytes": sizes, "ws_bytes_per_click": {"board": ws_board, "echo": ws_echo},
    }, indent=1))  # fmt: skip
    print(f"  raw figures: {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
