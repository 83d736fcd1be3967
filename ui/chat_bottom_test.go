package ui

import "testing"

// G goes to the bottom of the chat and selects its last item, whether
// the terminal sends it as the text "G" or, reporting keys as escape
// codes, as shift and the g key with no text.
func TestFlowChatBottomKey(t *testing.T) {
	for _, bottom := range []string{"G", "shift+g"} {
		t.Run(bottom, func(t *testing.T) {
			a := startApp(t, appOptions{})
			a.ready()
			a.typeText("Hello")
			a.key("enter")
			a.waitScreen(answerEnd, "✓ completed")
			a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
			a.key("tab", "g")
			a.waitGone(answerEnd)
			a.key(bottom)
			a.waitScreen(answerEnd, "✓ completed · ")
			a.waitState("the last item selected and followed", func(m *Model) bool {
				items := m.current.Conv.Items()
				sel, ok := m.chat.Selected()
				return m.chat.Following() && ok && sel.Key == items[len(items)-1].Key
			})
		})
	}
}
