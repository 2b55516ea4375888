"""Execute the teaching notebooks in place, so their committed outputs are current.

    .venv/bin/python scripts/run_notebooks.py                 # every notebooks/*.ipynb
    .venv/bin/python scripts/run_notebooks.py notebooks/02-rules-tutorial.ipynb

Each notebook runs top to bottom in a fresh ``python3`` kernel with ``notebooks/`` as its working
directory (as nbval runs it), and is written back with its new outputs. The time each one took
is printed; a notebook that raises stops with the cell's error and is not written.
``make notebooks`` calls this; ``make test-notebooks`` then checks the outputs with nbval.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def coalesce_streams(outputs: list) -> list:
    """Join consecutive stdout (or stderr) outputs, which the kernel splits arbitrarily, so that
    re-running a notebook does not show up as a diff when nothing changed."""
    merged: list = []
    for out in outputs:
        prev = merged[-1] if merged else None
        if (
            out.output_type == "stream"
            and prev is not None
            and prev.output_type == "stream"
            and prev.name == out.name
        ):
            prev.text += out.text
        else:
            merged.append(out)
    return merged


def steady_widget_view(output, n: int) -> int:
    """A widget's view output names a model that lives only while the kernel runs (its id is random)
    and its text form shows a memory address; give both fixed values so that re-running a notebook
    does not show up as a diff. Returns 1 if ``output`` was a widget view."""
    data = output.get("data", {})
    view = data.get(WIDGET_VIEW)
    if view is None:
        return 0
    view["model_id"] = f"{n:032x}"
    if "text/plain" in data:
        data["text/plain"] = ADDRESS.sub("0x000000000000", data["text/plain"])
    return 1


def run(path: Path, timeout: int) -> float:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=timeout,
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,  # no per-cell timestamps: re-running changes only what really changed
        # Widget state (with random model ids and the whole front-end bundle) would only bloat the file:
        # JupyterLab does not restore it, and GitHub does not render widgets.
        store_widget_state=False,
    )
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    widgets = 0
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)
            for out in cell.outputs:
                widgets += steady_widget_view(out, widgets)
    nb.metadata["kernelspec"] = KERNELSPEC
    nb.metadata.setdefault("language_info", {}).pop("version", None)  # keep diffs free of patch versions
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every notebooks/*.ipynb")
    parser.add_argument("--timeout", type=int, default=600, help="seconds allowed per cell (default 600)")
    args = parser.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or sorted(NOTEBOOKS.glob("*.ipynb"))
    if not paths:
        print("No notebooks found.", file=sys.stderr)
        return 1
    total = 0.0
    for path in paths:
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        try:
            elapsed = run(path, args.timeout)
        except CellExecutionError as err:
            print(f"{name}: FAILED\n", flush=True)
            print(err, file=sys.stderr)
            return 1
        total += elapsed
        print(f"{name}: {elapsed:.1f} s", flush=True)
    if len(paths) > 1:
        print(f"all {len(paths)} notebooks: {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
