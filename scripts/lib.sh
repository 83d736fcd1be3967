# Shell helpers the end-to-end scripts share (tmux-e2e.sh, redteam.sh),
# sourced, not run. Every wait is bounded.

# poll TRIES CMD [ARGS...]: run CMD every 50 ms until it succeeds, at
# most TRIES times (20 a second); fails when it never did.
poll() {
	local tries=$1 i
	shift
	for ((i = 0; i < tries; i++)); do
		"$@" && return 0
		sleep 0.05
	done
	return 1
}

# stop_pids PID...: end the background processes the script started and
# reap them; an empty or finished one is fine.
stop_pids() {
	local pid
	for pid in "$@"; do
		[ -n "$pid" ] || continue
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
}
