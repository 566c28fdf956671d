# Everything a fresh Debian machine with Python 3.11+ and Node 20+ needs: `make run`, `make test`.
# Each step is guarded by a stamp under .stamps/, so a second run with nothing changed is quiet.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMPS := .stamps
NPM := npm --no-audit --no-fund --loglevel=error
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CLIENT_SOURCES := $(shell find client/src client/public client/scripts -type f 2>/dev/null) \
	$(wildcard client/index.html client/vite.config.ts client/tsconfig*.json)

.PHONY: help install run build test test-fast test-fast-python test-fast-client checks lint lint-client typecheck test-python test-client size docs rules api-types clean

help:
	@echo "make run   - install, build the client, start the site at http://127.0.0.1:8000 (demo mode, SQLite under var/)"
	@echo "make test  - install what tests need and run every test (lint, types, Python, client, browser)"
	@echo "make test-fast - the core, the SQLite adapters and Vitest: the inner loop (not yet under a minute on 2 cores: docs/testing.md)"
	@echo "make docs  - build the docs site (docs/, MkDocs Material) with --strict into site/"

$(STAMPS):
	@mkdir -p $(STAMPS)

$(STAMPS)/venv: pyproject.toml | $(STAMPS)
	@[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --disable-pip-version-check --upgrade pip
	@$(BIN)/python -m pip install -q --disable-pip-version-check -e '.[server,dev]'
	@touch $@

$(STAMPS)/client-deps: client/package.json client/package-lock.json | $(STAMPS)
	@cd client && $(NPM) ci
	@touch $@

$(STAMPS)/tools-deps: tools/package.json tools/package-lock.json | $(STAMPS)
	@cd tools && $(NPM) ci
	@touch $@

# The Cloud Storage emulator of the storage tests (gcp-storage-emulator, in the dev extra; docs/operations.md):
# checked in the venv, installed there if a venv made before it lacks it.
$(STAMPS)/storage-emulator: $(STAMPS)/venv | $(STAMPS)
	@$(BIN)/python -c 'import gcp_storage_emulator' 2>/dev/null || \
		$(BIN)/python -m pip install -q --disable-pip-version-check 'gcp-storage-emulator>=2024.8,<2027'
	@touch $@

# Swagger UI's files for the API reference at /schema (development only; docs/api.md, "API reference").
$(STAMPS)/api-docs-deps: tools/api-docs/package.json tools/api-docs/package-lock.json | $(STAMPS)
	@cd tools/api-docs && $(NPM) ci --ignore-scripts
	@touch $@

$(STAMPS)/chromium: | $(STAMPS)
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium >/dev/null; }
	@touch $@

install: $(STAMPS)/venv $(STAMPS)/client-deps $(STAMPS)/api-docs-deps

client/dist/index.html: $(STAMPS)/client-deps $(CLIENT_SOURCES)
	@cd client && $(NPM) run build --silent
	@touch $@

build: client/dist/index.html

rules: $(STAMPS)/venv
	@$(BIN)/python -m agency_core.rules_export > client/src/generated/rules.json
	@$(BIN)/python -m agency_core.rules_export admin > client/src/generated/admin-rules.json
	@$(BIN)/python -m agency_core.rules_export forms > client/src/generated/form-rules.json
	@$(BIN)/python -m agency_core.rules_export phone-regions > client/src/generated/phone-regions.json

# The client's API types, from the app's OpenAPI document (tests/api/test_api_types.py fails when stale).
api-types: $(STAMPS)/venv $(STAMPS)/client-deps
	@doc=$$(mktemp --suffix=.json) && trap 'rm -f "$$doc"' EXIT && \
	$(BIN)/python -m app.openapi_document "$$doc" && \
	client/node_modules/.bin/openapi-typescript "$$doc" -o client/src/generated/api.ts

run: install build
	@AGENCY_DEMO=$${AGENCY_DEMO:-1} $(BIN)/agency serve

lint: $(STAMPS)/venv
	@$(BIN)/ruff check src tests bench
	@$(BIN)/ruff format --check --quiet src tests bench
	@$(BIN)/lint-imports --no-cache > /dev/null

typecheck: $(STAMPS)/venv
	@$(BIN)/mypy

# ESLint (types, hooks, import boundaries) with no warning allowed, and Prettier's check.
lint-client: $(STAMPS)/client-deps
	@cd client && $(NPM) run lint --silent && $(NPM) run format:check --silent > /dev/null

test-client: $(STAMPS)/client-deps
	@cd client && $(NPM) run typecheck --silent && $(NPM) run test --silent

size: build
	@cd client && $(NPM) run size --silent

# The docs site from docs/ (mkdocs.yml): a dead link, an anchor that is not there or a page left out
# of the nav fails the build (--strict). tests/test_docs.py checks the repository paths the pages name.
docs: $(STAMPS)/venv
	@NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

# The Python suites run in parallel on pytest-xdist workers (PYTEST_WORKERS=1 runs them
# in one process). Every worker starts its own emulators, app processes and data directories on free
# ports; browser tests sort last in each worker (tests/conftest.py).
# Four on a 2-core machine: a worker spends much of its time waiting on its browser, emulators and app
# processes, so two workers left the cores 40 % idle (docs/performance/2026-11-24-test-workers.md has the measurements). A fixed
# number, not "auto": a container may report the host's cores while it is given two.
PYTEST_WORKERS ?= 4

TEST_DEPS := $(STAMPS)/venv $(STAMPS)/client-deps $(STAMPS)/tools-deps $(STAMPS)/storage-emulator \
	$(STAMPS)/api-docs-deps $(STAMPS)/chromium

# --durations: the run ends with its 40 slowest steps, so every CI log says where the time went.
# Not --dist worksteal: a worker that stole from another's queue ran async tests after its own browser
# tests, whose Playwright loop was still running (tests/conftest.py sorts browser tests last).
test-python: $(TEST_DEPS) build
	@$(BIN)/pytest -q -n $(PYTEST_WORKERS) --max-worker-restart=4 --durations=40 tests

# The gates and the client's tests, one after another; their output is printed as one block when
# they end (beside pytest's progress, which stays live).
checks: $(TEST_DEPS) build
	@log=$(STAMPS)/checks.log; status=0; \
	(for check in lint lint-client typecheck test-client size docs; do $(MAKE) $$check || exit; done) > $$log 2>&1 \
		|| status=$$?; echo; cat $$log; exit $$status

# The installs and the build run side by side (each writes its own folder), then the Python suites
# (the long pole) run beside the checks: on two cores the suites alone leave over a quarter of the CPU
# idle, even on four workers (emulators, browsers and app processes waiting on each other). A failure
# in either lane fails the run once both are done.
test:
	@$(MAKE) -j4 $(TEST_DEPS) build
	@$(MAKE) -j2 test-python checks

# The inner loop: the core's tests, the adapters' contract suites on SQLite (no emulator, no fresh
# virtual environment) and Vitest, side by side.
test-fast: $(STAMPS)/venv $(STAMPS)/client-deps
	@$(MAKE) -j2 test-fast-python test-fast-client

# The fast loop's property tests run 25 examples where they set no count of their own (the `fast`
# profile, tests/conftest.py); `make test` keeps hypothesis's 100.
test-fast-python: $(STAMPS)/venv
	@$(BIN)/pytest -q -m 'not emulator and not slow' --hypothesis-profile=fast tests/core tests/adapters

test-fast-client: $(STAMPS)/client-deps
	@cd client && $(NPM) run test --silent

clean:
	rm -rf $(STAMPS) $(VENV) site client/node_modules client/dist tools/node_modules tools/api-docs/node_modules
