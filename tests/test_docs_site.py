"""What the documentation site generates for itself (scripts/docs_hooks.py), checked without building it
(the ``docs`` suite builds it strictly): every public name has a place in the API reference, every
benchmark script a section, every notebook a page, and the Sphinx-style references and doctests of the
docstrings become links and code blocks."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytest.importorskip("mkdocs")
pytest.importorskip("griffe")
sys.path.insert(0, str(ROOT / "scripts"))
import docs_hooks  # noqa: E402
import griffe_roles  # noqa: E402


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return docs_hooks.reference_pages()


def test_every_public_name_has_its_place_in_the_reference(pages: dict[str, str]) -> None:
    modules = docs_hooks.public_modules()
    assert {"windmill_widget", "windmill_widget.lab", "windmill_widget.quiz"} <= set(modules)
    for module, names in modules.items():
        page = pages[f"reference/{module}.md"]
        for name in names:
            obj = getattr(importlib.import_module(module), name)
            defined = f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}"
            # Documented on this page (where it is exported, or where it is defined when it is provided
            # lazily), or listed here with a link to the page that documents it.
            here = {f"::: {module}.{name}", f"::: {defined}"} & set(page.splitlines())
            assert here or f"| `{name}` |" in page, (module, name)
    index = pages["reference/index.md"]
    assert all(f"[`{m}`]({m}.md)" in index for m in modules)


def test_each_object_is_documented_once(pages: dict[str, str]) -> None:
    blocks = [line for page in pages.values() for line in page.splitlines() if line.startswith("::: ")]
    assert len(blocks) == len(set(blocks)), "an object rendered twice would have two anchors"
    assert "::: windmill_widget.Game" in blocks  # the shortest import documents it
    assert "::: windmill_widget.games.windmill.Game" not in blocks
    # provided on first use by __getattr__, and imported under TYPE_CHECKING, which griffe reads
    assert "::: windmill_widget.WindmillWidget" in blocks and "::: windmill_widget.compare" in blocks
    assert "::: windmill_widget.widget.WindmillWidget" not in blocks


def test_every_benchmark_and_notebook_is_on_the_site() -> None:
    sections = docs_hooks.benchmark_sections()
    for script in (ROOT / "benchmarks").glob("*.py"):
        assert f"## `{script.name}`" in sections
    assert ":mod:`" not in sections
    notebooks = docs_hooks.notebooks()
    assert sorted(notebooks) == sorted(f"notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks["notebooks/02-rules-tutorial.ipynb"] == "Windmill, rule by rule"


def test_doctests_become_code_blocks() -> None:
    text = "The interval:\n>>> [round(v, 4) for v in wilson(0, 20)]\n[0.0, 0.1611]\n\nAfter."
    assert griffe_roles.fence_doctests(text) == (
        "The interval:\n\n```pycon\n>>> [round(v, 4) for v in wilson(0, 20)]\n[0.0, 0.1611]\n```\n\nAfter."
    )


def test_sphinx_roles_become_optional_links() -> None:
    import griffe

    package = griffe.load("windmill_widget", search_paths=[str(ROOT)], resolve_aliases=False)
    griffe_roles.SphinxRoles().on_package(pkg=package)
    lab = package["lab"].docstring.value
    # :func:`play_game` in windmill_widget.lab's docstring: resolved to the function it names.
    link = '<autoref identifier="windmill_widget.lab.playout.play_game" optional><code>play_game</code>'
    assert link in lab
    assert ":func:`" not in lab and ":class:`" not in lab
    # A relative module reference shows its last part.
    assert "<code>sealed</code>" in lab
