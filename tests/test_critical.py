"""Critical decisions (lab.critical): found on proofs, scored by the player's view alone, and a broken
strategy loses a decision, never the run."""

import json

import pytest

from windmill_widget import Game, IllegalMove, Move, QuiltGame, QuiltRules, Rules
from windmill_widget.lab import Decision, find_decisions, score_decisions
from windmill_widget.lab.critical import distinct_moves
from windmill_widget.solver import solve
from windmill_widget.solver.verdict import Verdict
from windmill_widget.strategies import greedy, lookahead


@pytest.fixture(scope="module")
def decisions():
    return find_decisions([0, 2], progress=False)


def test_each_decision_has_a_move_that_keeps_the_deal_won_and_one_that_loses_it(decisions):
    assert len(decisions) > 0 and decisions.deals == (0, 2)
    for d in decisions:
        assert Verdict.WON in d.verdicts and Verdict.LOST in d.verdicts
        assert d.stock > 0
        game = d.game()
        assert game.view().stock_count == d.stock
        # every legal move leads to one of the positions listed, and the listed ones are distinct
        moves, _ = distinct_moves(game)
        assert [str(m) for m in moves] == [str(m) for m in d.moves]
        for m in game.legal_moves():
            assert d.keeps_won(m) == (d.verdicts[_index(d, game, m)] == Verdict.WON)


def _index(d, game, move):
    from windmill_widget.lab.critical import _after

    return [_after(game, m) for m in d.moves].index(_after(game, move))


def test_the_verdicts_are_the_solvers(decisions):
    d = decisions[0]
    for move, verdict in zip(d.moves, d.verdicts, strict=True):
        child = d.game()
        child.play(move)
        again = solve(child, max_nodes=3_000_000).result
        assert again == verdict


def test_an_oracle_gets_every_decision_right_and_its_opposite_none(decisions):
    def key(view):
        return json.dumps(view.to_dict(), sort_keys=True, default=str)

    by_position = {key(d.game().view()): d for d in decisions}
    assert len(by_position) == len(decisions)

    def oracle(view):
        return by_position[key(view)].winning[0]

    def contrarian(view):
        d = by_position[key(view)]
        return next(m for m, v in zip(d.moves, d.verdicts, strict=True) if v == Verdict.LOST)

    scores = score_decisions({"oracle": oracle, "contrarian": contrarian}, decisions, progress=False)
    assert scores.rate("oracle") == 1.0 and scores.rate("contrarian") == 0.0
    assert scores.paired("oracle", "contrarian") == {
        "only oracle": len(decisions), "only contrarian": 0, "p": pytest.approx(0.5 ** (len(decisions) - 1))
    }  # fmt: skip
    assert scores.errors == {"oracle": [], "contrarian": []}
    assert 0 < scores.random_rate < 1
    assert sum(right for right, _ in scores.by_stock("oracle").values()) == len(decisions)


def test_a_broken_strategy_loses_its_decisions_and_the_run_goes_on(decisions):
    def raises(view):
        raise RuntimeError("oops " + "x" * 500)

    def illegal(view):
        return Move("nw>c") if Move("nw>c") not in view.legal_moves() else Move("deal")

    def garbage(view):
        return 42

    scores = score_decisions(
        {"raises": raises, "illegal": illegal, "garbage": garbage, "lookahead": lookahead},
        decisions,
        progress=False,
    )
    n = len(decisions)
    assert scores.right["raises"] == (False,) * n
    assert len(scores.errors["raises"]) == n and scores.errors["raises"][0].startswith("RuntimeError: oops")
    assert len(scores.errors["raises"][0]) < 200  # an excerpt, not the whole message
    assert all(e.startswith("IllegalMove") for e in scores.errors["illegal"])
    assert len(scores.errors["garbage"]) == n and "42" in scores.errors["garbage"][0]
    assert scores.rate("lookahead") > 0  # the players after a broken one still play
    text = repr(scores)
    assert f"raises     0 of {n}" in text and f"{n} failed" in text
    assert "failed" in scores._repr_html_()


def test_a_decision_round_trips_through_json_and_refuses_an_illegal_move(decisions):
    d = decisions[-1]
    assert Decision.from_json(d.to_json()) == d
    assert repr(Decision.from_json(d.to_json())) == repr(d)
    illegal = next(m for m in (Move("nw>c"), Move("ne>c"), Move("n1>nw")) if m not in d.game().legal_moves())
    with pytest.raises(IllegalMove):
        d.keeps_won(illegal)


def test_a_damaged_decision_is_refused_with_a_short_message(decisions):
    good = decisions[0].to_json()
    for bad in (
        {**good, "verdicts": ["won"]},
        {**good, "line": ["nw>c", *good["line"]]},
        {**good, "moves": ["sideways"] * 2},
        {k: v for k, v in good.items() if k != "seed"},
        {**good, "rules": {"corner_streak": "many"}},
        "not even a dict",
    ):
        with pytest.raises(ValueError, match="Not a critical decision") as err:
            Decision.from_json(bad)
        assert len(str(err.value)) < 400


def test_along_a_players_games_the_decisions_lie_on_its_game():
    found = find_decisions([0], along=greedy, progress=False)
    game = Game(seed=0)
    while game.outcome is None:
        game.play(greedy(game.view()))
    played = [str(m) for m in game.history]
    assert len(found) > 0
    for d in found:
        assert [str(m) for m in d.line] == played[: len(d.line)]
        assert Verdict.WON in d.verdicts and Verdict.LOST in d.verdicts
    # the walk stops at the move after which the deal can no longer be won: every earlier
    # decision was answered right by greedy itself, only the last may be wrong
    scores = score_decisions(greedy, found, progress=False)
    assert all(scores.right["greedy"][:-1])


def test_only_windmill_and_only_strategies(decisions):
    with pytest.raises(TypeError, match="Windmill only"):
        find_decisions([0], rules=QuiltRules.literal(), progress=False)
    asked = []
    with pytest.raises(TypeError, match="not a strategy"):  # before any work is done
        score_decisions({"counted": lambda view: asked.append(view) or greedy(view), "x": 3}, decisions)
    assert asked == []
    assert find_decisions([], rules=Rules.classic(), progress=False).deals == ()


@pytest.mark.parametrize("game", [Game(seed=1), QuiltGame(seed=3)], ids=["windmill", "crazy-quilt"])
def test_every_game_tells_its_positions_apart_by_signature(game):
    copy = game.copy()
    assert copy.signature() == game.signature()
    copy.play(copy.legal_moves()[0])
    assert copy.signature() != game.signature()
    copy.undo()
    assert copy.signature() == game.signature()
