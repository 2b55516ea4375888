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

.PHONY: play test setup bundle lint test-py test-js test-browser test-notebooks notebooks bench clean

play: setup
	$(BIN)/jupyter lab --allow-root $(LAB_ARGS) notebooks/01-play.ipynb

test: setup
	bash scripts/ensure-bubblewrap.sh
	bash scripts/test-all.sh

setup: $(STAMP) $(BUNDLE)

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(BUNDLE): node_modules/.package-lock.json $(JS_SRC)
	npm run build

bundle: $(BUNDLE)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test-py: setup
	bash scripts/ensure-bubblewrap.sh
	$(BIN)/pytest -m "not browser"

test-js: setup
	npm test

test-browser: setup
	bash scripts/ensure-chromium.sh
	$(BIN)/pytest -m browser

test-notebooks: setup
	$(BIN)/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg -p no:randomly

notebooks: setup
	$(BIN)/python scripts/run_notebooks.py

bench: setup
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) node_modules windmill_widget/static
