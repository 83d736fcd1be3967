package cli

import (
	"strings"
	"testing"
)

// Issue 32 item 20: a config error ends every command the same way: exit
// 1 and "file:line: what is wrong — what to do", in plain words (no TOML
// library internals).
func TestConfigErrorsSameForEveryCommand(t *testing.T) {
	agent := "[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1\"\n"
	broken := map[string]struct {
		content string
		line    string
		words   string
	}{
		"syntax":        {agent + "timeout =\n", ":4: ", "value"},
		"type":          {agent + "dialect = 3\n", ":4: ", "dialect"},
		"unterminated":  {"theme = \"dark\n" + agent, ":1: ", "quote"},
		"table type":    {"agents = \"x\"\n", ":1: ", "agents"},
		"string wanted": {"theme = 5\n" + agent, ":1: ", "theme"},
		"unknown":       {"bogus = 1\n" + agent, ":1: ", "bogus"},
	}
	u := "http://127.0.0.1:1"
	commands := [][]string{
		{"send", u, "hi"}, {"card", u}, {"task", "get", u, "id"}, {"task", "cancel", u, "id"},
		{"task", "watch", u, "id"}, {"task", "list", u}, {"task", "list", "--all"},
		{"task", "push", "list", u, "id"}, {"doctor", u}, {"send", "a", "hi"}, {"login", "a"},
	}
	for name, b := range broken {
		e := newEnv(t)
		e.store = t.TempDir() + "/parley.db"
		e.writeConfig(b.content)
		for _, args := range commands {
			r := e.run(args...)
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			last := lines[len(lines)-1]
			if r.code != exitError {
				t.Errorf("%s config, %q: exit %d, want %d: %s", name, args, r.code, exitError, r.stderr)
			}
			if !strings.HasPrefix(last, "parley: "+e.config+b.line) || !strings.Contains(last, " — ") || !strings.Contains(last, b.words) {
				t.Errorf("%s config, %q: %q is not \"file%swhat — what to do\" naming %q", name, args, last, b.line, b.words)
			}
			for _, internal := range []string{"expected value but found", "TOML value has type", "destination has type", "int64", "slice"} {
				if strings.Contains(last, internal) {
					t.Errorf("%s config, %q: %q speaks of %q", name, args, last, internal)
				}
			}
		}
	}
}
