package realservers

import (
	"encoding/json"
	"strings"
	"testing"
)

// gemini-cli's A2A server is built on a2a-js (@a2a-js/sdk 0.3), which
// serves v0.3 JSON-RPC without a task listing (the SDK has no
// tasks/list). parley says so and lists the tasks of its own history
// with the agent instead; --all merges that history with the (empty)
// server side.
func TestGeminiTaskListFallsBackToHistory(t *testing.T) {
	srv := startGemini(t)
	p := newParley(t)
	_, sent := jsonLines(t, p.run("send", "--json", srv.URL, "hello there").stdout)
	if sent.TaskID == "" {
		t.Fatal("the agent made no task")
	}

	r := p.run("task", "list", srv.URL)
	if r.code != 0 || !strings.Contains(r.stderr, "has no task listing") {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, sent.TaskID) || !strings.Contains(r.stdout, "parley") {
		t.Fatalf("the stored task is not listed:\n%s", r.stdout)
	}

	j := p.run("task", "list", "--all", srv.URL, "--state", "input-required", "--json")
	lines := strings.Split(strings.TrimSpace(j.stdout), "\n")
	var first, last map[string]any
	if len(lines) != 2 || json.Unmarshal([]byte(lines[0]), &first) != nil || json.Unmarshal([]byte(lines[1]), &last) != nil {
		t.Fatalf("--all --json:\n%s\n%s", j.stdout, j.stderr)
	}
	if first["taskId"] != sent.TaskID || first["where"] != "parley" || last["listing"] != "merged" || last["count"] != float64(1) {
		t.Fatalf("--all listed %v then %v", first, last)
	}
}
