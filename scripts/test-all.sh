#!/usr/bin/env bash
# Runs every test suite, one after another, and fails if any failed (all of them run either way,
# so one report shows everything). Called by `make test` after set-up; `.ci/run` calls `make test`.
set -u
cd "$(dirname "$0")/.."
BIN=.venv/bin
CHROMIUM=${WINDMILL_CHROMIUM:-/usr/bin/chromium}
failed=()

suite() {
    local name=$1; shift
    echo
    echo "=== $name: $*"
    if "$@"; then echo "=== $name: ok"; else echo "=== $name: FAILED"; failed+=("$name"); fi
}

suite lint         bash -c "$BIN/ruff check . && $BIN/ruff format --check ."
suite python       $BIN/pytest -m "not browser" -p no:cacheprovider -n 2 --dist worksteal --durations=15
suite doctests     $BIN/pytest --doctest-modules windmill_widget -p no:cacheprovider --ignore=windmill_widget/static
suite js           npm test --silent
suite browser      bash -c "bash scripts/ensure-apt.sh $CHROMIUM chromium fonts-dejavu-core && $BIN/pytest -m browser -p no:cacheprovider --ignore=tests/browser/test_lite.py"
suite docs         make --no-print-directory docs
suite wheel        bash scripts/check-wheel.sh
suite pyodide      make --no-print-directory test-pyodide
suite lite         make --no-print-directory test-lite
suite notebooks    $BIN/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg -p no:cacheprovider

echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "All test suites passed."
else
    echo "FAILED suites: ${failed[*]}"
    exit 1
fi
