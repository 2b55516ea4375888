"""The game review (windmill_widget.review): verdicts that agree with the solver, the turning point,
bands from drops, the cache, both games and every Windmill preset, the value's forms, bad input.

Games are short (a staged late position, or the first moves of a deal) and budgets small, so the
file runs in seconds; the review's time on whole games is benchmarks/review.py's business."""

from __future__ import annotations

import json

import pytest

from windmill_widget import Game, QuiltGame, QuiltRules, Rules, solve
from windmill_widget.review import EXACT, Band, Chance, MoveReview, Review, ReviewCache, SolverVerdict, review
from windmill_widget.strategies import greedy, tips

SMALL = {"samples": 2, "sample_budget": 2_000, "budget": 50_000, "progress": False}


def staged(game_type, seed: int, player, stock: int, rules=None):
    """``player``'s game of deal ``seed``, from the position where ``stock`` cards are left in the
    stock (a staged game: its history is the moves from there)."""
    full = game_type(seed=seed, rules=rules)
    while full.status == "playing":
        full.play(player(full.view()))
    g = game_type(seed=seed, rules=rules)
    i = 0
    while len(g.pile("stock")) > stock and i < len(full.history):
        g.play(full.history[i])
        i += 1
    late = game_type.from_position(**g.position())  # the position names its rules
    for m in full.history[i:]:
        late.play(m)
    return late


def before(game, n: int):
    """``game`` before its move ``n + 1`` (index ``n``)."""
    g = game.copy()
    while len(g.history) > n:
        g.undo()
    return g


@pytest.fixture(scope="module")
def lost_windmill():
    # greedy loses deal 29 from where 10 cards are left in the stock, which could still be won there
    return staged(Game, 29, greedy, 10)


@pytest.fixture(scope="module")
def lost_review(lost_windmill):
    return review(lost_windmill, cache=ReviewCache(), **SMALL)


def test_verdicts_agree_with_the_solver_along_a_winning_line() -> None:
    line = solve(Game(seed=8), max_nodes=2_000_000).moves
    game = Game(seed=8)
    for m in line[:12]:
        game.play(m)
    r = review(game, cache=ReviewCache(), **SMALL)
    assert len(r) == 12 and r.turning_point is None
    for i, m in enumerate(r):
        assert m.move == str(line[i]) and m.verdict_before.won and m.verdict_after.won
        g = before(game, i)  # every line it gives wins from where it is given
        for step in m.verdict_before.line:
            g.play(step)
        assert g.status == "won"
    assert r.summary().startswith("After 12 moves the deal can still be won.")


def test_the_turning_point_of_a_lost_game(lost_windmill, lost_review) -> None:
    tp = lost_review.turning_point
    assert tp is not None and tp.turning
    assert solve(before(lost_windmill, tp.index), max_nodes=500_000).won
    assert solve(before(lost_windmill, tp.index + 1), max_nodes=500_000).result == "lost"
    # every verdict before it is a win, every one after a loss
    assert all(m.verdict_before.won for m in lost_review[: tp.index + 1])
    assert all(m.verdict_after.lost for m in lost_review[tp.index :])
    assert f"could still be won until move {tp.number}; after {tp.text} ({tp.move})" in lost_review.summary()
    assert "could not" in tp.reason
    assert lost_review[-1].verdict_after.method == "game-over"


def test_bands_follow_the_drops(lost_review) -> None:
    assert [Band.of(d) for d in (0, 0.099, 0.1, 0.2, 0.299, 0.3, 1)] == [
        "none", "none", "inaccuracy", "mistake", "mistake", "blunder", "blunder"
    ]  # fmt: skip
    assert [Band(b).nag for b in ("none", "inaccuracy", "mistake", "blunder")] == ["", "?!", "?", "??"]
    for m in lost_review:
        assert m.drop == pytest.approx(m.chance_before.value - m.chance_after.value)
        assert m.band is Band.of(m.drop)
        assert (m.best is None) == (m.drop == 0)
        if m.choices == 1:
            assert m.drop == 0
    assert any(m.band is not Band.NONE for m in lost_review)  # greedy's endgame has its blunders
    marked = lost_review.marked("mistake")
    assert all(m.band in (Band.MISTAKE, Band.BLUNDER) for m in marked)


def test_chances_are_exact_near_the_stock_end_and_known_once_it_is_empty(lost_windmill, lost_review) -> None:
    for m in lost_review:
        stock = len(before(lost_windmill, m.index).pile("stock"))
        if stock == 0:
            assert m.chance_after.exact and m.chance_after.value in (0.0, 1.0)
            assert m.chance_after.value == float(m.verdict_after.won)
        elif stock <= EXACT:  # strict rules, a short stock: the exact no-peeking search
            assert m.chance_after.exact and m.chance_after.error == 0
        else:
            assert not m.chance_after.exact and m.chance_after.samples == SMALL["samples"]


def test_a_review_twice_is_read_from_the_cache(lost_windmill) -> None:
    cache = ReviewCache()
    first = review(lost_windmill, cache=cache, **SMALL)
    misses, hits = cache.misses, cache.hits
    again = review(lost_windmill, cache=cache, **SMALL)
    assert again == first
    assert cache.misses == misses and cache.hits > hits
    # a transposition: the same positions reached by another game object are hits too
    other = staged(Game, 29, greedy, 10)
    review(other, cache=cache, **SMALL)
    assert cache.misses == misses


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_every_windmill_preset(preset: str) -> None:
    game = staged(Game, 3, greedy, 4, rules=getattr(Rules, preset)())
    r = review(game, cache=ReviewCache(), **SMALL)
    assert len(r) == len(game.history) > 0
    assert r.verdict_end.result == ("won" if game.status == "won" else "lost")
    assert all(isinstance(m.verdict_before, SolverVerdict) and 0 <= m.chance_before.value <= 1 for m in r)


@pytest.mark.parametrize(
    "rules",
    [QuiltRules.literal(), QuiltRules.common(), QuiltRules(redeals=0)],
    ids=["literal", "common", "no-redeal"],
)
def test_crazy_quilt(rules) -> None:
    game = staged(QuiltGame, 5, tips, 3, rules=rules)
    small = {**SMALL, "budget": 5_000, "sample_budget": 300}
    r = review(game, cache=ReviewCache(), **small)
    assert len(r) == len(game.history) > 0 and r.game == "crazy-quilt"
    assert r.verdict_end.lost == (game.status == "lost")
    for m in r:
        for v in (m.verdict_before, m.verdict_after):
            if v.won:  # the line wins from there
                g = before(game, m.index + (v is m.verdict_after))
                for step in v.line:
                    g.play(step)
                assert g.status == "won"
    if "redeal" in map(str, game.history):  # after a redeal the stock's order is known: no guessing
        at = list(map(str, game.history)).index("redeal")
        assert all(m.chance_after.samples == 0 for m in r[at + 1 :])


def test_the_value_prints_and_travels(lost_review) -> None:
    text = str(lost_review)
    assert text.splitlines()[0] == lost_review.summary()
    assert "solver before" in text.splitlines()[1] and len(text.splitlines()) == len(lost_review) + 2
    assert "<table" in lost_review._repr_html_()
    assert repr(lost_review).startswith("<Review of windmill: 28 moves, turning point move")
    data = json.loads(json.dumps(lost_review.to_dict()))
    assert Review.from_dict(data) == lost_review
    frame = lost_review.to_pandas()
    assert list(frame.index) == list(range(1, len(lost_review) + 1))
    assert frame.loc[lost_review.turning_point.number, "verdict_after"] == "lost"
    assert len(lost_review.chances()) == len(lost_review) + 1


@pytest.mark.parametrize(
    ("corrupt", "message"),
    [
        (lambda d: d.update(version=9), "version 1"),
        (lambda d: d["moves"][0].update(band="awful"), "Move 1 of the review: A band is none"),
        (lambda d: d["moves"][1].update(index=7), "Move 2 of the review says it is move 8"),
        (lambda d: d["moves"][0]["chance_after"].update(value=1.5), "'value' is a number from 0 to 1"),
        (lambda d: d["moves"][0]["verdict_before"].update(result="maybe"), "won, lost or unknown"),
        (lambda d: d.pop("moves"), "A review has the fields"),
    ],
)
def test_a_corrupted_review_is_refused_clearly(lost_review, corrupt, message: str) -> None:
    data = json.loads(json.dumps(lost_review.to_dict()))
    corrupt(data)
    with pytest.raises(ValueError, match=message):
        Review.from_dict(data)


def test_bad_input_is_refused_clearly() -> None:
    with pytest.raises(TypeError, match="review\\(\\) takes a game of the kit"):
        review("n1>c")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not the view a player sees"):
        review(Game(seed=1).view())  # type: ignore[arg-type]
    for bad in ({"budget": 0}, {"budget": -5}, {"samples": 0}, {"sample_budget": True}, {"exact": -1}):
        with pytest.raises(ValueError, match="must be a whole number"):
            review(Game(seed=1), progress=False, **bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="cache must be a ReviewCache"):
        review(Game(seed=1), cache={}, progress=False)  # type: ignore[arg-type]


def test_an_unplayed_game_reviews_to_nothing() -> None:
    r = review(Game(seed=1), cache=ReviewCache(), **SMALL)
    assert len(r) == 0 and r.turning_point is None and r.verdict_start == r.verdict_end
    assert Chance.from_dict(Chance(0.25, 0.1, samples=4).to_dict()) == Chance(0.25, 0.1, samples=4)
    assert MoveReview.__dataclass_fields__.keys() >= {
        "verdict_before",
        "chance_after",
        "band",
        "best",
        "reason",
    }
