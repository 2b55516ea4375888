"""Gather, into one folder, the wheels that Pyodide installs the kit from: the kit's wheel and the
pure-Python wheels of its dependencies, for Pyodide's Python, from PyPI (by pip, at set-up: Pyodide
fetches nothing itself), and micropip, at the version Pyodide's lock file names.

    python scripts/pyodide_wheels.py OUT KIT.whl [EXTRA_REQUIREMENT ...]

Pyodide's own version and Python come from node_modules/pyodide (package.json pins it). Left out: the
kit's dependencies that have no pure-Python wheel (NOT_PURE): ipycanvas needs numpy and Pillow, whose
Pyodide builds are published only with Pyodide's full distribution, in no package registry; the kit
imports ipycanvas only for a live chart.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
#: Dependencies of the kit with no pure-Python wheel for Pyodide, and why (see the docstring).
NOT_PURE = {"ipycanvas": "needs numpy and Pillow, built for Pyodide only in Pyodide's full distribution"}


def lock() -> dict:
    return json.loads(LOCK.read_text())


def python_version() -> str:
    """Pyodide's Python, as pip's --python-version takes it (``3.14``)."""
    return ".".join(lock()["info"]["python"].split(".")[:2])


def requirements(wheel: Path) -> list[str]:
    """The kit's own requirements (no extras), less NOT_PURE."""
    with zipfile.ZipFile(wheel) as whl:
        meta = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(whl.read(meta).decode())
    wanted = [r for r in message.get_all("Requires-Dist") or [] if "extra ==" not in r]
    return [r for r in wanted if r.split(">")[0].split("=")[0].split("<")[0].strip() not in NOT_PURE]


def download(out: Path, specs: list[str]) -> None:
    """``specs`` and their dependencies as pure-Python wheels for Pyodide's Python, into ``out``."""
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check"]
    pip += ["--only-binary=:all:", "--platform", "any", "--python-version", python_version(), "-d", str(out)]
    subprocess.run([*pip, *specs], check=True)


def main(argv: list[str]) -> None:
    out, wheel, extra = Path(argv[0]), Path(argv[1]), argv[2:]
    out.mkdir(parents=True, exist_ok=True)
    micropip = lock()["packages"]["micropip"]["version"]
    download(out, [f"micropip=={micropip}", *requirements(wheel), *extra])
    target = out / wheel.name
    target.write_bytes(wheel.read_bytes())
    print(f"{len(list(out.glob('*.whl')))} wheels for Pyodide (Python {python_version()}) in {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
