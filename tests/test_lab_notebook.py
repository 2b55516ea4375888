"""The lab as a tinkerer meets it: cells run in a real Jupyter kernel. A strategy defined in a cell
plays in the default process pool, with a tqdm widget bar and the live ipycanvas chart under the
cell, and the results display as static HTML with an SVG chart."""

from __future__ import annotations

from pathlib import Path

import pytest

from windmill_widget.fallback import CLEARED

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

CELLS = [
    """\
from windmill_widget.lab import play_many, compare

def centre_first(view):          # defined in this cell: its module is __main__
    moves = view.legal_moves()
    return next((m for m in moves if m.dst == "c"), moves[-1])
""",
    "res = play_many(centre_first, range(40), workers=2, chart=True)\nres",
    """\
same = play_many(centre_first, range(40), executor="serial", progress=False)
print(res.records == same.records, res.chart.draws >= 2, res.chart.displayed, not res.failures)
""",
    """\
from windmill_widget.lab import LiveChart
kept = play_many(centre_first, range(8), executor="serial", progress=False, chart=LiveChart())
""",
]


def test_notebook_cell_strategy_runs_in_the_default_pool_with_bar_and_live_chart() -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in CELLS])
    client = nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    run = nb.cells[1].outputs
    # The live chart and tqdm's bar were shown while it ran (cell 3 checks the chart drew and showed);
    # when the run ended both gave way to the result, so the saved outputs hold it once (issue 40).
    shown = [o for o in run if o.get("output_type") == "display_data"]
    assert [o["data"] for o in shown] == [CLEARED, CLEARED]
    # A chart passed in stays, and its output carries a picture of its final state for an HTML export
    # and an untrusted notebook (which show no widget): every player's bar, all games counted.
    (chart,) = [o for o in nb.cells[3].outputs if WIDGET_VIEW in o.get("data", {})]
    assert "centre_first" in chart["data"]["image/svg+xml"] and "8/8" not in chart["data"]["image/svg+xml"]
    assert (
        chart["data"]["text/html"].startswith('<img alt="Win rate so far')
        and "won" in chart["data"]["text/html"]
    )
    result = next(o for o in run if o.get("output_type") == "execute_result")
    html = result["data"]["text/html"]
    assert "data:image/svg+xml;base64," in html and "centre_first" in html and "<script" not in html
    assert "<Results centre_first on 40 deals" in result["data"]["text/plain"]
    check = "".join(o.get("text", "") for o in nb.cells[2].outputs)
    assert check.strip() == "True True True True"
