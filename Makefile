# Two commands matter: `make run` (the main job) and `make test` (the whole suite).
# Both build a local virtual environment in .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test check lint typecheck unit fast bench clean system-deps

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
	$(BIN)/pytest -n 2 --durations=15

# The fast tier: lint, types and the tests that need neither a browser nor a server's database
# (tests/load starts servers on SQLite files and PostgreSQL: the whole suite runs it).
check: lint typecheck fast

fast: $(STAMP)
	$(BIN)/pytest -n 2 -m "not slow" --ignore=tests/web --ignore=tests/server \
		--ignore=tests/load --ignore=tests/compute/test_ray.py --durations=15

bench: $(STAMP)
	$(BIN)/monolith bench monolyth

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
