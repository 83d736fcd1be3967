package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/oauthtest"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

func (e *testEnv) credentialsPath() string {
	return filepath.Join(filepath.Dir(e.config), "credentials.toml")
}

func (e *testEnv) runStdin(stdin string, args ...string) result {
	e.t.Helper()
	var out, errOut syncbuf.Buffer
	env := e.env(&out, &errOut)
	env.Stdin = strings.NewReader(stdin)
	code := Run(e.t.Context(), args, env)
	return result{code: code, stdout: out.String(), stderr: errOut.String()}
}

// A refusal exits 5 and names what the card and the challenge ask for,
// scheme by scheme, with how to give it.
func TestRefusalNamesTheSchemes(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("send", base+"/secure/", "Hello")
	wantCode(t, r, exitAuthRefused)
	for _, want := range []string{"HTTP 401", "it asks for Bearer", `HTTP bearer token (scheme "bearer")`,
		`or API key in header X-API-Key (scheme "apiKey")`, `--header "Authorization: Bearer …"`, "credentials.toml"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}
	if strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
		t.Errorf("stderr is not one line: %q", r.stderr)
	}
	r = e.run("send", base+"/secure/", "Hello", "--json")
	line := jsonLines(t, r)
	if last := line[len(line)-1]; !strings.Contains(last["error"].(string), `scheme "apiKey"`) || !strings.Contains(last["hint"].(string), "--header") {
		t.Errorf("json error = %v", last)
	}
}

func TestCardShowsSecurityAndRequirements(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "a2aclient", "testdata", "cards", "v10_secure.json"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/.well-known/agent-card.json" {
			_, _ = w.Write(raw)
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="ledger"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	r := newEnv(t).run("card", srv.URL)
	wantCode(t, r, exitOK)
	for _, want := range []string{
		"Security:\n  device  OAuth 2.0 (device code) https://auth.example.com/.well-known/oauth-authorization-server — Sign in on another device.",
		"  key  API key in header X-Ledger-Key", "  mtls  mutual TLS — Client certificate from the corporate CA.",
		"Requires:     device [ledger:read], or key + mtls",
		"      requires: device [ledger:write]",
		"it needs credentials (HTTP 401)",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("card does not show %q:\n%s", want, r.stdout)
		}
	}
	r = newEnv(t).run("card", srv.URL, "--json")
	if !strings.Contains(r.stdout, `"security":[{"device":["ledger:write"]}]`) {
		t.Errorf("--json lacks the skill's security: %s", r.stdout)
	}
}

func TestCredentialFromCommandAndFile(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	e.writeConfig(`[[agents]]
name = "viacmd"
url = "` + base + `/secure/"
auth = "bearer"
token = "cmd:printf 'demo-%s' token"

[[agents]]
name = "viafile"
url = "` + base + `/secure/"
auth = "apikey"
api_key_name = "X-API-Key"
`)
	wantCode(t, e.run("send", "viacmd", "Hello"), exitOK)

	// No key anywhere: refused, and told where it could be.
	r := e.run("send", "viafile", "Hello")
	wantCode(t, r, exitAuthRefused)
	cred := e.credentialsPath()
	// Kept under the agent's URL, never its name.
	if err := os.WriteFile(cred, []byte("[\""+base+"/secure\"]\ntoken = \"demo-key\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = e.run("send", "viafile", "Hello")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "can be read by other users (mode 0644)") || !strings.Contains(r.stderr, "chmod 600 "+cred) {
		t.Errorf("a readable credentials file: %s", r.stderr)
	}
	if strings.Contains(r.stderr, "demo-key") {
		t.Errorf("the refusal shows the secret: %s", r.stderr)
	}
	_ = os.Chmod(cred, 0o600)
	wantCode(t, e.run("send", "viafile", "Hello"), exitOK)
}

func TestLoginTypedSavesTheCredential(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	url := base + "/secure/"
	r := e.runStdin("demo-token\n", "login", url)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stderr, "Bearer token for "+url) || strings.Contains(r.stderr, "demo-token") {
		t.Errorf("stderr = %q", r.stderr)
	}
	st, err := os.Stat(e.credentialsPath())
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("credentials file: %v %v", st, err)
	}
	wantCode(t, e.run("send", url, "Hello"), exitOK)
}

func securedEnv(t *testing.T) (*testEnv, *oauthtest.Server) {
	p := oauthtest.Start(t, time.Hour)
	agent := p.SecuredAgent(t, demoagent.Options{})
	e := newEnv(t)
	e.vars["SVC_SECRET"] = oauthtest.SvcSecret
	e.writeConfig(`[[agents]]
name = "secured"
url = "` + agent + `"
auth = "oauth2"
client_id = "` + oauthtest.PublicClient + `"

[[agents]]
name = "service"
url = "` + agent + `"
auth = "oauth2"
client_id = "` + oauthtest.SvcClient + `"
client_secret = "env:SVC_SECRET"
`)
	return e, p
}

func TestOAuthRefusalThenDeviceLogin(t *testing.T) {
	e, p := securedEnv(t)
	r := e.run("send", "secured", "Hello")
	wantCode(t, r, exitAuthRefused)
	for _, want := range []string{`OAuth 2.0 device code (127.0.0.1`, `(scheme "sso") with scopes agents:read`, "parley login secured"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("refusal does not say %q:\n%s", want, r.stderr)
		}
	}
	p.ApproveWhenPolled(true)
	r = e.run("login", "secured", "--flow", "device")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stderr, "/activate and enter the code ") || !strings.Contains(r.stderr, "Signed in to secured") {
		t.Errorf("login said %q", r.stderr)
	}
	r = e.run("send", "secured", "Hello", "--json")
	wantCode(t, r, exitOK)
	raw, _ := os.ReadFile(e.credentialsPath())
	// Kept under the agent's URL (the config's), never its name.
	conf, _ := os.ReadFile(e.config)
	agentURL := regexp.MustCompile(`url = "([^"]+)"`).FindStringSubmatch(string(conf))[1]
	if !strings.Contains(string(raw), `["`+strings.TrimSuffix(agentURL, "/")+`".oauth]`) || strings.Contains(string(raw), "[secured") || !strings.Contains(string(raw), "refresh_token") {
		t.Errorf("credentials file:\n%s", raw)
	}
}

func TestBrowserLogin(t *testing.T) {
	e, _ := securedEnv(t)
	e.openBrowser = func(u string) error { go oauthtest.Browser(t, u); return nil }
	r := e.run("login", "secured", "--flow", "browser")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stderr, "code_challenge_method=S256") || !strings.Contains(r.stderr, "(opened in your browser)") {
		t.Errorf("login said %q", r.stderr)
	}
	wantCode(t, e.run("send", "secured", "Hello"), exitOK)
}

func TestClientCredentialsFromConfig(t *testing.T) {
	e, p := securedEnv(t)
	r := e.run("send", "service", "Hello", "--json")
	wantCode(t, r, exitOK)
	if g := p.GrantLog(); len(g) != 1 || g[0] != "client_credentials" {
		t.Errorf("grants = %v", g)
	}
	delete(e.vars, "SVC_SECRET")
	r = e.run("send", "service", "Hello")
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "SVC_SECRET is not set") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

// Signed in, 'parley card' shows the authenticated extended card.
func TestCardSignedInShowsExtendedCard(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	r := e.run("card", base+"/secure/")
	wantCode(t, r, exitOK)
	if strings.Contains(r.stdout, "extended-hello") {
		t.Errorf("the public card shows the extended skill:\n%s", r.stdout)
	}
	e.writeConfig("[[agents]]\nname = \"secure\"\nurl = \"" + base + "/secure/\"\nauth = \"bearer\"\ntoken = \"env:T\"\n")
	e.vars["T"] = "demo-token"
	r = e.run("card", "secure")
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "extended-hello") {
		t.Errorf("the signed-in card lacks the extended skill:\n%s", r.stdout)
	}
}

// A 403 says the credentials are not allowed, and exits 5 too.
func TestForbiddenExits5(t *testing.T) {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"name":"gate","description":"","version":"1","protocolVersion":"0.3.0","url":"` + srv.URL + `/rpc",
				"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`))
			return
		}
		http.Error(w, "not for you", http.StatusForbidden)
	}))
	defer srv.Close()
	r := newEnv(t).run("send", srv.URL, "Hello", "--header", "Authorization: Bearer someone-else")
	wantCode(t, r, exitAuthRefused)
	if !strings.Contains(r.stderr, "HTTP 403") || !strings.Contains(r.stderr, "Check that your credentials have access") || strings.Contains(r.stderr, "someone-else") {
		t.Errorf("stderr = %q", r.stderr)
	}
}
