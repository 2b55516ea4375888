"""Shared pytest set-up: make the package importable from a plain checkout (``make test`` installs it
in editable mode; this only helps when pytest runs before that)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

try:
    import windmill_widget  # noqa: F401
except ImportError:  # pragma: no cover - depends on how the checkout was set up
    sys.path.insert(0, str(ROOT))
