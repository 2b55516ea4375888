"""What a tinkerer sees: static HTML/SVG that survives a saved notebook (well-formed, no scripts), the
live ipycanvas chart receiving drawing commands while a run goes on, and no widget libraries loaded
by merely importing the lab."""

from __future__ import annotations

import base64
import itertools
import json
import math
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from windmill_widget.lab import Ceiling, Comparison, LiveChart, Results, SolveRecord, compare, play_many
from windmill_widget.lab.charts import Bar, distribution_svg, nice_ticks, win_rate_layout, win_rate_svg
from windmill_widget.strategies import greedy

SERIAL = {"executor": "serial", "progress": False}
SVG = "{http://www.w3.org/2000/svg}"


def first(view):
    return view.legal_moves()[0]


def parse(markup: str) -> ET.Element:
    assert "<script" not in markup.lower()
    return ET.fromstring(markup)  # raises on anything not well-formed


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def pictures(root: ET.Element) -> list[ET.Element]:
    """The SVG pictures an HTML output shows, each an <img> with the picture inline: the form that shows
    where a notebook is not trusted (JupyterLab strips <svg> from HTML there)."""
    out = []
    for img in root.iter("img"):
        src = img.get("src", "")
        assert src.startswith("data:image/svg+xml;base64,") and img.get("alt")
        out.append(parse(base64.b64decode(src.split(",", 1)[1]).decode("utf-8")))
    assert not list(root.iter(f"{SVG}svg")), "an inline <svg> does not show in an untrusted notebook"
    return out


def test_results_html_and_svg_are_well_formed() -> None:
    def fragile(view):
        sail = view.top("n1")
        if view.stock_count == 85 and sail is not None and sail.rank % 2:
            raise RuntimeError("<&> in an error message")
        return view.legal_moves()[0]

    res = play_many(fragile, range(12), name="frag<ile>", **SERIAL)
    assert 0 < len(res.failures) < res.n
    root = parse(res._repr_html_())
    assert root.tag == "div"
    cells = [td.text for td in root.iter("td")]
    assert "frag<ile>" in cells and "12" in cells
    assert any("<&> in an error message" in (c or "") for c in cells)  # escaped, then read back
    svgs = pictures(root)
    assert len(svgs) == 2  # the win rate and the histogram
    assert texts(svgs[0]) == texts(parse(res.chart_svg()))
    svg = parse(res.chart_svg())
    assert svg.get("width") == "720" and "frag<ile>" in texts(svg)
    assert any("%" in t for t in texts(svg))
    hist = parse(res.distribution_svg())
    bars = [r for r in hist.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(bars) == len(res.distribution)


def test_html_is_stable_across_runs() -> None:
    # A saved notebook re-run must not change: no timings or ids in the static output.
    a = play_many(first, range(6), **SERIAL)
    b = play_many(first, range(6), executor="serial", progress=False, chunksize=1)
    assert a._repr_html_() == b._repr_html_()
    assert repr(a) == repr(b)


def test_comparison_html_includes_the_chart_and_the_ceiling() -> None:
    a = Results("a", play_many(first, range(5), **SERIAL).records)
    top = Ceiling([SolveRecord(s, "won" if s % 2 else "lost") for s in range(5)], max_seconds=1.0)
    cmp = Comparison({"a": a}, top, deals=range(5))
    root = parse(cmp._repr_html_())
    header = [th.text for th in root.iter("th")]
    assert header[-1] == "of ceiling"
    rows = [[td.text for td in tr.iter("td")] for tr in root.iter("tr")][1:]
    assert rows[-1][0] == "clairvoyant solver (1 s per deal)"
    (svg,) = pictures(root)
    labels = texts(svg)
    assert "a" in labels and "clairvoyant solver" in labels
    assert "40.0% [11.8%, 76.9%] · 5 decided" in labels  # 2 of 5 won by the ceiling
    parse(cmp.chart_svg())
    real = compare({"greedy": greedy, "first": first}, range(4), **SERIAL)
    parse(real._repr_html_())


def test_layout_bars_and_whiskers() -> None:
    width, height, shapes = win_rate_layout(
        [Bar("x", 50, 100, 0.4, 0.6), Bar("y", 0, 0, 0.0, 1.0, total=10)], width=600
    )
    assert width == 600 and height > 60
    words = [s.text for s in shapes if hasattr(s, "text")]
    assert "x" in words and "y" in words and "no games yet" in words
    assert "50.0% [40.0%, 60.0%]" in words


@given(top=st.floats(min_value=1e-6, max_value=1e6), most=st.integers(min_value=2, max_value=12))
def test_nice_ticks_are_nice_and_tight(top: float, most: int) -> None:
    ticks = nice_ticks(top, most)
    step = ticks[1] - ticks[0]
    mantissa = step / 10 ** math.floor(math.log10(step) + 1e-9)
    assert any(math.isclose(mantissa, m) for m in (1, 2, 2.5, 5)), (top, ticks)
    assert ticks[0] == 0 and 2 <= len(ticks) <= most
    assert all(math.isclose(b - a, step, rel_tol=1e-6) for a, b in itertools.pairwise(ticks))
    assert ticks[-1] >= top * (1 - 1e-9) and ticks[-2] < top  # the axis ends at the first tick past top


@given(top=st.floats(min_value=1e-3, max_value=1e6), most=st.integers(min_value=2, max_value=12))
def test_whole_ticks_count_in_whole_steps(top: float, most: int) -> None:
    ticks = nice_ticks(top, most, whole=True)
    step = ticks[1] - ticks[0]
    assert step >= 1 and step == int(step) and all(t == int(t) for t in ticks), (top, ticks)
    assert ticks[0] == 0 and 2 <= len(ticks) <= max(most, 2)
    assert ticks[-1] >= top * (1 - 1e-9)


@pytest.mark.parametrize(
    ("counts", "labels"),
    [({100: 1}, ["0", "1"]), ({50: 7, 104: 3}, ["0", "5", "10"]), ({20: 37, 30: 2}, ["0", "20", "40"])],
)
def test_distribution_counts_tick_at_whole_steps(counts: dict[int, int], labels: list[str]) -> None:
    root = parse(distribution_svg(counts))
    ns = "{http://www.w3.org/2000/svg}"
    assert [t.text for t in root.iter(f"{ns}text") if t.get("text-anchor") == "end"] == labels


def _tick_labels(words: list[str]) -> list[str]:
    return [w for w in words if w.endswith("%") and " " not in w]  # not "50.0% [..]" nor the title


@pytest.mark.parametrize(
    ("high", "labels"),
    [
        (0.9, ["0%", "20%", "40%", "60%", "80%", "100%"]),  # was 0%, 18%, 36%...
        (0.45, ["0%", "10%", "20%", "30%", "40%", "50%"]),
        (0.12, ["0%", "2.5%", "5%", "7.5%", "10%", "12.5%"]),
        (0.0, ["0%", "2%", "4%", "6%", "8%", "10%"]),  # at least 10%, so small rates stay readable
    ],
)
def test_win_rate_axes_tick_at_nice_steps(high: float, labels: list[str], sent: list[str]) -> None:
    bars = [Bar("p", 1, 10, 0.0, high)]
    assert _tick_labels(texts(parse(win_rate_svg(bars)))) == labels
    chart = LiveChart(min_interval=0.0)  # the live chart paints the same axis
    chart.update(bars, force=True)
    painted = [c[1][0] for c in json.loads(sent[-1]) if isinstance(c[1], list) and c[1]]
    assert _tick_labels([t for t in painted if isinstance(t, str)]) == labels


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The JSON of every batch of canvas commands sent to the (absent) front end."""
    from ipycanvas.canvas import _CANVAS_MANAGER

    batches: list[str] = []

    def record(content, buffers=None):
        batches.append(b"".join(bytes(b) for b in buffers or []).decode("utf-8", "replace"))

    monkeypatch.setattr(_CANVAS_MANAGER, "send", record)
    return batches


def test_live_chart_is_drawn_as_games_finish(sent: list[str]) -> None:
    chart = LiveChart(min_interval=0.0)  # no throttling: one redraw per finished chunk
    start_height = chart.canvas.height
    res = compare({"greedy": greedy, "first": first}, range(24), chart=chart, chunksize=4, **SERIAL)
    assert res.chart is chart
    # One draw at the start, one per chunk (2 players x 6 chunks), one at the end.
    assert chart.draws == 14
    assert len(sent) == chart.draws
    assert all("greedy" in batch and "first" in batch for batch in sent)
    assert "Win rate so far" in sent[0]
    assert chart.canvas.height > start_height  # grew to one row per player
    final = {b.name: (b.wins, b.n) for b in chart.bars}
    assert final == {name: (res[name].wins, 24) for name in res.names}
    assert "no games yet" in sent[0] and "no games yet" not in sent[-1]


def test_live_chart_throttles_redraws(sent: list[str]) -> None:
    chart = LiveChart(min_interval=60.0)
    play_many(first, range(40), chart=chart, chunksize=1, **SERIAL)
    assert chart.draws == 2  # the first frame and the final one; updates in between wait
    assert chart.bars[0].n == 40


def test_chart_true_outside_a_notebook_is_quiet() -> None:
    res = play_many(first, range(3), chart=True, **SERIAL)
    assert res.chart is None


def test_importing_the_lab_loads_no_widgets_pandas_or_dask() -> None:
    watched = ["ipycanvas", "ipywidgets", "tqdm", "pandas", "dask", "distributed", "cloudpickle", "IPython"]
    code = (
        "import sys, windmill_widget, windmill_widget.lab\n"
        f"print([m for m in {watched!r} if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
