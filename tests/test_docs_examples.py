"""Every ``python`` code block of the documentation site's pages runs, page by page, in order, so the site
cannot drift from the code (docs/about.md).

Each page's blocks share one namespace, as a reader running them one after another would, in a scratch
folder of its own. A block the reader cannot run here (one that needs a running kernel's event loop, a
dask cluster, a marimo notebook, or minutes of solving) is marked in the page's source by a comment right
above it, ``<!-- not run: why -->``; a mark without a reason fails. ``docs/rules.md`` is left to
tests/test_engine_docs.py, which runs its blocks and checks its quotes and tables too.
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: Pages whose blocks another test runs.
ELSEWHERE = {"rules.md": "tests/test_engine_docs.py"}
FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.M | re.S)
NOT_RUN = re.compile(r"<!--\s*not run(?P<why>[^>]*)-->\s*$")


def python_blocks(text: str) -> list[tuple[int, str, bool]]:
    """(line, source, runs) of each ``python`` block of a page's Markdown."""
    blocks = []
    for match in FENCE.finditer(text):
        if match.group("info").strip().split(" ")[0] not in ("python", "py"):
            continue
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        mark = NOT_RUN.search(before)
        if mark and not mark.group("why").strip(" :"):
            line = text.count("\n", 0, match.start()) + 1
            raise AssertionError(f"a 'not run' mark without a reason, above line {line}")
        line = text.count("\n", 0, match.start()) + 2
        body = "\n".join(row[len(match.group("indent")) :] for row in match.group("body").splitlines())
        blocks.append((line, body, mark is None))
    return blocks


PAGES = sorted(p for p in DOCS.rglob("*.md") if p.relative_to(DOCS).as_posix() not in ELSEWHERE)


def test_the_pages_have_examples_to_run() -> None:
    # The guide pages are where readers copy code from: most of them must have runnable blocks.
    runnable = {p.name for p in PAGES if any(runs for _, _, runs in python_blocks(p.read_text("utf-8")))}
    assert {"play.md", "teach.md", "lab.md", "rl.md", "pysolfc.md"} <= runnable, runnable


def test_a_not_run_mark_needs_a_reason() -> None:
    with pytest.raises(AssertionError, match="without a reason"):
        python_blocks("<!-- not run -->\n```python\n1 / 0\n```\n")
    assert python_blocks("<!-- not run: a cluster -->\n```python\n1 / 0\n```\n")[0][2] is False


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_page_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = python_blocks(page.read_text(encoding="utf-8"))
    if not any(runs for _, _, runs in blocks):
        pytest.skip("no python block to run on this page")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    name = page.relative_to(DOCS.parent).as_posix()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a page's example may warn as it tells the reader (numba's hint)
        for line, source, runs in blocks:
            if not runs:
                continue
            # Compiled with the page's line numbers, so a failure points at the line of the page.
            code = compile("\n" * (line - 1) + source, name, "exec")
            exec(code, namespace)
    assert os.getcwd() == str(tmp_path)


def test_the_readme_picture_is_the_engines_current_picture() -> None:
    # GitHub shows README.md without building anything: its picture is committed, and must stay the
    # picture the engine draws today (the site generates its own at build time, scripts/docs_hooks.py).
    from windmill_widget import Game

    picture = DOCS / "images" / "windmill-42.svg"
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert f"]({picture.relative_to(DOCS.parent).as_posix()})" in readme
    assert picture.read_text(encoding="utf-8") == Game(seed=42).svg(), (
        "the engine's picture changed: run  .venv/bin/python -c \"from windmill_widget import Game; "
        "open('docs/images/windmill-42.svg', 'w').write(Game(seed=42).svg())\""
    )
