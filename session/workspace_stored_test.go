package session

import "testing"

// Moved from ui with the code it tests, which is the Workspace's now.
func TestAgentURLKey(t *testing.T) {
	same := [][2]string{
		{"http://127.0.0.1:4141", "http://127.0.0.1:4141/"},
		{"HTTP://LocalHost:4141/v1.0/", "http://localhost:4141/v1.0"},
		{"http://127.0.0.1:4141/.well-known/agent-card.json", "http://127.0.0.1:4141/"},
		{"http://127.0.0.1:4141/gateway/.well-known/agent.json", "http://127.0.0.1:4141/gateway"},
	}
	for _, p := range same {
		if a, b := agentURLKey(p[0]), agentURLKey(p[1]); a == "" || a != b {
			t.Errorf("%q → %q and %q → %q; want the same", p[0], a, p[1], b)
		}
	}
	differ := [][2]string{
		{"http://127.0.0.1:4141/a", "http://127.0.0.1:4141/b"},
		{"http://127.0.0.1:4141/", "http://127.0.0.1:4142/"},
		{"http://127.0.0.1:4141/", "https://127.0.0.1:4141/"},
	}
	for _, p := range differ {
		if agentURLKey(p[0]) == agentURLKey(p[1]) {
			t.Errorf("%q and %q read as one agent", p[0], p[1])
		}
	}
	for _, s := range []string{"", "demo", "file:///etc/passwd", "http://"} {
		if k := agentURLKey(s); k != "" {
			t.Errorf("%q → %q; want nothing", s, k)
		}
	}
}

func TestAgentURLKeyDefaultPortsAndDoubledScheme(t *testing.T) {
	for _, p := range [][2]string{
		{"http://127.0.0.1:80/", "http://127.0.0.1"},
		{"https://Agent.Example.com:443/a/", "https://agent.example.com/a"},
		{"http://[::1]:80", "http://[::1]/"},
		{"https://http://127.0.0.1:4141", "http://127.0.0.1:4141/"},
	} {
		if a, b := agentURLKey(p[0]), agentURLKey(p[1]); a == "" || a != b {
			t.Errorf("%q → %q and %q → %q; want the same", p[0], a, p[1], b)
		}
	}
	if agentURLKey("https://127.0.0.1:80/") == agentURLKey("https://127.0.0.1/") {
		t.Error("port 80 is not https's default")
	}
}
