# Every target creates .venv itself; only Python 3.11 is needed on the machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test bench atlas solvers clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	# optional: PySAT's PB encoders (pysat:bdd, ...) for the comparison tests; skipped when absent
	-$(PY) -m pip install -q 'pindakaas>=0.6' || echo "note: pindakaas unavailable; pysat: PB tests will skip"
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m satgrid solve instances/sudoku-classic.toml --unique
	$(PY) -m satgrid sqgrid 17 25 18 29
	$(PY) -m satgrid solve instances/vertex-sums-17-25-18-29.toml
	$(PY) -m satgrid solve instances/knight-moves-4.toml --unique
	$(PY) -m satgrid solve instances/hooks-8.toml --unique
	$(PY) -m satgrid solve instances/twenty-four-seven-2x2-2.toml --unique

test: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider

bench: $(STAMP)
	$(PY) -m pip install -q -e '.[test,bench]'
	$(PY) bench/run_all.py

atlas: $(STAMP)
	$(PY) -m pip install -q -e '.[test,plot]'
	$(PY) -m satgrid.atlas --out encodings --workers 2

# Debian's solver binaries for the external-solver tests (root on Debian only).
solvers:
	-apt-get update -qq && apt-get install -y -qq cadical minisat picosat cryptominisat >/dev/null

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
