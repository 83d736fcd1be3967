package cli

import (
	"bytes"
	"testing"
)

// hasControls looks at bytes; it must agree with a rune-by-rune scan on
// the valid UTF-8 encoding/json writes.
func TestHasControlsAgreesWithRunes(t *testing.T) {
	for _, s := range []string{
		"", "plain", "\u0080", "x\u009f", "\u00a0 nbsp", "Â", "é\u0085", "\x7f", "ends in \xc2",
		"\u00c2\u0080 spelled out", "¢", "\u0100", "日本\u009b", "😀",
	} {
		want := bytes.ContainsFunc([]byte(s), func(r rune) bool { return r == 0x7f || r >= 0x80 && r <= 0x9f })
		if got := hasControls([]byte(s)); got != want {
			t.Errorf("hasControls(%q) = %v, want %v", s, got, want)
		}
	}
}
