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


def test_the_crazy_quilt_sentences_in_the_table_are_the_engine_s() -> None:
    from windmill_widget import QuiltGame, QuiltRules

    lesson = QuiltGame.from_position(quilt={"b8": "KC", "c8": "9H", "d8": "2H", "e8": "7C", "f8": "QD"})
    assert lesson.explain("c8>H+") in QUILT_PART
    lesson.play("d8>H+")
    assert lesson.explain("c8>H+") in QUILT_PART
    assert lesson.explain("d8>H+") in QUILT_PART
    assert QuiltGame(seed=1, rules=QuiltRules.common()).explain("hand>waste") in QUILT_PART
