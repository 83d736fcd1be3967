package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// An agent that spoofs with Unicode rather than escape sequences — a
// right-to-left override in its name, zero-width characters in its
// skills, statuses, artifact and file names — reaches no output with
// those runes: text shows names with each rune named (⟨U+202E⟩), JSON
// values are cleaned, and --raw keeps the agent's bytes.
func TestSpoofedTextIsNeutralised(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Spoof, Methods: []string{"card", "message/stream", "message/send", "tasks/get"}})
	t.Cleanup(srv.Close)
	e := newStoreEnv(t)
	sent := e.run("send", srv.URL, "hi")
	wantCode(t, sent, exitOK)
	id := storedID(t, sent)
	for _, args := range [][]string{
		{"card", srv.URL}, {"card", srv.URL, "--json"},
		{"send", srv.URL, "hi", "--no-stream"}, {"send", srv.URL, "hi", "--json"}, {"send", srv.URL, "hi", "--json", "--no-stream"},
		{"contexts"}, {"contexts", "--json"}, {"contexts", "show", id}, {"contexts", "show", id, "--json"},
		{"contexts", "export", id}, {"contexts", "export", id, "--format", "json"},
	} {
		r := sent
		if args[0] != "send" || len(args) > 3 {
			r = e.run(args...)
		}
		if r.code != exitOK {
			t.Errorf("%q: exit %d: %s", args, r.code, r.stderr)
		}
		out := r.stdout + r.stderr
		if strings.Contains(strings.Join(args, " "), "json") {
			out = decodedStrings(t, r.stdout) + r.stderr
		}
		for _, c := range hostile.Invisibles {
			if strings.Contains(out, c) {
				t.Errorf("%q lets %+q through:\n%.300q", args, c, out)
			}
		}
		if !strings.Contains(out, "fdp.exe") {
			t.Errorf("%q lost the agent's text:\n%.300q", args, out)
		}
	}
	if r := e.run("card", srv.URL); !strings.Contains(r.stdout, "Name:         evil "+hostile.SpoofedLine) {
		t.Errorf("the card's name does not show what hides in it:\n%q", r.stdout)
	}
}

// --raw keeps the agent's bytes in JSON, for those who want them.
func TestJSONRawKeepsTheAgentsBytes(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Spoof, Methods: []string{"card", "message/stream", "message/send"}})
	t.Cleanup(srv.Close)
	evil := hostile.Serve(hostile.Fault{Mode: hostile.Hostile, Methods: []string{"card", "message/stream", "message/send"}})
	t.Cleanup(evil.Close)
	e := newEnv(t)
	for _, args := range [][]string{
		{"card", srv.URL, "--json", "--raw"}, {"send", srv.URL, "hi", "--json", "--raw"},
		{"send", srv.URL, "hi", "--json", "--raw", "--no-stream"},
	} {
		r := e.run(args...)
		if got := decodedStrings(t, r.stdout); !strings.Contains(got, hostile.Spoofed) {
			t.Errorf("%q lost the agent's bytes:\n%s", args, got)
		}
	}
	r := e.run("send", evil.URL, "hi", "--json", "--raw")
	if got := decodedStrings(t, r.stdout); !strings.Contains(got, hostile.Evil) {
		t.Errorf("--raw lost the escape sequences:\n%q", got)
	}
	if strings.Contains(r.stdout, "\x1b") {
		t.Errorf("--raw wrote a raw ESC: JSON escapes it still")
	}
}

// `parley send … --json | jq -r .text` must not hand the agent the
// terminal: the decoded values hold no control character.
func TestJSONValuesAreTerminalSafe(t *testing.T) {
	srv := hostile.Serve(hostile.Fault{Mode: hostile.Hostile, Methods: []string{"card", "message/stream", "message/send"}})
	t.Cleanup(srv.Close)
	e := newEnv(t)
	for _, args := range [][]string{
		{"card", srv.URL, "--json"}, {"send", srv.URL, "hi", "--json"}, {"send", srv.URL, "hi", "--json", "--no-stream"},
	} {
		r := e.run(args...)
		got := decodedStrings(t, r.stdout)
		for _, c := range hostile.Controls {
			if strings.Contains(got, c) {
				t.Errorf("%q: a decoded value holds %+q", args, c)
			}
		}
		if !strings.Contains(got, hostile.EvilPlain) {
			t.Errorf("%q lost the readable text:\n%.300q", args, got)
		}
	}
}

// decodedStrings decodes every JSON line of out and returns every string
// in it, keys and values, one a line: what jq -r would print.
func decodedStrings(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			b.WriteString(v + "\n")
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				b.WriteString(k + "\n")
				walk(x)
			}
		}
	}
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		walk(v)
	}
	return b.String()
}
