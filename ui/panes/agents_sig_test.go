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

// The card's signature line: a hostile reason is cleaned, drawn in at
// most two lines and never holds a tick; unsigned and unchecked cards
// have no mark in their row; a required extension not asked for is
// marked not activated.
func TestAgentsPaneSignatureLines(t *testing.T) {
	mk := func(sig a2aclient.CardSignature, exts ...a2aclient.Extension) *a2aclient.Client {
		agent := &a2aclient.Agent{Name: "a", Signature: sig, Interfaces: []a2aclient.Interface{{URL: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV10}}}
		agent.Capabilities.Extensions = exts
		c, err := a2aclient.NewClient(agent, a2aclient.Options{Extensions: []string{"urn:asked"}})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(50, 30)
	hostile := a2aclient.CardSignature{Status: a2aclient.SignatureInvalid, KeyID: "k",
		Reason: "kid \"✓ ok\" \x1b[32m✓ verified\x1b[0m " + strings.Repeat("long reason ", 40)}
	p.entries = []*Entry{{Agent: &session.Agent{Status: session.AgentReady, Client: mk(hostile,
		a2aclient.Extension{URI: "urn:needed", Required: true},
		a2aclient.Extension{URI: "urn:asked", Required: true})}}}
	view := ansi.Strip(agentsView(p, nil))
	if strings.ContainsAny(view, "✓✔\x1b") {
		t.Fatalf("an invalid signature's view holds a tick or an escape:\n%q", view)
	}
	var reason []string
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "long reason") || strings.Contains(l, "signature invalid") {
			reason = append(reason, l)
		}
	}
	if !strings.Contains(view, "signature invalid: kid") || len(reason) != 2 {
		t.Fatalf("the reason is not on at most two lines (%d):\n%s", len(reason), view)
	}
	if !strings.Contains(view, "ext urn:needed · required · not activated") || !strings.Contains(view, "ext urn:asked · required · activated") {
		t.Fatalf("extension lines:\n%s", view)
	}
	for _, s := range []a2aclient.SignatureStatus{a2aclient.SignatureUnsigned, a2aclient.SignatureUnchecked} {
		p.entries = []*Entry{{Agent: &session.Agent{Status: session.AgentReady, Client: mk(a2aclient.CardSignature{Status: s})}}}
		view = ansi.Strip(agentsView(p, nil))
		row := strings.Split(view, "\n")[0]
		if strings.ContainsAny(view, "✓✗") || ansi.StringWidth(row) != 50 {
			t.Fatalf("%q card: a mark, or the row is not 50 wide:\n%s", s, view)
		}
	}
	p.entries = []*Entry{{Agent: &session.Agent{Status: session.AgentReady, Client: mk(a2aclient.CardSignature{Status: a2aclient.SignatureVerified, KeyID: "key-1"})}}}
	lines := strings.Split(ansi.Strip(agentsView(p, nil)), "\n")
	if !strings.HasSuffix(lines[0], "✓") || ansi.StringWidth(lines[0]) != 50 || !strings.Contains(strings.Join(lines, "\n"), "signed ✓ key key-1") {
		t.Fatalf("verified card:\n%s", strings.Join(lines, "\n"))
	}
}
