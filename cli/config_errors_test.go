package cli

import (
	"strconv"
	"strings"
	"testing"
)

// Every error in the config file reads the same way, file:line: what is
// wrong — what to do, and exits 1: a syntax error, an unknown setting, a
// bad value, an unknown key binding, a key conflict, an unknown theme.
// Each is caught before the terminal UI starts.
func TestConfigErrorsOneFormatOneExitCode(t *testing.T) {
	agent := "[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1\"\n"
	cases := []struct {
		name, content string
		line          int
		words         []string
	}{
		{"syntax", "theme = \"dark\n", 1, []string{"the text of theme is not closed — end it with a double quote"}},
		{"unknown setting", "bogus = 1\n" + agent, 1, []string{`unknown setting "bogus"`}},
		{"bad value", "timeout = \"x\"\n" + agent, 1, []string{"not a duration"}},
		{"unknown key name", agent + "\n[keys]\n\"chat.cpy\" = [\"c\"]\n", 6, []string{`unknown key binding "chat.cpy" in [keys] — did you mean "chat.copy"?`}},
		{"key conflict", agent + "\n[keys]\n\"chat.save\" = [\"w\"]\n\"chat.copy\" = [\"ctrl+c\"]\n", 7, []string{`"ctrl+c" for chat.copy is already global.quit (quit) — pick another key or rebind global.quit`}},
		{"unknown theme", "timeout = \"5s\"\ntheme = \"nope\"\n" + agent, 2, []string{`unknown theme "nope" — use auto, dark, light, high-contrast or a theme file in `}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.terminal = true
			e.writeConfig(c.content)
			r := e.run()
			wantCode(t, r, exitError)
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			last := lines[len(lines)-1]
			want := "parley: " + e.config + ":" + strconv.Itoa(c.line) + ": "
			if !strings.HasPrefix(last, want) {
				t.Errorf("stderr %q does not start %q", last, want)
			}
			for _, w := range c.words {
				if !strings.Contains(last, w) {
					t.Errorf("stderr %q does not say %q", last, w)
				}
			}
		})
	}
	// The --theme flag's theme is a bad flag, not a config error.
	e := newEnv(t)
	e.terminal = true
	e.writeConfig(agent)
	r := e.run("--theme", "nope")
	wantCode(t, r, exitUsage)
}
