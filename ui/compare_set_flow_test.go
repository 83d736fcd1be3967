package ui

import (
	"regexp"
	"strings"
	"testing"
)

// A compare set reopens as columns: the contexts sent together are
// recorded in one set, the contexts view marks its members, and enter on
// one opens every column again, each from its stored conversation with
// its timings, ready to send the next message to all of them.
func TestFlowCompareSetReopensAsColumns(t *testing.T) {
	a := compareApp(t, 120, 36, "/", "/v0.3/")
	a.markAll(2)
	a.key("c")
	a.typeText("ping")
	a.key("enter")
	a.waitFrame("both columns to answer and settle", func(s string) bool {
		return strings.Count(s, "pong: ping") == 2 && strings.Count(s, "done in") == 2
	})
	var set int64
	a.waitState("both contexts to be stored in one compare set", func(m *Model) bool {
		sets, err := m.opts.Store.CompareSetsOf()
		if err != nil || len(sets) != 2 {
			return false
		}
		for _, s := range sets {
			set = s
		}
		return true
	})
	// Away from the set: each agent starts a fresh conversation.
	a.key("esc")
	a.waitScreen("╭─ Agents")
	a.inspect(func(m *Model) {
		for _, e := range m.entries {
			m.ws.NewConversation(e.Agent)
		}
		m.syncEntries()
		m.showConversation()
	})
	a.key("ctrl+o", "ctrl+t") // every agent's conversations
	screen := a.waitFrame("the contexts view to mark the set's members", func(s string) bool {
		return strings.Count(s, "◆ set ") == 2
	})
	if !regexp.MustCompile(`◆ set \d+ +compare `).MatchString(screen) {
		t.Errorf("the set's members are not marked with their set:\n%s", screen)
	}
	a.key("enter")
	screen = a.waitFrame("the set to reopen as two columns with their timings, said on the status line", func(s string) bool {
		return strings.Count(s, "pong: ping") == 2 && strings.Count(s, "done in") == 2 && strings.Contains(s, "message all 2:") && strings.Contains(s, "Reopened compare set")
	})
	a.inspect(func(m *Model) {
		if !m.compare.open || len(m.compare.cols) != 2 {
			t.Fatalf("the compare view is not open on two columns:\n%s", screen)
		}
		if m.compare.setID != set {
			t.Errorf("the reopened view is set %d, want %d", m.compare.setID, set)
		}
	})
	a.typeText("ping again")
	a.key("enter")
	a.waitFrame("both columns to answer the next message", func(s string) bool {
		return strings.Count(s, "pong: ping again") == 2
	})
	// The set's own contexts went on: still two in the set, none new
	// in it.
	a.waitState("the set to keep its two contexts, each with both turns", func(m *Model) bool {
		ids, err := m.opts.Store.CompareSet(set)
		if err != nil || len(ids) != 2 {
			return false
		}
		for _, id := range ids {
			info, err := m.opts.Store.Context(id)
			if err != nil || info.Messages != 4 {
				return false
			}
		}
		return true
	})
}

// A marked agent whose card requires an extension parley does not
// activate is refused in compare mode with the sentence a send gives,
// and the message stays in the composer.
func TestFlowCompareRefusesARequiredExtension(t *testing.T) {
	a := compareAppWith(t, appOptions{w: 120, h: 36, wrap: cardRewrite(`"required":false`, `"required":true`)}, "/", "/v0.3/")
	a.markAll(2)
	a.key("c")
	a.waitScreen("requires the extension urn:parley:demo:echo-extension")
	a.inspect(func(m *Model) {
		if m.compare.open {
			t.Error("the compare view opened on an agent that requires an extension")
		}
	})
	a.key("shift+tab", "shift+tab") // agents → chat → composer
	a.waitState("the composer to have the keys", func(m *Model) bool { return m.focus == focusComposer })
	a.typeText("ping")
	a.key("enter")
	a.waitScreen("requires the extension urn:parley:demo:echo-extension")
	a.inspect(func(m *Model) {
		if m.compare.open {
			t.Error("sending with two marked opened the compare view on an agent that requires an extension")
		}
		if m.composer.Empty() {
			t.Error("the refused message left the composer")
		}
		if n := len(m.current.Conv.Tasks()); n != 0 {
			t.Errorf("%d tasks were sent", n)
		}
	})
}
