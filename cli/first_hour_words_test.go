package cli

import (
	"net"
	"strings"
	"testing"
)

// Issue 32 item 22: names the user or an agent gave keep their case; the
// capital is for sentences that start with parley's own word.
func TestNamesKeepTheirCase(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	e := newEnv(t)
	e.store = t.TempDir() + "/parley.db"
	e.writeConfig("[[agents]]\nname = \"closed-port\"\nurl = \"http://" + closed + "\"\n")
	r := e.run("task", "list", "--all")
	if !strings.Contains(r.stderr, "closed-port") || strings.Contains(r.stderr, "Closed-port") {
		t.Errorf("stderr %q: the agent's name lost its case", r.stderr)
	}
	for in, want := range map[string]string{
		"closed-port is left out":        "closed-port is left out.",
		"http://x is down":               "http://x is down.",
		"v0.3 JSON-RPC has no listing":   "v0.3 JSON-RPC has no listing.",
		"the agent failed":               "The agent failed.",
		"parley's history is left out":   "Parley's history is left out.",
		`"bob" is not an agent`:          `"bob" is not an agent.`,
		"message/send: the agent failed": "message/send: the agent failed.",
	} {
		if got := sentence(in); got != want {
			t.Errorf("sentence(%q) = %q, want %q", in, got, want)
		}
	}
}

// --data that is not JSON says so in parley's words, with the position.
func TestDataNotJSONSaysWhere(t *testing.T) {
	r := newEnv(t).run("send", "http://127.0.0.1:1", "hi", "--data", "notjson")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "--data is not JSON") || !strings.Contains(r.stderr, "(at byte ") || strings.Contains(r.stderr, "literal null") || strings.Contains(r.stderr, "expecting") {
		t.Errorf("stderr %q", r.stderr)
	}
}

// A typo in the scheme is refused plainly, not sent to https://htp:/…; an
// https:// URL for a plain-HTTP agent suggests http://.
func TestTypoURLsAreRefusedAndHTTPSuggested(t *testing.T) {
	e := newEnv(t)
	r := e.run("card", "htp:/127.0.0.1:4242")
	wantCode(t, r, exitUsage)
	if strings.Contains(r.stderr, "https://htp") || !strings.Contains(r.stderr, "did you mean http://127.0.0.1:4242") {
		t.Errorf("typo URL: stderr %q", r.stderr)
	}
	base := demo(t) // plain HTTP on 127.0.0.1
	secure := strings.Replace(base, "http://", "https://", 1)
	r = e.run("card", secure)
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, base) || !strings.Contains(r.stderr, "plain HTTP") {
		t.Errorf("https to a plain-HTTP agent: stderr %q", r.stderr)
	}
}
