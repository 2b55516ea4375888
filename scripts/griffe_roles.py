"""A griffe extension for the documentation site (mkdocs.yml), so the docstrings read well as they are
written (prose with doctests and Sphinx-style references, checked by the doctests suite):

- a doctest (a run of lines from ``>>>`` to the next blank line) becomes a highlighted ``pycon`` block,
  not Markdown (where ``[x][y]`` would be a link);
- the references, ``:class:`~windmill_widget.Game```, ``:func:`solve```, ``:mod:`.sealed```, become links
  in the API reference, to the page that documents the object, instead of raw role text.

Each name is resolved as Python would from the docstring's object (relative names, ``.sibling``
modules, re-exports followed to the object itself) and written as an *optional* cross-reference: a
name the site does not document (a private helper) shows as code, without a warning. ``~`` shows the
last part of the name only, as in Sphinx.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

ROLE = re.compile(
    r":(?:py:)?(?:class|func|meth|mod|attr|data|exc|obj|const):`(?P<tilde>~?)(?P<name>[\w.]+)(?:\(\))?`"
)


def _target(obj: griffe.Object, name: str) -> str:
    """The dotted path ``name`` refers to, seen from ``obj``'s docstring (``name`` itself if unknown)."""
    try:
        if name.startswith("."):  # relative to the module: ".sealed", "..core"
            module = obj if obj.is_module else obj.module
            base = module.path if module.is_init_module else module.path.rsplit(".", 1)[0]
            dots = len(name) - len(name.lstrip("."))
            for _ in range(dots - 1):
                base = base.rsplit(".", 1)[0]
            name = f"{base}.{name.lstrip('.')}"
        elif "." not in name or not name.startswith(obj.package.name):
            scope = obj if obj.is_class or obj.is_module else obj.parent
            name = scope.resolve(name) if scope is not None else name
        target = obj.package[name.split(".", 1)[1]]
        return target.final_target.path if target.is_alias else target.path
    except Exception:  # any name griffe cannot follow stays as written
        return name


def fence_doctests(text: str) -> str:
    """``text`` with each doctest block fenced as ``pycon`` (at the block's own indentation)."""
    out: list[str] = []
    block: list[str] = []
    indent = ""
    for line in [*text.split("\n"), ""]:
        if block and line.strip():
            block.append(line)
            continue
        if block:
            if out and out[-1].strip():  # a fence must start a paragraph of its own
                out.append("")
            out += [f"{indent}```pycon", *block, f"{indent}```"]
            block = []
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block = [line]
        else:
            out.append(line)
    return "\n".join(out[:-1])


class SphinxRoles(griffe.Extension):
    """Rewrites the roles of every docstring of the package once it is loaded."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        self._walk(pkg, set())

    def _walk(self, obj: griffe.Object, seen: set[str]) -> None:
        if obj.path in seen:
            return
        seen.add(obj.path)
        if obj.docstring is not None:
            text = fence_doctests(obj.docstring.value)
            obj.docstring.value = ROLE.sub(lambda m: self._link(obj, m), text)
        for member in obj.members.values():
            if not member.is_alias:
                self._walk(member, seen)

    @staticmethod
    def _link(obj: griffe.Object, match: re.Match[str]) -> str:
        name = match.group("name")
        shown = name.lstrip(".").rsplit(".", 1)[-1] if match.group("tilde") or name.startswith(".") else name
        target = _target(obj, name)
        code = f"<code>{html.escape(shown)}</code>"
        return f'<autoref identifier="{html.escape(target)}" optional>{code}</autoref>'
