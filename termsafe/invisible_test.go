package termsafe

import (
	"strings"
	"testing"
)

// invisibles are the bidi controls and invisible format characters an
// agent can use to make a name read as another, or to push a pane's
// border out of line.
var invisibles = []rune{
	0x202a, 0x202b, 0x202c, 0x202d, 0x202e, // embeddings and overrides
	0x2066, 0x2067, 0x2068, 0x2069, // isolates
	0x200b, 0x200c, 0x200d, 0x200e, 0x200f, // zero width, LRM, RLM
	0x2060, 0x2061, 0x2062, 0x2063, 0x2064, // word joiner, invisible operators
	0xfeff, // zero-width no-break space (BOM)
}

func TestCleanDropsBidiAndInvisibles(t *testing.T) {
	for _, r := range invisibles {
		in := "pay" + string(r) + "txt.exe"
		if got := Clean(in); got != "paytxt.exe" {
			t.Errorf("Clean(%q) = %q, want the invisible %U gone", in, got, r)
		}
	}
	if got := Clean("a\u202e\x1b[2Jb\u2066c"); got != "abc" {
		t.Errorf("mixed: %q", got)
	}
}

func TestLineShowsBidiAndInvisibles(t *testing.T) {
	if got, want := Line("evil\u202Etxt.exe"), "evil⟨U+202E⟩txt.exe"; got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
	for _, r := range invisibles {
		got := Line("a" + string(r) + "b")
		if strings.ContainsRune(got, r) || !strings.Contains(got, "⟨U+") {
			t.Errorf("Line kept %U invisible: %q", r, got)
		}
	}
	// Plain names, and other Unicode, are untouched.
	for _, s := range []string{"Grüße 🌍", "مرحبا", "名前"} {
		if Line(s) != s {
			t.Errorf("Line(%q) = %q", s, Line(s))
		}
	}
}

func TestVisibleIsIdempotent(t *testing.T) {
	s := Line("x\u202ey\u200bz")
	if Line(s) != s || Clean(s) != s {
		t.Errorf("not idempotent: %q -> %q / %q", s, Line(s), Clean(s))
	}
}
