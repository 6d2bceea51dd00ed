# fairpair: two commands do all the set-up on a fresh machine (README).
#   make demo   - create .venv if needed, install fairpair alone (what running it needs: no
#                 test or lint tools), pair the bundled example and print standings
#   make test   - add the test tools (and the web extra the tests exercise), run ruff,
#                 mypy --strict and the fast tier of the test suite (every test not marked slow)
#   make test-all - the same with the whole suite, slow tests included (what CI runs)
#   make serve  - add the web extra, run the web app on http://localhost:8000 with a demo
#   make bench  - the benchmark table (BENCH_ARGS=...; INSTALL=1 adds the fresh-install row)
# Each layer has its own stamp: `make test` after `make demo` installs the tools only,
# without building the compiled extension again.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
WEB_STAMP  := $(VENV)/.installed-web
TEST_STAMP := $(VENV)/.installed-test
# The requirements of one optional-dependencies group of pyproject.toml, one per line.
EXTRA  = $(BIN)/python -c 'import sys, tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"][sys.argv[1]]))'

.PHONY: demo test test-all serve lint typecheck unit unit-all bench screenshots clean

# The extension's sources: the matcher core in matching/, each system's graph beside it.
CXX_SOURCES := $(wildcard src/fairpair/matching/*.cpp src/fairpair/matching/*.hpp \
	src/fairpair/systems/*.cpp src/fairpair/systems/*/*.cpp src/fairpair/systems/*/*.hpp)

# fairpair and what it needs to run (the compiled extension is built here, once).
$(STAMP): pyproject.toml setup.py $(CXX_SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $(STAMP)

# An optional-dependencies group on top, without reinstalling fairpair itself.
$(WEB_STAMP): $(STAMP) pyproject.toml
	$(EXTRA) web > $(VENV)/requirements-web.txt
	$(BIN)/python -m pip install -q -r $(VENV)/requirements-web.txt
	touch $(WEB_STAMP)

$(TEST_STAMP): $(STAMP) pyproject.toml
	$(EXTRA) test > $(VENV)/requirements-test.txt
	$(BIN)/python -m pip install -q -r $(VENV)/requirements-test.txt
	touch $(TEST_STAMP)

demo: $(STAMP)
	$(BIN)/fairpair demo

serve: $(WEB_STAMP)
	$(BIN)/fairpair serve --db fairpair.sqlite --demo

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src

typecheck: $(TEST_STAMP)
	$(BIN)/mypy --strict src/fairpair

# The fast tier: every test but those marked slow (pyproject.toml, markers).
unit: $(TEST_STAMP)
	$(BIN)/python -m pytest -m "not slow"

# The full tier: every test.
unit-all: $(TEST_STAMP)
	$(BIN)/python -m pytest

test: lint typecheck unit

test-all: lint typecheck unit-all

bench: $(WEB_STAMP)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)
	if [ -n "$(INSTALL)" ]; then $(BIN)/python benchmarks/install.py; fi

screenshots: $(TEST_STAMP)
	$(BIN)/python docs/screenshots.py

clean:
	rm -rf $(VENV) build src/*.egg-info
