package a2aclient

import "testing"

func TestIdentityOfNamesOneAgentOneWay(t *testing.T) {
	same := [][]string{
		{"http://127.0.0.1:4141", "HTTP://127.0.0.1:4141/", "http://127.0.0.1:4141/.well-known/agent-card.json", "http://127.0.0.1:4141/.well-known/agent.json", "http://user:pw@127.0.0.1:4141/?q=1#f"},
		{"https://agents.example/a", "https://AGENTS.example:443/a/", "https://agents.example/a/.well-known/agent-card.json", "https://agents.example/x/../a"},
		{"http://[::1]:80/v1", "http://[::1]/v1/"},
	}
	for _, group := range same {
		want, ok := IdentityOf(group[0], "")
		if !ok {
			t.Fatalf("IdentityOf(%q) is not an identity", group[0])
		}
		for _, u := range group[1:] {
			if got, _ := IdentityOf(u, ""); got != want {
				t.Errorf("IdentityOf(%q) = %q, want %q (as %q)", u, got, want, group[0])
			}
		}
	}
	apart := []string{
		"http://127.0.0.1:4141", "http://127.0.0.1:4142", "https://127.0.0.1:4141", "http://127.0.0.1:4141/a",
		"http://127.0.0.1:4141/b", "http://localhost:4141", "http://127.0.0.1:4141/a/b",
	}
	seen := map[AgentID]string{}
	for _, u := range apart {
		id, ok := IdentityOf(u, "")
		if !ok {
			t.Fatalf("IdentityOf(%q) is not an identity", u)
		}
		if other, dup := seen[id]; dup {
			t.Errorf("%q and %q are one identity %q", u, other, id)
		}
		seen[id] = u
	}
	a, _ := IdentityOf("http://127.0.0.1:4141", "t1")
	b, _ := IdentityOf("http://127.0.0.1:4141", "t2")
	c, _ := IdentityOf("http://127.0.0.1:4141", "")
	if a == b || a == c {
		t.Errorf("tenants share an identity: %q %q %q", a, b, c)
	}
	for _, bad := range []string{"", "not a url", "ftp://127.0.0.1/x", "/relative"} {
		if id, ok := IdentityOf(bad, ""); ok {
			t.Errorf("IdentityOf(%q) = %q, want none", bad, id)
		}
	}
}
