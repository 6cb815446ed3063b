# Wayfinder's commands. `make run` and `make test` are the two a newcomer needs (see README.md).
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
# The commit and its time, so `wayfinder version` and wayfinder_build_info name what runs.
REVISION ?= $(shell git rev-parse HEAD 2>/dev/null)
BUILD_TIME ?= $(shell git show -s --format=%cI HEAD 2>/dev/null)
BIN := bin/wayfinder
GO_LDFLAGS := -s -w -X main.version=$(VERSION) -X main.buildRevision=$(REVISION) -X main.buildTime=$(BUILD_TIME)

# The store's contract tests and the browser tests also run on PostgreSQL when this is set;
# developers' and CI machines have one on 127.0.0.1:5432 with trust auth.
WAYFINDER_TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
export WAYFINDER_TEST_DATABASE_URL

.PHONY: run build web-deps web go-build test go-test web-test e2e lint bench clean

## run: build everything and start the app on the embedded defaults (SQLite in ./data, the
## embedded identity provider, demo accounts whose credentials it prints, payments in test mode)
run: build
	./$(BIN) serve --demo --payment-enabled

## build: the web app, then the single binary with the app embedded
build: web go-build

web-deps: web/node_modules/.package-lock.json
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

web: web-deps
	cd web && npm run build

go-build:
	CGO_ENABLED=0 go build -tags embed -trimpath -ldflags '$(GO_LDFLAGS)' -o $(BIN) ./cmd/wayfinder

## test: every test: Go (with the race detector), the app's unit tests, and the browser tests
test: go-test web-test e2e

go-test:
	go test -race -count=1 ./...

web-test: web-deps
	cd web && npm test

e2e: build
	cd web && npx playwright test

## lint: go vet, gofmt, the TypeScript compiler and eslint
lint: web-deps
	go vet ./...
	@test -z "$$(gofmt -l cmd internal web/*.go)" || { gofmt -l cmd internal web/*.go; echo "gofmt: the files above need formatting"; exit 1; }
	cd web && npm run lint

## bench: the performance figures of ARCHITECTURE.md section 6
bench: build
	node web/scripts/bench.mjs $(BIN)
	npm ci --prefix tools/lighthouse --no-audit --no-fund
	node tools/lighthouse/lighthouse.mjs $(BIN)
	go run ./tools/surveyload --binary $(BIN)
	go run ./tools/surveyload --binary $(BIN) --postgres '$(WAYFINDER_TEST_DATABASE_URL)'

clean:
	rm -rf bin web/dist
