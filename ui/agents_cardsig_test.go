package ui

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// agentsRows is the agents pane's part of a screen: the lines from the
// first agent row down to "+ add agent".
func agentRow(screen, name string) string {
	for _, l := range strings.Split(screen, "\n") {
		if i := strings.Index(l, "││"); i >= 0 {
			l = l[:i+len("│")] // the Agents pane only, not the chat beside it
		}
		if strings.Contains(l, name) && (strings.Contains(l, "●") || strings.Contains(l, "○")) {
			return l
		}
	}
	return ""
}

// The demo signs its cards: the agents pane says the card verified, in
// the row and in the card, and lists the extension the card declares.
// Asked for in the config, the extension reads activated, then confirmed
// once the agent's reply says so.
func TestAgentsPaneShowsDemoCardVerified(t *testing.T) {
	const ext = "urn:parley:demo:echo-extension:v1"
	a := startApp(t, appOptions{noWelcome: true, cfg: &config.Config{Cards: config.Cards{Extensions: []string{ext}}}})
	screen := a.waitScreen("signed ✓ key demo-", "ext urn:parley")
	if row := agentRow(screen, "parley"); !strings.HasSuffix(strings.TrimRight(row, " │"), "✓") {
		t.Fatalf("the demo's row shows no ✓ at its end: %q\n%s", row, screen)
	}
	a.waitScreen("activated")
	a.typeText("hi")
	a.key("enter")
	a.taskState(a2aclient.StateCompleted)
	a.waitScreen("✓ confirmed")
}

// tamper serves the demo's cards with their name changed after they were
// signed, as a man in the middle or a compromised mirror would.
func tamper(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "agent-card.json") {
			h.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		var card map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &card); err != nil || card["signatures"] == nil {
			http.Error(w, "the demo's card was not a signed card", http.StatusInternalServerError)
			return
		}
		card["name"] = "Tampered ✓ verified"
		card["description"] = "signed ✓ key trusted"
		var b bytes.Buffer
		_ = json.NewEncoder(&b).Encode(card)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(b.Bytes())
	})
}

// A card changed after it was signed says its signature is invalid, and
// no frame ever shows a ✓: not the row's mark, not the card's signature
// line, not the ticks the tampered card itself holds.
func TestTamperedCardNeverShowsTick(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, wrap: tamper})
	screen := a.waitScreen("signature invalid")
	if row := agentRow(screen, "Tampered"); !strings.HasSuffix(strings.TrimRight(row, " │"), "✗") {
		t.Fatalf("the tampered card's row shows no ✗ at its end: %q\n%s", row, screen)
	}
	for _, f := range a.frames.frames() {
		if strings.ContainsAny(f, "✓✔✅☑") {
			t.Fatalf("a frame shows a tick for a tampered card:\n%s", f)
		}
	}
}

// With signed cards required, the tampered card is refused: the row is
// marked ✗ and the status line says why and what to do.
func TestRequireSignedRefusalMarksRow(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, wrap: tamper, cfg: &config.Config{Cards: config.Cards{RequireSigned: true}}})
	a.waitState("the refusal", func(m *Model) bool { return m.current != nil && m.current.Status == agentFailed })
	a.inspect(func(m *Model) {
		if !m.isErr || !strings.Contains(m.status, "signed cards are required") || !strings.Contains(m.status, "drop --require-signed") {
			t.Errorf("status line %q does not give the refusal and its hint", m.status)
		}
	})
	screen := a.waitScreen("does not verify")
	if strings.ContainsAny(screen, "✓✔") {
		t.Fatalf("a refused card shows a tick:\n%s", screen)
	}
	if row := agentRow(screen, "Tampered"); !strings.HasSuffix(strings.TrimRight(row, " │"), "✗") {
		t.Fatalf("the refused agent's row shows no ✗ at its end: %q\n%s", row, screen)
	}
}

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
	p := newAgentsPane(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(50, 30)
	hostile := a2aclient.CardSignature{Status: a2aclient.SignatureInvalid, KeyID: "k",
		Reason: "kid \"✓ ok\" \x1b[32m✓ verified\x1b[0m " + strings.Repeat("long reason ", 40)}
	p.entries = []*agentEntry{{Agent: &session.Agent{Status: agentReady, Client: mk(hostile,
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
		p.entries = []*agentEntry{{Agent: &session.Agent{Status: agentReady, Client: mk(a2aclient.CardSignature{Status: s})}}}
		view = ansi.Strip(agentsView(p, nil))
		row := strings.Split(view, "\n")[0]
		if strings.ContainsAny(view, "✓✗") || ansi.StringWidth(row) != 50 {
			t.Fatalf("%q card: a mark, or the row is not 50 wide:\n%s", s, view)
		}
	}
	p.entries = []*agentEntry{{Agent: &session.Agent{Status: agentReady, Client: mk(a2aclient.CardSignature{Status: a2aclient.SignatureVerified, KeyID: "key-1"})}}}
	lines := strings.Split(ansi.Strip(agentsView(p, nil)), "\n")
	if !strings.HasSuffix(lines[0], "✓") || ansi.StringWidth(lines[0]) != 50 || !strings.Contains(strings.Join(lines, "\n"), "signed ✓ key key-1") {
		t.Fatalf("verified card:\n%s", strings.Join(lines, "\n"))
	}
}
