# Two commands matter: `make run` (the main job) and `make test` (the whole suite).
# Both build a local virtual environment in .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench clean system-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,rl]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/monolith serve

test: system-deps lint typecheck unit

system-deps:
	bash scripts/system-deps.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/monolith bench monolyth

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
