package ui

import (
	"encoding/base64"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/oauthtest"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/ui/styles"
)

// opened records what parley asked the browser to open.
type opened struct {
	mu   sync.Mutex
	urls []string
	then func(string)
}

func (o *opened) open(u string) error {
	o.mu.Lock()
	o.urls = append(o.urls, u)
	then := o.then
	o.mu.Unlock()
	if then != nil {
		go then(u)
	}
	return nil
}

func (o *opened) list() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.urls...)
}

// outputShows reads what reached the terminal until it holds want: the
// program writes a clipboard sequence when it gets to it, not at once.
func (a *app) outputShows(want string) bool {
	var seen strings.Builder
	deadline := time.Now().Add(flowTimeout)
	for time.Now().Before(deadline) {
		b, _ := io.ReadAll(a.tm.Output())
		seen.Write(b)
		if strings.Contains(seen.String(), want) {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// osc52 is how a terminal is told to put text on the clipboard.
func osc52(text string) string {
	return "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text))
}

// The sign-in lists the card's schemes by number; a digit picks another
// while nothing is typed, and ctrl+s saves the credential privately. The
// authenticated extended card comes in once signed in.
func TestFlowSignInChoosesAPIKeyAndSaves(t *testing.T) {
	cfgDir := t.TempDir()
	a := startApp(t, appOptions{path: "/secure/", configDir: cfgDir})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	// The card lists the API key first; the challenge asks for Bearer.
	a.waitScreen("needs you to sign in", "   1 API key in header X-API-Key — Use the key demo-key.", " ▸ 2 HTTP bearer token — Use the token demo-token.",
		"Paste the bearer token", "enter sign in · ctrl+s and save · tab/1-2 another way · esc cancel")
	a.typeText("1")
	a.waitScreen(" ▸ 1 API key in header X-API-Key", "Paste the API key")
	a.typeText("demo-key")
	a.waitScreen("> ••••••••")
	a.key("ctrl+s")
	a.waitScreen(answerEnd, "✓ completed")
	path := filepath.Join(cfgDir, "credentials.toml")
	a.waitState("the credential to be saved", func(*Model) bool { _, err := os.Stat(path); return err == nil })
	st, _ := os.Stat(path)
	raw, _ := os.ReadFile(path)
	if st.Mode().Perm() != 0o600 || !strings.Contains(string(raw), `api_key_name = "X-API-Key"`) || !strings.Contains(string(raw), `token = "demo-key"`) {
		t.Errorf("credentials file (%v):\n%s", st.Mode(), raw)
	}
	// Signed in, the extended card lists a skill the public one hides.
	a.waitState("the extended card", func(m *Model) bool {
		for _, s := range m.current.Client.Agent().Skills {
			if s.ID == "extended-hello" {
				return true
			}
		}
		return false
	})
	// Signed in, its row no longer says it needs a sign-in (issue 32).
	a.inspect(func(m *Model) {
		if row := strings.Split(ansi.Strip(m.agents.View(m.st)), "\n")[0]; strings.Contains(row, styles.AgentFlagSecurity) {
			t.Errorf("signed in, the agent's row still says %s (needs sign-in): %q", styles.AgentFlagSecurity, row)
		}
	})
}

// A digit typed after the field has text goes into the field: secrets
// may have digits.
func TestFlowSignInDigitsInSecret(t *testing.T) {
	a := startApp(t, appOptions{path: "/secure/"})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen("Paste the bearer token")
	a.typeText("x1")
	a.waitScreen(" ▸ 2 HTTP bearer token", "> ••")
	a.key("tab")
	a.waitScreen(" ▸ 1 API key in header X-API-Key", "Paste the API key")
	a.key("esc")
	a.waitGone("The agent accepts:")
}

// A card behind sign-in: parley asks for the scheme the challenge names,
// fetches the card with it, and the agent is ready.
func TestFlowCardBehindSignIn(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, wrap: func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/secure/.well-known/") && r.Header.Get("Authorization") != "Bearer demo-token" {
				w.Header().Set("WWW-Authenticate", `Bearer realm="cards"`)
				http.Error(w, "no card for you", http.StatusUnauthorized)
				return
			}
			h.ServeHTTP(w, r)
		})
	}, path: "/secure/"})
	a.waitScreen("needs you to sign in", " ▸ 1 HTTP bearer token", `realm="cards"`)
	a.typeText("demo-token")
	a.key("enter")
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd, "✓ completed")
}

// An auth-required task with a link: the link is shown, copied (OSC 52)
// and opened on request, and enter with nothing typed continues the task.
func TestFlowAuthRequiredLink(t *testing.T) {
	o := &opened{}
	a := startApp(t, appOptions{openURL: o.open})
	a.ready()
	a.typeText("Sign in first")
	a.key("enter")
	link := a.url + "/demo-auth"
	screen := a.waitScreen("Link: "+link+"  (ctrl+o open · ctrl+y copy)", "Once signed in there, press enter with nothing typed", "enter go on · esc cancel")
	if strings.Contains(screen, "authorizationUrl") {
		t.Errorf("the link's data is shown as raw JSON:\n%s", screen)
	}
	a.key("ctrl+y")
	a.key("ctrl+o")
	a.waitState("the link to open", func(*Model) bool { return len(o.list()) == 1 })
	if got := o.list(); got[0] != link {
		t.Errorf("opened %v", got)
	}
	a.key("enter")
	a.waitScreen("Thanks, you are signed in.", "✓ completed")
	if !a.outputShows(osc52(link)) {
		t.Error("the link was not put on the clipboard")
	}
}

func securedApp(t *testing.T, accessExp time.Duration, o *opened) (*app, *oauthtest.Server, string) {
	p := oauthtest.Start(t, accessExp)
	agent := p.SecuredAgent(t, demoagent.Options{})
	cfgDir := t.TempDir()
	cfg := &config.Config{Agents: []config.Agent{{Name: "secured", URL: agent, Auth: "oauth2",
		OAuth: config.OAuth{ClientID: oauthtest.PublicClient}}}}
	a := startApp(t, appOptions{noWelcome: true, cfg: cfg, configDir: cfgDir, agents: func(string) []string { return nil }, openURL: o.open})
	return a, p, cfgDir
}

// An OAuth device sign-in from a 401: the code and address are shown,
// the code copied, a spinner runs while parley polls; once approved the
// same request goes again.
func TestFlowDeviceCodeSignIn(t *testing.T) {
	o := &opened{}
	a, p, cfgDir := securedApp(t, 5*time.Second, o)
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen("secured needs you to sign in", " ▸ 1 OAuth 2.0 device code (127.0.0.1", "2 OAuth 2.0 browser sign-in",
		"Press enter to sign in with OAuth 2.0 device code")
	a.key("enter")
	screen := a.waitScreen("/activate and enter  ", "(copied to your clipboard) — waiting… ", "c copy · o open · esc cancel")
	code := screen[strings.Index(screen, "enter  ")+len("enter  "):]
	code = strings.Fields(code)[0]
	p.Approve(code, true)
	a.waitScreen(answerEnd, "✓ completed")
	a.waitGone("The agent accepts:")
	if !a.outputShows(osc52(code)) {
		t.Errorf("the user code %s was not copied", code)
	}
	// Access tokens here live 5 s, under the refresh margin: the next
	// message goes out with a refreshed token.
	a.typeText("Again")
	a.key("enter")
	a.waitState("two completed tasks", func(m *Model) bool {
		n := 0
		for _, t := range m.current.Conv.Tasks() {
			if t.State == a2aclient.StateCompleted {
				n++
			}
		}
		return n == 2
	})
	if g := strings.Join(p.GrantLog(), " "); !strings.Contains(g, "refresh_token") {
		t.Errorf("grants %s: no refresh", g)
	}
	// Not saved: enter, not ctrl+s.
	if _, err := os.Stat(filepath.Join(cfgDir, "credentials.toml")); err == nil {
		t.Error("the token was saved without ctrl+s")
	}
}

// A browser sign-in opens the address, and esc abandons it: the dialog
// closes and the loopback listener stops.
func TestFlowBrowserSignInCancel(t *testing.T) {
	o := &opened{}
	a, _, _ := securedApp(t, time.Hour, o)
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen("secured needs you to sign in")
	a.typeText("2")
	a.waitScreen(" ▸ 2 OAuth 2.0 browser sign-in")
	a.key("enter")
	a.waitScreen("Open this address in a browser on this machine", "waiting for the browser to come back… ")
	a.waitState("the browser to open", func(*Model) bool { return len(o.list()) == 1 })
	authURL := o.list()[0]
	if !strings.Contains(authURL, "code_challenge_method=S256") {
		t.Fatalf("opened %s", authURL)
	}
	a.key("esc")
	a.waitGone("The agent accepts:")
	redirect := authURL[strings.Index(authURL, "redirect_uri=")+len("redirect_uri="):]
	redirect, _, _ = strings.Cut(redirect, "&")
	redirect = strings.NewReplacer("%3A", ":", "%2F", "/").Replace(redirect)
	oauthtest.LoopbackOnly(t, redirect)
	a.waitState("the loopback listener to close", func(*Model) bool {
		resp, err := http.Get(redirect)
		if err == nil {
			resp.Body.Close()
		}
		return err != nil
	})
}

// A browser sign-in completed, with ctrl+s: the token is saved for the
// next run and the request goes again.
func TestFlowBrowserSignInSaved(t *testing.T) {
	o := &opened{}
	o.then = func(u string) { oauthtest.Browser(t, u) }
	a, _, cfgDir := securedApp(t, time.Hour, o)
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen("secured needs you to sign in")
	a.typeText("2")
	a.key("ctrl+s")
	a.waitScreen(answerEnd, "✓ completed")
	path := filepath.Join(cfgDir, "credentials.toml")
	// Kept under the agent's URL, never its name.
	var key string
	a.inspect(func(m *Model) { key = strings.TrimSuffix(m.opts.Config.Agents[0].URL, "/") })
	a.waitState("the token to be saved", func(*Model) bool {
		raw, _ := os.ReadFile(path)
		return strings.Contains(string(raw), `["`+key+`".oauth]`) && !strings.Contains(string(raw), "[secured")
	})
}

// After an OAuth sign-in saved with ctrl+s, no token is anywhere but the
// credentials file: not in the context store (database, WAL), not in a
// frame or what reached the terminal, not in the wire log (whose
// Authorization is redacted, and which never sees the token requests).
func TestFlowSignInLeavesNoToken(t *testing.T) {
	p := oauthtest.Start(t, time.Hour)
	agent := p.SecuredAgent(t, demoagent.Options{})
	cfgDir, storeDir := t.TempDir(), t.TempDir()
	store, err := store.Open(filepath.Join(storeDir, "parley.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	cfg := &config.Config{Agents: []config.Agent{{Name: "secured", URL: agent, Auth: "oauth2", OAuth: config.OAuth{ClientID: oauthtest.PublicClient}}}}
	a := startApp(t, appOptions{noWelcome: true, cfg: cfg, configDir: cfgDir, store: store, agents: func(string) []string { return nil }})
	p.ApproveWhenPolled(true)
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen("Press enter to sign in with OAuth 2.0 device code")
	a.key("ctrl+s")
	a.waitScreen(answerEnd, "✓ completed")
	credPath := filepath.Join(cfgDir, "credentials.toml")
	var creds []byte
	a.waitState("the token to be saved", func(*Model) bool {
		creds, _ = os.ReadFile(credPath)
		return strings.Contains(string(creds), "access_token")
	})
	a.expandWire()
	var tokens []string
	for _, line := range strings.Split(string(creds), "\n") {
		if k, v, ok := strings.Cut(line, " = "); ok && (strings.TrimSpace(k) == "access_token" || strings.TrimSpace(k) == "refresh_token") {
			tokens = append(tokens, strings.Trim(v, `"`))
		}
	}
	if len(tokens) != 2 {
		t.Fatalf("credentials file:\n%s", creds)
	}
	a.key("ctrl+c")
	a.tm.WaitFinished(t)
	store.Close()
	entries, _ := os.ReadDir(storeDir)
	for _, e := range entries {
		raw, _ := os.ReadFile(filepath.Join(storeDir, e.Name()))
		for _, tok := range tokens {
			if strings.Contains(string(raw), tok) {
				t.Errorf("store file %s holds a token", e.Name())
			}
		}
	}
	raw, _ := io.ReadAll(a.tm.Output())
	frames := strings.Join(a.frames.frames(), "\n")
	for _, tok := range tokens {
		if strings.Contains(string(raw), tok) || strings.Contains(frames, tok) {
			t.Error("a token reached the screen")
		}
	}
	sawAuth := false
	for _, r := range a.wire.Records() {
		if strings.Contains(r.URL, "/token") || strings.Contains(r.URL, "/device") {
			t.Errorf("a token request is in the wire log: %s", r.URL)
		}
		if h := r.Header.Get("Authorization"); h != "" {
			sawAuth = true
			if h != "REDACTED" {
				t.Errorf("wire Authorization = %q", h)
			}
		}
		for _, tok := range tokens {
			if strings.Contains(string(r.Body), tok) || strings.Contains(r.URL, tok) {
				t.Errorf("the wire log holds a token: %+v", r)
			}
		}
	}
	if !sawAuth {
		t.Error("no signed-in request in the wire log")
	}
}

// A device endpoint answering interval -1 (x/oauth2's poll loop
// panicked on it, taking the TUI down) signs in all the same, polling
// at the default 5 s.
func TestFlowDeviceSignInHostileInterval(t *testing.T) {
	o := &opened{}
	a, p, _ := securedApp(t, time.Hour, o)
	p.Misbehave(oauthtest.Misbehaviour{Device: map[string]string{"interval": "-1"}})
	p.ApproveWhenPolled(true)
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen("secured needs you to sign in")
	a.key("enter")
	a.waitScreen("/activate and enter  ")
	a.waitScreen(answerEnd, "✓ completed")
}
