package cli

import (
	"strings"
	"testing"
)

// A URL given with a password in it (user:PW@) is refused where parley
// wants none, and the refusal names the URL without the password: an
// error message ends up in terminals' scrollback, logs and bug reports.
func TestRefusedURLsDoNotEchoTheirPassword(t *testing.T) {
	const pw = "Pa55w0rd-in-url"
	withPW := "http://user:" + pw + "@127.0.0.1:9/"
	a, _ := foreignPair(t)
	cases := []struct {
		name   string
		config string
		args   []string
	}{
		{"--push-url", "", []string{"task", "push", "set", a.URL, "t-1", "--push-url", withPW}},
		{"--push-url with a query", "", []string{"task", "push", "set", a.URL, "t-1", "--push-url", withPW + "?token=" + pw}},
		{"push_url", "push_url = \"" + withPW + "\"\n", []string{"task", "push", "set", a.URL, "t-1"}},
		{"--trust-origin", "", []string{"send", a.URL, "hi", "--trust-origin", "ftp://user:" + pw + "@127.0.0.1:9"}},
		{"trusted_origins", "[[agents]]\nname = \"a\"\nurl = \"" + a.URL + "\"\ntrusted_origins = [\"" + withPW + "x\"]\n", []string{"send", "a", "hi"}},
		{"agent url", "[[agents]]\nname = \"a\"\nurl = \"ftp://user:" + pw + "@127.0.0.1:9\"\n", []string{"send", "a", "hi"}},
		{"agent ref", "", []string{"send", "user:" + pw + "@127.0.0.1", "hi"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			if c.config != "" {
				e.writeConfig(c.config)
			}
			r := e.run(c.args...)
			if r.code == exitOK {
				t.Fatalf("accepted: %s", r.stderr)
			}
			if strings.Contains(r.stdout+r.stderr, pw) {
				t.Errorf("the password is echoed:\n%s%s", r.stdout, r.stderr)
			}
		})
	}
}
