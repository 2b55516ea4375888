"""MkDocs hooks of the documentation site (mkdocs.yml names this file): what the site generates itself
at build time, so that nothing generated is committed and nothing committed drifts from the code.

- The API reference: a page per public module, that is every module with an ``__all__``. Each public
  object is documented once, on the page of the shortest module path that exports it (``Game`` on
  ``windmill_widget``'s page); the other modules that export it link there. A name added to an
  ``__all__``, or a new module with one, appears in the reference by itself.
- The notebooks: every ``notebooks/*.ipynb``, rendered by mkdocs-jupyter with its committed outputs,
  in the nav under "Notebooks" in file order.
- The boards' pictures: the engines' own SVG pictures of the deals the guide shows
  (``images/board-windmill.svg``, ``images/board-quilt.svg``); where the browser tests have left
  screenshots of the real boards (``build/screenshots/*.png``, see tests/browser/test_screens.py) the
  pages show those instead, so a fresh clone builds the site without any binary in git.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import logging
import re
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "windmill_widget"
SCREENSHOTS = ROOT / "build" / "screenshots"
#: The boards the guide pictures, and the deal each shows.
BOARDS = {"windmill": ("Game", 42), "quilt": ("QuiltGame", 7)}
#: Nav entries this hook fills: title in mkdocs.yml -> its index page.
REFERENCE, NOTEBOOKS = "API reference", "Notebooks"

log = logging.getLogger("mkdocs.hooks.windmill_widget")


# ---- the public modules and who documents what


def _exports(path: Path) -> list[str] | None:
    """A module's ``__all__``, read from its source (None if it has none)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        if isinstance(target, ast.Name) and target.id == "__all__":
            return list(ast.literal_eval(node.value))
    return None


def public_modules() -> dict[str, list[str]]:
    """Every module of the package with an ``__all__`` -> that list, shortest paths first."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if any(part.startswith("_") and part != "__init__" for part in parts) or "static" in parts:
            continue
        names = _exports(path)
        if names is not None:
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[module] = names
    return dict(sorted(found.items(), key=lambda item: (item[0].count("."), item[0])))


def owners(modules: dict[str, list[str]]) -> dict[int, str]:
    """id(object) -> the identifier it is documented at: the first module (shortest path) exporting it."""
    owner: dict[int, str] = {}
    for module, names in modules.items():
        imported = importlib.import_module(module)
        for name in names:
            owner.setdefault(id(getattr(imported, name)), f"{module}.{name}")
    return owner


def _griffe_paths() -> set[str]:
    """The dotted paths griffe finds by reading the source (a name a module provides lazily through
    ``__getattr__``, like the widgets, is not among them: it is documented at its definition)."""
    import griffe

    package = griffe.load(PACKAGE, search_paths=[str(ROOT)], resolve_aliases=False)
    paths: set[str] = set()

    def walk(module: Any) -> None:
        paths.add(module.path)
        for name, member in module.members.items():
            paths.add(f"{module.path}.{name}")
            if not member.is_alias and member.is_module:
                walk(member)

    walk(package)
    return paths


def _summary(module: str) -> str:
    doc = importlib.import_module(module).__doc__ or ""
    first = doc.strip().split("\n\n")[0]
    return " ".join(first.split())


def _tree_order(name: str) -> list[str]:
    """Sort key of a module name or reference page: its dotted parts."""
    return name.removeprefix("reference/").removesuffix(".md").split(".")


def reference_pages() -> dict[str, str]:
    """src path -> Markdown of every API reference page, the index included."""
    modules = public_modules()
    owner = owners(modules)
    known = _griffe_paths()
    pages = {}
    for module, names in modules.items():
        imported = importlib.import_module(module)
        lines = [
            f"# `{module}`",
            "",
            f"::: {module}",
            "    options:",
            "      members: false",
            "      show_root_heading: false",
            "      show_root_toc_entry: false",
            "",
        ]
        elsewhere = []
        for name in names:
            obj = getattr(imported, name)
            if inspect.ismodule(obj):  # a subpackage: its own page
                elsewhere.append((name, obj.__name__))
                continue
            home = owner[id(obj)]
            if home != f"{module}.{name}":
                elsewhere.append((name, home))
                continue
            target = home
            if target not in known:  # provided lazily: document it where it is defined
                target = f"{obj.__module__}.{obj.__qualname__}"
            lines += [f"::: {target}", ""]
        if elsewhere:
            lines += ["## Also exported here", "", "| name | documented at |", "| --- | --- |"]
            for name, home in elsewhere:  # a module links to its page, an object to its entry
                link = f"({home}.md)" if home in modules else f"[{home}]"
                lines.append(f"| `{name}` | [`{home}`]{link} |")
            lines.append("")
        pages[f"reference/{module}.md"] = "\n".join(lines)
    index = [
        "# API reference",
        "",
        "Every public name of the kit, generated from the docstrings: a page per public module (a",
        "module with an `__all__`). Each object is documented once, where the shortest import reaches it",
        "(`from windmill_widget import Game`); the other modules that export it link there.",
        "",
        "| module | what it holds |",
        "| --- | --- |",
    ]
    index += [f"| [`{m}`]({m}.md) | {_summary(m)} |" for m in sorted(modules, key=_tree_order)]
    pages["reference/index.md"] = "\n".join(index) + "\n"
    return pages


# ---- notebooks


def notebooks() -> dict[str, str]:
    """``notebooks/NN-name.ipynb`` -> its title (its first heading), in file order."""
    titles = {}
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        title = path.stem
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                match = re.search(r"^#\s+(.+)$", "".join(cell["source"]), re.MULTILINE)
                if match:
                    title = match.group(1).strip()
                    break
        titles[f"notebooks/{path.name}"] = title
    return titles


# ---- benchmarks

BENCHMARKS_MARK = "<!-- benchmarks: each script's docstring, added by scripts/docs_hooks.py -->"


def benchmark_sections() -> str:
    """A section per ``benchmarks/*.py``, from its docstring: what it measures and how to run it."""
    out = []
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or "(no docstring yet)"
        doc = re.sub(r":(?:mod|func|class|meth|data|attr):`~?([^`]+)`", r"`\1`", doc)
        out += [f"## `{path.name}`", "", doc, "", f"    .venv/bin/python benchmarks/{path.name} --help", ""]
    return "\n".join(out)


# ---- the boards' pictures


def board_svgs() -> dict[str, str]:
    import windmill_widget

    return {
        f"images/board-{name}.svg": getattr(windmill_widget, cls)(seed=seed).svg()
        for name, (cls, seed) in BOARDS.items()
    }


def screenshots() -> dict[str, Path]:
    return {f"images/board-{name}.png": SCREENSHOTS / f"board-{name}.png" for name in BOARDS}


# ---- the hooks


_state: dict[str, Any] = {}


def _fill(nav: list[Any], title: str, children: list[Any]) -> None:
    for i, entry in enumerate(nav):
        if isinstance(entry, dict) and title in entry:
            index = entry[title]
            nav[i] = {title: [index, *children] if isinstance(index, str) else index + children}
            return
    raise ValueError(f"mkdocs.yml's nav has no entry {title!r} for scripts/docs_hooks.py to fill")


def on_config(config: Any) -> Any:
    _state["reference"] = reference_pages()
    _state["notebooks"] = notebooks()
    # In tree order: a package, then its modules.
    modules = sorted((p for p in _state["reference"] if p != "reference/index.md"), key=_tree_order)
    _fill(config.nav, REFERENCE, [{p[len("reference/") : -len(".md")]: p} for p in modules])
    _fill(config.nav, NOTEBOOKS, [{title: path} for path, title in _state["notebooks"].items()])
    return config


@event_priority(100)  # before mkdocs-jupyter's, which turns the notebooks into pages
def on_files(files: Files, config: Any) -> Files:
    for path, text in {**_state["reference"], **board_svgs()}.items():
        files.append(File.generated(config, path, content=text))
    for path in _state["notebooks"]:
        files.append(File(path, str(ROOT), config.site_dir, config.use_directory_urls))
    shots = {uri: png for uri, png in screenshots().items() if png.is_file()}
    for uri, png in shots.items():
        files.append(File.generated(config, uri, abs_src_path=str(png)))
    _state["screenshots"] = set(shots)
    if len(shots) < len(BOARDS):
        log.info("no browser screenshots in build/screenshots: the pages show the engines' SVG pictures")
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    # A page asks for images/board-NAME.png: the browser's screenshot where one was taken, else the
    # engine's picture of the same deal.
    def picture(match: re.Match[str]) -> str:
        uri = f"images/board-{match.group(2)}.png"
        return match.group(0) if uri in _state["screenshots"] else f"{match.group(1)}{match.group(2)}.svg"

    markdown = re.sub(r"(images/board-)(\w+)\.png", picture, markdown)
    if BENCHMARKS_MARK in markdown:
        markdown = markdown.replace(BENCHMARKS_MARK, benchmark_sections())
    return markdown
