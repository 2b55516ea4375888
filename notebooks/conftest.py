"""nbval's run of the teaching notebooks: print each notebook's time at the end.

Issue #40 asks every notebook to run in under 30 s on two cores. A timed test would fail on a busy
machine for no fault of the notebook, so the figures are printed instead, to be read in CI's log.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

_seconds: defaultdict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # An nbval item is "notebooks/03-strategy-lab.ipynb::Cell 4".
    path = report.nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        _seconds[path] += report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _seconds:
        return
    terminalreporter.section("time per notebook (its cells; the kernel's start comes on top)")
    for path, seconds in sorted(_seconds.items()):
        terminalreporter.write_line(f"{seconds:6.1f} s  {path}")
