package termsafe

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanRemovesControlSequences(t *testing.T) {
	cases := map[string]struct{ in, want string }{
		"plain":            {"hello\tworld\n", "hello\tworld\n"},
		"csi colour":       {"\x1b[31mred\x1b[0m", "red"},
		"csi cursor":       {"a\x1b[2J\x1b[Hb", "ab"},
		"osc52 clipboard":  {"x\x1b]52;c;ZXZpbA==\x07y", "xy"},
		"osc title st":     {"\x1b]0;pwned\x1b\\ok", "ok"},
		"osc8 link":        {"\x1b]8;;http://evil\x1b\\click\x1b]8;;\x1b\\", "click"},
		"dcs":              {"\x1bPq#0;2;0;0;0\x1b\\after", "after"},
		"c1 csi":           {"a\u009b31mb", "ab"},
		"c1 osc":           {"a\u009d0;t\u009cb", "ab"},
		"bell backspace":   {"a\x07\x08b", "ab"},
		"carriage return":  {"line\r\nnext\rover", "line\nnextover"},
		"invalid utf8":     {"a\xffb", "a\uFFFDb"},
		"unterminated osc": {"ok\x1b]52;c;AAAA", "ok"},
		"esc at end":       {"ok\x1b", "ok"},
		"unicode kept":     {"Grüße 🌍 ⠋", "Grüße 🌍 ⠋"},
	}
	for name, c := range cases {
		if got := Clean(c.in); got != c.want {
			t.Errorf("%s: Clean(%q) = %q, want %q", name, c.in, got, c.want)
		}
	}
}

func TestLineFoldsNewlines(t *testing.T) {
	if got := Line("a\nb\tc\x1b[1m"); got != "a b c" {
		t.Errorf("Line = %q", got)
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"\x1b[31m", "\x1b]52;c;x\x07", "\u009b1m", "ok", "\xff\x1b", "\x1bP\x1b\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Clean(s)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q", s)
		}
		for _, r := range out {
			if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || Invisible(r) {
				t.Fatalf("control %U survived in %q (from %q)", r, out, s)
			}
		}
		if Clean(out) != out {
			t.Fatalf("Clean is not idempotent on %q", s)
		}
		if strings.ContainsRune(Line(s), '\n') {
			t.Fatalf("Line kept a newline")
		}
	})
}

func BenchmarkCleanPlain(b *testing.B) {
	s := strings.Repeat("plain text with no escapes ", 40)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		Clean(s)
	}
}
