package auth

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

func TestCredFileWritesPrivatelyAndRoundTrips(t *testing.T) {
	path := filepath.Join(t.TempDir(), "parley", "credentials.toml")
	f := OpenCredFile(path)
	if _, ok, err := f.Get("travel"); ok || err != nil {
		t.Fatalf("a missing file should be empty: %v %v", ok, err)
	}
	if err := f.Update("travel", func(e *Entry) { *e = Entry{Auth: "bearer", Token: "tok-1"} }); err != nil {
		t.Fatal(err)
	}
	if err := f.Update("https://x.example/a2a", func(e *Entry) { *e = Entry{Auth: "apikey", APIKeyName: "k", APIKeyIn: "query", Token: "key-2"} }); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("mode = %v, %v", st.Mode(), err)
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Errorf("directory mode = %v", dir.Mode())
	}
	again := OpenCredFile(path)
	e, ok, err := again.Get("https://x.example/a2a")
	if err != nil || !ok || e.Token != "key-2" || e.APIKeyIn != "query" {
		t.Fatalf("entry = %+v %v %v", e, ok, err)
	}
	raw, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(raw), "# parley credentials") {
		t.Errorf("no header:\n%s", raw)
	}
	// An entry emptied is removed.
	if err := again.Update("travel", func(e *Entry) { *e = Entry{} }); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := OpenCredFile(path).Get("travel"); ok {
		t.Error("the emptied entry is still there")
	}
}

func TestCredFileRefusedWhenOthersCanRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "credentials.toml")
	if err := os.WriteFile(path, []byte("[travel]\nauth = \"bearer\"\ntoken = \"tok-secret-77\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := OpenCredFile(path).Get("travel")
	var pe *PermissionError
	if !errors.As(err, &pe) {
		t.Fatalf("err = %v, want a PermissionError", err)
	}
	msg := err.Error()
	for _, want := range []string{path, "0644", "other users", "chmod 600"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not say %q", msg, want)
		}
	}
	// An agent that needs the file says why it cannot have it; one whose
	// secret comes from the environment is not held up.
	m := NewManager(Options{CredentialsPath: path, Getenv: func(string) string { return "from-env" }})
	if _, err := m.ForAgent(context.Background(), &config.Agent{Name: "travel", Auth: "bearer"}, nil); !errors.As(err, &pe) || !strings.Contains(err.Error(), `agent "travel"`) {
		t.Errorf("ForAgent = %v", err)
	}
	s, err := m.ForAgent(context.Background(), &config.Agent{Name: "env", Auth: "bearer", Token: "env:T"}, nil)
	if err != nil || len(s.Auth) != 1 || s.Auth[0] != (a2aclient.BearerToken{Token: "from-env"}) {
		t.Errorf("ForAgent(env) = %+v, %v", s, err)
	}
}

func TestCredFileBadTOMLDoesNotEchoSecrets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "credentials.toml")
	if err := os.WriteFile(path, []byte("[travel]\ntoken = sk-live-9999\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err := OpenCredFile(path).Get("travel")
	if err == nil || strings.Contains(err.Error(), "sk-live-9999") || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v", err)
	}
}

func TestForAgentSources(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "credentials.toml")
	f := OpenCredFile(path)
	_ = f.Update("filed", func(e *Entry) { e.Token = "from-file" })
	_ = f.Update("typed-before", func(e *Entry) { *e = Entry{Auth: "apikey", APIKeyName: "X-Key", Token: "saved-key"} })
	m := NewManager(Options{CredentialsPath: path, Getenv: func(k string) string { return map[string]string{"TOK": "from-env"}[k] }})
	ctx := context.Background()
	cases := []struct {
		agent config.Agent
		want  a2aclient.Authenticator
	}{
		{config.Agent{Name: "env", Auth: "bearer", Token: "env:TOK"}, a2aclient.BearerToken{Token: "from-env"}},
		{config.Agent{Name: "cmd", Auth: "basic", Username: "ann", Token: "cmd:printf 'pw-from-cmd\\n'"}, a2aclient.BasicAuth{Username: "ann", Password: "pw-from-cmd"}},
		{config.Agent{Name: "filed", Auth: "apikey", APIKeyName: "key", APIKeyIn: "query"}, a2aclient.APIKey{In: "query", Name: "key", Value: "from-file"}},
		{config.Agent{Name: "typed-before"}, a2aclient.APIKey{Name: "X-Key", Value: "saved-key"}},
	}
	for _, c := range cases {
		s, err := m.ForAgent(ctx, &c.agent, nil)
		if err != nil || len(s.Auth) != 1 || s.Auth[0] != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.agent.Name, s.Auth, err, c.want)
		}
	}
	// Nothing anywhere: no credential, no error (the agent's refusal
	// will say what it wants).
	s, err := m.ForAgent(ctx, &config.Agent{Name: "nothing", Auth: "bearer"}, nil)
	if err != nil || len(s.Auth) != 0 {
		t.Errorf("nothing: %+v, %v", s, err)
	}
	// A credential typed in this run joins later clients.
	m.UseTyped("nothing", a2aclient.BearerToken{Token: "typed"})
	s, _ = m.ForAgent(ctx, &config.Agent{Name: "nothing", Auth: "bearer"}, nil)
	if len(s.Auth) != 1 || s.Auth[0] != (a2aclient.BearerToken{Token: "typed"}) {
		t.Errorf("typed: %+v", s.Auth)
	}
	// Remember writes the typed credential for the next run.
	if err := m.Remember("https://u.example/", Entry{Auth: "bearer", Token: "remembered"}); err != nil {
		t.Fatal(err)
	}
	s, err = NewManager(Options{CredentialsPath: path}).ForURL("https://u.example/")
	if err != nil || len(s.Auth) != 1 || s.Auth[0] != (a2aclient.BearerToken{Token: "remembered"}) {
		t.Errorf("ForURL: %+v, %v", s, err)
	}
}
