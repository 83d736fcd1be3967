package ui

import "testing"

// The composer edits as readline does: ctrl+w deletes a word, ctrl+a and
// ctrl+e go to the line's start and end, alt+b and alt+f move by words,
// ctrl+u deletes to the start. No global key takes these from it.
func TestFlowComposerReadlineKeys(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	value := func(want string) {
		t.Helper()
		a.waitState("the composer to read "+want, func(m *Model) bool { return m.composer.Value() == want })
	}
	a.typeText("hello big world")
	value("hello big world")
	a.key("ctrl+w")
	value("hello big ")
	a.key("ctrl+a")
	a.typeText("X")
	value("Xhello big ")
	a.key("ctrl+e")
	a.typeText("Y")
	value("Xhello big Y")
	a.key("alt+b", "alt+b")
	a.typeText("Z")
	value("Xhello Zbig Y")
	a.key("alt+f")
	a.typeText("W")
	value("Xhello ZbigW Y")
	a.key("ctrl+u")
	value(" Y")
	a.inspect(func(m *Model) {
		if !m.overlay.Empty() {
			t.Errorf("a readline key opened a dialog:\n%s", a.frames.latest())
		}
	})
}
