package ui

import (
	"strings"
	"testing"
)

// Opening a search hit highlights the words it matched in the transcript.
func TestFlowSearchHitHighlightsItsWords(t *testing.T) {
	a := startApp(t, appOptions{store: openStore(t)})
	a.pingedContexts()
	a.key("ctrl+s")
	a.typeText("pong")
	a.waitScreen("Search · 1 hit")
	a.key("enter")
	a.waitScreen("Opened")
	a.waitState("the hit's words marked", func(m *Model) bool {
		return strings.Join(m.chat.Marks(), " ") == "pong" && strings.Contains(m.chat.View(m.st), m.st.Mark.Render("pong"))
	})
}
