"""benchmarks/hard_core.py: where a deal's proof is hard (a diagnostic script, run here on a small budget)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import hard_core


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
