# parley: `make run` builds and starts the scripted demo, `make test` runs
# every test. Nothing else needs installing besides Go.

GO ?= go
BIN := parley

.PHONY: run build man screenshot cross release-check test lint unit e2e redteam interop bench fuzz soak clean

run: build
	./$(BIN) --demo

# -buildvcs=auto: --version names the commit even where GOFLAGS turns
# stamping off.
build:
	$(GO) build -buildvcs=auto -o $(BIN) .

# parley(1), generated from the command tree (parley man): read it with
# man -l parley.1.
man: build
	./$(BIN) man > parley.1

# The README's screenshot, made from the real binary: parley --demo in
# tmux at 120x36, the demo's Markdown answer streamed, the screen
# captured with its colours and drawn as SVG (scripts/screenshot.sh,
# internal/ansisvg). Needs tmux. CI writes it elsewhere to check that
# it still runs: make screenshot SCREENSHOT=.tmp/screenshot.svg
SCREENSHOT ?= docs/screenshot.svg
screenshot:
	GO=$(GO) scripts/screenshot.sh $(SCREENSHOT)

# The release matrix of .goreleaser.yaml, cross-compiled without
# archives: linux, darwin and windows on amd64 and arm64.
PLATFORMS := linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
cross:
	@set -e; for p in $(PLATFORMS); do \
		echo "cross: $$p"; \
		CGO_ENABLED=0 GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) build -trimpath -o /dev/null . ; \
	done

# .goreleaser.yaml checked by goreleaser itself, installed from the Go
# module proxy at the version known to build with this Go (.ci/run).
GORELEASER_VERSION ?= v2.15.1
release-check:
	GOBIN=$(CURDIR)/.tmp/bin $(GO) install github.com/goreleaser/goreleaser/v2@$(GORELEASER_VERSION)
	.tmp/bin/goreleaser check

# staticcheck, go vet, every test with the race detector, then the real
# binary in tmux and against misbehaving agents; keep it under 10 minutes
# on 2 cores.
test: lint unit e2e redteam

# gofmt, then staticcheck's default checks over the whole tree, so the
# tree stays clean of what they find (unused code, dead assignments,
# misused APIs).
# Installed from the Go module proxy at a version that builds with this
# Go (v0.8.2 is staticcheck 2026.2.2), like goreleaser; a tool that
# cannot be fetched is said and skipped, a finding fails the target.
STATICCHECK_VERSION ?= v0.8.2
lint:
	@unformatted=$$(gofmt -l $$(git ls-files --cached --others --exclude-standard '*.go' 2>/dev/null || find . -name '*.go' -not -path './.tmp/*')); \
	if [ -n "$$unformatted" ]; then echo "make lint: not gofmt-formatted (run gofmt -w on them):" >&2; echo "$$unformatted" >&2; exit 1; fi
	@if GOBIN=$(CURDIR)/.tmp/bin $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION); then \
		echo ".tmp/bin/staticcheck ./..."; .tmp/bin/staticcheck ./...; \
	else \
		echo "make lint: staticcheck $(STATICCHECK_VERSION) could not be built from the module proxy; the tree was not linted" >&2; \
	fi

unit:
	$(GO) vet ./...
	$(GO) test -race -timeout 9m ./...

# parley in tmux at 120x36 and 80x24, driven by keys against the demo
# agent; skipped with a message when tmux is not installed.
e2e:
	scripts/tmux-e2e.sh

# The real binary against misbehaving agents on two loopback origins:
# credentials never reach an origin the user did not trust, and the agent
# named is the agent talked to. One shell function per case.
redteam:
	GO=$(GO) scripts/redteam.sh

# parley against real A2A servers people run, installed from npm at the
# versions pinned in interop/node/package-lock.json: Google's gemini-cli
# A2A server, a VoltAgent agent and a Mastra agent, each on loopback with
# a fake model (internal/fakemodel on loopback, or the AI SDK's mock in
# the process); and a Google ADK for Go agent (interop/adk, its own
# module, built from the module proxy's pinned versions). Needs node 20+
# and npm; the modules take about 900 MB in interop/node/node_modules
# (git-ignored). Install scripts are not run: the servers need none.
interop:
	cd interop/node && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	PARLEY_INTEROP_NODE=1 $(GO) test -race -count=1 -timeout 15m ./interop/realservers/

# The figures of docs/performance.md against the targets of issue 7: the
# real binary (parley send --json against curl, the TUI in a pty), the Go
# benchmarks of ingest, rendering and the store, as one table. A few
# minutes; `scripts/bench.sh -only tui` runs one part.
bench:
	scripts/bench.sh

# Every Go benchmark of every package, nothing else.
bench-go:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Every fuzz target in turn, FUZZTIME each (default 30s):
#   make fuzz FUZZTIME=5m
# `make test` already runs each target's committed seeds (testdata/fuzz/).
FUZZTIME ?= 30s
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) scripts/fuzz.sh

# Rounds of 200 tasks streaming at once across five agents (one per
# dialect) into the context store, for SOAKTIME (default 2m), checking
# that every answer is stored whole and memory does not grow; then
# `parley send --json` killed with SIGKILL at random moments for
# SOAKTIME, checking after each kill that the store holds at least what
# was printed. Loopback only. `make test` runs one round of 50 and 12
# kills.
SOAKTIME ?= 2m
soak:
	$(GO) test -race -run TestSoak -timeout 30m -v ./session/ -args -soak -soaktime=$(SOAKTIME)
	$(GO) test -race -run TestCrashPrintedIsStored -timeout 30m -v ./cli/ -args -crashtime=$(SOAKTIME)

clean:
	rm -f $(BIN) parley.1
	$(GO) clean -testcache
