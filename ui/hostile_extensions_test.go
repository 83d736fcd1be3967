package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// A card that requires hundreds of extensions, their URIs full of
// escapes: the question before the first send names them cleaned, fits
// the screen, and its question (send anyway or cancel) is on it.
func TestHostileRequiredExtensions(t *testing.T) {
	var more strings.Builder
	for i := range 300 {
		fmt.Fprintf(&more, `,{"required":true,"uri":"urn:evil:%d\u001b]0;pwn\u0007\u202e"}`, i)
	}
	const demo = `"uri":"urn:parley:demo:echo-extension:v1"}`
	a := startApp(t, appOptions{noWelcome: true, wrap: cardRewrite(demo, demo+more.String())})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen("Required extensions")
	a.inspect(func(m *Model) {
		if !m.asking() {
			t.Fatal("no question")
		}
		// Drawn over the screen, a question taller than the screen
		// loses its last lines, where it asks.
		for _, sz := range [][2]int{{120, 36}, {80, 24}} {
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			raw := m.View().Content
			assertTerminalSafe(t, raw)
			screen := ansi.Strip(raw)
			if !strings.Contains(screen, "Send anyway (y) or cancel") || !strings.Contains(screen, "The agent requires the") || !strings.Contains(screen, "urn:evil:0") {
				t.Errorf("the question or the first URI is off the screen:\n%s", screen)
			}
		}
	})
}
