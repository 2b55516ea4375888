"""``docs/rules.md`` stays true: its quotes are in the seed texts, its examples run, and its tables match
the engine."""

from __future__ import annotations

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


def test_every_rule_key_in_the_engine_is_in_the_table() -> None:
    engine = (ROOT / "windmill_widget" / "games" / "windmill" / "position.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'return \(?"([a-z-]+)",', engine)) - {
        "illegal",
        "centre-empty",
    }  # unreachable ones
    documented = set(re.findall(r"^\| `([a-z-]+)` \|", DOC, re.M))
    assert keys and keys <= documented, keys - documented
