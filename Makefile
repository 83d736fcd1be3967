# parley: `make run` builds and starts the scripted demo, `make test` runs
# every test. Nothing else needs installing besides Go.

GO ?= go
BIN := parley

.PHONY: run build test bench fuzz clean

run: build
	./$(BIN) --demo

build:
	$(GO) build -o $(BIN) .

# go vet plus every test with the race detector; keep it under 10 minutes
# on 2 cores.
test:
	$(GO) vet ./...
	$(GO) test -race -timeout 9m ./...

# Benchmarks only (no tests).
bench:
	$(GO) test -run '^$$' -bench . ./...

# Fuzzing runs one target at a time, e.g.
#   go test -run '^$$' -fuzz FuzzParse -fuzztime 30s ./config/
fuzz:
	@echo "Run one fuzz target at a time, e.g.: $(GO) test -run '^\$$' -fuzz FuzzParse -fuzztime 30s ./config/"

clean:
	rm -f $(BIN)
	$(GO) clean -testcache
