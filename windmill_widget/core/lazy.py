"""Names a package provides on first use (PEP 562), so that importing it stays cheap.

Some of the kit's packages export names whose imports are heavy: the lab's charts and tournaments,
the players whose solvers bring numba, the widgets that bring Jupyter's. A worker process, a sealed
strategy's process or a script that only plays games needs few of them. Such a package lists them in
``__all__`` as usual, imports them under ``if TYPE_CHECKING:`` (which type checkers and the
documentation read), and takes its ``__getattr__`` and ``__dir__`` from :func:`lazy_names`: Python
asks ``__getattr__`` the first time a name is looked up (``from package import name`` included),
which imports the module it lives in; from then on it is an ordinary attribute.

>>> import types
>>> package = types.ModuleType("package")
>>> package.__getattr__, package.__dir__ = lazy_names(vars(package), {"dedent": "textwrap"})
>>> "dedent" in vars(package), "dedent" in dir(package)
(False, True)
>>> package.dedent("  two\\n  lines")
'two\\nlines'
>>> "dedent" in vars(package)
True
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any


def lazy_names(
    namespace: dict[str, Any], where: dict[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module's ``__getattr__`` and ``__dir__``, for the module whose globals are ``namespace``:
    ``where`` maps each name provided on first use to the module it is imported from (relative to
    the package, such as ``".tournament"``, or absolute). ``dir()`` lists the public names (those not
    imported yet too), the submodules imported so far and the module's own dunders."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        namespace[name] = value  # an ordinary attribute from now on
        return value

    def __dir__() -> list[str]:
        own = (n for n, v in namespace.items() if n.startswith("__") or isinstance(v, ModuleType))
        return sorted({*namespace.get("__all__", ()), *where, *own})

    return __getattr__, __dir__
