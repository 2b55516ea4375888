"""The layering the design asks for, checked on the source: the engine imports nothing of the widget,
and the strategies, solver and lab depend on the engine only."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "windmill_widget"
WIDGET_MODULES = {"anywidget", "ipywidgets", "traitlets", "ipycanvas"}


def imported_modules(path: Path) -> set[str]:
    """Absolute module names a file imports, with relative imports resolved against the package."""
    names: set[str] = set()
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    package = parts[:-1]  # for a/b/c.py and a/b/__init__.py alike, relative imports start at a.b
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            names.add(mod)
            names.update(f"{mod}.{a.name}" for a in node.names)
    return names


def modules_under(sub: str) -> list[Path]:
    root = PKG / sub
    return sorted(root.rglob("*.py")) if root.is_dir() else []


@pytest.mark.parametrize("path", modules_under("engine"), ids=lambda p: p.name)
def test_engine_imports_only_itself_and_the_standard_library(path: Path) -> None:
    for name in imported_modules(path):
        top = name.split(".")[0]
        if top == "windmill_widget":
            assert name.startswith("windmill_widget.engine"), f"{path.name} imports {name}"
        else:
            assert top in sys.stdlib_module_names or top == "__future__", f"{path.name} imports {name}"


@pytest.mark.parametrize(
    "path",
    [p for sub in ("strategies", "solver", "lab") for p in modules_under(sub)],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_players_solver_and_lab_do_not_import_the_widget(path: Path) -> None:
    for name in imported_modules(path):
        assert not name.startswith("windmill_widget.widget"), f"{path} imports {name}"
        assert name.split(".")[0] not in {"anywidget"}, f"{path} imports {name}"


def test_importing_the_package_does_not_load_the_widget_stack() -> None:
    # Solver and tournament worker processes import windmill_widget; they should not pay for Jupyter.
    watched = sorted(WIDGET_MODULES)
    code = f"import sys, windmill_widget; print([m for m in {watched!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
