package session

import (
	"strings"
	"testing"
)

func TestAgentInputURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://127.0.0.1:35315", "http://127.0.0.1:35315"},
		{"https://http://127.0.0.1:35315", "http://127.0.0.1:35315"}, // pasted after an old prefix
		{"127.0.0.1:4141", "http://127.0.0.1:4141"},
		{"localhost:4141/v0.3/", "http://localhost:4141/v0.3/"},
		{"[::1]:4141", "http://[::1]:4141"},
		{"  agent.example.com  ", "https://agent.example.com"},
		{"https://agent.example.com/.well-known/agent-card.json", "https://agent.example.com/.well-known/agent-card.json"},
	} {
		got, err := AgentURL(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("AgentURL(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	// A scheme typo is named, with the URL it probably meant.
	if _, err := AgentURL("htp:/127.0.0.1:4242"); err == nil || !strings.Contains(err.Error(), "http://127.0.0.1:4242") {
		t.Errorf("AgentURL(htp:/127.0.0.1:4242): %v, want a suggestion of http://127.0.0.1:4242", err)
	}
	for _, bad := range []string{"", "https://", "ftp://127.0.0.1/", "http://a b", "https://user:pw@agent.example.com",
		"http://127.0.0.1:99999", "http://127.0.0.1:port", "http://\x1b[31mx", "javascript:alert(1)",
		"htp:/127.0.0.1:4242", "http:/127.0.0.1:4242", "htp://127.0.0.1:4242", "https:agent.example.com"} {
		if got, err := AgentURL(bad); err == nil {
			t.Errorf("AgentURL(%q) = %q, want an error", bad, got)
		}
	}
}

// The CLI's AGENT argument takes the add prompt's forms; a config name
// comes first.
func TestDirectoryTakesTypedURLs(t *testing.T) {
	d := testDirectory(DirectoryOptions{})
	tg, err := d.Target("127.0.0.1:35315", Overrides{Inspect: true})
	if err != nil || tg.URL != "http://127.0.0.1:35315" {
		t.Fatalf("Target = %+v, %v; want http://127.0.0.1:35315", tg, err)
	}
	if _, err := d.Target("demo", Overrides{Inspect: true}); err == nil {
		t.Error("a bare word with no config entry was taken")
	}
}
