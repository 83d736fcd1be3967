package ui

import (
	"fmt"
	"strings"
	"testing"

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
		d := m.top()
		if d == nil {
			t.Fatal("no question")
		}
		for _, sz := range [][2]int{{120, 36}, {80, 24}} {
			raw := d.View(m.st, sz[0], sz[1])
			assertTerminalSafe(t, raw)
			screen := ansi.Strip(raw)
			if n := strings.Count(screen, "\n") + 1; n > sz[1] {
				t.Errorf("the question is %d lines on a %d-line screen", n, sz[1])
			}
			if !strings.Contains(screen, "Send anyway (y) or cancel") || !strings.Contains(screen, "urn:evil:0") {
				t.Errorf("the question or the first URI is off the screen:\n%s", screen)
			}
		}
	})
}
