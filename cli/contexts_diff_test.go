package cli

import (
	"strings"
	"testing"
)

// A replay of a conversation to the same scripted agent answers the
// same: diff exits 0. Two conversations that were told different things
// differ: diff exits 1 and marks where, side by side, timings beside.
func TestContextsDiff(t *testing.T) {
	e := newStoreEnv(t)
	base := demo(t)
	id := replayFixture(t, e, base)
	r := e.run("contexts", "replay", id)
	wantCode(t, r, exitOK)
	again := savedReplay(t, r)

	r = e.run("contexts", "diff", id, again)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "The answers are the same (3 turns).") || !strings.Contains(r.stdout, "done in") {
		t.Errorf("diff of a conversation and its replay:\n%s", r.stdout)
	}

	other := storedID(t, e.run("send", base, "Tell me about streaming"))
	r = e.run("contexts", "diff", id, other)
	wantCode(t, r, 1)
	for _, want := range []string{"Turn 1 · differs in message, state, status, text", "Turn 2 · only in A", "3 of 3 turns differ."} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("diff output lacks %q:\n%s", want, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, " | ") {
		t.Errorf("no line is marked as differing:\n%s", r.stdout)
	}
}

// --json gives the pairs, one line each, then the verdict.
func TestContextsDiffJSON(t *testing.T) {
	e := newStoreEnv(t)
	base := demo(t)
	a := storedID(t, e.run("send", base, "Tell me about streaming"))
	b := storedID(t, e.run("send", base, "Tell me about data"))
	r := e.run("contexts", "diff", a, b, "--json")
	wantCode(t, r, 1)
	lines := jsonLines(t, r)
	if len(lines) != 2 || lines[0]["type"] != "turn" || lines[0]["same"] != false || lines[0]["a"] == nil || lines[0]["b"] == nil {
		t.Fatalf("diff --json lines = %v", lines)
	}
	if last := lines[1]; last["type"] != "diff" || last["same"] != false || last["turns"] != 1.0 || last["differ"] != 1.0 {
		t.Errorf("verdict line = %v", last)
	}
	r = e.run("contexts", "diff", a, a, "--json")
	wantCode(t, r, exitOK)
}

func TestContextsDiffUsage(t *testing.T) {
	e := newStoreEnv(t)
	wantCode(t, e.run("contexts", "diff", "1"), exitUsage)
	wantCode(t, e.run("contexts", "diff", "1", "2"), exitUsage) // no such contexts
}
