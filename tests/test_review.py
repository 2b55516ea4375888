"""The game review (windmill_widget.review): verdicts that agree with the solver, the turning point,
bands from drops, the cache, both games and every Windmill preset, the value's forms, bad input.

Games are short (a staged late position, or the first moves of a deal) and budgets small, so the
file runs in seconds; the review's time on whole games is benchmarks/review.py's business."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windmill_widget import Game, QuiltGame, QuiltRules, Rules, load_game, solve
from windmill_widget.core import Annotation, AnnotationsWarning
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
    said = f"could still be won until move {tp.number}; after it ({tp.move}: {tp.text}) it could not"
    assert said in lost_review.summary()
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
        if m.verdict_before.lost:  # proved lost: no player wins the deal from there, nothing to estimate
            assert m.chance_before == m.chance_after == Chance(0.0, exact=True)
        elif stock == 0:
            assert m.chance_after.exact and m.chance_after.value in (0.0, 1.0)
            assert m.chance_after.value == float(m.verdict_after.won)
        elif stock <= EXACT:  # strict rules, a short stock: the exact no-peeking search
            assert m.chance_after.exact and m.chance_after.error == 0
        else:
            assert not m.chance_after.exact and m.chance_after.samples == SMALL["samples"]


def test_a_forced_move_after_no_new_card_carries_the_chance_before_it() -> None:
    game = staged(Game, 29, greedy, 30)
    r = review(game, cache=ReviewCache(), **TINY)
    carried = 0
    for prev, m in itertools.pairwise(r):
        shown = before(game, prev.index).view().unseen != before(game, m.index).view().unseen
        if m.choices == 1 and not shown and not m.verdict_before.lost:
            assert m.chance_before == m.chance_after == prev.chance_after
            carried += 1
    assert carried  # the game has such moves


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
    assert "solver before" in text.splitlines()[1] and len(text.splitlines()) == len(lost_review) + 3
    assert text.splitlines()[-1] == lost_review.settings_note()  # the effort, last (the caption's end)
    assert lost_review.settings_note().startswith("Settings: 2 guesses at the stock per position")
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


# -- annotations: the review on the game, in its save file ------------------------------------------
def test_a_reviewed_game_saves_its_annotations(lost_windmill, lost_review) -> None:
    game = lost_windmill.copy()
    lost_review.annotate(game)
    tp = lost_review.turning_point
    assert game.annotations[tp.index].comment == tp.reason
    marked = {m.index for m in lost_review if m.band is not Band.NONE or m.turning}
    assert set(game.annotations) == marked
    assert all(game.annotations[i].mark == lost_review[i].band.nag for i in marked)
    loaded = Game.from_json(game.to_json())
    assert loaded.annotations == game.annotations and loaded.history == game.history
    assert load_game(game.to_json()).annotations == game.annotations
    # a game without annotations writes the envelope it always wrote (older readers load it)
    assert "annotations" not in json.loads(lost_windmill.to_json())


@pytest.mark.parametrize(
    ("corrupt", "why"),
    [
        ("not a list", "the annotations are a list"),
        ([{"move": 0, "mark": "?!?", "comment": ""}], "annotation 1: a move's mark is one of"),
        ([{"move": 999, "mark": "?", "comment": ""}], "annotation 1: an annotation's move is a move index"),
        ([{"move": 0, "mark": "?", "comment": 5}], "annotation 1: a comment is a text"),
        ([{"move": 1, "mark": "?", "comment": ""}] * 2, "annotated twice"),
        ([{"move": 0}], "an object with move, mark and comment"),
    ],
)
def test_corrupted_annotations_cost_only_themselves(lost_windmill, lost_review, corrupt, why: str) -> None:
    game = lost_windmill.copy()
    lost_review.annotate(game)
    doc = json.loads(game.to_json())
    doc["annotations"] = corrupt
    with pytest.warns(AnnotationsWarning, match=rf"annotations in this save file were left out \(.*{why}"):
        loaded = Game.from_json(json.dumps(doc))
    assert loaded.annotations == {} and loaded.history == game.history


def test_annotate_by_hand_and_bad_marks() -> None:
    game = Game(seed=1)
    game.play("n1>c")
    game.annotate(1, "!", "At once.")
    assert Game.from_json(game.to_json()).annotations == {0: Annotation("!", "At once.")}
    game.annotate(1)  # nothing: no annotation
    assert game.annotations == {}
    with pytest.raises(ValueError, match="no move 2 to annotate"):
        game.annotate(2, "?")
    with pytest.raises(ValueError, match="mark is one of"):
        game.annotate(1, "???")
    with pytest.raises(ValueError, match="review is of another game"):
        review(game, cache=ReviewCache(), **SMALL).annotate(Game(seed=2))


def test_the_picture_of_a_move_points_at_it(lost_windmill, lost_review) -> None:
    tp = lost_review.turning_point
    svg = lost_review.picture(lost_windmill, tp.number)._repr_svg_()
    assert svg.count("data-arrow=") == 1 + (tp.best is not None)
    with pytest.raises(ValueError, match="no move 0"):
        lost_review.picture(lost_windmill, 0)


def test_the_progress_bar_and_the_game_left_as_it_was(lost_windmill, capsys) -> None:
    game = lost_windmill.copy()
    game.undo()  # a move to redo: the review covers the moves played, and leaves the game alone
    before_json = game.to_json()
    r = review(game, cache=ReviewCache(), **{**SMALL, "progress": True})
    assert len(r) == len(lost_windmill.history) - 1
    assert game.to_json() == before_json
    assert "Reviewing" in capsys.readouterr().err


def test_a_position_the_cache_knows_under_other_move_names() -> None:
    # the cache keys positions by signature (suits, and which sail is which, dropped): the second
    # game passes through the first's positions with n2 where the first had n1, and used to raise
    # KeyError: Move('n2>c') looking its played move up in the first's moves
    kings = dict(zip(["e1", "e2", "s1", "s2", "w1", "w2"], ["KH", "KH", "KC", "KC", "KD", "KD"], strict=True))
    start = Game.from_position(
        center=["AS", "2S"], sails={"n1": "3C", "n2": "3D", **kings}, stock=["5H", "4H"]
    )
    one, two = start.copy(), start.copy()
    for g, sail in ((one, "n1"), (two, "n2")):
        g.play(f"{sail}>c")
        g.play(f"{sail}>c")
    cache = ReviewCache()
    first, second = review(one, cache=cache, **TINY), review(two, cache=cache, **TINY)
    assert cache.hits > 0
    assert [m.move for m in second] == ["n2>c", "n2>c"]
    for a, b in zip(first, second, strict=True):
        assert (a.chance_before, a.chance_after, a.choices) == (b.chance_before, b.chance_after, b.choices)
        assert b.best is None or before(two, b.index).is_legal(b.best)


TINY = {"samples": 2, "sample_budget": 100, "budget": 1_000, "progress": False}


def _random_game(game_type, seed: int, stock: int, moves: int, walk: int, rng):
    """A random game (walk ``walk``) of deal ``seed`` staged from where ``stock`` cards are left,
    then ``moves`` random moves (``rng``) on."""
    g, to = game_type(seed=seed), random.Random(walk)
    while g.status == "playing" and len(g.pile("stock")) > stock:
        g.play(to.choice(g.legal_moves()))
    late = game_type.from_position(**g.position())
    for _ in range(moves):
        if late.status != "playing":
            break
        late.play(rng.choice(late.legal_moves()))
    return late


@given(
    game_type=st.sampled_from([Game, QuiltGame]),
    seed=st.integers(0, 10_000),
    stock=st.integers(0, 6),
    moves=st.integers(1, 5),
    walk=st.integers(0, 2**32),
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_review_never_raises_on_short_staged_games(game_type, seed, stock, moves, walk) -> None:
    # two random games from the same small staged position share a cache, as reviews on a board do
    cache = ReviewCache()
    for n in range(2):
        game = _random_game(game_type, seed, stock, moves, walk, random.Random(walk + n))
        r = review(game, cache=cache, **TINY)
        assert [m.move for m in r] == [str(m) for m in game.history]
        for m in r:
            assert 0 <= m.chance_after.value <= m.chance_before.value + 1e-9 <= 1 + 1e-9


# -- undecided guesses: unknown, not lost ------------------------------------------------------------
@pytest.fixture(scope="module")
def quilt_early():
    """The first moves of tips's game of Crazy Quilt deal 3, long before the redeal: with a small budget
    per guess the solver decides few guesses at the stock."""
    full = QuiltGame(seed=3)
    while full.status == "playing" and len(full.history) < 14:
        full.play(tips(full.view()))
    return full


def test_undecided_guesses_are_unknown_not_lost(quilt_early) -> None:
    from windmill_widget.widget import QuiltWidget

    board = QuiltWidget(quilt_early.copy())  # the board's review: its chart draws what the review knows
    settings = {"budget": 3_000, "sample_budget": 60, "samples": 4, "playouts": 0}  # no lower bound
    r = board.review(cache=ReviewCache(), **settings)
    chances = [c for m in r for c in (m.chance_before, m.chance_after)]
    undecided = [c for c in chances if c.undecided]
    assert undecided, "the small budget leaves guesses undecided"
    for c in undecided:
        assert not c.exact and 0 < c.undecided <= c.samples
        assert c.low <= c.value <= c.high and c.high - c.low == pytest.approx(c.undecided / c.samples)
        if not c.known:  # fewer than half decided: shown as unknown, not 0%
            assert "unknown" in str(c) and f"{c.undecided} of {c.samples} guesses undecided" in str(c)
    unknown = [i for i, m in enumerate(r) if not m.chance_before.known]
    assert unknown and all(r.chances()[i] is None for i in unknown)  # the chart leaves a gap
    assert all(board.review_chart["chances"][i] is None for i in unknown)
    rows = r.rows()
    assert all("unknown" in rows[i][4] for i in unknown)  # and the table says so
    assert "the chance is unknown" in r.summary()
    for m in r:  # a mark holds however the undecided guesses come out
        assert m.drop == pytest.approx(max(0.0, m.chance_before.low - m.chance_after.high))
        assert m.band is Band.of(m.drop)
        if not m.chance_after.known:
            assert m.band is Band.NONE
    data = json.loads(json.dumps(r.to_dict()))
    assert Review.from_dict(data) == r
    old = data["moves"][0]["chance_after"]  # a review saved before guesses were counted undecided
    del old["undecided"]
    assert Chance.from_dict(old).undecided == 0
    with pytest.raises(ValueError, match="undecided guesses of only"):
        Chance.from_dict({**old, "samples": 1, "undecided": 2})


# -- work shared between consecutive positions (the review's time, benchmarks/review.py) -----------------
@pytest.mark.parametrize("name", ["windmill", "crazy-quilt"])
def test_positions_of_the_same_stock_share_their_guesses_and_what_was_found(name, monkeypatch) -> None:
    """Between two cards shown the positions meet the same guesses at the stock, so what the solver
    found on a guess after the move played is not searched again: a guess proved lost stays lost, a
    guess won stays won along its line. The review does less work and knows no less."""
    from windmill_widget.review import analysis

    game = staged(Game, 29, greedy, 30) if name == "windmill" else None
    if game is None:
        game = QuiltGame(seed=3)
        while len(game.history) < 12:
            game.play(tips(game.view()))
    settings = {**TINY, "sample_budget": 150} if name == "crazy-quilt" else {**TINY, "sample_budget": 2_000}
    calls = {"n": 0}
    test, lost_at_once = analysis._test, analysis._lost_at_once

    def counted(f):
        def run(*args, **kwargs):
            calls["n"] += 1
            return f(*args, **kwargs)

        return run

    monkeypatch.setattr(analysis, "_test", counted(test))
    monkeypatch.setattr(analysis, "_lost_at_once", counted(lost_at_once))
    shared = review(game, cache=ReviewCache(), **settings)
    work_shared, calls["n"] = calls["n"], 0
    monkeypatch.setattr(analysis._Choices, "after", lambda self, move: None)  # each position on its own
    alone = review(game, cache=ReviewCache(), **settings)
    assert calls["n"] > work_shared > 0
    for a, b in zip(shared, alone, strict=True):
        x, y = a.chance_after, b.chance_after  # the move played's chance: a known line only adds wins
        if x.samples and y.samples and not (x.exact or y.exact):
            assert x.wins >= y.wins and x.undecided <= y.undecided


def test_a_move_is_not_marked_on_the_strength_of_undecided_guesses() -> None:
    """The drop is what holds however the undecided guesses fall: the best move's chance if its undecided
    guesses were lost, against the played move's if its were won."""
    from windmill_widget.review.analysis import _Choices, move_review

    game = Game(seed=1)
    played, other = game.legal_moves()[:2]  # n1>c and w1>c
    verdict = SolverVerdict("unknown")

    def reviewed(best: Chance, after: Chance) -> MoveReview:
        found = _Choices((other, played), (best, after), {other: 0, played: 1})
        return move_review(0, game, played, verdict, verdict, found)

    decided_best = Chance.of_guesses(3, 0, 4)  # 75%, every guess decided
    m = reviewed(decided_best, Chance.of_guesses(0, 3, 4))  # 0 wins, but 3 of 4 guesses undecided
    assert m.band is Band.NONE and m.drop == 0 and m.best is None  # counted as losses it was a blunder
    assert "undecided" in m.reason and "unknown" in str(m.chance_after)
    m = reviewed(decided_best, Chance.of_guesses(1, 1, 4))  # at most 50%: a mistake (0.25) for sure
    assert m.band is Band.MISTAKE and m.drop == pytest.approx(0.25) and m.best == str(other)
    m = reviewed(Chance.of_guesses(2, 2, 4), Chance.of_guesses(0, 0, 4))  # the better move's are undecided
    assert m.drop == pytest.approx(0.5) and m.band is Band.BLUNDER  # its two won guesses hold


# -- Crazy Quilt before the redeal: a no-peeking player's playouts bound the chance from below ----------
@pytest.fixture(scope="module")
def quilt_ranged():
    """tips's first 14 moves of Crazy Quilt deal 6 (a deal it wins), reviewed on a board with a small
    budget per guess, so the solver leaves most guesses undecided, and 16 playouts a move."""
    from review_games import opening

    from windmill_widget.widget import QuiltWidget

    board = QuiltWidget(opening(QuiltGame, 6, 14))
    settings = {"budget": 3_000, "sample_budget": 60, "samples": 4, "playouts": 16}
    return board, board.review(cache=ReviewCache(), **settings)


def test_an_undecided_chance_is_bounded_by_a_no_peeking_players_playouts(quilt_ranged) -> None:
    board, r = quilt_ranged
    assert r.settings["playouts"] == 16
    undecided = [c for m in r for c in (m.chance_before, m.chance_after) if not c.known]
    assert undecided, "the small budget leaves most guesses undecided"
    for c in undecided:  # from what a no-peeking player wins to the clairvoyant solver's ceiling
        assert c.floor is not None and c.playouts == 16 and c.floor * 16 == round(c.floor * 16)
        if c.floor == 0 and c.high == 1:  # a range that bounds nothing: unknown, and the playouts say so
            assert c.range is None and str(c).startswith("unknown") and "won none of 16" in str(c)
        else:
            assert c.range == (c.floor, max(c.floor, c.high)) and str(c).startswith(f"at least {c.floor:.0%}")
    assert any(c.range is not None and c.floor > 0 for c in undecided), "a number, not 'unknown'"
    for m, row in zip(r, r.rows(), strict=True):  # the table prints the range, not "unknown"
        if m.chance_before.range is not None:
            assert "unknown" not in row[4] and f"≥{m.chance_before.floor:.0%}" in row[4]
    points = [m.chance_before for m in r] + [r[-1].chance_after]
    assert r.ranges() == [c.range for c in points] and all(
        x is None for x, c in zip(r.chances(), points, strict=True) if not c.known
    )
    chart = board.review_chart  # the chart shades the range where the chance is unknown
    assert [None if x is None else tuple(x) for x in chart["ranges"]] == [
        None if x is None else (round(x[0], 4), round(x[1], 4)) for x in r.ranges()
    ]
    frame = r.to_pandas()
    for m in r:
        c = m.chance_after
        lo, hi = c.range or ((c.value, c.value) if c.known else (None, None))
        if lo is None:  # unknown, and nothing bounds it
            assert frame.loc[m.number, ["low_after", "high_after"]].isna().all()
        else:
            assert frame.loc[m.number, "low_after"] == lo and frame.loc[m.number, "high_after"] == hi
    assert "a no-peeking player's playouts win (a lower bound)" in r.summary()
    if any(c.range is None for c in undecided):  # and where they bound nothing, the summary says why
        assert "playouts won none of theirs" in r.summary()
    for m in r:  # a mark still holds however the undecided guesses come out
        assert m.drop == pytest.approx(max(0.0, m.chance_before.low - m.chance_after.high))
        if not m.chance_after.known:
            assert m.band is Band.NONE


def test_reviews_saved_before_the_playouts_still_load(quilt_ranged) -> None:
    _, r = quilt_ranged
    data = json.loads(json.dumps(r.to_dict()))
    assert Review.from_dict(data) == r
    old = json.loads(json.dumps(data))
    for m in old["moves"]:
        for side in ("chance_before", "chance_after"):
            del m[side]["floor"], m[side]["playouts"]
    loaded = Review.from_dict(old)
    assert all(m.chance_after.floor is None and m.chance_after.range is None for m in loaded)
    assert "unknown" in loaded.rows()[0][4]  # as it read when it was saved
    bad = {**data["moves"][0]["chance_after"], "playouts": 0}
    with pytest.raises(ValueError, match="floor comes with the number of playouts"):
        Chance.from_dict(bad)


def test_the_playouts_hint_where_the_solver_could_not_mark() -> None:
    """Where the undecided guesses leave a move unmarked, the reason says what the playouts found:
    a hint, not a mark (their wins bound the chance from below only)."""
    from windmill_widget.review.analysis import _Choices, move_review

    game = QuiltGame(seed=6)
    played, other = game.legal_moves()[:2]
    verdict = SolverVerdict("unknown")
    best = Chance.of_guesses(1, 3, 4, floor=(6, 16))
    after = Chance.of_guesses(0, 4, 4, floor=(1, 16))
    m = move_review(
        0, game, played, verdict, verdict, _Choices((other, played), (best, after), {other: 0, played: 1})
    )
    assert m.band is Band.NONE and m.drop == 0 and m.best is None
    assert "playouts win 38% of their guesses after" in m.reason and "6% after this move" in m.reason
    close = Chance.of_guesses(0, 4, 4, floor=(5, 16))  # within an inaccuracy's worth: no hint
    m = move_review(
        0, game, played, verdict, verdict, _Choices((other, played), (best, close), {other: 0, played: 1})
    )
    assert "of their guesses after" not in m.reason
