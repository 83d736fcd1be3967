package ui

import (
	"strings"
	"testing"
)

// pgup and pgdown scroll every column of the compare view together, the
// composer keeping the keys for writing; the wheel scrolls the one
// column under the pointer.
func TestFlowCompareScrollsEveryColumnWithThePageKeys(t *testing.T) {
	a := compareApp(t, 100, 24, "/", "/v0.3/")
	a.markAll(2)
	a.key("c")
	a.waitScreen("message all 2:")
	a.typeText("Hello")
	a.key("enter")
	const top = "Stream a Markdown answer"
	screen := a.waitFrame("both answers to end", func(s string) bool { return strings.Count(s, answerEnd) == 2 })
	if strings.Count(screen, top) == 2 {
		t.Fatalf("both answers fit the columns; the test needs them taller:\n%s", screen)
	}
	for range 12 {
		a.key("pgup")
	}
	screen = a.waitFrame("both columns to show their answers' start", func(s string) bool { return strings.Count(s, top) == 2 })
	if strings.Contains(screen, answerEnd) {
		t.Errorf("after pgup the answers' end still shows:\n%s", screen)
	}
	for range 12 {
		a.key("pgdown")
	}
	a.waitFrame("both columns back at the end", func(s string) bool { return strings.Count(s, answerEnd) == 2 })
	a.inspect(func(m *Model) {
		if m.composer.Value() != "" {
			t.Errorf("the page keys were typed into the composer: %q", m.composer.Value())
		}
	})
}
