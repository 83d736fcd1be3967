package a2aclient

import (
	"net/url"
	"strings"
	"testing"
)

func TestIdentityOfNamesOneAgentOneWay(t *testing.T) {
	same := [][]string{
		{"http://127.0.0.1:4141", "HTTP://127.0.0.1:4141/", "http://127.0.0.1:4141/.well-known/agent-card.json", "http://127.0.0.1:4141/.well-known/agent.json", "http://user:pw@127.0.0.1:4141/#f"},
		{"https://agents.example/a", "https://AGENTS.example:443/a/", "https://agents.example/a/.well-known/agent-card.json"},
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

// What parley contacts decides who an agent is: a host is compared as
// the name that is dialled (IDNA), a path as it is requested (dot
// segments are not resolved: they reach whatever the server makes of
// them), and the query is sent, so it counts. Two URLs that reach two
// agents are two identities and two origins.
func TestIdentityNeverMergesWhatIsContactedApart(t *testing.T) {
	for _, pair := range [][2]string{
		{"http://i.test", "http://\u0130.test"},               // İ lower-cases to i, but is dialled as xn--…
		{"http://k.test", "http://\u212a.test"},               // the Kelvin sign
		{"http://127.0.0.1:9/a", "http://127.0.0.1:9/b/../a"}, // requested as typed
		{"http://127.0.0.1:9/a", "http://127.0.0.1:9/b/.well-known/agent-card.json/../../../a"},
		{"http://127.0.0.1:9/a2a?agent=a", "http://127.0.0.1:9/a2a?agent=b"},
	} {
		a, okA := IdentityOf(pair[0], "")
		b, okB := IdentityOf(pair[1], "")
		if okA && okB && a == b {
			t.Errorf("%q and %q are one identity %q", pair[0], pair[1], a)
		}
		ua, _ := url.Parse(pair[0])
		ub, _ := url.Parse(pair[1])
		oa, okA := Origin(pair[0])
		ob, okB := Origin(pair[1])
		if ua.Host != ub.Host && okA && okB && oa == ob {
			t.Errorf("%q and %q are one origin %q", pair[0], pair[1], oa)
		}
	}
	// A key in the query is part of who the agent is, but never kept.
	id, _ := IdentityOf("http://127.0.0.1:9/a2a?agent=a&api_key=s3cr3t", "")
	if strings.Contains(string(id), "s3cr3t") {
		t.Errorf("the identity %q holds the key", id)
	}
}
