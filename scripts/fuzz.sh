#!/bin/sh
# Runs every Go fuzz target in the module, one after another, each for
# FUZZTIME (default 30s). New failures are written by go test under the
# package's testdata/fuzz/<Target>/; commit them with the fix.
#
#   scripts/fuzz.sh                 every target, 30s each
#   FUZZTIME=5m scripts/fuzz.sh     longer
#   scripts/fuzz.sh ./a2aclient/    the targets of some packages only
set -eu
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-30s}
[ $# -gt 0 ] || set -- ./...
failed=0
for pkg in $("$GO" list "$@"); do
	targets=$("$GO" test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true)
	for target in $targets; do
		echo "fuzz: $pkg $target for $FUZZTIME"
		if ! "$GO" test -run '^$' -fuzz "^$target\$" -fuzztime "$FUZZTIME" "$pkg"; then
			failed=1
		fi
	done
done
exit $failed
