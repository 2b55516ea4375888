"""What a package index shows of the kit: one version everywhere, a LICENSE that matches ``license``,
classifiers, project URLs, keywords, and a changelog in the Keep a Changelog form."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
tomllib = pytest.importorskip("tomllib")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d\d-\d\d)$", re.MULTILINE)


def test_one_version_everywhere() -> None:
    version = PROJECT["version"]
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert json.loads((ROOT / "package.json").read_text())["version"] == version
    assert lock["version"] == lock["packages"][""]["version"] == version
    assert RELEASE.search((ROOT / "CHANGELOG.md").read_text()).group(1) == version  # the newest release


def test_the_license_file_matches_the_license() -> None:
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License\n") and "Permission is hereby granted, free of charge" in text


def test_classifiers_urls_and_keywords() -> None:
    classifiers = set(PROJECT["classifiers"])
    assert {
        "Framework :: Jupyter",
        "Framework :: Jupyter :: JupyterLab :: 4",
        "Operating System :: OS Independent",
        "Topic :: Education",
        "Topic :: Games/Entertainment",
    } <= classifiers
    # Only the Pythons CI runs the kit on: the machine's, and Pyodide's (tests/pyodide/run.mjs).
    pythons = {
        c.rsplit(" ", 1)[1]
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert pythons == {"3.11", "3.14"}
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(PROJECT["urls"])
    assert {"patience", "jupyter", "windmill", "crazy quilt"} <= set(PROJECT["keywords"])


def test_the_changelog_keeps_a_changelog() -> None:
    text = (ROOT / "CHANGELOG.md").read_text()
    assert "[Keep a Changelog](https://keepachangelog.com/" in text
    assert "\n## [Unreleased]\n" in text
    releases = RELEASE.findall(text)
    assert [v for v, _ in releases] == sorted(
        (v for v, _ in releases), key=lambda v: [-int(x) for x in v.split(".")]
    )
    sections = re.findall(r"^### (\w+)$", text, re.MULTILINE)
    assert set(sections) <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}
    for version, _ in releases:  # every heading is a link
        assert re.search(rf"^\[{re.escape(version)}\]: \S+$", text, re.MULTILINE)


def test_npm_pyodide_is_the_one_the_lite_kernel_runs_on() -> None:
    # make lite serves npm's pyodide to jupyterlite-pyodide-kernel, which works with one version.
    constants = pytest.importorskip("jupyterlite_pyodide_kernel.constants")
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    assert pinned == constants.PYODIDE_VERSION
