package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const goodFile = `theme = "dusk"

[keys]
quit = ["q", "ctrl+c"]
send = "enter"

[[agents]]
name = "local"
url = "http://127.0.0.1:8000"

[[agents]]
name = "work"
url = "https://agents.example.com/a2a"
dialect = "v0.3"
auth = "bearer"
token = "env:WORK_TOKEN"
max_event_size = "32 MiB"
[agents.headers]
X-Team = "parley"
X-Api-Key = "env:WORK_KEY"

[[agents]]
name = "keyed"
url = "https://keyed.example.com"
auth = "apikey"
token = "env:KEYED"
api_key_name = "key"
api_key_in = "query"
`

func writeFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadGoodFile(t *testing.T) {
	cfg, err := Load(writeFile(t, goodFile))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Theme != "dusk" {
		t.Errorf("theme = %q", cfg.Theme)
	}
	if got := cfg.Keys["quit"]; len(got) != 2 || got[1] != "ctrl+c" {
		t.Errorf("keys.quit = %v", got)
	}
	if got := cfg.Keys["send"]; len(got) != 1 || got[0] != "enter" {
		t.Errorf("keys.send = %v", got)
	}
	if len(cfg.Agents) != 3 {
		t.Fatalf("agents = %d", len(cfg.Agents))
	}
	w, ok := cfg.Agent("work")
	if !ok {
		t.Fatal("agent work not found")
	}
	if w.Dialect != "v0.3" || w.Auth != "bearer" || w.Token != "env:WORK_TOKEN" || w.MaxEventSize != 32<<20 {
		t.Errorf("work = %+v", w)
	}
	if w.Headers["X-Team"] != "parley" || w.Headers["X-Api-Key"] != "env:WORK_KEY" {
		t.Errorf("headers = %v", w.Headers)
	}
}

func TestMissingFileIsEmpty(t *testing.T) {
	cfg, err := Load(filepath.Join(t.TempDir(), "nope", "config.toml"))
	if err != nil || cfg == nil || len(cfg.Agents) != 0 {
		t.Fatalf("Load missing = %+v, %v", cfg, err)
	}
}

// wantError checks that loading content fails with the path, the line
// and words that say what is wrong.
func wantError(t *testing.T, content string, line int, words ...string) {
	t.Helper()
	p := writeFile(t, content)
	_, err := Load(p)
	var ce *Error
	if !errors.As(err, &ce) {
		t.Fatalf("Load = %v, want *config.Error", err)
	}
	if ce.Line != line {
		t.Errorf("line = %d, want %d (%v)", ce.Line, line, err)
	}
	msg := err.Error()
	if !strings.Contains(msg, p) {
		t.Errorf("error %q does not name the file", msg)
	}
	for _, w := range words {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
}

func TestBadTOMLReportsLine(t *testing.T) {
	wantError(t, "theme = \"x\"\n\n[[agents]]\nname = \"a\nurl = \"http://x\"\n", 4)
	wantError(t, "[[agents]]\nname = \"a\"\nurl = \"http://x\"\nheaders = 3\n", 4, "headers")
}

func TestLiteralSecretRefused(t *testing.T) {
	content := `[[agents]]
name = "a"
url = "http://a.example"

[[agents]]
name = "b"
url = "http://b.example"
auth = "bearer"
token = "sk-live-123"
`
	wantError(t, content, 9, `agent "b"`, "env:VAR", "refuses secrets")
}

func TestLiteralCredentialHeaderRefused(t *testing.T) {
	content := "[[agents]]\nname = \"a\"\nurl = \"http://a.example\"\nheaders = { Authorization = \"Bearer abc\" }\n"
	wantError(t, content, 4, "Authorization", "env:VAR")
}

func TestValidationProblems(t *testing.T) {
	wantError(t, "[[agents]]\nurl = \"http://a\"\n", 1, "no name")
	wantError(t, "[[agents]]\nname = \"a\"\nurl = \"ftp://a\"\n", 3, "http://")
	wantError(t, "[[agents]]\nname = \"a\"\nurl = \"http://a\"\nauth = \"oauth\"\ntoken = \"env:X\"\n", 4, "unknown auth")
	wantError(t, "[[agents]]\nname = \"a\"\nurl = \"http://a\"\n\n[[agents]]\nname = \"a\"\nurl = \"http://b\"\n", 6, "unique")
	wantError(t, "[[agents]]\nname = \"a\"\nurl = \"http://a\"\ntokne = \"env:X\"\n", 4, "unknown setting", "tokne")
	wantError(t, "[[agents]]\nname = \"a\"\nurl = \"http://a\"\nmax_event_size = \"lots\"\n", 4, "not a size")
}

func TestEnvResolution(t *testing.T) {
	cfg, err := Load(writeFile(t, goodFile))
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"WORK_TOKEN": "tok", "WORK_KEY": "key"}
	getenv := func(k string) string { return env[k] }
	w, _ := cfg.Agent("work")
	if s, err := w.Secret(getenv); err != nil || s != "tok" {
		t.Errorf("Secret = %q, %v", s, err)
	}
	h, err := w.ResolvedHeaders(getenv)
	if err != nil || len(h) != 2 || h[0] != [2]string{"X-Api-Key", "key"} || h[1] != [2]string{"X-Team", "parley"} {
		t.Errorf("ResolvedHeaders = %v, %v", h, err)
	}
	delete(env, "WORK_TOKEN")
	if _, err := w.Secret(getenv); err == nil || !strings.Contains(err.Error(), "WORK_TOKEN is not set") {
		t.Errorf("Secret with unset variable = %v", err)
	}
}

func TestSaveRoundTripPrivateAndAtomic(t *testing.T) {
	cfg, err := Load(writeFile(t, goodFile))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "sub", "config.toml")
	if err := Save(p, cfg); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v, want 0600", st.Mode().Perm())
	}
	back, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Agents) != 3 || back.Agents[1].MaxEventSize != 32<<20 || back.Keys["quit"][0] != "q" {
		t.Errorf("round trip = %+v", back)
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	cfg.Agents[0].Auth, cfg.Agents[0].Token = "bearer", "literal"
	if err := Save(p, cfg); err == nil {
		t.Error("Save accepted a literal secret")
	}
}

func TestParseByteSize(t *testing.T) {
	for in, want := range map[string]ByteSize{"1000": 1000, "16MiB": 16 << 20, "512 KiB": 512 << 10, "1MB": 1e6} {
		if got, err := ParseByteSize(in); err != nil || got != want {
			t.Errorf("ParseByteSize(%q) = %d, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "MiB", "-1", "1.5MiB", "99999999999GiB"} {
		if _, err := ParseByteSize(in); err == nil {
			t.Errorf("ParseByteSize(%q) accepted", in)
		}
	}
}

// FuzzParse: no file, however broken, makes Load panic.
func FuzzParse(f *testing.F) {
	f.Add(goodFile)
	f.Add("[[agents]]\nname = \"a\nurl = 3\n")
	f.Add("keys = 3\nagents = \"x\"\n[agents.headers]\n")
	f.Fuzz(func(t *testing.T, s string) {
		cfg, err := Parse("fuzz.toml", []byte(s))
		if err == nil && cfg == nil {
			t.Fatal("nil config without error")
		}
	})
}

// The TOML library matches names regardless of case: [[Agents]] next to
// [[agents]] filled the list from one or the other at random (found by
// FuzzDoc). A setting in another case is refused, with its line.
func TestParseRefusesMiscasedSettings(t *testing.T) {
	wantError(t, "[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1/\"\n[[Agents]]\nname = \"b\"\nurl = \"http://127.0.0.1:2/\"\n", 4, "\"Agents\"", "lower case")
	wantError(t, "[[agents]]\nname = \"a\"\nURL = \"http://127.0.0.1:1/\"\n", 3, "\"URL\" as \"url\"")
	wantError(t, "Theme = \"dusk\"\n", 1, "\"theme\"")
	wantError(t, "Retry_Tries = 2\n", 1, "\"retry_tries\"", "lower case")
	if _, err := Parse("ok.toml", []byte("[[agents]]\nname = \"a\"\nurl = \"http://127.0.0.1:1/\"\nheaders = { x-team = \"p\" }\n")); err != nil {
		t.Errorf("header names are any case: %v", err)
	}
}

// An agent's name is the user's, spaces included ("closed port", as the
// TUI saves it); it stays on one line, has no spaces at its ends, and is
// not a URL, which would read as one where agents are named.
func TestAgentNamesMayHaveSpaces(t *testing.T) {
	p := writeFile(t, "[[agents]]\nname = \"closed port\"\nurl = \"http://127.0.0.1:9/\"\n")
	cfg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := cfg.Agent("closed port"); !ok || a.URL != "http://127.0.0.1:9/" {
		t.Errorf("agent %q not found", "closed port")
	}
	wantError(t, "[[agents]]\nname = \"a\\tb\"\nurl = \"http://a\"\n", 2, "one line")
	wantError(t, "[[agents]]\nname = \" a\"\nurl = \"http://a\"\n", 2, "spaces at its ends")
	wantError(t, "[[agents]]\nname = \"http://a\"\nurl = \"http://a\"\n", 2, "not a URL")
}
