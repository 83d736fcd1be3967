#!/usr/bin/env bash
# Red-team cases against the real parley binary: misbehaving agents
# (internal/hostile/cmd/redteam-agent) on two loopback origins, A and B,
# and parley run as a person would, with a private config and data dir.
# Every case is one function named case_*; add one and it runs.
#
#   scripts/redteam.sh            run every case
#   scripts/redteam.sh NAME...    run these cases (without the case_ prefix)
#
# Each case gets a fresh XDG_* tree in $home; run_parley puts parley's
# exit code in $code, its stdout in $out and its stderr in $err.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

GO=${GO:-go}
work=$(mktemp -d "${TMPDIR:-/tmp}/parley-redteam.XXXXXX")
agent_pid=""
current="setup"
secret="r3dt3am-$$-secret"

cleanup() {
	stop_pids "$agent_pid" "${mis_pid:-}"
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() {
	echo "redteam: FAIL in $current: $*" >&2
	echo "----- exit $code; stdout -----" >&2
	printf '%s\n' "$out" >&2
	echo "----- stderr -----" >&2
	printf '%s\n' "$err" >&2
	exit 1
}

# run_parley ARGS...: run parley in the case's private environment.
code=0 out="" err=""
run_parley() {
	set +e
	out=$(env -i PATH="$PATH" HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" \
		XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache" RT_TOKEN="$secret" \
		timeout 60 "$work/parley" "$@" 2>"$work/stderr")
	code=$?
	set -e
	err=$(cat "$work/stderr")
}

want_code() { [ "$code" = "$1" ] || fail "exit code $code, want $1"; }
want_err() { grep -qF -- "$1" <<<"$err" || fail "stderr does not say: $1"; }
want_out() { grep -qF -- "$1" <<<"$out" || fail "stdout does not say: $1"; }

# seen ORIGIN: the requests that origin has had, one line each (plain
# HTTP/1.0 over bash's /dev/tcp, so nothing else needs installing).
seen() {
	local hostport=${1#http://} fd
	exec {fd}<>"/dev/tcp/${hostport%:*}/${hostport##*:}"
	printf 'GET /_seen HTTP/1.0\r\nHost: %s\r\n\r\n' "$hostport" >&"$fd"
	sed '1,/^\r$/d' <&"$fd"
	exec {fd}>&-
}

# no_secret_at ORIGIN: the origin never got the credential.
no_secret_at() {
	if seen "$1" | grep -qF -- "$secret"; then
		fail "the credential reached $1: $(seen "$1" | grep -F -- "$secret" | head -3)"
	fi
}

config() {
	mkdir -p "$home/config/parley"
	cat >"$home/config/parley/config.toml"
}

# --- cases: credentials stay on the origins the user trusted -------------

# A card at A names B as its endpoint: --header credentials are not sent
# there, and nothing is sent silently: exit 6 with how to trust B.
case_foreign_endpoint_header() {
	local before after
	before=$(seen "$B" | wc -l)
	run_parley send "$A/foreign" hello --header "Authorization: Bearer $secret" --header "X-Api-Key: $secret"
	want_code 6
	want_err "--trust-origin $B"
	want_err "trusted_origins"
	after=$(seen "$B" | wc -l)
	[ "$before" = "$after" ] || fail "B got $((after - before)) requests before the user trusted it"
}

# A card at A lists its own endpoint (404) and B's as an additional
# interface: the dialect fallback does not carry the message to B.
case_fallback_stops_at_foreign_origin() {
	local before after
	before=$(seen "$B" | wc -l)
	run_parley send "$A/fallback" hello --header "Authorization: Bearer $secret"
	want_code 6
	want_err "--trust-origin $B"
	after=$(seen "$B" | wc -l)
	[ "$before" = "$after" ] || fail "B got $((after - before)) requests through the fallback"
	# Without a credential it may go on, and says who answered.
	run_parley send "$A/fallback" hello
	want_code 0
	want_err "on another origin ($B)"
}

# The config's env: token and credential header, the same rule.
case_foreign_endpoint_config_token() {
	config <<TOML
[[agents]]
name = "work"
url = "$A/foreign"
auth = "bearer"
token = "env:RT_TOKEN"
[agents.headers]
X-Api-Key = "env:RT_TOKEN"
TOML
	run_parley send work hello --json
	want_code 6
	want_out '"exitCode":6'
	no_secret_at "$B"
}

# Trusted with --trust-origin, or in trusted_origins, B gets them.
case_trusted_origin_gets_credentials() {
	run_parley send "$A/foreign" hello --header "Authorization: Bearer $secret-flag" --trust-origin "$B"
	want_code 0
	seen "$B" | grep -qF -- "$secret-flag" || fail "B, trusted with --trust-origin, got no credential"
	config <<TOML
[[agents]]
name = "work"
url = "$A/foreign"
auth = "bearer"
token = "env:RT_TOKEN"
trusted_origins = ["$B"]
TOML
	run_parley send work hello
	want_code 0
}

# parley raw and parley doctor follow the same rule: the card at A
# naming B gets B no credential, nor any request from raw.
case_raw_and_doctor_foreign_endpoint() {
	local before after
	before=$(seen "$B" | wc -l)
	run_parley raw "$A/foreign" tasks/get '{"id":"x"}' --header "Authorization: Bearer $secret"
	want_code 6
	want_err "--trust-origin $B"
	after=$(seen "$B" | wc -l)
	[ "$before" = "$after" ] || fail "B got $((after - before)) raw requests before the user trusted it"
	run_parley doctor "$A/foreign" --header "Authorization: Bearer $secret" --json
	want_code 0
	want_out "not trusted with the agent's credentials"
	no_secret_at "$B"
	run_parley raw "$A/redirect" tasks/get '{"id":"x"}' --header "Authorization: Bearer $secret"
	want_code 6
	no_secret_at "$B"
}

# parley card never sends a credential to a foreign origin; it warns.
case_card_warns_foreign_endpoint() {
	run_parley card "$A/foreign" --header "Authorization: Bearer $secret" --header "X-Api-Key: $secret"
	want_code 0
	want_out "is on another origin ($B)"
	no_secret_at "$B"
}

# A card reached through a redirect to B is B's card: its endpoint on B
# gets no credential.
case_redirected_card_is_the_other_origins() {
	run_parley send "$A/redirect" hello --header "Authorization: Bearer $secret"
	want_code 6
	want_err "$B"
	no_secret_at "$B"
	run_parley card "$A/redirect" --header "Authorization: Bearer $secret"
	want_code 0
	want_out "redirected to $B"
	no_secret_at "$B"
}

# The terminal UI, in a private tmux: it asks, naming both origins,
# before the credential goes to B; "a" trusts B always, in the config.
# tui_shows TEXT: the tmux screen on $sock shows TEXT now (the screen is
# left in $screen).
tui_shows() {
	screen=$(tmux -S "$sock" capture-pane -p -t rt 2>/dev/null || true)
	grep -qF -- "$1" <<<"$screen"
}

# tui_see TEXT: poll the tmux screen on $sock until it shows TEXT (the
# screen is left in $screen), or fail with the screen.
tui_see() {
	poll 400 tui_shows "$1" && return 0
	out=$screen
	tmux -S "$sock" kill-server 2>/dev/null || true
	fail "the TUI never showed: $1"
}

case_tui_asks_before_foreign_origin() {
	if ! command -v tmux >/dev/null 2>&1; then
		echo "redteam: tmux is not installed; skipping the TUI case"
		return 0
	fi
	local sock="$work/tmux-$current.sock" screen="" i
	config <<TOML
# my agents
[[agents]]
name = "work"
url = "$A/foreign"
auth = "bearer"
token = "env:RT_TOKEN"
TOML
	tmux -S "$sock" new-session -d -s rt -x 120 -y 36 \
		"env -i PATH=$PATH HOME=$home TERM=xterm-256color XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_STATE_HOME=$home/state XDG_CACHE_HOME=$home/cache RT_TOKEN=$secret-tui $work/parley"
	tui_see "work's card sends your messages to $B. Send your"
	tui_see "o once · a always · n no"
	if seen "$B" | grep -qF -- "$secret-tui"; then
		tmux -S "$sock" kill-server
		fail "B got the credential before the user answered"
	fi
	tmux -S "$sock" send-keys -t rt a
	tui_see "as a trusted origin of work"
	tmux -S "$sock" send-keys -t rt "hello" Enter
	tui_see "Hello world"
	tmux -S "$sock" kill-server 2>/dev/null || true
	seen "$B" | grep -qF -- "$secret-tui" || fail "B, trusted in the TUI, got no credential"
	grep -qF "trusted_origins = [\"$B\"]" "$home/config/parley/config.toml" || fail "the config does not keep trusted_origins"
	head -1 "$home/config/parley/config.toml" | grep -qF "# my agents" || fail "the config lost its comment"
}

# --- cases: the agent you named is the agent you talk to -----------------

# No card at the path given: an error naming the URL, and the origin's
# root card (another agent) is never fetched, let alone sent to.
case_missing_card_no_root_fallback() {
	local root posts
	root=$(seen "$A" | grep -c '^GET /.well-known/agent-card.json ' || true)
	posts=$(seen "$A" | grep -c '^POST ' || true)
	run_parley send "$A/team/bot" hello --header "Authorization: Bearer $secret"
	want_code 1
	want_err "agent card found at $A/team/bot"
	want_err "$A/team/bot/.well-known/agent-card.json"
	[ "$root" = "$(seen "$A" | grep -c '^GET /.well-known/agent-card.json ' || true)" ] || fail "parley fetched the origin's root card"
	[ "$posts" = "$(seen "$A" | grep -c '^POST ' || true)" ] || fail "a message went to the root agent"
}

case_oversize_card_is_an_error() {
	run_parley send "$A/oversize" hello
	want_code 1
	want_err "$A/oversize/.well-known/agent-card.json"
	want_err "over the 1 MiB limit"
}

case_invalid_card_is_an_error() {
	run_parley send "$A/invalid" hello
	want_code 1
	want_err "$A/invalid/.well-known/agent-card.json is not JSON"
}

# --- cases: what an authorization server or a card's OAuth sends ---------

# no_terminal_controls TEXT: no ESC (so no CSI or OSC), BEL, C1 CSI or
# OSC, written as UTF-8 bytes so that any locale checks the same.
no_terminal_controls() {
	local c
	for c in $'\e' $'\a' $'\xc2\x9b' $'\xc2\x9d'; do
		if grep -qF -- "$c" <<<"$1"; then fail "a terminal control reached the output"; fi
	done
}

# A device endpoint answering interval -1 (x/oauth2's poll loop panicked
# on it): parley login ends at --timeout with one line of error, and no
# panic reaches the user.
case_device_negative_interval_is_no_panic() {
	run_parley login "$A/devneg" --flow device --client-id rt --timeout 2s
	[ "$code" != 0 ] || fail "login succeeded"
	if grep -qE "panic|goroutine" <<<"$out$err"; then fail "a panic reached the user"; fi
	want_err "parley: the sign-in did not finish within 2s (--timeout)"
	[ "$(grep -c '^parley: ' <<<"$err")" = 1 ] || fail "the error is not one line"
}

# A card whose OAuth authorizationUrl holds OSC 52, OSC 0, CSI 2J, BEL
# and U+202E: none of it reaches the terminal from parley login --flow
# browser, which says the address is not one to open.
case_browser_login_hostile_authorization_url() {
	run_parley login "$A/evilauth" --flow browser --client-id rt --no-open --timeout 2s
	[ "$code" != 0 ] || fail "login succeeded"
	no_terminal_controls "$out$err"
	if grep -qF -- $'\xe2\x80\xae' <<<"$out$err"; then fail "U+202E reached the output"; fi
	want_err "not a plain http(s) address"
}

# --- cases: nothing waits forever; what an agent sends is shown as it is --
# These use internal/hostile/cmd/misbehave-agent, started on first use:
# mis NAME prints the URL of the agent NAME (see its doc comment).

mis_pid=""
# mis_start: start the agents, once; in the case itself, not in $(...).
mis_start() {
	[ -n "$mis_pid" ] && return 0
	"$GO" build -o "$work/misbehave-agent" ./internal/hostile/cmd/misbehave-agent
	"$work/misbehave-agent" >"$work/mis.out" 2>&1 </dev/null &
	mis_pid=$!
	poll 200 grep -sqx ready "$work/mis.out" && return 0
	echo "redteam: the misbehaving agents did not start" >&2
	exit 1
}
mis() { grep "^$1=" "$work/mis.out" | cut -d= -f2-; }

# no_invisibles TEXT: none of the bidi or zero-width runes Spoofed holds.
no_invisibles() {
	local r
	for r in $'\u202e' $'\u2066' $'\u2069' $'\u200b' $'\u200d' $'\ufeff' $'\u2060' $'\u200e'; do
		if grep -qF -- "$r" <<<"$1"; then fail "an invisible rune reached the output"; fi
	done
}

# A card whose name holds a right-to-left override: the name shows it as
# ⟨U+202E⟩, and no output carries the rune itself.
case_spoofed_name_is_shown() {
	mis_start
	run_parley card "$(mis spoof)"
	want_code 0
	want_out "Name:         evil ⟨U+202E⟩fdp.exe"
	no_invisibles "$out$err"
	run_parley send "$(mis spoof)" hi
	want_code 0
	want_out "fdp.exe paypal"
	no_invisibles "$out$err"
}

# --json strings are terminal-safe: no escape sequence survives decoding
# (jq -r), so none is even escaped in the line; --raw keeps them.
case_json_is_terminal_safe() {
	mis_start
	local url
	url=$(mis evil)
	run_parley send "$url" hi --json
	want_code 0
	want_out '"type":"result"'
	if grep -qF -- '\u001b' <<<"$out" || grep -qF -- $'\e' <<<"$out"; then fail "an escape survives in --json"; fi
	no_invisibles "$out"
	# (encoding/json writes these runes as they are, so none may be left)
	run_parley send "$(mis spoof)" hi --json
	want_code 0
	no_invisibles "$out"
	run_parley send "$url" hi --json --raw
	want_code 0
	want_out '\u001b]52;c;'
	if grep -qF -- $'\e' <<<"$out"; then fail "--raw wrote a raw ESC"; fi
}

# Two artifacts streamed at once, each named once with 64 KB of escapes,
# then replaced a byte at a time (400 turns): each turn's line names its
# artifact cleaned and cut, so the output stays near what was sent (it
# was 26 MB), and no escape or invisible rune reaches it.
case_turn_lines_name_artifacts_short() {
	mis_start
	run_parley send "$(mis turns)" hi
	want_code 0
	want_out "[completed]"
	want_out ", replaced]"
	[ "${#out}" -lt 300000 ] || fail "printed ${#out} characters for 128 KB of names and 400 one-byte turns"
	if grep -qF -- $'\e' <<<"$out"; then fail "an escape reached the output"; fi
	no_invisibles "$out$err"
}

# A card that trickles in a byte a second: --timeout ends it.
case_trickled_card_times_out() {
	mis_start
	run_parley card "$(mis trickle)" --timeout 2s
	want_code 1
	want_err "did not finish within 2s"
}

# A task that starts, then nothing: --timeout names the task and the
# command that picks it up.
case_stalled_send_says_how_to_pick_up() {
	mis_start
	local url
	url=$(mis stalled)
	run_parley send "$url" hi --timeout 2s
	want_code 1
	want_err "task task-1 may still be running: pick it up with 'parley task watch $url task-1'"
	config <<TOML
timeout = "1s"
TOML
	run_parley send "$url" hi
	want_code 1
	want_err "did not finish within 1s (timeout in the config); task task-1"
}

# A blocking send the agent never answers.
case_unanswered_blocking_send_times_out() {
	mis_start
	run_parley send "$(mis silent)" hi --no-stream --timeout 2s
	want_code 1
	want_err "did not finish within 2s (--timeout), before it said which task it started; try again with a longer --timeout"
}

# A stream that goes silent past idle_timeout is resumed like a cut one;
# one of keep-alives only is alive until --timeout.
case_idle_stream_resumed_keepalives_alive() {
	mis_start
	config <<TOML
idle_timeout = "1s"
TOML
	run_parley send "$(mis stallonce)" hi
	want_code 0
	want_out "Hello world"
	want_err "nothing arrived for 1s, not even a keep-alive); resuming task task-1"
	run_parley send "$(mis keepalive)" hi --timeout 3s
	want_code 1
	want_err "did not finish within 3s"
	if grep -qF "stream broke" <<<"$err"; then fail "a stream of keep-alives was taken for a cut one"; fi
}

# HTTP 429 with Retry-After: waited out, and said so.
case_busy_agent_is_waited_out() {
	mis_start
	run_parley send "$(mis busy)" hi
	want_code 0
	want_out "Hello world"
	want_err "parley: agent busy (HTTP 429), retrying in 1s (try 2 of 4)"
}

# An HTML error page is one short line: its heading, not the page.
case_html_error_is_one_line() {
	mis_start
	run_parley send "$(mis html)" hi
	want_code 1
	want_err "HTTP 502 Bad Gateway: 502 Bad Gateway upstream"
	[ "$(wc -l <<<"$err")" = 1 ] || fail "the error is more than one line"
	[ "${#err}" -lt 400 ] || fail "the error is ${#err} characters long"
	if grep -qF Lorem <<<"$err"; then fail "the error shows the page"; fi
}

# A malformed --header is named, its value never shown.
case_header_value_never_echoed() {
	mis_start
	local h
	for h in "Authorization Bearer $secret" "Bad Name: $secret" "X-Key: $secret"$'\n'"more"; do
		run_parley send "$(mis spoof)" hi --header "$h"
		want_code 2
		want_err "--header"
		if grep -qF -- "$secret" <<<"$out$err"; then fail "the error shows the header's value"; fi
	done
}

# An agent whose error replies quote the credential parley sent: every
# command shows its words, never the credential (its card's fetch
# included, where no wire log is kept).
case_reflected_credential_never_shown() {
	mis_start
	local cmd
	for cmd in "card" "send" "doctor" "raw"; do
		case $cmd in
		card) run_parley card "$(mis reflect)" --header "Authorization: Bearer $secret" --header "X-Api-Key: $secret" ;;
		send) run_parley send "$(mis reflect)" hi --header "Authorization: Bearer $secret" --header "X-Api-Key: $secret" ;;
		doctor) run_parley doctor "$(mis reflect)" --json --header "Authorization: Bearer $secret" --header "X-Api-Key: $secret" ;;
		raw) run_parley raw "$(mis reflect)" message/send '{}' --header "Authorization: Bearer $secret" --header "X-Api-Key: $secret" ;;
		esac
		[ "$code" != 0 ] || fail "$cmd: exit 0 from an agent answering HTTP 500"
		grep -qF -- "bad credentials" <<<"$out$err" || fail "$cmd: the agent's words are not shown"
		if grep -qF -- "$secret" <<<"$out$err"; then fail "$cmd: the output shows the credential"; fi
	done
}

# The TUI in tmux: a card with a U+202E name draws straight borders, and
# a long silent wait shows its timer; esc stops it.
case_tui_spoof_borders_and_silent_wait() {
	if ! command -v tmux >/dev/null 2>&1; then
		echo "redteam: tmux is not installed; skipping the TUI case"
		return 0
	fi
	local sock="$work/tmux-$current.sock" screen="" i widths
	mis_start
	tui_start() {
		tmux -S "$sock" new-session -d -s rt -x 120 -y 36 \
			"env -i PATH=$PATH HOME=$home TERM=xterm-256color XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_STATE_HOME=$home/state XDG_CACHE_HOME=$home/cache $work/parley --agent $1"
	}
	tui_start "$(mis spoof)"
	tui_see "⟨U+202E⟩fdp.exe"
	tmux -S "$sock" send-keys -t rt hi Enter
	tui_see "text fdp.exe paypal"
	no_invisibles "$screen"
	# Every bordered line is as wide as the window (wc -L counts columns).
	widths=$(grep -E '^[│╭╰]' <<<"$screen" | while IFS= read -r l; do printf '%s\n' "$l" | LC_ALL=C.UTF-8 wc -L; done | sort -u)
	[ "$widths" = 120 ] || { out=$screen; tmux -S "$sock" kill-server; fail "pane borders out of line: widths $widths"; }
	tmux -S "$sock" kill-server 2>/dev/null || true
	tui_start "$(mis stalled)"
	tui_see "Message the agent"
	tmux -S "$sock" send-keys -t rt hi Enter
	# The count ticks once a second and a loaded machine can skip a
	# number, so wait for the line, then check its form.
	tui_see "s · esc stops"
	grep -qE "waiting for .* · nothing new for [0-9]+s · esc stops" <<<"$screen" || { out=$screen; tmux -S "$sock" kill-server; fail "the waiting line does not say how long"; }
	tmux -S "$sock" send-keys -t rt Escape
	tui_see "Stopped following task task-1"
	tmux -S "$sock" kill-server 2>/dev/null || true
}

# parley send in tmux (40x12): an answer of VS16 emoji, which tmux shows
# in one cell each and a grapheme count in two, replaced in place, does
# not erase the lines above the answer; the final text shows once.
case_send_redraw_keeps_lines_above() {
	if ! command -v tmux >/dev/null 2>&1; then
		echo "redteam: tmux is not installed; skipping the tmux case"
		return 0
	fi
	local sock="$work/tmux-$current.sock" screen=""
	mis_start
	tmux -S "$sock" new-session -d -s rt -x 40 -y 12 \
		"env -i PATH=$PATH HOME=$home TERM=xterm-256color LANG=C.UTF-8 XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_STATE_HOME=$home/state XDG_CACHE_HOME=$home/cache bash --norc --noprofile -c 'echo before-the-answer; $work/parley send $(mis widths) hi; echo after-the-answer; sleep 600'"
	tui_see "after-the-answer"
	screen=$(tmux -S "$sock" capture-pane -p -S -100 -t rt)
	tmux -S "$sock" kill-server 2>/dev/null || true
	out=$screen
	grep -qx "before-the-answer" <<<"$screen" || fail "the line above the answer was erased"
	grep -qx "\[working\]" <<<"$screen" || fail "the [working] line above the answer was erased"
	[ "$(grep -c "The final answer." <<<"$screen")" = 1 ] || fail "the final answer is not shown once"
	if grep -qF "A draft." <<<"$screen"; then fail "the replaced draft is still on the screen"; fi
}

# --- cases: an id an agent chooses is looked up with that agent only -------

# Agent "pusher" pushes its task-1 failed ("B was here"); agent "healthy"
# also has a task-1, stored first. The push lands in pusher's own
# conversation; healthy's keeps its answer.
case_push_for_another_agents_task_id() {
	mis_start
	run_parley send "$(mis healthy)" hi
	want_code 0
	want_err "saved as context 1"
	run_parley task watch --push "$(mis pusher)" task-1
	want_out "B was here"
	run_parley contexts show 1
	want_code 0
	want_out "Hello world"
	if grep -qF "B was here" <<<"$out"; then fail "the other agent's push was written into conversation 1"; fi
	run_parley contexts show 2
	want_code 0
	want_out "B was here"
}

# Agent "ones" names its context "1", as parley numbers its first
# conversation: --context-id 1 with that agent continues its own
# conversation, and --context takes parley's numbers only.
case_context_id_that_looks_like_a_store_number() {
	mis_start
	run_parley send "$(mis healthy)" "for healthy only"
	want_code 0
	run_parley send "$(mis ones)" first --json
	want_code 0
	want_out '"contextId":"1"'
	want_out '"storeId":2'
	run_parley send "$(mis ones)" second --context-id 1 --json
	want_code 0
	want_out '"storeId":2'
	run_parley contexts show 1
	if grep -qF "second" <<<"$out"; then fail "the agent's contextId 1 continued parley's conversation 1"; fi
	run_parley send --context ctx-1 hello
	want_code 2
	want_err "--context takes parley's number for a stored conversation"
	want_err "--context-id ctx-1"
}

# --------------------------------------------------------------------------

echo "redteam: building parley and the misbehaving agents"
"$GO" build -o "$work/parley" .
"$GO" build -o "$work/redteam-agent" ./internal/hostile/cmd/redteam-agent
"$work/redteam-agent" >"$work/agent.out" &
agent_pid=$!
poll 100 test -s "$work/agent.out" || true
read -r a_eq b_eq <"$work/agent.out" || { echo "redteam: the agents did not start" >&2; exit 1; }
A=${a_eq#A=}
B=${b_eq#B=}

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
	mapfile -t cases < <(declare -F | awk '{print $3}' | grep '^case_' | sed 's/^case_//')
fi
n=0
for c in "${cases[@]}"; do
	current=$c
	home="$work/home-$c"
	mkdir -p "$home"
	"case_$c"
	n=$((n + 1))
	echo "redteam: ok   $c"
done
echo "redteam: $n cases passed"
