#!/usr/bin/env bash
# The wheel as a user gets it: `make dist` builds the sdist and the wheel, a second wheel is built from
# the sdist, and each is installed into a fresh virtual environment with no Node on PATH, no dev
# extras and no numba, where tests/installed/smoke.py plays both games, builds both boards, runs a
# tournament, solves a late position and executes a notebook with nbclient. ipykernel and nbclient
# are installed beside the wheel as the test's tools (a kernel to run the notebook), not as the kit's.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PY:-python3}
NOTEBOOK=$ROOT/notebooks/01-play.ipynb
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# PATH without the folders that hold node or npm.
nonode=
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    [ -n "$d" ] && [ ! -e "$d/node" ] && [ ! -e "$d/npm" ] && nonode=${nonode:+$nonode:}$d
done

make --no-print-directory dist
version=$(.venv/bin/python -c "import tomllib; print(tomllib.load(open('pyproject.toml', 'rb'))['project']['version'])")
wheel=$ROOT/dist/windmill_widget-$version-py3-none-any.whl
sdist=$ROOT/dist/windmill_widget-$version.tar.gz

echo "--- a wheel built from the sdist, without Node"
tar xzf "$sdist" -C "$work"
(cd "$work/windmill_widget-$version" && PATH=$nonode "$ROOT/.venv/bin/python" -m build --wheel --outdir "$work/from-sdist" . >"$work/build.log" 2>&1) \
    || { cat "$work/build.log"; exit 1; }
"$ROOT/.venv/bin/python" - "$wheel" "$work/from-sdist/$(basename "$wheel")" <<'PYEOF'
import sys, zipfile
names = [sorted(n for n in zipfile.ZipFile(p).namelist() if not n.endswith("RECORD")) for p in sys.argv[1:]]
assert names[0] == names[1], set(names[0]) ^ set(names[1])
assert "windmill_widget/static/widget.js" in names[0]
print(f"the two wheels hold the same {len(names[0])} files, the front end among them")
PYEOF

# What the venv installs, resolved and downloaded once (pip's cache makes that quick on a machine
# that has run it before), then installed from that folder.
echo "--- the wheel's dependencies, and ipykernel and nbclient to run the notebook"
.venv/bin/pip download --quiet --disable-pip-version-check -d "$work/wheels" "$wheel" ipykernel nbclient \
    >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }
install() {  # install VENV ARGS...: from the downloaded wheels only (no .pyc compiled ahead: quicker)
    local venv=$1; shift
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-compile --no-index --find-links "$work/wheels" "$@" \
        >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }
}
smoke() {  # smoke VENV: tests/installed/smoke.py there, from outside the source tree, Node off PATH
    (cd "$work" && PATH=$1/bin:$nonode "$1/bin/python" -c "import shutil; assert not shutil.which('node'), 'Node on PATH'" \
        && PATH=$1/bin:$nonode "$1/bin/python" "$ROOT/tests/installed/smoke.py" "$NOTEBOOK")
}

venv=$work/venv
echo "--- $(basename "$wheel") in a fresh virtual environment"
"$PY" -m venv "$venv"
install "$venv" "$wheel" ipykernel nbclient
smoke "$venv"
# The same environment with the kit alone replaced: the dependencies are the same by construction.
echo "--- the wheel built from the sdist, in its place"
install "$venv" --force-reinstall --no-deps "$work/from-sdist/$(basename "$wheel")"
smoke "$venv"
echo "The wheel and the wheel built from its sdist work installed alone."
