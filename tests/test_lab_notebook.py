"""The lab as a tinkerer meets it: cells run in a real Jupyter kernel. A strategy defined in a cell
plays in the default process pool, with a tqdm widget bar and the live ipycanvas chart under the
cell, and the results display as static HTML with an SVG chart."""

from __future__ import annotations

from pathlib import Path

import pytest

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
]


def test_notebook_cell_strategy_runs_in_the_default_pool_with_bar_and_live_chart() -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in CELLS])
    client = nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    run = nb.cells[1].outputs
    views = [o for o in run if o.get("output_type") == "display_data" and WIDGET_VIEW in o.get("data", {})]
    assert len(views) >= 2  # the live chart's canvas and tqdm's progress bar
    # The live chart's output also carries a picture of its final state, for an HTML export and an
    # untrusted notebook (which show no widget): every player's bar, all games counted.
    chart = next(o for o in views if "image/svg+xml" in o["data"])
    assert "centre_first" in chart["data"]["image/svg+xml"] and "40/40" not in chart["data"]["image/svg+xml"]
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
