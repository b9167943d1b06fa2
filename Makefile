# Mtaani: `make run` runs the product, `make test` runs every test. See README.md.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8080
DATA_DIR ?= ./data
export PORT DATA_DIR
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

CARGO ?= cargo
WEB_DEPS := web/node_modules/.package-lock.json

.PHONY: help run build web release debug test lint checks test-rust test-web test-deploy e2e faults schemathesis tls backup bench clean

help:
	@echo "make run    build everything and run Mtaani on http://127.0.0.1:$(PORT) (PORT, DATA_DIR override)"
	@echo "make test   formatting, lints, Rust tests (SQLite and PostgreSQL), web unit tests, browser tests"
	@echo "make build  build the web app and the release binaries"
	@echo "make bench  benchmarks: API, gRPC hop, search, pages, bytes, memory -> docs/BENCHMARKS.md (~15 min)"
	@echo "make clean  remove build output (keeps $(DATA_DIR))"

# The web app's dependencies, installed again only when the lock file changes.
$(WEB_DEPS): web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

# The web app's build, made again only when one of its inputs changed: every test step needs it.
WEB_INPUTS = $(shell find web/src web/public web/scripts -type f) $(wildcard web/*.html web/*.json web/*.ts) \
	$(wildcard proto/cases/*.json proto/catalog/v1/*.json proto/accounts/v1/*.json proto/i18n/*.json) docs/openapi.json
WEB_BUILT := target/.web-built

$(WEB_BUILT): $(WEB_DEPS) $(WEB_INPUTS)
	cd web && npm run build
	@mkdir -p $(@D) && touch $@

web: $(WEB_BUILT)

release:
	$(CARGO) build --release --workspace --bins

# The debug binaries the test scripts start and every Rust test, examples and benches included, in
# one compile that is also the Rust lint: clippy-driver compiles our own crates as rustc does and
# lints them on the way (-D warnings), so no second pass of `cargo clippy` checks the workspace
# again. `make test-rust` runs under the same wrapper and so finds everything built.
LINTED = RUSTC_WORKSPACE_WRAPPER="$$(rustc --print sysroot)/bin/clippy-driver" \
	CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
debug:
	$(LINTED) $(CARGO) build --workspace --locked --bins --tests --examples
	$(LINTED) $(CARGO) test --workspace --locked --benches --no-run

build: web release

# One process hosting the gateway and the four services (see README "Architecture").
# Ctrl-C or SIGTERM stops it gracefully; data stays in $(DATA_DIR).
run: build
	exec ./target/release/mtaani

# Formatting, module circles, commit messages, and the web app's types and lints: the checks that
# need no compile. `make lint` adds clippy's, which come with the build of `make debug`.
checks: $(WEB_DEPS)
	$(CARGO) fmt --all --check
	python3 deploy/local/module-circles.py
	deploy/local/commit-message.sh --since
	cd web && npm run typecheck && npm run lint && npm run api-types:check

lint: checks debug

# The Rust tests, with an S3 API server on loopback for the photo-bucket test.
test-rust: web debug
	read -r s3_pid s3_url < <(deploy/local/s3-test-server.sh 19000); \
	trap 'kill $$s3_pid' EXIT; \
	MTAANI_TEST_S3_ENDPOINT=$$s3_url $(LINTED) $(CARGO) test --workspace --locked

# Web unit tests, then the first-load byte budgets of the built app (web/scripts/check-budgets.mjs).
test-web: web
	cd web && npm test && npm run budgets

# Container images, nginx and Kubernetes manifests, validated offline (deploy/README.md).
test-deploy:
	deploy/validate.sh

e2e: web debug
	deploy/local/e2e.sh target/debug

# Kill -9, PostgreSQL restart, SIGTERM and rolling-restart tests, services as separate processes
# against a PostgreSQL of their own (deploy/local/faults.sh).
faults: debug web
	deploy/local/faults.sh target/debug

# Property-based API tests from /api/openapi.json against the all-in-one binary (schemathesis, PyPI).
schemathesis: debug
	deploy/local/schemathesis.sh target/debug

# TLS to PostgreSQL, Redis and SMTP: refusals at start-up and the product end to end over TLS
# (deploy/local/tls.sh).
tls: debug
	deploy/local/tls.sh target/debug

# Backup and restore of every kind of record, proved on a PostgreSQL cluster of its own
# (deploy/local/backup-restore.sh).
backup: debug
	deploy/local/backup-restore.sh target/debug

# Every test, one step after another; the time of each is printed at the end (deploy/local/steps.sh).
# Steps joined by + run side by side (deploy/local/steps.sh): the compile beside the web app's
# tests, the browser tests beside the Rust tests. Minutes per step: README, "Two commands".
TEST_STEPS := checks debug+test-web+test-deploy e2e+test-rust schemathesis+tls+backup faults
test:
	deploy/local/steps.sh $(MAKE) $(TEST_STEPS)

# Benchmarks: release build, generated 10k/100k catalogs, wrk and Lighthouse; writes
# docs/BENCHMARKS.md. Not part of `make test`.
bench: $(WEB_DEPS)
	deploy/local/bench.sh
	deploy/local/faults.sh target/release --long

clean:
	$(CARGO) clean
	rm -rf web/dist web/dist-server
