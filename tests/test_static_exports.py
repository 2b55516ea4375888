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
    assert ui.board.game._repr_html_() in html  # the position at the slider, as a picture
    assert not WIDGET_TEXT.search(data["text/plain"])


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_exported_html_shows_no_widget_as_python_text(notebook: pathlib.Path) -> None:
    nbconvert = pytest.importorskip("nbconvert")
    body, _ = nbconvert.HTMLExporter().from_filename(str(notebook))
    found = [body[max(0, m.start() - 40) : m.end() + 40] for m in WIDGET_TEXT.finditer(body)]
    assert not found, f"{notebook.name} shows widgets as text: {found[:3]}"
