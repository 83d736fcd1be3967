package uitest

import (
	"fmt"
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

// NotOnlySGR says what in s is not plain text or a colour (SGR) sequence.
func NotOnlySGR(s string) string {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x1b:
			j := i + 1
			if j < len(s) && s[j] == '[' {
				for j++; j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':'); j++ {
				}
				if j < len(s) && s[j] == 'm' {
					i = j
					continue
				}
			}
			return fmt.Sprintf("escape sequence %q", s[i:min(i+12, len(s))])
		case c == '\n':
		case c < 0x20 || c == 0x7f:
			return fmt.Sprintf("control byte %#x", c)
		}
	}
	for _, r := range []rune{0x9b, 0x9d, 0x9c, 0x90, 0x9e, 0x9f} {
		if strings.ContainsRune(s, r) {
			return fmt.Sprintf("C1 control %U", r)
		}
	}
	return ""
}
