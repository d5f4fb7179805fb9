# The two commands a new user runs: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.12 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run serve production secret-key test install lint browser-deps office-deps bench-deps demo clean bench \
  messages catalogues gettext-deps

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The translations (locale/fr, locale/nb; README, "Languages"): each catalogue (.po) compiled
# into the .mo file Django reads, when it is newer; the .mo files are not committed.
PO := $(wildcard locale/*/LC_MESSAGES/*.po)
MO := $(PO:.po=.mo)

catalogues: $(MO)

%.mo: %.po | gettext-deps
	msgfmt --check -o $@ $<

# GNU gettext (msgfmt, xgettext): compiles the catalogues and finds the message ids.
gettext-deps:
	@command -v msgfmt >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq gettext >/dev/null; \
	  else echo "GNU gettext is missing: run 'sudo apt-get install gettext' for the translations"; exit 1; fi; }

# The catalogues brought up to date with the code's message ids, French and Norwegian, the
# pages' and the scripts' (events/management/commands/makemessages.py says what it reads); then
# translate the new entries and `make catalogues`.
messages: install gettext-deps
	$(DEV) makemessages -l fr -l nb
	$(DEV) makemessages -d djangojs -l fr -l nb

DEV := env -u DATABASE_URL DJANGO_DEBUG=1 $(BIN)/python manage.py

# Serve the app on SQLite, with a demo club loaded (once: later runs keep it as it is), at
# http://127.0.0.1:8000, and run the background worker (double-dummy analysis) beside it until
# the server stops.
run: install catalogues
	$(DEV) migrate --no-input
	$(DEV) load_demo
	$(DEV) db_worker & worker=$$!; trap 'kill $$worker' EXIT INT TERM; $(DEV) runserver 127.0.0.1:8000

# Serve the demo as in production (gunicorn, WhiteNoise, debugging off) at http://127.0.0.1:8000.
serve: install secret-key
	$(SERVE_ENV) $(BIN)/python manage.py migrate --no-input
	$(SERVE_ENV) $(BIN)/python manage.py load_demo
	@$(MAKE) --no-print-directory production

# The production server on the database as it is, without the demo: migrate, collect the static
# files (hashed names, compressed), then gunicorn with the background worker beside it.
# GUNICORN_BIND (127.0.0.1:8000) and GUNICORN_WORKERS (two a core plus one) change where and how
# many; DATABASE_URL selects PostgreSQL. Plain HTTP, so DJANGO_SECURE=0 unless it is set: behind
# TLS set DJANGO_SECURE=1 (README, "Production").
SERVE_ENV = DJANGO_DEBUG=0 DJANGO_SECURE="$${DJANGO_SECURE:-0}"

production: install secret-key catalogues
	$(SERVE_ENV) $(BIN)/python manage.py migrate --no-input
	$(SERVE_ENV) $(BIN)/python manage.py collectstatic --no-input --verbosity 0
	$(SERVE_ENV) $(BIN)/python manage.py db_worker & worker=$$!; trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	  $(SERVE_ENV) $(BIN)/gunicorn --config gunicorn.conf.py clubscoring.wsgi

# Without DJANGO_SECRET_KEY, a key made once into .secret_key (git-ignored, readable by you only),
# where the settings read it (or DJANGO_SECRET_KEY_FILE).
secret-key:
	@key="$${DJANGO_SECRET_KEY_FILE:-.secret_key}"; \
	  test -n "$$DJANGO_SECRET_KEY" || test -s "$$key" || { umask 077; \
	  $(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))' > "$$key"; }

# ruff, and the import contracts of pyproject.toml: the layers run one way.
lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo

# Debian's Chromium drives the browser tests; Playwright never downloads a browser of its own.
browser-deps:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is missing: run 'sudo apt-get install chromium' for the browser tests"; fi; }

# LibreOffice opens the Excel workbooks in the tests (tests/events/test_libreoffice.py): Debian's
# Calc without a display.
office-deps:
	@test -x /usr/bin/soffice || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq libreoffice-calc-nogui >/dev/null; \
	  else echo "LibreOffice is missing: run 'sudo apt-get install libreoffice-calc-nogui' for the workbook tests"; fi; }

# The load benchmark's client: wrk, in C, so that the clients leave the cores to the server.
bench-deps:
	@command -v wrk >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq wrk >/dev/null; \
	  else echo "wrk is missing: run 'sudo apt-get install wrk' for the load benchmark"; fi; }

# Everything: lint, migrations up to date, the whole suite (browser tests included; the
# benchmarks too, each at a tiny size).
test: install lint gettext-deps catalogues browser-deps office-deps bench-deps
	DJANGO_DEBUG=1 $(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/pytest

# Every benchmark (benchmarks/README.md): one table, and benchmarks/results.json with the machine.
# On SQLite; on PostgreSQL too when DATABASE_URL names one.
bench: install bench-deps
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles test-artifacts .pytest_cache .ruff_cache .hypothesis \
	  .import_linter_cache
