#!/usr/bin/env bash
# End-to-end check of the real parley binary in a real terminal: builds
# parley, runs it in tmux (120x36, then 80x24) against the demo agent,
# drives it with keys as a person would and reads the screen back with
# capture-pane. Every wait is bounded; a failure prints the screen.
#
#   scripts/tmux-e2e.sh                     run every flow
#   E2E_CAPTURE=FILE scripts/tmux-e2e.sh    also save the 120x36 screen
#                                           after a streamed answer
#   E2E_ONLY=wire_flows scripts/tmux-e2e.sh run one of the *_flows
#                                           functions alone
#
# Skips (exit 0) when tmux is not installed. Config, data and tmux server
# are private to the run and removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

if ! command -v tmux >/dev/null 2>&1; then
	echo "tmux-e2e: tmux is not installed; skipping the terminal end-to-end test"
	exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/parley-e2e.XXXXXX")
agent_pid=""
slow_pid="" # the slow demo agent of resume_flows
scenario="setup"

# A private tmux server: its socket lives in the work directory, so the
# run never sees or touches anyone's own tmux sessions.
tm() { tmux -S "$work/tmux.sock" "$@"; }

cleanup() {
	tm kill-server >/dev/null 2>&1 || true
	stop_pids "$slow_pid" "$agent_pid"
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

screen() { tm capture-pane -p -t e2e 2>/dev/null || true; }

fail() {
	echo "tmux-e2e: FAIL in \"$scenario\": $*" >&2
	echo "----- screen -----" >&2
	screen >&2
	echo "------------------" >&2
	exit 1
}

# shows TEXT: the screen shows TEXT now; hides TEXT: it does not.
shows() { screen | grep -qF -- "$1"; }
hides() { ! shows "$1"; }

# wait_for TEXT [SECONDS]: poll the screen until it shows TEXT.
wait_for() {
	local secs=${2:-20}
	poll $((secs * 20)) shows "$1" || fail "waited ${secs}s for the screen to show: $1"
}

# wait_gone TEXT [SECONDS]: poll until the screen no longer shows TEXT.
wait_gone() {
	local secs=${2:-20}
	poll $((secs * 20)) hides "$1" || fail "waited ${secs}s for this to leave the screen: $1"
}

# refute TEXT: the screen must not show TEXT now.
refute() {
	if shows "$1"; then
		fail "the screen shows what it must not: $1"
	fi
}

# served_url FILE: the URL a demo agent whose output is in FILE says it
# serves at ("" before it does); serving FILE: it has said so.
served_url() { sed -n 's/^parley demo agent serving at \(http[^ ]*\).*/\1/p' "$1"; }
serving() { [ -n "$(served_url "$1")" ]; }

keys() { tm send-keys -t e2e "$@"; }
type_text() { tm send-keys -t e2e -l -- "$1"; }

# start W H [VAR=value...] ARGS...: open parley in a fresh tmux session of
# W x H cells, with the environment variables given.
start() {
	local w=$1 h=$2 vars=""
	shift 2
	while [ $# -gt 0 ] && [[ $1 == *=* ]]; do
		vars="$vars $1"
		shift
	done
	tm kill-session -t e2e >/dev/null 2>&1 || true
	rm -f "$work/exit"
	tm new-session -d -s e2e -x "$w" -y "$h" \
		"env XDG_CONFIG_HOME='$work/config' XDG_DATA_HOME='$work/data' XDG_STATE_HOME='$work/state' XDG_CACHE_HOME='$work/cache' HOME='$work/home'$vars '$work/parley' $*; echo \$? >'$work/exit'"
	tm set-option -t e2e remain-on-exit on >/dev/null
}

# quit: ctrl+c must end parley with status 0. The pane's shell writes
# the status to a file (tmux's own #{pane_dead_status} sometimes stays
# empty after a quick exit).
quit() {
	keys C-c
	poll 400 test -s "$work/exit" || fail "parley was still running 20s after ctrl+c"
	[ "$(cat "$work/exit")" = 0 ] || fail "ctrl+c ended parley with status $(cat "$work/exit"), want 0"
}

# ---- compare mode (issue 28): the demo's two agents side by side ----------
# count_of TEXT: how many times the screen shows TEXT (two columns put it
# twice on one line).
count_of() { screen | grep -oF -- "$1" | wc -l; }
# shows_times TEXT N: the screen shows TEXT at least N times.
shows_times() { [ "$(count_of "$1")" -ge "$2" ]; }
wait_times() {
	poll 600 shows_times "$1" "$2" || fail "waited 30s for the screen to show $2 times: $1"
}

compare_flows() {
	scenario="compare: both demo agents marked in the agents pane"
	start 120 36 --demo
	wait_for "Welcome to parley" 30
	wait_for "●  parley demo gRPC  v1.0  ⇶ ✓"
	keys Tab Tab # composer → chat → agents
	wait_for "enter use agent"
	keys m
	wait_for "(1 marked)"
	keys Down m
	wait_for "(2 marked)"
	wait_for "◆parley demo gRPC"

	scenario="compare: one message, both columns answer with their timings"
	keys c
	wait_for "message all 2: parley demo, parley demo gRPC"
	wait_for "esc leave compare"
	type_text "Hello"
	keys Enter
	wait_times "Thanks for trying parley!" 2
	wait_times "✓ completed" 2
	wait_times "first token" 2
	wait_times "done in" 2

	scenario="compare: esc leaves, and the marks go with it"
	keys Escape
	wait_for "╭─ Agents"
	wait_gone "message all 2"
	wait_gone "◆parley demo gRPC"
	quit

	scenario="compare: after a restart, ctrl+o reopens the set as columns"
	start 120 36 --demo
	wait_for "●  parley demo gRPC  v1.0  ⇶ ✓" 30
	keys C-o
	wait_for "╭─ Contexts"
	keys C-t # every agent's: the set's newest member is the first row
	wait_times "◆ set " 2
	keys Enter
	wait_for "Reopened compare set"
	# The agents' labels name their ports when the demo could not have
	# 4141 (taken by another parley) and so serves elsewhere each start.
	wait_for "message all 2: parley demo"
	wait_for "parley demo gRPC"
	wait_times "done in" 2
	quit
}

# ---- stored conversations (issue 4): kept in its own function ------------
# Everything the runs above said is in the store: the contexts view lists
# it, filters it, searches every message and reopens a conversation with
# its transcript; the command line lists, searches and exports the same.
# Run alone (E2E_ONLY=contexts_flows) the store is empty, so
# contexts_seed makes the same conversations first.
contexts_flows() {
	local out

	if [ "${E2E_ONLY:-}" = contexts_flows ]; then
		contexts_seed
	fi

	scenario="contexts on the command line"
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" "$work/parley" contexts 2>&1) ||
		fail "parley contexts failed: $out"
	# The first run's turns are one conversation, titled by its first message.
	grep -qF "Write some markdown" <<<"$out" || fail "parley contexts does not list the first conversation: $out"
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" "$work/parley" contexts search Berlin 2>&1) ||
		fail "parley contexts search failed: $out"
	grep -qF "Berlin" <<<"$out" || fail "searching for Berlin found nothing: $out"
	if grep -qF "s3cr3t-e2e" "$work/data/parley/"* 2>/dev/null; then
		fail "a typed secret reached the context store"
	fi

	scenario="contexts view: list, filter, search, reopen"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	keys C-o
	wait_for "Contexts ·"
	keys C-t # every agent's conversations
	wait_for "Write some markdown"
	wait_for "ping again"
	type_text "Write"
	wait_for "filter: Write"
	wait_gone "ping again"
	keys C-s # search every message instead
	wait_for "Search ·"
	keys C-u
	type_text "Berlin"
	wait_for "From Berlin on the 10th"
	keys Enter
	wait_for "Opened"
	wait_gone "Contexts ·"
	wait_for "Your flight is booked."
	wait_for "From Berlin on the 10th"

	scenario="export from the contexts view says so at once"
	keys C-o
	wait_for "Contexts ·"
	keys C-x # said below the view, not once it closes
	wait_for "Saved ~/Downloads/parley-"
	wait_for "Contexts ·"
	keys Escape
	wait_gone "Contexts ·"

	scenario="quit after reopening"
	quit
}

# contexts_seed: the conversations contexts_flows reads, made with
# headless sends to the demo agent: one titled "Write some markdown", the
# flight booked from Berlin (an input-required task answered with
# --context), and "ping again". Only for a run of contexts_flows alone:
# in the whole run the TUI flows above made them, and contexts_flows
# checks that they were recorded, which seeding would hide.
contexts_seed() {
	local out id
	scenario="contexts run alone: conversations to list"
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" \
		"$work/parley" send "$agent_url" "Write some markdown" 2>&1) || fail "the markdown send failed: $out"
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" \
		"$work/parley" send --json "$agent_url" "Book a flight to Lisbon" 2>/dev/null) || true
	id=$(grep -F '"state":"input-required"' <<<"$out" | grep -oE '"storeId":[0-9]+' | grep -oE '[0-9]+$' || true)
	[ -n "$id" ] || fail "booking a flight did not ask where from: $out"
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" \
		"$work/parley" send --context "$id" "From Berlin on the 10th" 2>&1) || fail "answering the booking failed: $out"
	grep -qF "Your flight is booked." <<<"$out" || fail "the answer did not book the flight: $out"
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" \
		"$work/parley" send "$agent_url" "ping again" 2>&1) || fail "the ping failed: $out"
}

# ---- resume is live (issue 12): kept in its own function -----------------
# A `parley send` killed with SIGKILL mid-stream leaves its task working in
# the store. `parley --context ID` resumes it and shows it live: the
# spinner, the rest of the streamed answer, and the task's end.
resume_flows() {
	local slow_url out id i

	scenario="a send killed mid-stream"
	"$work/parley" demo-agent --addr 127.0.0.1:0 --chunk-delay 150ms >"$work/slow.out" 2>&1 &
	slow_pid=$!
	poll 200 serving "$work/slow.out" || true
	slow_url=$(served_url "$work/slow.out")
	[ -n "$slow_url" ] || fail "the slow demo agent did not start: $(cat "$work/slow.out")"
	: >"$work/killed.jsonl" # there before the loop below reads it
	env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" \
		"$work/parley" send --json "$slow_url" "resume me please" >"$work/killed.jsonl" 2>/dev/null &
	local send_pid=$!
	# Kill it once a few chunks are printed (and so stored), well before the end.
	for ((i = 0; i < 400; i++)); do
		[ "$(wc -l <"$work/killed.jsonl")" -ge 4 ] && break
		sleep 0.05
	done
	kill -KILL "$send_pid" 2>/dev/null || true
	wait "$send_pid" 2>/dev/null || true
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" "$work/parley" contexts --json 2>&1)
	id=$(grep -F '"title":"resume me please"' <<<"$out" | grep -oE '^\{"id":[0-9]+' | grep -oE '[0-9]+$' || true)
	[ -n "$id" ] || fail "the killed send left no conversation: $out"
	grep -F '"title":"resume me please"' <<<"$out" | grep -qF '"lastState":"working"' ||
		fail "the killed send's task is not left working: $out"

	scenario="--context on the interrupted task shows it live to its end"
	start 120 36 --context "$id"
	wait_for "resume me please" 30
	wait_for "working" 30
	wait_for "That is all. Thanks for trying parley!" 60
	wait_for "✓ completed" 30
	refute "(incomplete)"
	quit
	stop_pids "$slow_pid"
}

# ---- sign-in (issue 5): kept in its own function --------------------------
# A 401 leads to the sign-in dialog, which lists the card's schemes; a digit
# picks the API key, ctrl+s signs in and saves it in credentials.toml (0600).
# The same request then succeeds, a restarted parley is signed in from the
# file, the headless command line exits 5 naming the schemes until it has
# the credential, and an auth-required task with a link is continued with
# nothing typed. No secret reaches the screen or the context store.
auth_flows() {
	local creds="$work/config/parley/credentials.toml" out code

	scenario="headless refusal names the schemes"
	set +e
	out=$(env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" \
		"$work/parley" send "$agent_url/secure/" hello 2>&1)
	code=$?
	set -e
	[ "$code" = 5 ] || fail "parley send to /secure/ exited $code, want 5: $out"
	case "$out" in
	*'HTTP bearer token (scheme "bearer")'*'API key in header X-API-Key (scheme "apiKey")'*) ;;
	*) fail "the refusal does not name the schemes: $out" ;;
	esac

	scenario="401, choose the API key, save it"
	start 120 36 --agent "$agent_url/secure/"
	wait_for "! HTTP bearer" 30
	type_text "ping"
	keys Enter
	wait_for "The agent accepts:"
	wait_for " ▸ 2 HTTP bearer token"
	wait_for "   1 API key in header X-API-Key"
	type_text "1"
	wait_for " ▸ 1 API key in header X-API-Key"
	wait_for "Paste the API key"
	type_text "demo-key"
	wait_for "> ••••••••"
	refute "> demo-key" # the card's own description names the key
	keys C-s
	wait_for "pong: ping"
	wait_gone "The agent accepts:"
	[ -f "$creds" ] || fail "ctrl+s did not save $creds"
	[ "$(stat -c %a "$creds")" = 600 ] || fail "$creds has mode $(stat -c %a "$creds"), want 600"
	grep -q 'token = "demo-key"' "$creds" || fail "$creds lacks the key"

	scenario="auth-required task continued from its link"
	type_text "Sign in first"
	keys Enter
	wait_for "Link: $agent_url/demo-auth" 30
	wait_for "Once signed in there, press enter with nothing typed"
	keys Enter
	wait_for "Thanks, you are signed in."
	quit

	scenario="a new run is signed in from the credentials file"
	start 120 36 --agent "$agent_url/secure/"
	wait_for "! HTTP bearer" 30
	type_text "ping again"
	keys Enter
	wait_for "pong: ping again"
	refute "The agent accepts:"
	quit

	scenario="headless send with the saved credential"
	env XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" HOME="$work/home" \
		"$work/parley" send "$agent_url/secure/" hello >/dev/null 2>&1 ||
		fail "parley send with the saved key failed"

	scenario="no secret outside the credentials file"
	# The demo card's description says "Use the key demo-key." and is
	# stored with the conversation; the key as sent or saved (a header
	# value, a JSON or TOML string, a query value) must not be.
	if grep -rlE --exclude=credentials.toml 'demo-key($|["&;,])' "$work/config" "$work/data" "$work/state" "$work/cache" "$work/home" 2>/dev/null; then
		fail "a file other than credentials.toml holds the key"
	fi
}

# ---- the wire view expanded (issue 15): kept in its own function --------
# f2 opens the wire view on the newest entry; enter expands it to its
# pretty-printed JSON, one member a line; y copies it and says so; esc
# goes back to the chat. At 80x24 too.
wire_flows() {
	scenario="the wire view expanded"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	type_text "ping"
	keys Enter
	wait_for "pong: ping" 30
	keys F2
	wait_for "newest last · secrets redacted"
	wait_for "→ POST $agent_url/v1.0/jsonrpc"
	wait_for "enter expand · y copy"
	keys G Enter
	wait_for '"jsonrpc": "2.0",'
	wait_for ' ┆ '
	keys y
	wait_for "Copied the "
	keys Escape
	wait_gone "newest last · secrets redacted"
	wait_for "pong: ping"

	scenario="the wire view expanded at 80x24"
	tm resize-window -t e2e -x 80 -y 24
	keys F2
	wait_for "newest last"
	keys G k k Enter # the request that sent "ping"
	wait_for '"method": "SendStreamingMessage",'
	keys q
	wait_gone "newest last"
	quit
}

# ---- the demo's gRPC agent (issue 14): kept in its own function ---------
# parley --demo lists the demo's gRPC copy under the root agent, not
# selected, its card signed and offering push. Picked with the keys, it
# streams an answer over gRPC; f2 shows the gRPC call and its
# grpc-status; p on a running task follows it by push.
grpc_flows() {
	scenario="--demo lists the gRPC agent below the root one"
	start 120 36 --demo
	wait_for "Welcome to parley" 30
	wait_for "● ▸parley demo       v1.0"
	wait_for "●  parley demo gRPC  v1.0  ⇶ ✓"

	scenario="its card: gRPC, signed, push"
	keys Tab Tab # composer → chat → agents
	wait_for "enter use agent"
	keys Down
	wait_for "parley demo gRPC · enter to use"
	wait_for "v1.0 gRPC · v1.0.0"
	wait_for "signed ✓ key demo-"
	wait_for "streaming · push"

	scenario="a streamed answer over gRPC"
	keys Enter
	wait_for "parley demo gRPC · v1.0 gRPC"
	wait_for "╭─ message parley demo gRPC"
	type_text "Hello"
	keys Enter
	wait_for "Thanks for trying parley!" 30
	wait_for "✓ completed · "

	scenario="the wire view shows the gRPC call and its status"
	keys F2
	wait_for "newest last · secrets redacted"
	wait_for "← grpc OK http://"
	wait_for "/lf.a2a.v1.A2AService/SendStreamingMessage"
	wait_for "Content-Type: application/grpc"
	keys Escape
	wait_gone "newest last · secrets redacted"

	scenario="a credential over gRPC stays a secret"
	type_text "Sign in first"
	keys Enter
	wait_for "needs you to sign in" 30
	type_text "s3cr3t-grpc"
	wait_for "> •••••••••••"
	keys Enter
	wait_for "Thanks, you are signed in." 30
	keys F2
	wait_for "Authorization: REDACTED"
	refute "s3cr3t-grpc"
	keys Escape
	wait_gone "newest last · secrets redacted"
	if grep -rl "s3cr3t-grpc" "$work/config" "$work/data" "$work/state" "$work/cache" "$work/home" 2>/dev/null; then
		fail "the credential given over gRPC reached a file"
	fi

	scenario="a task followed by push over gRPC"
	type_text "Try a slow task"
	keys Enter
	wait_for "working      Try a slow"
	keys Tab Tab Tab p # composer → chat → agents → tasks; follow by push
	wait_for "pushed: working" 30
	keys c
	wait_for "Ask the agent to cancel task"
	keys y
	wait_for "⊘ canceled     Try a slow" 30

	scenario="the gRPC agent at 80x24"
	tm resize-window -t e2e -x 80 -y 24
	wait_for "ctrl+l lists"
	wait_for "parley demo gRPC · v1.0 gRPC"
	keys C-l
	wait_for "●  parley demo                                                      v1.0  ⇶ ✓"
	wait_for "● ▸parley demo gRPC                                                 v1.0  ⇶ ✓"
	quit
}

# ---- focus and the mouse (issue 15): kept in their own functions ---------
# click X Y: a left click at cell (X, Y), counted from 0, sent as the SGR
# mouse sequence a terminal writes (tmux's send-keys -M only replays a
# mouse event bound to a key, so the bytes go in literally).
click() {
	local at="$(($1 + 1));$(($2 + 1))"
	tm send-keys -t e2e -l $'\e[<0;'"$at"'M'$'\e[<0;'"$at"'m'
}

# wheel X Y up|down: one notch of the wheel at cell (X, Y).
wheel() {
	local b=65
	[ "$3" = up ] && b=64
	tm send-keys -t e2e -l $'\e[<'"$b;$(($1 + 1));$(($2 + 1))"'M'
}

# Agents focused at 120x36, then a shrink to 80x24 folds the pane away:
# the footer shows the composer's keys, and d is typed, not "remove".
# Without colour, the focused pane is drawn in heavy lines.
focus_flows() {
	scenario="a resize with focus"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	keys Tab Tab # composer → chat → agents
	wait_for "enter use agent"
	tm resize-window -t e2e -x 80 -y 24
	wait_for "ctrl+l lists"
	wait_for "enter send"
	refute "enter use agent"
	keys d
	wait_for "> d"
	refute "Remove "
	quit

	scenario="NO_COLOR marks the focused pane by its border"
	start 80 24 NO_COLOR=1 --agent "$agent_url"
	wait_for "ctrl+l lists" 30
	wait_for "┏━ message"
	keys Tab # to the chat
	wait_for "┏━ Chat"
	wait_for "╭─ message"
	quit
}

# The first hour, round two (issue 32): the status shares the footer
# with the keys and goes with the focus (1).
# parley mcp answers every request it read before its input closed, then
# exits 0; a broken config is refused at start, as other commands do.
mcp_flows() {
	scenario="mcp answers every request read before the end of input"
	local reqs='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
	local i replies
	for i in 1 2 3; do
		printf '%s\n' "$reqs" | XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
			"$work/parley" mcp >"$work/mcp.out" 2>"$work/mcp.err" || fail "parley mcp exited $? (run $i): $(cat "$work/mcp.err")"
		replies=$(grep -c '"jsonrpc"' "$work/mcp.out" || true)
		[ "$replies" = 2 ] || fail "parley mcp gave $replies replies to 2 requests (run $i): $(cat "$work/mcp.out")"
		grep -q '"send_message"' "$work/mcp.out" || fail "tools/list did not list send_message: $(cat "$work/mcp.out")"
	done

	scenario="mcp refuses a broken config at start"
	mkdir -p "$work/brokencfg/parley"
	printf 'theme = \n' >"$work/brokencfg/parley/config.toml"
	local rc=0
	printf '%s\n' "$reqs" | XDG_CONFIG_HOME="$work/brokencfg" XDG_DATA_HOME="$work/data" "$work/parley" mcp >"$work/mcp.out" 2>"$work/mcp.err" || rc=$?
	[ "$rc" != 0 ] || fail "parley mcp started with a broken config"
	grep -q 'config.toml:1' "$work/mcp.err" || fail "the refusal does not name the file and line: $(cat "$work/mcp.err")"
	[ ! -s "$work/mcp.out" ] || fail "parley mcp answered with a broken config: $(cat "$work/mcp.out")"
}

first_hour_flows() {
	scenario="a status keeps help and quit, and goes with the focus"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	keys Tab Tab # composer → chat → agents
	wait_for "enter use agent"
	keys y
	wait_for "Copied $agent_url"
	screen | tail -n 1 | grep -qF "ctrl+c quit" || fail "the status pushed the keys out of the footer"
	keys Tab
	wait_gone "Copied $agent_url" 2
	keys BTab # back to agents
	wait_for "enter use agent"
	keys y
	wait_for "Copied $agent_url"
	keys Down # the next key, which says nothing, takes the status away
	wait_gone "Copied $agent_url" 2
	quit

	scenario="typing in the chat goes to the composer"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	keys Tab # composer → chat
	wait_for "y copy item"
	wait_for "letters act on the chat · i to write here" # said where one types
	type_text "Show me the itinerary data"
	wait_for "> Show me the itinerary data"
	refute "Copied"
	keys Enter
	wait_for "itinerary.csv" 30
	wait_for "✓ completed · " 30
	keys Tab # composer → chat: lowercase letters are the chat's, i writes
	wait_for "letters act on the chat"
	keys i
	wait_gone "letters act on the chat"
	type_text "show me again"
	wait_for "> show me again"
	refute "Saved"
	quit

	scenario="a long agents list keeps its cursor in view (60x16)"
	mkdir -p "$work/config8/parley"
	for i in 1 2 3 4 5 6 7 8; do
		printf '[[agents]]\nname = "agent%d"\nurl = "http://127.0.0.1:9/a%d"\n\n' "$i" "$i"
	done >"$work/config8/parley/config.toml"
	start 120 36 XDG_CONFIG_HOME="$work/config8"
	wait_for "╭─ Agents" 30
	keys Tab Tab # composer → chat → agents
	wait_for "enter use agent"
	for _ in 1 2 3 4 5 6 7; do keys Down; done
	tm resize-window -t e2e -x 60 -y 16
	wait_for "ctrl+l lists"
	keys C-l
	wait_for "agent8"
	wait_for "more above"
	quit

	# The demo's root and its /v1.0/ copy have one card name: each has
	# one label, with where it is, in the pane, the titles and the
	# status lines (2).
	scenario="two agents of one name have one label each"
	local port=${agent_url##*:}
	start 120 36 --agent "$agent_url" --agent "$agent_url/v1.0/"
	wait_for "╭─ parley demo :$port · " 30
	wait_for "╭─ message parley demo :$port ─"
	wait_for "parle… :$port/v1"
	keys Tab Tab # composer → chat → agents
	wait_for "enter use agent"
	keys Down Enter
	wait_for "╭─ message parley demo :$port/v1.0 ─"
	quit
}

# A click focuses the pane under it and picks the row there; a second
# click on the picked row acts on it; the wheel scrolls what is under it.
mouse_flows() {
	scenario="the mouse wheel scrolls the pane under it"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	type_text "Hello"
	keys Enter
	wait_for "✓ completed    Hello" 30
	wait_for "That is all. Thanks for trying parley!"
	wheel 10 25 up # over Tasks: the chat stays
	wheel 10 25 up
	wheel 60 10 up # over the chat: it scrolls
	wheel 60 10 up
	wheel 60 10 up
	wait_gone "That is all. Thanks for trying parley!"
	wheel 60 10 down
	wheel 60 10 down
	wheel 60 10 down
	wait_for "That is all. Thanks for trying parley!"

	scenario="G in the chat goes to the bottom"
	wheel 60 10 up
	wheel 60 10 up
	wheel 60 10 up
	wait_gone "That is all. Thanks for trying parley!"
	keys Tab # composer → chat
	wait_for "y copy item"
	keys G
	wait_for "That is all. Thanks for trying parley!"
	keys BTab # back to the composer
	wait_for "enter send"

	scenario="a mouse click on a pane"
	click 60 10 # the chat
	wait_for "y copy item"
	click 10 1 # the agent's row
	wait_for "enter use agent"
	click 10 2 # "+ add agent": picked, then asked
	click 10 2
	wait_for "Add an agent"
	keys Escape
	wait_gone "Add an agent"
	click 5 20 # the task's row, twice: open it in the chat
	click 5 20
	wait_for "Task "
	wait_for "y copy item"
	click 10 33 # the composer
	wait_for "enter send"
	quit
}

# ---- A2UI forms (issue 29): kept in their own function ------------------
# cell_of TEXT: "X Y", the cell where TEXT first shows on the screen.
cell_of() {
	local y=0 line prefix
	while IFS= read -r line; do
		if [[ $line == *"$1"* ]]; then
			prefix=${line%%"$1"*}
			echo "$((${#prefix} + 1)) $y"
			return 0
		fi
		y=$((y + 1))
	done < <(screen)
	return 1
}

# The demo's booking form, asked for in words: filled in with keys (e in
# the chat, typing, tab, arrows, space, enter on Book), then again with a
# click on the name field and one on Book. The agent's answer comes back
# each time.
a2ui_flows() {
	local at
	export LC_ALL=C.UTF-8 # ${#prefix} counts characters, not bytes
	scenario="the booking form filled in with keys"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	type_text "book a table"
	keys Enter
	wait_for "[[ Book ]]" 30
	wait_for "answering task"
	keys Tab # composer → chat
	wait_for "e fill in the agent's form"
	keys e
	wait_for "· editing"
	type_text "Ada"
	wait_for "Name: [ Ada"
	keys Tab Tab Right Tab Space # when, guests: Four, terrace
	wait_for "(•) Four"
	wait_for "[x] On the terrace"
	keys Tab Tab Enter # cancel, book
	wait_for "Booked: a table for 4, on the terrace, under the name Ada" 30
	quit

	scenario="the booking form answered with the mouse"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	type_text "book a table"
	keys Enter
	wait_for "[[ Book ]]" 30
	wait_for "answering task"
	at=$(cell_of "Name: [") || fail "no name field on the screen"
	click $at
	wait_for "· editing"
	type_text "Grace"
	wait_for "Name: [ Grace"
	wait_gone "Name is required"
	at=$(cell_of "[[ Book ]]") || fail "no Book button on the screen"
	click $at
	wait_for "under the name Grace" 30
	quit
}

# ---- the doctor view and the raw console (issue 33): kept in its own function
# D in the agents pane runs parley doctor's checks on the selected agent
# and lists them as they come; the demo agent fails none. enter shows a
# check's detail, esc closes the view. At 80x24 too. R opens the raw
# console: a request written in the agent's binding, its reply kept and
# expanded.
doctor_flows() {
	scenario="the doctor view"
	start 120 36 --agent "$agent_url"
	wait_for "╭─ Tasks" 30
	keys Tab Tab # composer → chat → agents
	wait_for "enter use agent"
	keys D
	wait_for "Doctor · "
	# "Checking …" shows only while the checks run, which on a quiet
	# machine can end before the screen is read (TestFlowDoctorView sees it).
	wait_for "checks: " 90
	wait_for " 0 failed, "
	refute "checking…"
	keys k Enter
	wait_for " ms"
	keys Escape
	wait_gone "Doctor · "

	scenario="the raw console"
	keys R
	wait_for "Raw console · "
	wait_for "offered: SendMessage · "
	type_text "GetTask"
	keys Tab
	type_text '{"id":"no-such-task"}'
	keys C-s
	wait_for '→ GetTask {"id":"no-such-task"}  ← JSON-RPC error -32001'
	keys Tab Enter
	wait_for '"code": -32001,'
	keys Escape
	wait_gone "Raw console · "

	scenario="the doctor view at 80x24"
	tm resize-window -t e2e -x 80 -y 24
	wait_for "ctrl+l lists" # the lists fold away; the composer has the focus
	keys C-l
	wait_for "enter use agent"
	keys D
	wait_for "Doctor · "
	wait_for "checks: " 90
	wait_for " 0 failed, "
	wait_for "more above"
	keys q
	wait_gone "Doctor · "
	quit
}

started=$(date +%s)
mkdir -p "$work/config" "$work/data" "$work/state" "$work/cache" "$work/home"
echo "tmux-e2e: building parley"
go build -o "$work/parley" .

# The private server exits with its last session; a session that does
# nothing keeps it up while the parley sessions come and go.
tm new-session -d -s hold "sleep 3600"

# A separate demo agent for adding an agent by URL and its /secure/ copy.
: >"$work/agent.out" # exists before the background job opens it
"$work/parley" demo-agent --addr 127.0.0.1:0 >"$work/agent.out" 2>&1 &
agent_pid=$!
poll 100 serving "$work/agent.out" || true
agent_url=$(served_url "$work/agent.out")
[ -n "$agent_url" ] || { cat "$work/agent.out" >&2; echo "tmux-e2e: the demo agent did not start" >&2; exit 1; }

if [ -n "${E2E_ONLY:-}" ]; then
	[[ $E2E_ONLY == *_flows ]] && declare -F "$E2E_ONLY" >/dev/null || { echo "tmux-e2e: no flows named $E2E_ONLY" >&2; exit 2; }
	"$E2E_ONLY"
	echo "tmux-e2e: $E2E_ONLY ok ($(($(date +%s) - started))s)"
	exit 0
fi

# ---- 120x36: parley --demo --------------------------------------------
scenario="first run at 120x36"
start 120 36 --demo
wait_for "Welcome to parley" 30
wait_for "● ▸parley demo"
wait_for "╭─ Tasks"

scenario="send and stream"
keys C-x
wait_for "> Write some markdown"
keys Enter
wait_for "This answer is streamed"
wait_for "Thanks for trying parley!" 30
wait_for "✓ completed · "
wait_for "✓ completed    Write some"
if [ -n "${E2E_CAPTURE:-}" ]; then
	screen >"$E2E_CAPTURE"
fi

scenario="input-required round trip"
type_text "Book a flight to Lisbon"
keys Enter
wait_for "Where are you flying from, and when?"
wait_for "(input-required)"
wait_for "answering task "
type_text "From Berlin on the 10th"
keys Enter
wait_for "Your flight is booked."
wait_for "╭─ message parley demo"

scenario="auth-required with a credential"
type_text "Sign in first"
keys Enter
wait_for "needs you to sign in"
type_text "s3cr3t-e2e"
wait_for "> ••••••••••"
refute "s3cr3t-e2e"
keys Enter
wait_for "Thanks, you are signed in."
wait_for "🔒 You signed in; parley asked the agent to go on"
refute "s3cr3t-e2e"

scenario="help overlay"
keys F1
wait_for "parley · keys"
wait_for "mark for compare"
keys PPage NPage # the tasks' keys are below the agents'
wait_for "cancel task"
keys Escape
wait_gone "parley · keys"

scenario="wire view"
keys F2
wait_for "newest last · secrets redacted"
wait_for "→ POST"
refute "s3cr3t-e2e"
keys F2
wait_gone "newest last · secrets redacted"

scenario="cancel from the Tasks pane"
type_text "Try a slow task"
keys Enter
wait_for "working      Try a slow"
keys Tab Tab Tab c # to Tasks: composer → chat → agents → tasks
wait_for "Ask the agent to cancel task"
keys y
wait_for "⊘ canceled     Try a slow"
keys Tab # back to the composer

scenario="esc stops streaming"
type_text "Try a slow task"
keys Enter
wait_for "working      Try a slow"
keys Escape
wait_for "Stopped streaming"
wait_for "Cancel it on the"
keys y
wait_gone "working      Try a slow"
wait_for "⊘ canceled     Try a slow"

scenario="add an agent that needs a sign-in (401)"
keys Tab Tab a # to Agents, add
wait_for "Add an agent"
# Pasted, as a user copies a URL from a browser (a bracketed paste).
tm set-buffer -- "$agent_url/secure/"
tm paste-buffer -p -t e2e
wait_for "$agent_url/secure/"
keys Enter
wait_for "! HTTP bearer" 30
keys Enter # use it: focus goes to the composer
type_text "ping"
keys Enter
wait_for "needs you to sign in"
wait_for 'realm="parley-demo"'
type_text "demo-token"
wait_for "> ••••••••••"
refute "> demo-token"
keys Enter
wait_for "pong: ping"

scenario="resize to 80x24"
tm resize-window -t e2e -x 80 -y 24
wait_for "ctrl+l lists"
wait_gone "╭─ Agents"
wait_for "pong: ping"
tm resize-window -t e2e -x 120 -y 36
wait_for "╭─ Agents"
wait_for "pong: ping"

scenario="quit at 120x36"
quit

# ---- 80x24: parley --agent URL ------------------------------------------
scenario="narrow terminal at 80x24, NO_COLOR"
start 80 24 NO_COLOR=1 --agent "$agent_url"
wait_for "ctrl+l lists" 30
wait_for "parley demo · v1.0 JSON-RPC"
refute "╭─ Agents"
refute "┏━ Agents"
# With colours, capture-pane -e shows SGR colour codes (30-38, 40-48,
# 90-97, 100-107); with NO_COLOR only attributes and the default-colour
# resets (39, 49) remain.
if tm capture-pane -e -p -t e2e | grep -qE $'\e\\[([0-9;]*;)?(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9;]*)?m'; then
	fail "NO_COLOR is set but the screen has colours"
fi
type_text "Show me the itinerary data"
keys Enter
wait_for "itinerary.csv" 30
wait_for "✓ completed · "
keys C-l
wait_for "┏━ Agents" # focused: without colour, its border is heavy
wait_for "╭─ Tasks"
wait_for "✓ completed    Show me the itinerary"
keys C-l
wait_gone "╭─ Tasks"
wait_for "itinerary.csv"

scenario="quit at 80x24"
quit

auth_flows
contexts_flows
resume_flows
wire_flows
doctor_flows
focus_flows
mouse_flows
grpc_flows
first_hour_flows
mcp_flows
a2ui_flows
compare_flows

echo "tmux-e2e: ok ($(($(date +%s) - started))s)"
