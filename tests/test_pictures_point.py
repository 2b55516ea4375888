"""Pictures that point (as chess.svg.board's lastmove, arrows, fill): both games' svg(...), the
picture() value that displays itself, and clear errors for piles a picture does not have."""

from __future__ import annotations

import re

import pytest

from windmill_widget import Game, QuiltGame
from windmill_widget.core.svg import LIGHT, Picture


def windmill():
    g = Game(seed=1)
    g.play("n1>c")
    g.play("deal")
    return g


def quilt():
    q = QuiltGame(seed=7)
    q.play("c1>C-")
    q.play("turn")
    return q


GAMES = {"windmill": (windmill, "w1", "c", "waste"), "crazy-quilt": (quilt, "a1", "S+", "hand")}


@pytest.mark.parametrize("name", GAMES)
def test_nothing_asked_draws_the_plain_picture(name: str) -> None:
    make, *_ = GAMES[name]
    g = make()
    assert g.svg() == g.svg(last_move=None, arrows=[], highlight=[], labels={})
    assert "data-arrow" not in g.svg() and "data-label" not in g.svg()


@pytest.mark.parametrize("name", GAMES)
def test_arrows_highlights_labels_and_the_last_move(name: str) -> None:
    make, tail, head, other = GAMES[name]
    g = make()
    plain = g.svg()
    svg = g.svg(
        last_move=g.history[0],
        arrows=[(tail, head), (other, head, "red"), str(g.history[-1])],
        highlight={tail: "#123456"},
        labels={head: "1", tail: "best"},
    )
    assert svg.count("data-arrow=") == 3
    second = svg.split('data-arrow="1"')[1].split("</g>")[0]
    assert f'fill="{LIGHT["red"]}"' in second  # a table colour by its name
    assert 'stroke="#123456"' in svg  # a CSS colour as given
    assert svg.count("data-label=") == 2 and ">best</text>" in svg
    assert svg.count(f'fill="{LIGHT["highlight"]}" fill-opacity="0.55"') == 2  # the last move's two piles
    # the cards are all still there, in the same places
    assert re.findall(r'<g data-pile="[^"]+">', svg) == re.findall(r'<g data-pile="[^"]+">', plain)


def test_an_arrow_points_from_one_pile_to_the_other() -> None:
    g = windmill()
    svg = g.svg(arrows=[("w1", "c")])
    line = re.search(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"', svg)
    assert line is not None
    x1, y1, x2, y2 = map(float, line.groups())
    assert y1 == y2 and x1 < x2  # w1 lies left of the centre, on its row


@pytest.mark.parametrize("name", GAMES)
def test_unknown_piles_and_junk_are_refused_clearly(name: str) -> None:
    make, tail, *_ = GAMES[name]
    g = make()
    with pytest.raises(ValueError, match=r"An arrow names the piles of the picture .*'zz'"):
        g.svg(arrows=[(tail, "zz")])
    with pytest.raises(ValueError, match="highlight names the piles"):
        g.svg(highlight=["zz"])
    with pytest.raises(ValueError, match="highlight is a list of pile names"):
        g.svg(highlight="w1")
    with pytest.raises(ValueError, match="arrows is a list"):
        g.svg(arrows=5)
    with pytest.raises(ValueError, match="Arrow 1 is a"):
        g.svg(arrows=["not a move at all"])
    with pytest.raises(ValueError, match="labels is a mapping"):
        g.svg(labels=["w1"])
    with pytest.raises(ValueError, match="A label is a short text"):
        g.svg(labels={tail: "x" * 50})
    with pytest.raises(ValueError, match="colour"):
        g.svg(arrows=[(tail, tail, "")])
    other = quilt() if name == "windmill" else windmill()
    with pytest.raises(ValueError, match="move of another game"):
        g.svg(last_move=other.history[0])


@pytest.mark.parametrize("name", GAMES)
def test_picture_shows_itself_with_the_last_move(name: str) -> None:
    make, tail, head, _ = GAMES[name]
    g = make()
    p = g.picture(arrows=[(tail, head)])
    assert isinstance(p, Picture)
    assert p._repr_svg_() == g.svg(last_move=g.history[-1], arrows=[(tail, head)])
    assert p._repr_html_().startswith("<img alt=") and "data:image/svg+xml;base64," in p._repr_html_()
    assert g.picture(last_move=None)._repr_svg_() == g.svg()
    g.restart()
    assert g.picture()._repr_svg_() == g.svg()  # no move yet: nothing tinted
