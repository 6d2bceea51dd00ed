# fairpair: three commands do all the set-up on a fresh machine.
#   make demo   - create .venv if needed, install, pair the bundled example and print standings
#   make test   - create .venv with test tools if needed, run ruff, mypy --strict and the
#                 fast tier of the test suite (every test not marked slow)
#   make test-all - the same with the whole suite, slow tests included (what CI runs)
#   make serve  - create .venv if needed, run the web app on http://localhost:8000 with a demo
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-all serve lint typecheck unit unit-all bench screenshots clean

# The extension's sources: the matcher core in matching/, each system's graph beside it.
CXX_SOURCES := $(wildcard src/fairpair/matching/*.cpp src/fairpair/matching/*.hpp \
	src/fairpair/systems/*.cpp src/fairpair/systems/*/*.cpp src/fairpair/systems/*/*.hpp)

$(STAMP): pyproject.toml setup.py $(CXX_SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/fairpair demo

serve: $(STAMP)
	$(BIN)/fairpair serve --db fairpair.sqlite --demo

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/fairpair

# The fast tier: every test but those marked slow (pyproject.toml, markers).
unit: $(STAMP)
	$(BIN)/python -m pytest -m "not slow"

# The full tier: every test.
unit-all: $(STAMP)
	$(BIN)/python -m pytest

test: lint typecheck unit

test-all: lint typecheck unit-all

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

screenshots: $(STAMP)
	$(BIN)/python docs/screenshots.py

clean:
	rm -rf $(VENV) build src/*.egg-info
