#!/usr/bin/env bash
# make bench: every figure of docs/performance.md, from a fresh clone.
# Builds parley, serves the loopback agent, measures `parley send --json`
# against curl, the TUI in a pty, start-up and a long context, runs the
# Go benchmarks, and prints the table against the targets of issue 7.
# Arguments go to the harness, e.g. scripts/bench.sh -only tui -runs 3
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v curl >/dev/null; then
	# curl reading the stream is the floor of the ingest figures.
	if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
		echo "bench: installing curl (the floor of the ingest figures)" >&2
		apt-get install -y -qq curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
	else
		echo "bench: curl is needed (the floor of the ingest figures); install it and run again" >&2
		exit 1
	fi
fi

exec go run ./bench/cmd/parley-bench "$@"
