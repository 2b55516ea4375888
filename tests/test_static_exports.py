"""What a notebook shows where no kernel runs (issue 13, items 5 and 12): nbconvert's HTML export,
nbviewer and GitHub render the committed outputs' static parts. No widget may show there as the
text of its Python object (``VBox(children=(Text(...``, ``Canvas(height=96...``), which reads as if
nothing ran."""

from __future__ import annotations

import pathlib
import re

import pytest
from IPython.core.formatters import DisplayFormatter

from windmill_widget import Game, WindmillWidget
from windmill_widget.fallback import CLEARED
from windmill_widget.replay import replay_controls

NOTEBOOKS = sorted((pathlib.Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))
# ipywidgets' default text of a widget object: its class name and its first trait.
WIDGET_TEXT = re.compile(r"\b[A-Z]\w*\((?:children|height|value|layout|description)=")


def test_replay_controls_show_the_position_and_what_they_do_without_a_kernel() -> None:
    line = Game(seed=42)
    line.play("e1>nw")
    line.deal()
    ui = replay_controls(WindmillWidget(seed=1), line)
    ui.slider.value = 1
    data, _ = DisplayFormatter().format(ui)
    assert "application/vnd.jupyter.widget-view+json" in data  # the live controls, for widget front ends
    assert data["text/plain"] == repr(ui) == f"<ReplayControls: move 1 of 2 of {ui.board!r}>"
    html = data["text/html"]
    assert "line of 2 moves, shown at move 1" in html
    assert ui.board.picture()._repr_html_() in html  # the position at the slider, as a picture
    assert str(ui.board.picture()) == ui.board.game.svg(last_move=ui.board.game.history[-1])  # move 1 tinted
    assert not WIDGET_TEXT.search(data["text/plain"])


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_exported_html_shows_no_widget_as_python_text(notebook: pathlib.Path) -> None:
    nbconvert = pytest.importorskip("nbconvert")
    body, _ = nbconvert.HTMLExporter().from_filename(str(notebook))
    found = [body[max(0, m.start() - 40) : m.end() + 40] for m in WIDGET_TEXT.finditer(body)]
    assert not found, f"{notebook.name} shows widgets as text: {found[:3]}"


# -- issue 40, item 4: an executed notebook's HTML export shows each finished run once, as it ended ------
RUN_CELLS = (
    "from windmill_widget import WindmillWidget, compare, greedy\nboard = WindmillWidget(seed=8)\nboard",
    "playing = board.autoplay(greedy, delay=0)\nawait playing",
    "print(board.game._repr_html_().split('\"')[1])  # the picture's alt text: the position it ended at",
    "results = compare({'greedy': greedy, 'first': lambda view: view.legal_moves()[0]}, deals=range(6),\n"
    "                  chart=True, executor='serial')",
    "results",
)
# tqdm's text form of a bar ("  0%|          | 0/12 [00:00<?, ?game/s]") and the live chart's heading.
PROGRESS_TEXT = re.compile(r"\d+%\|")


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str]:
    """A notebook with a board that autoplays to its end and a tournament with its bar and live chart,
    executed as `make notebooks` executes the teaching notebooks, and its HTML export."""
    nbformat = pytest.importorskip("nbformat")
    nbconvert = pytest.importorskip("nbconvert")
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in RUN_CELLS]
    folder = tmp_path_factory.mktemp("export")
    NotebookClient(nb, kernel_name="python3", timeout=120, store_widget_state=False,
                   resources={"metadata": {"path": str(folder)}}).execute()  # fmt: skip
    body, _ = nbconvert.HTMLExporter().from_notebook_node(nb)
    return nb, body


def test_a_finished_run_leaves_its_result_and_no_progress_bar_or_live_chart(exported) -> None:
    nb, body = exported
    run = nb.cells[3]
    assert [o.get("data", {}) for o in run.outputs] == [CLEARED, CLEARED]  # the live chart and the bar
    assert not PROGRESS_TEXT.search(body), "a frozen progress bar in the export"
    assert "Win rate so far" not in body  # the live chart's heading
    assert body.count('alt="Win rates on the same 6 deals') == 1  # the result's chart, once


def test_an_autoplayed_boards_picture_shows_where_autoplay_ended(exported) -> None:
    nb, body = exported
    (board,) = nb.cells[0].outputs
    ended = nb.cells[2].outputs[0].text.strip()
    assert ended.startswith("Windmill position, seed=8: ") and "playing" not in ended  # the game is over
    assert f'alt="{ended}"' in board.data["text/html"]  # the saved picture is that position...
    assert f'alt="{ended}"' in body  # ...and so is the export's
    assert "seed=8: centre 1/52, playing" not in body  # not the deal
    assert "moves" in board.data["text/plain"] and "0 moves" not in board.data["text/plain"]
    assert "to play, run this cell in Jupyter" in body  # the picture says it is one


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_notebooks_export_no_frozen_progress_bar_or_live_chart(notebook: pathlib.Path) -> None:
    """The committed outputs (stored by scripts/run_notebooks.py) hold each finished run's result only."""
    nbconvert = pytest.importorskip("nbconvert")
    body, _ = nbconvert.HTMLExporter().from_filename(str(notebook))
    assert not PROGRESS_TEXT.search(body), f"{notebook.name}: a frozen progress bar"
    assert "Win rate so far" not in body, f"{notebook.name}: a live chart left above its result"
