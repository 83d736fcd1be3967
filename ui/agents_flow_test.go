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
	a.waitState("the refusal", func(m *Model) bool { return m.current != nil && m.current.Status == session.AgentFailed })
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

// The expand key gives the card half the screen, with every example of
// the demo's first skill; leaving the pane gives the chat its width back.
func TestFlowExpandCard(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab") // composer → chat → agents
	a.waitScreen("enter use agent")
	a.key("+")
	screen := a.waitScreen(`"Hello"`, "text/plain → text/markdown")
	if top := strings.Split(screen, "\n")[0]; ansi.StringWidth(top[:strings.Index(top, "╮")+len("╮")]) != 60 {
		t.Fatalf("the expanded Agents pane is not half the width:\n%s", screen)
	}
	a.key("tab")
	screen = a.waitGone("text/plain → text/markdown")
	if top := strings.Split(screen, "\n")[0]; ansi.StringWidth(top[:strings.Index(top, "╮")+len("╮")]) != 33 {
		t.Fatalf("leaving the pane did not fold the card:\n%s", screen)
	}
}
