package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/config"
	hostileagent "github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
)

const trustSecret = "tru5t-secret"

// startForeign opens parley on a configured agent "work" whose card, at
// origin A, sends messages to origin B, with a bearer token saved for A.
func startForeign(t *testing.T) (*app, *hostileagent.Site, string) {
	t.Helper()
	return startForeignWith(t, foreignSetup{})
}

// foreignSetup varies startForeign: the agents parley is opened on
// (--agent; none means the config's), and a card that reaches B by a
// redirect from A rather than being served at A.
type foreignSetup struct {
	open     func(urlA string) []string
	redirect bool
	trusted  []string // the entry's trusted_origins already
}

func startForeignWith(t *testing.T, o foreignSetup) (*app, *hostileagent.Site, string) {
	t.Helper()
	siteA, siteB := hostileagent.NewSite(), hostileagent.NewSite()
	t.Cleanup(siteA.Close)
	t.Cleanup(siteB.Close)
	urlA := siteA.URL
	if o.redirect {
		urlA = siteA.URL + "/card.json"
		siteA.Set("/card.json", hostileagent.Doc{Status: 302, Location: siteB.URL + "/card.json"})
		siteB.SetCard("/card.json", "Work", siteB.URL+"/rpc")
	} else {
		siteA.SetCard("/.well-known/agent-card.json", "Work", siteB.URL+"/rpc")
	}
	cfgDir := t.TempDir()
	creds := "[\"" + urlA + "\"]\nauth = \"bearer\"\ntoken = \"" + trustSecret + "\"\n"
	if err := os.WriteFile(filepath.Join(cfgDir, "credentials.toml"), []byte(creds), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{Agents: []config.Agent{{Name: "work", URL: urlA, Auth: "bearer", TrustedOrigins: o.trusted}}}
	file := "# my agents\n[[agents]]\nname = \"work\"\nurl = \"" + urlA + "\"\nauth = \"bearer\"\n"
	if len(o.trusted) > 0 {
		file += "trusted_origins = [\"" + strings.Join(o.trusted, "\", \"") + "\"]\n"
	}
	if err := os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	open := func(string) []string { return nil }
	if o.open != nil {
		open = func(string) []string { return o.open(urlA) }
	}
	a := startApp(t, appOptions{noWelcome: true, cfg: cfg, configDir: cfgDir, agents: open})
	a.waitScreen("work · endpoint on an untrusted origin", "Send your credential to another origin?", "work's card sends your messages to "+siteB.URL+". Send your", "o once · a always · n no")
	if o.redirect {
		// B serves the card, so it is asked for that, with no credential.
		if leaks := siteB.Leaks(trustSecret); len(leaks) > 0 {
			t.Errorf("the foreign origin got the credential before the user answered:\n%s", strings.Join(leaks, "\n"))
		}
	} else if n := len(siteB.Requests()); n != 0 {
		t.Errorf("the foreign origin got %d requests before the user answered", n)
	}
	return a, siteB, filepath.Join(cfgDir, "config.toml")
}

// Always: the origin is trusted, kept in the config file as the agent's
// trusted_origins, and the credential goes there.
func TestFlowForeignEndpointTrustedAlways(t *testing.T) {
	a, siteB, cfgPath := startForeign(t)
	a.typeText("a")
	a.waitGone("Send your credential")
	a.waitState("the agent to be ready", func(m *Model) bool { return m.current != nil && m.current.Status == session.AgentReady })
	a.waitState("the config to be saved", func(*Model) bool {
		raw, _ := os.ReadFile(cfgPath)
		return strings.Contains(string(raw), "trusted_origins = [\""+siteB.URL+"\"]") && strings.HasPrefix(string(raw), "# my agents\n")
	})
	a.typeText("hi")
	a.key("enter")
	a.waitScreen("Hello world")
	if len(siteB.Leaks(trustSecret)) == 0 {
		t.Error("the origin the user trusted got no credential")
	}
}

// No: nothing goes there, and the agent is not used.
func TestFlowForeignEndpointRefused(t *testing.T) {
	a, siteB, cfgPath := startForeign(t)
	a.typeText("n")
	a.waitScreen("Not sending work's credential to " + siteB.URL)
	a.typeText("hi")
	a.key("enter")
	// Not "unreachable": it is not trusted, and enter asks again.
	a.waitScreen("work's endpoint is on an untrusted origin ("+siteB.URL+"); press enter on it in Agents to be asked.", "work · endpoint on an untrusted origin")
	a.inspect(func(m *Model) {
		if m.current.Status == session.AgentReady || m.current.Conv != nil {
			t.Error("the agent was used after the user said no")
		}
	})
	if n := len(siteB.Requests()); n != 0 {
		t.Errorf("the foreign origin got %d requests after the user said no", n)
	}
	if raw, _ := os.ReadFile(cfgPath); strings.Contains(string(raw), "trusted_origins") {
		t.Errorf("the config trusts the origin after no:\n%s", raw)
	}
}

// Removing an agent asks whether to forget its saved credential too;
// yes leaves nothing of it in credentials.toml.
func TestFlowRemoveAgentForgetsCredential(t *testing.T) {
	cfgDir := t.TempDir()
	path := filepath.Join(cfgDir, "credentials.toml")
	a := startApp(t, appOptions{noWelcome: true, configDir: cfgDir, agents: func(demo string) []string {
		creds := "[\"" + demo + "\"]\nauth = \"bearer\"\ntoken = \"" + trustSecret + "\"\n"
		if err := os.WriteFile(path, []byte(creds), 0o600); err != nil {
			t.Fatal(err)
		}
		return []string{demo + "/"}
	}})
	a.ready()
	a.inspect(func(m *Model) { m.setFocus(focusAgents) })
	a.typeText("d")
	a.waitScreen("Remove agent", "y yes · n no")
	a.typeText("y")
	a.waitScreen("Forget the saved credential", "Forget it too?")
	a.typeText("y")
	a.waitScreen("Forgot the credential saved for")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), trustSecret) || strings.Contains(string(raw), "[\"") {
		t.Errorf("the credential is still saved:\n%s", raw)
	}
}

// A credential typed in the sign-in for an agent whose endpoint is on
// another origin is not sent there until the user trusts that origin.
func TestFlowSignInAsksBeforeForeignOrigin(t *testing.T) {
	siteA, siteB := hostileagent.NewSite(), hostileagent.NewSite()
	t.Cleanup(siteA.Close)
	t.Cleanup(siteB.Close)
	siteA.SetCard("/.well-known/agent-card.json", "Work", siteB.URL+"/rpc")
	siteB.Set("/rpc", hostileagent.Doc{Status: 401, Body: `{"error":"sign in"}`})
	a := startApp(t, appOptions{noWelcome: true, agents: func(string) []string { return []string{siteA.URL} }})
	a.waitState("the agent to be ready", func(m *Model) bool { return m.current != nil && m.current.Status == session.AgentReady })
	a.typeText("hi")
	a.key("enter")
	a.waitScreen("needs you to sign in")
	a.typeText(trustSecret)
	a.key("enter")
	a.waitScreen("Send your credential to another origin?", "Work's card sends your messages to "+siteB.URL+". Send your")
	if leaks := siteB.Leaks(trustSecret); len(leaks) > 0 {
		t.Fatalf("the typed credential reached the foreign origin before the user trusted it:\n%s", strings.Join(leaks, "\n"))
	}
	a.typeText("o")
	a.waitState("the credential to reach the trusted origin", func(*Model) bool { return len(siteB.Leaks(trustSecret)) > 0 })
}

// A configured agent's credential kept under its name by an older parley
// goes too: nothing of the agent is left in credentials.toml.
func TestFlowRemoveAgentForgetsLegacyNamedCredential(t *testing.T) {
	cfgDir := t.TempDir()
	path := filepath.Join(cfgDir, "credentials.toml")
	var cfg config.Config
	a := startApp(t, appOptions{noWelcome: true, configDir: cfgDir, cfg: &cfg, agents: func(demo string) []string {
		cfg.Agents = []config.Agent{{Name: "mine", URL: demo + "/"}}
		creds := "[mine]\ntoken = \"" + trustSecret + "-old\"\n[\"" + demo + "\"]\nauth = \"bearer\"\ntoken = \"" + trustSecret + "\"\n[other]\ntoken = \"kept\"\n"
		if err := os.WriteFile(path, []byte(creds), 0o600); err != nil {
			t.Fatal(err)
		}
		return nil
	}})
	a.ready()
	a.inspect(func(m *Model) { m.setFocus(focusAgents) })
	a.typeText("d")
	a.waitScreen("Remove agent")
	a.typeText("y")
	a.waitScreen("Forget it too?")
	a.typeText("y")
	a.waitScreen("Forgot the credential saved for")
	raw, _ := os.ReadFile(path)
	if strings.Contains(string(raw), trustSecret) || !strings.Contains(string(raw), "kept") {
		t.Errorf("credentials file after forgetting:\n%s", raw)
	}
}

// An agent opened with --agent NAME or --agent URL that is a config entry
// is that entry: shown by its config name, and "always" adds the origin
// to that entry's trusted_origins at once, never a new entry.
func TestFlowForeignTrustedAlwaysWithAgentFlag(t *testing.T) {
	for name, open := range map[string]func(string) []string{
		"name": func(string) []string { return []string{"work"} },
		"url":  func(urlA string) []string { return []string{urlA} },
	} {
		t.Run(name, func(t *testing.T) {
			a, siteB, cfgPath := startForeignWith(t, foreignSetup{open: open})
			a.typeText("a")
			a.waitGone("Send your credential")
			a.waitState("the config to be saved", func(*Model) bool {
				raw, _ := os.ReadFile(cfgPath)
				return strings.Contains(string(raw), "trusted_origins = [\""+siteB.URL+"\"]")
			})
			raw, _ := os.ReadFile(cfgPath)
			if n := strings.Count(string(raw), "[[agents]]"); n != 1 || !strings.Contains(string(raw), "name = \"work\"") {
				t.Errorf("the config has %d agents after trusting, want work alone:\n%s", n, raw)
			}
			a.inspect(func(m *Model) {
				if len(m.entries) != 1 || m.entries[0].Label() != "work" || m.entries[0].Saved != "work" {
					t.Errorf("agents listed: %d, the first %q saved as %q; want work alone", len(m.entries), m.entries[0].Label(), m.entries[0].Saved)
				}
			})
		})
	}
}

// The save's result is what the status line says last, even when the
// agent's card, resolved again, has a redirect to tell about.
func TestFlowForeignTrustSavedShownAfterRedirectNote(t *testing.T) {
	a, siteB, _ := startForeignWith(t, foreignSetup{redirect: true})
	a.typeText("a")
	a.waitState("the agent to be ready", func(m *Model) bool { return m.current != nil && m.current.Status == session.AgentReady })
	a.waitScreen("Saved " + siteB.URL + " as a trusted origin of work")
}

// The question names the origin the agent was named at apart from those
// trusted besides, and the agent by its config name.
func TestFlowForeignPromptNamesTrustedApart(t *testing.T) {
	a, _, _ := startForeignWith(t, foreignSetup{trusted: []string{"http://127.0.0.1:9"}})
	a.waitScreen("Send your credential to another origin?")
	a.inspect(func(m *Model) {
		named := m.ws.NamedOrigin(m.current.Agent)
		if named == "" {
			t.Fatal("the agent was named at no origin")
		}
		want := "You named the agent at " + named + " (and trusted http://127.0.0.1:9); "
		if got := dialogText(m, 120); !strings.Contains(got, want) {
			t.Errorf("the question says %q, want %q in it", got, want)
		}
	})
}

// dialogText is the text of the dialog on top drawn for a screen w
// cells wide, its lines joined as one: what it says, wrapping aside.
func dialogText(m *Model, w int) string {
	d := m.overlay.Top()
	if d == nil {
		return ""
	}
	d.SetSize(w, 40)
	var words []string
	for _, l := range strings.Split(ansi.Strip(d.View(m.st)), "\n") {
		words = append(words, strings.Fields(strings.Trim(l, "│┃ "))...)
	}
	return strings.Join(words, " ") + " "
}

// An agent whose credential is an unset environment variable is not
// called unreachable (issue 15 item 11): it needs a sign-in. The status
// line names the variable and the agent once, the row flags it as
// needing sign-in (not ✗), the sign-in is offered; sending without it
// says why, and a token typed in the sign-in gets the agent its card.
func TestFlowUnsetEnvCredentialAsksToSignIn(t *testing.T) {
	const unset = "PARLEY_TEST_TRUST_UNSET_TOKEN"
	t.Setenv(unset, "")
	var cfg config.Config
	a := startApp(t, appOptions{noWelcome: true, cfg: &cfg, configDir: t.TempDir(), agents: func(demo string) []string {
		cfg.Agents = []config.Agent{{Name: "work", URL: demo + "/", Auth: "bearer", Token: "env:" + unset}}
		return nil
	}})
	screen := a.waitScreen("work needs you to sign in: the environment variable " + unset + " is not set")
	a.waitScreen("Paste the bearer token")
	var status string
	a.inspect(func(m *Model) { status = m.status })
	if strings.Count(status, "work") != 1 || strings.Contains(screen, "unreachable") {
		t.Errorf("the status line names the agent other than once, or calls it unreachable: %q", status)
	}
	var row string
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "▸work") {
			row = l
		}
	}
	if strings.Contains(row, "✗") || !strings.Contains(row, "!") {
		t.Errorf("the agent's row %q does not flag it as needing sign-in", row)
	}
	a.key("esc")
	a.waitScreen("work · needs sign-in")
	a.typeText("hi")
	a.key("enter")
	if got := a.waitScreen("work needs you to sign in (" + unset + " is not set)"); strings.Contains(got, "unreachable") {
		t.Error("an agent with an unset credential is called unreachable")
	}
	a.inspect(func(m *Model) { m.setFocus(focusAgents) })
	a.key("enter")
	a.waitScreen("Paste the bearer token")
	a.typeText("typed-token")
	a.key("enter")
	a.waitState("the agent to be ready", func(m *Model) bool { return m.current != nil && m.current.Status == session.AgentReady })
}

// After no, enter on the agent in Agents asks again, as the status line
// says; yes then saves the origin in the agent's entry.
func TestFlowForeignRefusedAskedAgain(t *testing.T) {
	a, siteB, cfgPath := startForeignWith(t, foreignSetup{open: func(urlA string) []string { return []string{urlA} }})
	a.typeText("n")
	a.waitGone("Send your credential")
	a.inspect(func(m *Model) { m.setFocus(focusAgents) })
	a.key("enter")
	a.waitScreen("Send your credential to another origin?")
	a.typeText("a")
	a.waitState("the config to be saved", func(*Model) bool {
		raw, _ := os.ReadFile(cfgPath)
		return strings.Contains(string(raw), "trusted_origins = [\""+siteB.URL+"\"]")
	})
}
