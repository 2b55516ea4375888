"""Run test code in a fresh interpreter with the kit's compiled loops turned off
(``WINDMILL_WIDGET_PURE_PYTHON=1``), to compare the loops compiled and as Python."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def as_python(script: str, data: Any = None) -> Any:
    """Run ``script`` as Python (it reads ``data`` as JSON from standard input and prints its answer
    as JSON); return the answer."""
    env = dict(os.environ, WINDMILL_WIDGET_PURE_PYTHON="1")
    tests = os.path.join(ROOT, "tests")  # the test modules import their helpers as top-level modules
    env["PYTHONPATH"] = os.pathsep.join([ROOT, tests, env.get("PYTHONPATH", "")])
    prelude = "from windmill_widget.core.compiled import COMPILED\nassert not COMPILED\n"
    done = subprocess.run(
        [sys.executable, "-c", prelude + script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def both_ways(fn: Callable[[Any], Any], data: Any) -> tuple[Any, Any]:
    """``fn(data)`` here (with the loops compiled, where they are) and as Python in a fresh
    interpreter, both as JSON would give them back. ``fn`` must be a module-level function of a
    test module, taking and returning what JSON can carry."""
    here = json.loads(json.dumps(fn(data)))
    name = fn.__name__
    script = (
        f"import json, sys\nfrom {fn.__module__} import {name}\n"
        f"print(json.dumps({name}(json.load(sys.stdin))))\n"
    )
    return here, as_python(script, data)
