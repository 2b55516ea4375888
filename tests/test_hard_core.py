"""benchmarks/hard_core.py: where a deal's proof is hard (a diagnostic script, run here on a small budget)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import hard_core

from windmill_widget import Game


@pytest.mark.parametrize("line", ["18*deal n2>c 13*deal", "deal", "n1>c 2*deal"])
def test_lines_round_trip(line: str) -> None:
    assert hard_core.compress(hard_core.expand(line)) == line


def test_a_bad_line_is_refused_with_a_clear_message(capsys) -> None:
    with pytest.raises(SystemExit):
        hard_core.main(["58", "--line", "x*deal"])
    assert "N*move" in capsys.readouterr().err


def test_each_position_is_solved_once_and_the_budget_stops_the_walk(capsys) -> None:
    # Deal 58 after 17 deals: its two sails holding a 2 give one position, suits ignored; playing
    # the 2 there is proved lost, dealing on is not decided within 300,000 units.
    hard_core.main(["58", "--line", "17*deal", "--depth", "1", "--units", "300K", "--most", "3"])
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("[1] n2>c: lost (exhaustive)")
    assert out[2] == "w1>c: the same position as [1]"
    assert out[3].startswith("[2] deal: unknown")
    assert out[4].startswith("  [3] n2>c: ")
    assert "(stopped after 3 positions: --most)" in out
    assert out[-1].startswith("3 positions solved: 0 won, ")


def test_along_a_players_game_the_positions_come_every_few_stock_cards(capsys) -> None:
    # Deal 58's hard position, then greedy's game: a position every 20 stock cards, each solved.
    hard_core.main(["58", "--line", "18*deal n2>c", "--along", "greedy", "--every", "20", "--units", "50K"])
    out = capsys.readouterr().out.splitlines()
    solved = [line for line in out if line.startswith("move ")]
    stocks = [int(line.split("; stock ")[1].split(",")[0]) for line in solved]
    assert stocks == [60, 40, 20, 0][: len(stocks)] and len(stocks) >= 3
    moves = [int(line.split()[1].rstrip(":")) for line in solved]
    assert moves == sorted(moves) and moves[0] > 19  # after the line's 19 moves
    assert out[-2].startswith("the player's game ends after ")
    assert out[-1].startswith(f"{len(solved)} positions solved: 0 won, ")


def test_along_stops_at_a_win_with_a_line_the_engine_replays(capsys) -> None:
    # Deal 1 from the start (95 stock cards, a multiple of 5): the solver wins it at once.
    hard_core.main(["1", "--along", "greedy", "--every", "5", "--units", "500K"])
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("move 0: won after ")
    game = Game(seed=1)
    for move in hard_core.expand(out[-1].removeprefix("won: ")):
        game.play(move)
    assert game.outcome is not None and game.outcome.won


def test_along_refuses_an_unknown_player_and_a_bad_every(capsys) -> None:
    with pytest.raises(SystemExit):
        hard_core.main(["58", "--along", "nobody"])
    assert "--along: no player named 'nobody'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        hard_core.main(["58", "--along", "greedy", "--every", "0"])
    assert "--every" in capsys.readouterr().err
