# The two commands a new machine needs (see README):
#   make play   - set everything up and open the play notebook in JupyterLab
#   make test   - set everything up and run every test suite
# Everything else here is the set-up those two share.

PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
BUNDLE  := windmill_widget/static/widget.js
JS_SRC  := $(wildcard js/*.js js/*.css js/boards/*.js) js/package.json $(wildcard windmill_widget/games/*/board.json) windmill_widget/core/table.json package.json esbuild.config.mjs
LAB_ARGS ?=
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
WHEEL   := dist/windmill_widget-$(VERSION)-py3-none-any.whl
PY_SRC  := $(shell find windmill_widget -name '*.py' -o -name '*.json') pyproject.toml README.md LICENSE CHANGELOG.md
PYODIDE_WHEELS := build/pyodide-wheels
# Debian packages the tests need, installed with apt-get when missing (fonts: the board's labels on a minimal image).
CHROMIUM ?= $(or $(WINDMILL_CHROMIUM),/usr/bin/chromium)
ENSURE_BWRAP    := bash scripts/ensure-apt.sh bwrap bubblewrap
ENSURE_CHROMIUM := bash scripts/ensure-apt.sh $(CHROMIUM) chromium fonts-dejavu-core

.PHONY: play test setup bundle dist lite lint test-py test-js test-browser test-notebooks test-wheel test-pyodide test-lite docs notebooks bench clean

play: setup
	@echo "==> Opening notebooks/01-play.ipynb in JupyterLab (Ctrl-C twice here stops it)"
	$(BIN)/jupyter lab --allow-root $(LAB_ARGS) notebooks/01-play.ipynb

test: setup
	$(ENSURE_BWRAP)
	bash scripts/test-all.sh

setup: $(STAMP) $(BUNDLE)

# Each long step says what it does and how far it is (scripts/step.sh; its output in build/logs/).
STEP := @bash scripts/step.sh

$(STAMP): pyproject.toml
	$(STEP) venv "Creating the virtual environment $(VENV)" $(PY) -m venv $(VENV)
	$(STEP) pip "Updating pip in $(VENV)" $(BIN)/pip install --upgrade pip
	$(STEP) install "Installing the kit, JupyterLab and the test tools into $(VENV) with pip, which also \
	builds the board's front end with npm (1-2 minutes the first time)" $(BIN)/pip install -e ".[dev]"
	@touch $@

node_modules/.package-lock.json: package.json package-lock.json
	$(STEP) npm-ci "Installing the front end's npm packages" npm ci --no-audit --no-fund
	@touch $@

$(BUNDLE): node_modules/.package-lock.json $(JS_SRC)
	$(STEP) bundle "Building the board's front end ($(BUNDLE))" npm run build

bundle: $(BUNDLE)

# The sdist and the wheel (which carries the built front end) in dist/.
dist: $(WHEEL)

$(WHEEL): $(STAMP) $(BUNDLE) $(PY_SRC)
	rm -rf dist
	$(BIN)/python -m build --outdir dist . >/dev/null 2>&1 || $(BIN)/python -m build --outdir dist .
	@ls dist


# The JupyterLite site in build/lite: serve it with `python -m http.server -d build/lite`.
lite: $(WHEEL)
	$(BIN)/python scripts/build_lite.py $(WHEEL) build/lite

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test-py: setup
	$(ENSURE_BWRAP)
	$(BIN)/pytest -m "not browser" -n 2 --dist worksteal

test-js: setup
	npm test

test-browser: setup
	$(ENSURE_CHROMIUM)
	$(BIN)/pytest -m browser --ignore=tests/browser/test_lite.py

# The Lite site, built, then opened in chromium with nothing but localhost reachable.
test-lite: lite
	$(ENSURE_CHROMIUM)
	$(BIN)/pytest -m browser tests/browser/test_lite.py

test-wheel: setup
	bash scripts/check-wheel.sh

# The kit in Pyodide under Node, from npm's pyodide, installed from local wheels (PyPI's, at set-up).
test-pyodide: $(WHEEL)
	rm -rf $(PYODIDE_WHEELS)
	$(BIN)/python scripts/pyodide_wheels.py $(PYODIDE_WHEELS) $(WHEEL)
	node tests/pyodide/run.mjs $(PYODIDE_WHEELS)

test-notebooks: setup
	$(BIN)/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg -p no:randomly

notebooks: setup
	$(BIN)/python scripts/run_notebooks.py

# The documentation site in site/, strictly: a warning or a broken link fails (mkdocs.yml, docs/about.md).
docs: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

bench: setup
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) node_modules windmill_widget/static dist build site
