"""``docs/rules.md`` stays true: its quotes are in the seed texts, its examples run, and its tables match
the engine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from windmill_widget import Game, Rules

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
SEEDS = ROOT.parent / "shared" / "seeds"


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("“", '"').replace("”", '"')).strip()


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not next to this checkout")
def test_every_quote_attributed_to_a_seed_is_in_that_seed() -> None:
    seeds = {n: _normalise(p.read_text(encoding="utf-8")) for p in SEEDS.glob("0*.txt") for n in [p.name[:3]]}
    quotes = re.findall(r"[Ss]eeds? (\d{3})[^\"“]*?: \"([^\"]+)\"", DOC)
    assert len(quotes) >= 15
    for seed, quote in quotes:
        # A quote may end inside a sentence; strip the closing punctuation we added around it.
        assert _normalise(quote).rstrip(".") in seeds[seed], f"seed {seed}: {quote!r}"


def test_the_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    assert blocks
    namespace: dict = {}  # the blocks read as one session
    for block in blocks:
        exec(compile(block, "docs/rules.md", "exec"), namespace)


def test_the_text_picture_is_the_one_the_engine_prints() -> None:
    picture = re.search(r"`print\(Game\(seed=42\)\)`.*?```\n(.*?)```", DOC, re.S)
    assert picture and picture.group(1).rstrip("\n") == str(Game(seed=42))


def test_the_staged_lesson_explains_the_strict_corner_rule() -> None:
    quoted = re.search(r"# '(After a corner card.*?)'", DOC)
    assert quoted
    g = Game.from_position(
        center=["AS", "2H"],
        corners={"nw": ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]},
        sails={
            "n1": "4C",
            "n2": "KC",
            "e1": "9D",
            "e2": "9H",
            "s1": "9S",
            "s2": "TC",
            "w1": "TD",
            "w2": "TH",
        },
        waste=["7C"],
        stock=["8C", "5D"],
    )
    g.play("nw>c")
    assert g.explain("nw>c") == quoted.group(1)


def test_the_presets_table_matches_rules() -> None:
    rows = re.findall(r"^\| `Rules\.(\w+)\(\)`[^|]*\| `(\w+)` \| `(\w+)` \| `\"([\w-]+)\"` \|", DOC, re.M)
    assert [r[0] for r in rows] == ["strict", "relaxed", "classic", "pysolfc"]
    for name, auto, streak, transfers in rows:
        assert getattr(Rules, name)() == Rules(
            auto_kings=auto == "True",
            corner_streak=None if streak == "None" else int(streak),
            transfers=transfers,
        )


def _rule_keys(game: str) -> set[str]:
    engine = (ROOT / "windmill_widget" / "games" / game / "position.py").read_text(encoding="utf-8")
    return set(re.findall(r'return \(?"([a-z-]+)",', engine)) - {"illegal"}  # the unreachable fallback


def _documented(part: str) -> set[str]:
    return set(re.findall(r"^\| `([a-z-]+)` \|", part, re.M))


WINDMILL_PART, QUILT_PART = DOC.split("\n# Crazy Quilt\n")


def test_every_rule_key_in_the_engine_is_in_the_table() -> None:
    keys = _rule_keys("windmill") - {"centre-empty"}  # unreachable: a position always has its base Ace
    assert keys and keys <= _documented(WINDMILL_PART), keys - _documented(WINDMILL_PART)


def test_every_crazy_quilt_rule_key_is_in_its_table() -> None:
    keys = _rule_keys("crazy_quilt")
    assert keys and keys <= _documented(QUILT_PART), keys - _documented(QUILT_PART)


def _rule_rows(part: str) -> list[str]:
    """The first cell of every row of the "| Rule | Where it comes from |" tables, without markup."""
    rows = []
    for table in re.findall(
        r"^\| Rule \| Where it comes from \|\n\| --- \| --- \|\n((?:\|.*\n)+)", part, re.M
    ):
        rows += [re.sub(r"[*`]", "", line.split(" | ")[0].lstrip("| ")) for line in table.splitlines()]
    return rows


def test_every_crazy_quilt_rule_row_has_its_test_in_test_quilt_rules() -> None:
    # The docs promise "Each rule below has a test named after it"; each test says which row it checks
    # with @rule_row("..."), quoting the row.
    tree = ast.parse((ROOT / "tests" / "test_quilt_rules.py").read_text(encoding="utf-8"))
    quotes = {
        re.sub(r"[*`]", "", deco.args[0].value): node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        for deco in node.decorator_list
        if isinstance(deco, ast.Call) and getattr(deco.func, "id", "") == "rule_row"
    }
    rows = _rule_rows(QUILT_PART)
    assert len(rows) == 17, rows  # 4 on the layout, 3 on the foundations, 6 on moving cards, 4 on turning
    for quote, test in quotes.items():
        assert sum(quote in row for row in rows) == 1, f"{test} quotes {quote!r}, which is not one row"
    for row in rows:
        assert any(quote in row for quote in quotes), f"no test checks the row {row!r}"


def test_the_crazy_quilt_presets_table_matches_quilt_rules() -> None:
    from windmill_widget import QuiltRules

    rows = re.findall(r"^\| `QuiltRules\.(\w+)\(\)`[^|]*\| `\"(\w+)\"` \| `(\d)` \|", QUILT_PART, re.M)
    assert [r[0] for r in rows] == list(QuiltRules.PRESETS)
    for name, turn_to, redeals in rows:
        assert QuiltRules.from_preset(name) == QuiltRules(turn_to=turn_to, redeals=int(redeals))
