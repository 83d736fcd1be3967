package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestUsageErrorsExit2(t *testing.T) {
	e := newEnv(t)
	for _, args := range [][]string{
		{"bogus"},
		{"send"},
		{"send", "http://127.0.0.1:1"},
		{"send", "http://127.0.0.1:1", "hi", "extra"},
		{"send", "http://127.0.0.1:1", "hi", "--header", "no colon"},
		{"send", "http://127.0.0.1:1", "hi", "--dialect", "v9"},
		{"send", "http://127.0.0.1:1", "hi", "--frobnicate"},
		{"card"},
		{"task", "frob", "http://127.0.0.1:1", "id"},
		{"task", "get", "http://127.0.0.1:1"},
		{"card", "no-such-agent"},
		{"demo-agent", "extra"},
		{"help", "nothing"},
	} {
		r := e.run(args...)
		if r.code != exitUsage {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", args, r.code, r.stderr)
		}
		if !strings.HasPrefix(r.stderr, "parley: ") || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%q: stderr %q is not one line", args, r.stderr)
		}
	}
}

func TestUsageErrorAsJSON(t *testing.T) {
	r := newEnv(t).run("send", "--json", "http://127.0.0.1:1")
	wantCode(t, r, exitUsage)
	var line struct {
		Type, Error, Hint string
		ExitCode          int
	}
	if err := json.Unmarshal([]byte(r.stdout), &line); err != nil || line.Type != "error" || line.Error == "" || line.ExitCode != 2 {
		t.Errorf("stdout = %q (%v)", r.stdout, err)
	}
}

func TestHelpAndVersion(t *testing.T) {
	e := newEnv(t)
	for _, args := range [][]string{{}, {"--help"}, {"-h"}, {"help"}} {
		r := e.run(args...)
		wantCode(t, r, exitOK)
		if !strings.Contains(r.stdout, "parley send AGENT TEXT") || !strings.Contains(r.stdout, "Exit codes") {
			t.Errorf("%q: help = %q", args, r.stdout)
		}
	}
	for _, args := range [][]string{{"help", "send"}, {"send", "--help"}, {"send", "-h"}} {
		r := e.run(args...)
		wantCode(t, r, exitOK)
		if !strings.HasPrefix(r.stdout, "Usage: parley send") {
			t.Errorf("%q: help = %q", args, r.stdout)
		}
	}
	for _, cmd := range []string{"card", "task", "demo-agent"} {
		if r := e.run(cmd, "--help"); r.code != 0 || !strings.HasPrefix(r.stdout, "Usage: parley "+cmd) {
			t.Errorf("%s --help = %d %q", cmd, r.code, r.stdout)
		}
	}
	r := e.run("--version")
	wantCode(t, r, exitOK)
	if !strings.HasPrefix(r.stdout, "parley ") {
		t.Errorf("version = %q", r.stdout)
	}
}

func TestParseArgsInterleaved(t *testing.T) {
	var f sendFlags
	c := (&runner{}).sendCommandFor(&f)
	err := c.ParseFlags([]string{"URL", "--json", "hello", "--header", "A: b", "--", "--not-a-flag"})
	if err != nil {
		t.Fatal(err)
	}
	pos := c.Flags().Args()
	if strings.Join(pos, "|") != "URL|hello|--not-a-flag" || !f.json || f.headers.h.Get("A") != "b" {
		t.Errorf("pos = %q, flags = %+v", pos, f)
	}
}

// With --raw, JSON keeps the agent's bytes, escaped.
func TestEscapeControlsInJSON(t *testing.T) {
	var b strings.Builder
	if err := writeJSONLine(rawOutput{&b}, map[string]string{"t": "a\x1b]52;c;x\x07b\u009bc\x7fd"}); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, bad := range []string{"\x1b", "\u009b", "\x7f", "\x07"} {
		if strings.Contains(got, bad) {
			t.Errorf("line %q contains %q", got, bad)
		}
	}
	var back map[string]string
	if err := json.Unmarshal([]byte(got), &back); err != nil || back["t"] != "a\x1b]52;c;x\x07b\u009bc\x7fd" {
		t.Errorf("round trip = %q, %v", back["t"], err)
	}
}
