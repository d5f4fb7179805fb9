# The two commands a new user runs: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.12 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install lint browser-deps demo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

DEV := env -u DATABASE_URL DJANGO_DEBUG=1 $(BIN)/python manage.py

# Serve the app on SQLite, with a demo club loaded, at http://127.0.0.1:8000, and run the
# background worker (double-dummy analysis) beside it until the server stops.
run: install
	$(DEV) migrate --no-input
	$(DEV) load_demo
	$(DEV) db_worker & worker=$$!; trap 'kill $$worker' EXIT INT TERM; $(DEV) runserver 127.0.0.1:8000

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Debian's Chromium drives the browser tests; Playwright never downloads a browser of its own.
browser-deps:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is missing: run 'sudo apt-get install chromium' for the browser tests"; fi; }

# Everything: lint, migrations up to date, the whole suite (browser tests included).
test: install lint browser-deps
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest

clean:
	rm -rf $(VENV) db.sqlite3 test-artifacts .pytest_cache .ruff_cache .hypothesis
