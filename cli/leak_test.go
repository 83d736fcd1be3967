package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/adrg/xdg"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/oauthtest"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// Every secret parley handles in a run (a bearer token from the
// environment, an API key from a command sent as a query parameter, a
// key typed into 'parley login' and saved, an OAuth client secret, OAuth
// access and refresh tokens, a token in a --header that is refused) is
// looked for in everything the run left behind: every file under a
// private HOME and XDG directories (config, the SQLite context store and
// its WAL, state, cache) and every line written to stdout and stderr,
// exports included. Only the credentials file, which the person asked
// for, may hold the saved ones.
func TestNoSecretLeaks(t *testing.T) {
	home := t.TempDir()
	t.Cleanup(xdg.Reload) // runs after the variables are restored
	for k, v := range map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "config"), "XDG_DATA_HOME": filepath.Join(home, "data"),
		"XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_RUNTIME_DIR": filepath.Join(home, "run"),
	} {
		t.Setenv(k, v)
	}
	xdg.Reload()

	secret := func(what string) string {
		b := make([]byte, 12)
		_, _ = rand.Read(b)
		return "leak" + what + hex.EncodeToString(b)
	}
	bearer, queryKey, typedKey, refused := secret("bearer"), secret("query"), secret("typed"), secret("refused")
	agent := guardedDemo(t, bearer, queryKey, typedKey)
	p := oauthtest.Start(t, 5*time.Second) // every use refreshes: more tokens to look for
	secured := p.SecuredAgent(t, demoagent.Options{})

	// The command stands in for a password manager: the key lives
	// outside HOME, and the config names only the command.
	vault := filepath.Join(t.TempDir(), "vault")
	if err := os.WriteFile(vault, []byte(queryKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfgDir := filepath.Join(home, "config", "parley")
	if err := os.MkdirAll(cfgDir, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg := `[[agents]]
name = "bearer"
url = "` + agent + `/"
auth = "bearer"
token = "env:LEAK_TOKEN"

[[agents]]
name = "query"
url = "` + agent + `/"
auth = "apikey"
api_key_in = "query"
api_key_name = "k"
token = "cmd:cat ` + vault + `"

[[agents]]
name = "typed"
url = "` + agent + `/"
auth = "apikey"
api_key_name = "X-Team-Pass"

[[agents]]
name = "sso"
url = "` + secured + `"
auth = "oauth2"
client_id = "` + oauthtest.PublicClient + `"

[[agents]]
name = "service"
url = "` + secured + `"
auth = "oauth2"
client_id = "` + oauthtest.SvcClient + `"
client_secret = "env:SVC_SECRET"
`
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"LEAK_TOKEN": bearer, "SVC_SECRET": oauthtest.SvcSecret}
	var output strings.Builder
	run := func(stdin string, args ...string) int {
		t.Helper()
		var out, errOut syncbuf.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		env := Env{Stdout: &out, Stderr: &errOut, Getenv: func(k string) string { return vars[k] },
			PollInterval: time.Millisecond, ResumeDelay: -1, DemoAgent: &demoagent.Options{}}
		if stdin != "" {
			env.Stdin = strings.NewReader(stdin)
		}
		code := Run(ctx, args, env)
		output.WriteString(out.String() + errOut.String())
		return code
	}
	want := func(code, wantCode int, args ...string) {
		t.Helper()
		if code != wantCode {
			t.Fatalf("%q: exit %d, want %d\n%s", args, code, wantCode, output.String())
		}
	}

	want(run("", "send", "bearer", "Hello"), exitOK, "send bearer")
	want(run("", "send", "bearer", "Sign in first", "--json"), exitNeedsInput, "send bearer sign in")
	want(run("", "send", "query", "Show me the itinerary data", "--json"), exitOK, "send query")
	want(run("", "card", "query", "--json"), exitOK, "card query")
	want(run(typedKey+"\n", "login", "typed"), exitOK, "login typed")
	want(run("", "send", "typed", "Hello"), exitOK, "send typed")
	want(run("", "send", "service", "Hello", "--json"), exitOK, "send service")
	p.ApproveWhenPolled(true)
	want(run("", "login", "sso", "--flow", "device"), exitOK, "login sso")
	want(run("", "send", "sso", "Hello"), exitOK, "send sso")
	// Not the configured URL (that would add the configured token).
	other := strings.Replace(agent, "127.0.0.1", "localhost", 1) + "/"
	want(run("", "send", other, "Hello", "--header", "Authorization: Bearer "+refused), exitAuthRefused, "refused")
	want(run("", "contexts", "--json"), exitOK, "contexts")
	ids := regexp.MustCompile(`"id":(\d+)`).FindAllStringSubmatch(output.String(), -1)
	if len(ids) < 5 {
		t.Fatalf("only %d stored contexts to export", len(ids))
	}
	for _, id := range ids {
		want(run("", "contexts", "export", id[1], "--format", "json"), exitOK, "export json")
		want(run("", "contexts", "export", id[1]), exitOK, "export md")
	}

	credPath := filepath.Join(cfgDir, "credentials.toml")
	creds, err := os.ReadFile(credPath)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(credPath); st.Mode().Perm() != 0o600 {
		t.Errorf("credentials file mode %v", st.Mode())
	}
	// The OAuth tokens to look for: whatever was saved, plus what the
	// authorization server handed out (x/oauth2 refreshed on every use).
	saved := regexp.MustCompile(`(?:access_token|refresh_token) = "([^"]+)"`).FindAllStringSubmatch(string(creds), -1)
	if len(saved) < 2 || !strings.Contains(string(creds), typedKey) {
		t.Fatalf("the credentials file lacks what was saved:\n%s", creds)
	}
	savedOnly := []string{typedKey}
	for _, m := range saved {
		savedOnly = append(savedOnly, m[1])
	}
	never := []string{bearer, queryKey, refused, oauthtest.SvcSecret}
	if g := strings.Join(p.GrantLog(), " "); !strings.Contains(g, "refresh_token") || !strings.Contains(g, "client_credentials") {
		t.Errorf("grants %s", g)
	}

	files := 0
	err = filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		check := never
		if path != credPath {
			check = append(append([]string(nil), never...), savedOnly...)
		}
		for _, s := range check {
			if strings.Contains(string(raw), s) {
				t.Errorf("%s holds a secret (%s…)", path, s[:12])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 3 { // config, credentials, the store (and its WAL)
		t.Errorf("only %d files under HOME; did the run write where it should?", files)
	}
	if _, err := os.Stat(filepath.Join(home, "data", "parley", "parley.db")); err != nil {
		t.Errorf("the context store is not where the test looks: %v", err)
	}
	for _, s := range append(never, savedOnly...) {
		if strings.Contains(output.String(), s) {
			t.Errorf("the output holds a secret (%s…)", s[:12])
		}
	}
}

// guardedDemo serves the demo agent's v1.0 card publicly and everything
// else only with one of the three credentials: a bearer token, a query
// key k, or a header X-Team-Pass.
func guardedDemo(t *testing.T, bearer, queryKey, headerKey string) string {
	demo := demoagent.New(demoagent.Options{}).Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ok := r.URL.Path == "/.well-known/agent-card.json" ||
			r.Header.Get("Authorization") == "Bearer "+bearer ||
			r.URL.Query().Get("k") == queryKey ||
			r.Header.Get("X-Team-Pass") == headerKey
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="leak"`)
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		demo.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
