package termsafe

import "testing"

func TestShellWord(t *testing.T) {
	for in, want := range map[string]string{
		"urn:example:must":      "urn:example:must",
		"http://127.0.0.1:8080": "http://127.0.0.1:8080",
		"http://x;id":           "'http://x;id'",
		"a$(id)":                "'a$(id)'",
		"it's":                  `'it'\''s'`,
		"":                      "''",
		"t\x1b]0;x\a1":          "t1",
	} {
		if got := ShellWord(in); got != want {
			t.Errorf("ShellWord(%q) = %s, want %s", in, got, want)
		}
	}
}
