"""The layering the design asks for, checked on the source:

- the shared core imports nothing above it (no game, no player, no lab, no widget);
- each game's package imports the core and itself only: one game never imports another;
- the strategies, solver and lab depend on the engine only (never the widget);
- the review depends on the engine, the solver and the players, never on the lab (the helpers both
  use, such as the HTML table, live in the core);
- the lab and the widget reach a game only through the core's protocol (the registry, the game
  class and its view), never by importing a game's package;
- players use the games' public interfaces: no ``view._pos``, no private names of another package.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "windmill_widget"
WIDGET_MODULES = {"anywidget", "ipywidgets", "traitlets", "ipycanvas"}
GAMES = sorted(p.name for p in (PKG / "games").iterdir() if (p / "__init__.py").is_file())


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


def _stdlib(name: str) -> bool:
    top = name.split(".")[0]
    return top in sys.stdlib_module_names or top == "__future__"


#: The modules of the core allowed more than the standard library, each an optional package: compiled.py
#: compiles the solvers' loops with numba where numba is installed (and falls back to Python where it is
#: not); pysolfc.py deals PySolFC's numbered deals with PySolFC's generators (the [pysolfc] extra).
OPTIONAL_IMPORTS = {
    PKG / "core" / "compiled.py": {"numba", "numpy"},
    PKG / "core" / "pysolfc.py": {"pysol_cards"},
}


def _allowed(path: Path, name: str) -> bool:
    return _stdlib(name) or name.split(".")[0] in OPTIONAL_IMPORTS.get(path, set())


def test_numba_is_optional() -> None:
    # Where numba is missing (Pyodide), or turned off, the compiled loops run as Python.
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from windmill_widget.core import compiled\n"
        "from windmill_widget import Game, solve\n"
        "assert not compiled.COMPILED\n"
        "print(solve(Game(seed=1), max_nodes=20_000).result.value)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "won"


def test_the_tree_has_a_core_and_one_package_per_game() -> None:
    assert modules_under("core")
    assert GAMES == ["crazy_quilt", "windmill"]
    assert not (PKG / "engine").exists()


@pytest.mark.parametrize("path", modules_under("core"), ids=lambda p: p.name)
def test_the_core_imports_only_itself_and_the_standard_library(path: Path) -> None:
    # ... and numba in core/compiled.py, pysol-cards in core/pysolfc.py, both optional.
    for name in imported_modules(path):
        if name.split(".")[0] == "windmill_widget":
            assert name.startswith("windmill_widget.core"), f"core/{path.name} imports {name}"
        else:
            assert _allowed(path, name), f"core/{path.name} imports {name}"


@pytest.mark.parametrize(
    "path",
    [p for game in GAMES for p in modules_under(f"games/{game}")],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_a_game_imports_the_core_and_itself_only(path: Path) -> None:
    game = path.relative_to(PKG / "games").parts[0]
    for name in imported_modules(path):
        if name.split(".")[0] == "windmill_widget":
            assert name.startswith(("windmill_widget.core", f"windmill_widget.games.{game}")), (
                f"games/{game}/{path.name} imports {name}"
            )
        else:
            assert _stdlib(name), f"games/{game}/{path.name} imports {name}"


@pytest.mark.parametrize(
    "path",
    [p for sub in ("strategies", "solver", "lab", "review") for p in modules_under(sub)],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_players_solver_and_lab_do_not_import_the_widget(path: Path) -> None:
    for name in imported_modules(path):
        assert not name.startswith(("windmill_widget.widget", "windmill_widget.replay")), (
            f"{path} imports {name}"
        )
        assert name.split(".")[0] not in {"anywidget", "ipywidgets"}, f"{path} imports {name}"


@pytest.mark.parametrize("path", modules_under("review"), ids=lambda p: p.name)
def test_the_review_does_not_import_the_lab(path: Path) -> None:
    for name in imported_modules(path):
        assert not name.startswith("windmill_widget.lab"), f"review/{path.name} imports {name}"
        assert not name.startswith("windmill_widget.rl"), f"review/{path.name} imports {name}"


@pytest.mark.parametrize(
    "path",
    [*modules_under("lab"), PKG / "widget.py", PKG / "replay.py"],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_the_lab_and_the_widget_reach_games_only_through_the_core(path: Path) -> None:
    for name in imported_modules(path):
        assert not name.startswith("windmill_widget.games"), f"{path.name} imports {name}"


@pytest.mark.parametrize("path", modules_under("strategies"), ids=lambda p: p.name)
def test_players_use_public_interfaces_only(path: Path) -> None:
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            owner = ast.unparse(node.value)
            assert owner in {"self", "cls"}, f"{path.name} reads {owner}.{node.attr}"
        if isinstance(node, ast.ImportFrom) and node.level and node.module and "." in node.module:
            for alias in node.names:
                assert not alias.name.startswith("_"), f"{path.name} imports {node.module}.{alias.name}"


def test_importing_the_package_does_not_load_the_widget_stack() -> None:
    # Solver and tournament worker processes import windmill_widget; they should not pay for Jupyter.
    watched = sorted(WIDGET_MODULES)
    code = f"import sys, windmill_widget; print([m for m in {watched!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _loaded_after(statement: str, watched: list[str], **env: str) -> list[str]:
    """Which of ``watched`` (modules, or packages with everything under them) ``statement`` loads, in a
    fresh interpreter (with ``env`` added to its environment)."""
    code = (
        f"import sys; {statement}\n"
        f"print([w for w in {watched!r} if any(m == w or m.startswith(w + '.') for m in sys.modules)])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={**os.environ, **env}
    ).stdout
    return ast.literal_eval(out.strip())


#: What importing the package leaves for first use: the numeric and compiling stack, Jupyter's, and
#: the kit's own heavier parts (its players and lab, the solvers' compiled kernels).
HEAVY = ["numba", "numpy", "pandas", "tqdm", "cloudpickle", "importlib.metadata", *sorted(WIDGET_MODULES),
         "windmill_widget.lab", "windmill_widget.solver.windmill", "windmill_widget.strategies",
         "windmill_widget.core.compiled", "windmill_widget.widget", "windmill_widget.review"]  # fmt: skip


def test_importing_the_package_leaves_the_heavy_parts_for_first_use() -> None:
    # A worker process, a sealed strategy's process or a script that only plays pays for none of them
    # (numba alone took most of a second): the players, the lab and the solver load when first used.
    assert _loaded_after("import windmill_widget", HEAVY) == []
    loaded = _loaded_after("from windmill_widget import Game, greedy, compare, solve", HEAVY)
    assert "windmill_widget.strategies" in loaded and "windmill_widget.lab" in loaded
    assert not {"numba", "windmill_widget.core.compiled", "windmill_widget.solver.windmill"} & set(loaded)
    # numba's JIT off: what a solve imports is the question, not its machine code (compiling the kernels
    # in a fresh process with a cold cache took some 45 s of CI's time).
    loaded = _loaded_after(
        "from windmill_widget import Game, solve; solve(Game(seed=1), max_nodes=10)",
        HEAVY,
        NUMBA_DISABLE_JIT="1",
    )
    assert "windmill_widget.core.compiled" in loaded  # ... and numba, where installed


def test_a_crazy_quilt_solve_loads_its_kernel_and_nothing_of_windmills() -> None:
    # Crazy Quilt's exhaustive search runs compiled (solver/crazy_quilt/kernel.py), so a solve loads the
    # core's compiled module (and numba, where installed) as Windmill's does; it loads none of the
    # other heavy parts (Windmill's solver, the players, the lab, Jupyter's stack).
    loaded = _loaded_after(
        "from windmill_widget import QuiltGame, solve; solve(QuiltGame(seed=1), max_nodes=2000)",
        HEAVY,
        NUMBA_DISABLE_JIT="1",
    )
    assert "windmill_widget.core.compiled" in loaded
    assert set(loaded) <= {"numba", "numpy", "importlib.metadata", "windmill_widget.core.compiled"}, loaded


def test_a_sealed_strategys_process_imports_only_what_it_serves_with() -> None:
    # Everything it imports before confining itself is read while it can still read anything; the rest
    # (a student's `from windmill_widget import greedy`) is read under confinement, from the package.
    loaded = _loaded_after("import windmill_widget.lab.sealed_player, cloudpickle", HEAVY)
    assert loaded == ["cloudpickle", "windmill_widget.lab"]
    lab = _loaded_after("import windmill_widget.lab.sealed_player", [
        f"windmill_widget.lab.{p.stem}" for p in modules_under("lab") if p.stem != "__init__"])  # fmt: skip
    assert sorted(lab) == [f"windmill_widget.lab.{m}" for m in
                           ("confine", "playout", "records", "sealed", "sealed_player")]  # fmt: skip


@pytest.mark.parametrize(
    "package", ["windmill_widget", "windmill_widget.lab", "windmill_widget.solver.crazy_quilt"]
)
def test_a_package_that_loads_names_on_first_use_still_shows_them_all(package: str) -> None:
    # dir() lists exactly the public names (those not loaded yet too), each one resolves, and type
    # checkers and the docs (griffe) see each lazily provided name imported under TYPE_CHECKING.
    code = (
        f"import importlib; m = importlib.import_module({package!r})\n"
        "public = [n for n in dir(m) if not n.startswith('_') and not isinstance(getattr(m, n), type(m))]\n"
        "print(sorted(public) == sorted(m.__all__), all(hasattr(m, n) for n in m.__all__))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "True"], package
    import importlib

    module = importlib.import_module(package)
    path = Path(module.__file__)
    tree = ast.parse(path.read_text())
    imported = {
        a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for a in node.names
    }
    assert set(module.__all__) <= imported, sorted(set(module.__all__) - imported)


def test_the_version_comes_from_the_installed_metadata() -> None:
    from importlib.metadata import version

    import windmill_widget

    assert windmill_widget.__version__ == version("windmill_widget")


def _private_names_defined(paths: list[Path]) -> set[str]:
    """The private names these modules define themselves: their functions and classes, the names and
    attributes they assign (``self._x = ...``, ``cls._x = ...``, ``_x: ClassVar[...]``)."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return {n for n in names if n.startswith("_")}


@pytest.mark.parametrize("path", modules_under("rl"), ids=lambda p: p.name)
def test_the_environments_use_the_games_public_interface_only(path: Path) -> None:
    # The environments step games through the engine's public fast path (legal_codes, play_code,
    # pile_ids): a private name they read must be one the rl package defines itself (not a game's
    # _pos, _legal_codes, _records, nor a view's _unseen), and they import no private name.
    own = _private_names_defined(modules_under("rl"))
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            assert node.attr in own, f"rl/{path.name} reads {ast.unparse(node)}, private to another package"
        if isinstance(node, ast.ImportFrom) and node.module and node.level != 1:  # from another package
            for alias in node.names:
                assert not alias.name.startswith("_"), f"rl/{path.name} imports {node.module}.{alias.name}"


#: What the core's PatienceGame draws through each game's ``renderer`` module: the method and the
#: renderer function it hands the game to (one wrapper, in the core, for every game).
DRAWN_BY_THE_RENDERER = ("svg", "text")


@pytest.mark.parametrize("method", DRAWN_BY_THE_RENDERER)
def test_pictures_are_drawn_through_one_method_in_the_core(method: str) -> None:
    # A game names its renderer module; it does not wrap the renderer in a method of its own (the
    # games' svg() and text() were each such a wrapper, differing only in the module they imported).
    from importlib import import_module

    from windmill_widget.core.game import PatienceGame
    from windmill_widget.core.registry import all_games

    games = all_games()
    assert sorted(games) == ["crazy-quilt", "windmill"]
    for cls in games.values():
        own = [k.__name__ for k in cls.__mro__ if k is not PatienceGame and method in vars(k)]
        assert own == [], f"{cls.__name__}.{method} is defined again in {own}"
        renderer = import_module(cls.renderer)
        assert callable(getattr(renderer, method, None)), f"{cls.renderer} has no {method}()"
        assert renderer.__name__.startswith(cls.__module__.rsplit(".", 1)[0])
    game = games["crazy-quilt"](seed=7)
    assert game.text() == import_module(type(game).renderer).text(game)


# -- one source of truth for every fact -----------------------------------------------------------
@functools.cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def _module_constants(path: Path) -> dict[str, object]:
    """The names a module gives a literal value at its top level (``CENTRE_FULL = 52``)."""
    out: dict[str, object] = {}
    for node in _tree(path).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        try:
            literal = ast.literal_eval(value)
        except ValueError:
            continue
        out.update((t.id, literal) for t in targets if isinstance(t, ast.Name) and t.id.lstrip("_").isupper())
    return out


#: Names that more than one module gives a value of its own, each a different fact: a game's or a
#: player's own tuning (how hard it searches), or one file format's or one host's own setting.
OWN_TO_EACH_MODULE = {
    "DEFAULT_MAX_MOVES",  # the lab's cap on a game against the environments' episode length
    "FORMAT", "VERSION",  # a save file's and the session statistics' file formats
    "MARGIN", "SAMPLES", "MAX_POSITIONS", "_PROBES",  # each player's or search's own tuning
    "MOVE_LIMIT",  # a sealed strategy's seconds against autoplay's on the board
    "WIDTH",  # a chart's pixels against the sampling player's beam
}  # fmt: skip


def test_a_named_constant_is_given_its_value_in_one_module() -> None:
    # A second `CENTRE_FULL = 52` (Windmill's search model had one) or `MAX_MOVE_TEXT = 64` (the sealed
    # player's, beside the core's 40) is a twin to keep in step: import the one definition instead.
    where: dict[str, list[str]] = {}
    for path in sorted(PKG.rglob("*.py")):
        for name in _module_constants(path):
            where.setdefault(name, []).append(str(path.relative_to(PKG)))
    twins = {
        name: paths for name, paths in where.items() if len(paths) > 1 and name not in OWN_TO_EACH_MODULE
    }
    assert twins == {}
    assert all(len(where.get(name, ())) > 1 for name in OWN_TO_EACH_MODULE), "an exception no longer needed"


def test_the_suits_are_named_in_the_core_only() -> None:
    # Sentences name suits through core/cards.py's SUIT_NAMES (the solver's certificates and Crazy
    # Quilt's explanations each had a dictionary of their own).
    words = {"spades", "hearts", "diamonds", "clubs", "spade", "heart", "diamond", "club"}
    for path in sorted(PKG.rglob("*.py")):
        if path == PKG / "core" / "cards.py":
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value.lower() not in words, f"{path.relative_to(PKG)} spells {node.value!r}"


def test_the_pictures_and_the_boards_draw_cards_in_the_tables_shape() -> None:
    # core/table.json's card shape, which js/boards/*.js read too (js/tests/layout.test.js checks them).
    from windmill_widget.core.svg import CARD_H, CARD_W, TABLE

    assert round(CARD_W * TABLE["cardShape"]["aspect"]) == CARD_H


def test_each_package_holds_its_public_names_and_nothing_it_imported_in_passing() -> None:
    # A package's namespace is what users tab-complete: its __all__, its subpackages and modules,
    # and nothing it imported for its own use (Any, TYPE_CHECKING, excerpt...). Read in a fresh
    # process, before anything else was imported from the package.
    packages = sorted(
        ".".join(p.parent.relative_to(PKG.parent).parts)
        for p in PKG.rglob("__init__.py")
        if "static" not in p.parts
        and not any(part.startswith("_") for part in p.parent.relative_to(PKG).parts)
    )
    code = (
        "import importlib, json, types, sys\n"
        "out = {}\n"
        "for name in sys.argv[1:]:\n"
        "    m = importlib.import_module(name)\n"
        "    extra = [n for n, v in vars(m).items() if not n.startswith('_')\n"
        "             and not isinstance(v, types.ModuleType) and n not in getattr(m, '__all__', ())]\n"
        "    out[name] = sorted(extra)\n"
        "print(json.dumps(out))"
    )
    done = subprocess.run([sys.executable, "-c", code, *packages], capture_output=True, text=True, check=True)
    leaks = {name: extra for name, extra in json.loads(done.stdout).items() if extra}
    assert "windmill_widget.review" in packages and len(packages) > 10
    assert leaks == {}, leaks
