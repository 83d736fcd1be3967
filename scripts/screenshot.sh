#!/usr/bin/env bash
# The README's screenshot, made from the real binary: builds parley, runs
# `parley --demo` in a private tmux server at 120x36, sends the demo's
# first example prompt, waits for the streamed Markdown answer to
# complete, captures the screen with its colours (capture-pane -e) and
# draws it as SVG (internal/ansisvg).
#
#   scripts/screenshot.sh              write docs/screenshot.svg
#   scripts/screenshot.sh FILE.svg     write FILE.svg instead (CI checks
#                                      the command runs without touching
#                                      the committed picture)
#
# Needs tmux; config, data and tmux server are private to the run and
# removed afterwards. Every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

out=${1:-docs/screenshot.svg}
GO=${GO:-go}
if ! command -v tmux >/dev/null 2>&1; then
	echo "screenshot: tmux is not installed; install it to make the screenshot" >&2
	exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/parley-shot.XXXXXX")
tm() { tmux -S "$work/tmux.sock" "$@"; }
cleanup() {
	tm kill-server >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

screen() { tm capture-pane -p -t shot 2>/dev/null || true; }
shows() { screen | grep -qF -- "$1"; }
wait_for() {
	local secs=${2:-30}
	if ! poll $((secs * 20)) shows "$1"; then
		echo "screenshot: waited ${secs}s for the screen to show: $1" >&2
		screen >&2
		exit 1
	fi
}

$GO build -o "$work/parley" .
$GO build -o "$work/ansisvg" ./internal/ansisvg/cmd/ansisvg

# True colour, as a modern terminal has it: the picture shows the
# theme's own colours.
tm new-session -d -s shot -x 120 -y 36 \
	"env TERM=xterm-256color COLORTERM=truecolor XDG_CONFIG_HOME='$work/config' XDG_DATA_HOME='$work/data' XDG_STATE_HOME='$work/state' XDG_CACHE_HOME='$work/cache' HOME='$work/home' '$work/parley' --demo"
wait_for "● ▸parley demo"
wait_for "╭─ Tasks"
tm send-keys -t shot C-x
wait_for "> Write some markdown"
tm send-keys -t shot Enter
wait_for "✓ completed    Write some" 60
# The status line of the send fades; the screen is taken once it has.
sleep 1
tm capture-pane -e -p -t shot >"$work/screen.ansi"
"$work/ansisvg" -title "parley --demo" <"$work/screen.ansi" >"$work/screen.svg"
grep -qF "Agents" "$work/screen.svg" || { echo "screenshot: the picture does not show the Agents pane" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
mv "$work/screen.svg" "$out"
echo "screenshot: wrote $out"
