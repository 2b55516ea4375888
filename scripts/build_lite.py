"""Build the JupyterLite site (``make lite``): the notebooks in a browser tab, with nothing installed and
nothing fetched from the internet when the site runs.

    python scripts/build_lite.py KIT.whl [OUT]        # OUT: build/lite

What the site holds, and where it comes from:
- JupyterLite itself (jupyterlite-core) and the Pyodide kernel (jupyterlite-pyodide-kernel), from PyPI;
- Pyodide's runtime, from npm's ``pyodide`` (node_modules), served from the site (``static/pyodide``);
- the kit's wheel and the pure-Python wheels it and the kernel need (ipython, comm, jedi...), from PyPI
  for Pyodide's Python (scripts/pyodide_wheels.py), beside the runtime and recorded in the site's
  ``pyodide-lock.json`` instead of the packages of Pyodide's full distribution, which npm's package does
  not carry (so ``import windmill_widget`` loads the kit, as ``import numpy`` would on Pyodide's CDN);
- the front ends of anywidget, ipywidgets (jupyterlab_widgets) and ipycanvas, from the same wheels as
  the kernel installs;
- the notebooks, their outputs cleared.

What it cannot hold: the Python side of ipycanvas (the kit's live charts), whose numpy and Pillow are
built for Pyodide only in Pyodide's full distribution, in no registry (scripts/pyodide_wheels.py).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from email.parser import Parser
from importlib.metadata import version
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pyodide_wheels

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"
#: The files of npm's pyodide that the kernel loads (pyodide.mjs, the module workers' entry point).
RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js"]
#: What the kernel installs at start besides the kit (its worker names them), and the kernel's stubs:
#: piplite gives ipykernel, pyodide-kernel and widgetsnbextension from the kernel's own wheels.
KERNEL_NEEDS = ["ipython", "comm", "jedi"]
STUBS = {"widgetsnbextension", "ipykernel", "pyodide-kernel", "piplite"}
#: The front ends the site holds, by the Python package that carries each.
FRONT_ENDS = ["anywidget", "jupyterlab_widgets", "ipycanvas"]
#: Where Pyodide runs, for the markers of the wheels' requirements.
PYODIDE_ENV = {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32"}
#: The site's settings: the kernel does not fall back to PyPI, so nothing leaves the site; the app is
#: reachable as window.jupyterapp (the browser test drives the notebook through it).
CONFIG = {
    "exposeAppInBrowser": True,
    "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}},
}


def metadata(wheel: Path) -> tuple[str, str, list[Requirement], list[str]]:
    """A wheel's name, version, requirements (no extras) and top-level import names."""
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(whl.read(meta).decode())
        tops = sorted(
            {n.split("/")[0].removesuffix(".py") for n in names if "/" in n or n.endswith(".py")}
            - {n.split("/")[0] for n in names if ".dist-info/" in n or ".data/" in n}
        )
    requires = [Requirement(r) for r in message.get_all("Requires-Dist") or []]
    return message["Name"], message["Version"], requires, [t for t in tops if t.isidentifier()]


def applies(req: Requirement, python: str) -> bool:
    where = {**PYODIDE_ENV, "python_version": python, "extra": ""}
    return req.marker is None or Marker(str(req.marker)).evaluate(where)


def site_lock(wheels: list[Path]) -> dict:
    """Pyodide's lock with only ``wheels`` (PyPI's files, their hashes, their requirements as depends):
    the packages of Pyodide's full distribution that the site does not hold are left out, so that an
    import of one fails at once instead of asking the site for a file it has not."""
    lock = pyodide_wheels.lock()
    python = pyodide_wheels.python_version()
    known = {canonicalize_name(k): k for k in lock["packages"]}
    entries, requires = {}, {}
    for wheel in wheels:
        name, ver, reqs, tops = metadata(wheel)
        key = known.get(canonicalize_name(name), canonicalize_name(name))
        old = lock["packages"].get(key, {})
        entries[key] = {
            "name": key,
            "version": ver,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": old.get("imports", tops),
            "depends": [],
            "unvendored_tests": False,
        }
        requires[key] = [canonicalize_name(r.name) for r in reqs if applies(r, python)]
    by_canon = {canonicalize_name(k): k for k in entries}
    for key, names in requires.items():
        entries[key]["depends"] = sorted({by_canon[n] for n in names if n in by_canon})
    return {"info": lock["info"], "packages": dict(sorted(entries.items()))}


def clear_outputs(notebook: Path, to: Path) -> None:
    nb = json.loads(notebook.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb.get("metadata", {}).pop("widgets", None)
    to.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")


def main(argv: list[str]) -> None:
    kit = Path(argv[0]).resolve()
    out = Path(argv[1]).resolve() if len(argv) > 1 else BUILD / "lite"
    src = BUILD / "lite-src"
    wheels = BUILD / "lite-wheels"
    for folder in (src, wheels, out):
        shutil.rmtree(folder, ignore_errors=True)

    # The wheels the kernel installs: the kit's, its dependencies', the kernel's own needs.
    pyodide_wheels.main([str(wheels), str(kit), *KERNEL_NEEDS])
    installed = [w for w in sorted(wheels.glob("*.whl")) if canonicalize_name(metadata(w)[0]) not in STUBS]

    # Pyodide's runtime and those wheels, with their lock, where the kernel looks (lite_dir/static/pyodide).
    runtime = src / "static" / "pyodide"
    runtime.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(NPM_PYODIDE / name, runtime / name)
    for wheel in installed:
        shutil.copy2(wheel, runtime / wheel.name)
    (runtime / "pyodide-lock.json").write_text(json.dumps(site_lock(installed), indent=1) + "\n")

    # The front ends, from the wheels the kernel installs (ipycanvas's at the version the kit takes).
    fronts = BUILD / "lite-front-ends"
    shutil.rmtree(fronts, ignore_errors=True)
    fronts.mkdir(parents=True)
    for wheel in wheels.glob("*.whl"):
        if metadata(wheel)[0].replace("-", "_").lower() in FRONT_ENDS:
            shutil.copy2(wheel, fronts / wheel.name)
    kit_requires = {canonicalize_name(r.name): str(r) for r in metadata(kit)[2]}
    kernel = f"jupyterlite-pyodide-kernel=={version('jupyterlite-pyodide-kernel')}"
    extra = [kit_requires["ipycanvas"], kernel]
    pip = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps"]
    subprocess.run([*pip, "--only-binary=:all:", "-d", str(fronts), *extra], check=True)

    contents = src / "files"
    contents.mkdir()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        clear_outputs(notebook, contents / notebook.name)
    (src / "jupyter-lite.json").write_text(
        json.dumps({"jupyter-lite-schema-version": 0, "jupyter-config-data": CONFIG})
    )

    lite = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(src)]
    lite += ["--output-dir", str(out), "--contents", str(contents)]
    lite += ["--ignore-sys-prefix", "--no-sourcemaps", "--no-libarchive"]
    for wheel in sorted(fronts.glob("*.whl")):
        lite += ["--LiteBuildConfig.federated_extensions", str(wheel)]
    subprocess.run(lite, check=True, cwd=src)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"JupyterLite site in {out}: {size / 1e6:.0f} MB. Serve it: python -m http.server -d {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
