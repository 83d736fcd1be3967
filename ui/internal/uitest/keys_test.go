package uitest

import "testing"

func TestKeyEventNames(t *testing.T) {
	for _, n := range []string{"enter", "tab", "shift+tab", "esc", "f1", "f2", "ctrl+e", "ctrl+l", "ctrl+w", "ctrl+x", "ctrl+]", "alt+b", "ctrl+c", "c", "y", "a", "alt+enter", "left", "shift+delete", "home"} {
		if got := Key(n).String(); got != n {
			t.Errorf("Key(%q).String() = %q", n, got)
		}
	}
}
