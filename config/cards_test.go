package config

import (
	"slices"
	"strings"
	"testing"
)

func TestCardSettingsAreRead(t *testing.T) {
	cfg, err := Parse("c.toml", []byte(`require_signed = true
extensions = ["https://example.com/ext/a/v1"]

[[agents]]
name = "t"
url = "http://127.0.0.1:1/"
tenant = "acme/eu"
require_signed = true
extensions = ["https://example.com/ext/b/v1"]
`))
	if err != nil {
		t.Fatal(err)
	}
	a := cfg.Agents[0]
	if !cfg.RequireSigned || !a.RequireSigned || a.Tenant != "acme/eu" ||
		!slices.Equal(cfg.Extensions, []string{"https://example.com/ext/a/v1"}) || !slices.Equal(a.Extensions, []string{"https://example.com/ext/b/v1"}) {
		t.Fatalf("got %+v / %+v", cfg.Cards, a)
	}
}

// An extension URI travels in a comma-separated header and a tenant in a
// URL path: anything that would split or escape either is refused, with
// the line.
func TestCardSettingsThatWouldBreakTheWireAreRefused(t *testing.T) {
	for name, body := range map[string]string{
		"comma in extension":    "extensions = [\"https://a/x,https://b/y\"]\n",
		"newline in extension":  "extensions = [\"https://a/x\\r\\nX-Evil: 1\"]\n",
		"empty extension":       "extensions = [\"\"]\n",
		"agent extension space": "[[agents]]\nname = \"t\"\nurl = \"http://127.0.0.1:1/\"\nextensions = [\"a b\"]\n",
		"tenant dot-dot":        "[[agents]]\nname = \"t\"\nurl = \"http://127.0.0.1:1/\"\ntenant = \"../admin\"\n",
		"tenant query":          "[[agents]]\nname = \"t\"\nurl = \"http://127.0.0.1:1/\"\ntenant = \"a?x=1\"\n",
		"tenant newline":        "[[agents]]\nname = \"t\"\nurl = \"http://127.0.0.1:1/\"\ntenant = \"a\\nb\"\n",
	} {
		_, err := Parse("c.toml", []byte(body))
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if !strings.Contains(err.Error(), "c.toml") {
			t.Errorf("%s: %v does not name the file", name, err)
		}
	}
}
