#!/usr/bin/env bash
# Size never turns into time or memory out of proportion (issue 12): the
# real binary on a stream of N distinct one-character artifacts (CPU and
# wall time of parley send), then the N-item context it recorded shown
# and exported, with the peak RSS of each (wanted: under 64 MB).
#   scripts/size-check.sh [N]     (default 50000)
# Everything runs in private XDG folders, against a loopback agent.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-50000}
command -v /usr/bin/time >/dev/null || { echo "size-check: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
tmp=$(mktemp -d)
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
go build -o "$tmp/parley" .
go build -o "$tmp/parley-bench" ./bench/cmd/parley-bench
"$tmp/parley-bench" serve -chunks "$n" -size 1 -distinct >"$tmp/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 50); do grep -q 'http://127.0.0.1' "$tmp/serve.log" && break; sleep 0.2; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$tmp/serve.log" | head -1)
measure() { # label, command…
	local label=$1; shift
	/usr/bin/time -f "%e %U %M" -o "$tmp/t" "$@" >"$tmp/out" 2>/dev/null
	read -r wall user rss <"$tmp/t"
	printf '%-34s %7.2f s wall %7.2f s user %6d MB peak RSS %9d bytes out\n' "$label" "$wall" "$user" $((rss / 1024)) "$(wc -c <"$tmp/out")"
}
echo "$n distinct one-character artifacts from $url (load: $(cut -d' ' -f1-3 /proc/loadavg))"
measure "parley send (text)" "$tmp/parley" send "$url" go
measure "parley send --json" "$tmp/parley" send --json "$url" go
measure "parley contexts show" "$tmp/parley" contexts show 1
measure "parley contexts show --json" "$tmp/parley" contexts show 1 --json
measure "parley contexts export (md)" "$tmp/parley" contexts export 1
measure "parley contexts export --format json" "$tmp/parley" contexts export 1 --format json
