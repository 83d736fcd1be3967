package session

import (
	"strings"
	"testing"
)

// The refusal names both agents, and the name only when it says more
// than the URL it reaches.
func TestAgentMovedSaysWhichAgents(t *testing.T) {
	byURL := &AgentMovedError{Context: 1, Was: "http://127.0.0.1:1", Now: "http://127.0.0.1:2", Ref: "http://127.0.0.1:2/"}
	if got := byURL.Error(); got != "conversation 1 is with the agent at http://127.0.0.1:1, not the one at http://127.0.0.1:2; parley sent nothing there" {
		t.Errorf("by URL: %q", got)
	}
	byName := &AgentMovedError{Context: 1, Was: "http://127.0.0.1:1", Now: "http://127.0.0.1:2", Ref: "work\x1b[2J"}
	got := byName.Error()
	if !strings.Contains(got, "work now reaches the one at http://127.0.0.1:2") || strings.Contains(got, "\x1b") {
		t.Errorf("by name: %q", got)
	}
	if h := byName.Hint(); !strings.Contains(h, "--context 1") {
		t.Errorf("hint: %q", h)
	}
}
