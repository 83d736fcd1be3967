package panes

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// "!" says an agent needs a sign-in (the help's legend): once signed in
// it goes. It stayed after a successful sign-in (issue 32, item 9).
func TestSignInClearsTheNeedsSignInFlag(t *testing.T) {
	agent := &a2aclient.Agent{Name: "locked", SecuritySchemes: []a2aclient.SecurityScheme{{}},
		Interfaces: []a2aclient.Interface{{URL: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV10}}}
	c, err := a2aclient.NewClient(agent, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(40, 4)
	e := &Entry{Agent: &session.Agent{Name: "locked", Status: session.AgentReady, Client: c}}
	p.entries = []*Entry{e}
	row := func() string { return strings.Split(ansi.Strip(agentsView(p, nil)), "\n")[0] }
	if !strings.Contains(row(), styles.AgentFlagSecurity) {
		t.Fatalf("before sign-in, no %s: %q", styles.AgentFlagSecurity, row())
	}
	e.SignedIn = true
	if strings.Contains(row(), styles.AgentFlagSecurity) {
		t.Fatalf("signed in, still %s: %q", styles.AgentFlagSecurity, row())
	}
}
