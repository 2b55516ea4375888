"""The board's Review (issue 41): ``w.review()`` and the Review button put the review on the board as data
the front end draws (the chart of the winning chance, the marked moves, the turning point), and before a
marked move of the reviewed line the board's state carries the arrows (the move played, the better one)
and the reason. Short staged games and small budgets (see tests/test_review.py)."""

from __future__ import annotations

import asyncio
from html import escape

import pytest
from review_games import QUICK, SMALL, late_game

from windmill_widget import Game, QuiltGame
from windmill_widget.widget import QuiltWidget, WindmillWidget


@pytest.fixture(scope="module")
def reviewed_once():
    """The board ``w.review()`` was called on; no test moves it (see ``reviewed``)."""
    w = WindmillWidget(late_game(Game, 29, 10))  # greedy loses it; it could still be won there
    return w, w.review(**SMALL)


@pytest.fixture
def reviewed(reviewed_once):
    """A board of its own for each test that moves about the line (xdist's worksteal runs a module's
    tests in any order), showing the same review, which takes some 20 s to make."""
    w0, r = reviewed_once
    w = WindmillWidget(w0.game.copy())
    w._show_review(r, w._whole_line())
    return w, r


def test_the_chart_is_the_reviews_data(reviewed_once) -> None:
    w, r = reviewed_once
    chart = w.review_chart
    assert chart["chances"] == [round(c, 4) for c in r.chances()]
    assert len(chart["chances"]) == len(w.game.history) + 1
    assert [m["move"] for m in chart["marks"]] == [m.number for m in r.marked()]
    assert chart["turning"] == r.turning_point.number
    assert chart["summary"] == r.summary() and w.state["message"]["text"].startswith(r.summary()[:40])
    assert w.state["reviewed"]


def test_before_a_marked_move_the_board_points_at_it_and_the_better_one(reviewed) -> None:
    w, r = reviewed
    m = r.marked()[0]
    w.seek(m.number - 1)
    arrows = w.state["arrows"]
    assert arrows[0] == {"src": m.move.split(">")[0], "dst": m.move.split(">")[1], "colour": m.band.value}
    if m.best and ">" in m.best:
        assert arrows[1]["colour"] == "better" and f"{arrows[1]['src']}>{arrows[1]['dst']}" == m.best
    assert m.reason in w.state["review_note"] and f"Move {m.number}" in w.state["review_note"]
    w.seek(m.number)  # after it: nothing to point at unless the next move is marked too
    nxt = r[m.number] if m.number < len(r) else None
    assert (w.state["arrows"] == []) == (nxt is None or nxt.band.value == "none")


def test_another_line_is_not_annotated_with_this_review(reviewed) -> None:
    w, r = reviewed
    m = r.marked()[0]
    w.seek(m.number - 1)
    others = [x for x in w.game.legal_moves() if str(x) != m.move]
    if not others:
        pytest.skip("a single legal move there")
    w.play(others[0])  # a new line: the review is of the old one
    w.undo()
    assert w.state["arrows"] == [] and w.state["review_note"] is None and not w.state["reviewed"]


def test_the_review_button_reviews_off_the_event_loop() -> None:
    async def main() -> tuple[bool, int]:
        q = QuiltWidget(late_game(QuiltGame, 3, 6))
        q.review_settings = dict(QUICK)
        assert q.handle_intent({"type": "review", "version": q.state["version"]})
        busy = q.state["autoplay"]  # Stop shows while it reviews
        await q._autoplay_task
        return busy, len(q.review_chart["chances"]) - len(q.game.history)

    assert asyncio.run(main()) == (True, 1)


def test_the_saved_picture_points_as_the_board_does() -> None:
    # Where no widget front end runs (nbconvert's HTML, nbviewer, GitHub) the board's static picture shows
    # the last move and, before a marked move of the review, the move played and the better one as arrows.
    w = WindmillWidget(late_game(Game, 29, 10))  # the fixture's game: its review comes from the cache
    r = w.review(**SMALL)
    m = r.marked()[0]
    w.seek(m.number - 1)
    g = w.game
    arrows = [(*m.move.split(">"), m.band.value)]
    if m.best and ">" in m.best:
        arrows.append((*m.best.split(">"), "better"))
    data, _ = w._repr_mimebundle_()  # what the board's display sends (see _ipython_display_)
    last = g.history[-1] if g.history else None
    assert data["image/svg+xml"] == g.svg(last_move=last, arrows=arrows)
    assert data["text/html"].startswith(g.picture(arrows=arrows)._repr_html_())
    assert escape(f"Move {m.number}, {m.move}") in data["text/html"]  # the reason, as the board's note
    w.seek(len(g.history) + len(g.redo_moves))  # the end of the line: the last move only, nothing marked
    data, _ = w._repr_mimebundle_()
    assert data["image/svg+xml"] == w.game.svg(last_move=w.game.history[-1])
    assert 'data-arrow="0"' not in data["image/svg+xml"]


def test_without_numba_review_takes_lighter_settings_and_says_so(monkeypatch) -> None:
    # Windmill's defaults take minutes as Python (JupyterLite, no numba): review() itself takes the
    # lighter PYTHON_DEFAULTS there for settings not given (and so the board's Review button, which
    # passes none), records which defaults it took, and its table's caption says so.
    from pure_python import as_python

    import windmill_widget.review.run as review_module
    from windmill_widget.core.compiled import COMPILED
    from windmill_widget.review import DEFAULTS, PYTHON_DEFAULTS, ReviewCache, default_settings, review

    script = (
        "import json\nfrom windmill_widget.review import default_settings\n"
        "from windmill_widget.widget import QuiltWidget, WindmillWidget\n"
        "print(json.dumps([WindmillWidget(seed=1).review_settings, QuiltWidget(seed=1).review_settings,\n"
        "                  default_settings('windmill'), default_settings('crazy-quilt')]))\n"
    )
    board, quilt_board, windmill, quilt = as_python(script)
    assert board == quilt_board == {}  # the board passes nothing: review() picks for the machine
    assert windmill == [{**DEFAULTS["windmill"], **PYTHON_DEFAULTS["windmill"]}, "PYTHON_DEFAULTS"]
    assert quilt == [DEFAULTS["crazy-quilt"], "DEFAULTS"]  # its solver runs as Python anyway
    assert PYTHON_DEFAULTS["windmill"]["sample_budget"] < DEFAULTS["windmill"]["sample_budget"]
    assert default_settings("windmill") == ((DEFAULTS["windmill"], "DEFAULTS") if COMPILED else windmill)

    # review() with no settings takes them (lighter ones here, so the test is quick)
    monkeypatch.setattr(review_module, "COMPILED", False)
    monkeypatch.setitem(PYTHON_DEFAULTS, "windmill", {"budget": 5_000, "samples": 2, "sample_budget": 500})
    g = Game(seed=8)
    for m in ["deal", "deal"]:
        g.play(m)
    r = review(g, progress=False, cache=ReviewCache())
    assert {k: r.settings[k] for k in ("budget", "samples", "sample_budget", "defaults")} == {
        **PYTHON_DEFAULTS["windmill"],
        "defaults": "PYTHON_DEFAULTS",
    }
    caption = "2 guesses at the stock per position, 500 positions per guess, 5,000 per solve of a position"
    assert caption in r._repr_html_() and "review.PYTHON_DEFAULTS" in str(r).splitlines()[-1]
    given = review(g, progress=False, cache=ReviewCache(), samples=3)  # a setting given is kept
    assert given.settings["samples"] == 3 and given.settings["budget"] == 5_000
