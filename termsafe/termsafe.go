// Package termsafe makes untrusted text safe to put on a terminal.
//
// Everything an agent sends is hostile until cleaned: an escape sequence in
// a task's text could rewrite the clipboard (OSC 52), retitle the window,
// move the cursor or hide text. Clean removes every escape sequence and
// every C0/C1 control character except newline and tab.
//
// Text can deceive without driving the terminal too: a right-to-left
// override (U+202E) makes "exe.txt" of "txt.exe", zero-width characters
// make two names look alike, and both make a terminal's idea of a line's
// width differ from the program's, pushing borders out of line. Clean
// drops those (see Invisible); Line, for names and other one-line labels,
// shows them as ⟨U+202E⟩ so the reader sees that something was there.
// What is stored keeps the agent's text as sent: cleaning is for output.
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Clean returns s without terminal control sequences or control
// characters (newline and tab are kept; CR is dropped, CRLF becomes LF).
// Invalid UTF-8 becomes U+FFFD so nothing half-decoded reaches the screen.
func Clean(s string) string { return clean(s, false) }

// clean is Clean; with show, each Invisible rune is written as ⟨U+XXXX⟩
// instead of dropped.
func clean(s string, show bool) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteRune(utf8.RuneError)
			i++
		case r == 0x1b: // ESC: skip the whole sequence it starts
			i = skipEscape(s, i+1)
		case r >= 0x80 && r <= 0x9f: // C1 controls, some of which start sequences
			i = skipC1(s, r, i+size)
		case r == '\n' || r == '\t':
			b.WriteRune(r)
			i += size
		case r < 0x20 || r == 0x7f:
			i += size
		case Invisible(r):
			if show {
				fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			}
			i += size
		default:
			b.WriteString(s[i : i+size])
			i += size
		}
	}
	return b.String()
}

// Line is Clean for one-line contexts (titles, list rows): newlines and
// tabs become spaces, and bidi controls and invisible characters are
// shown as ⟨U+XXXX⟩ rather than dropped: in a name, their presence is the
// news.
func Line(s string) string {
	s = clean(s, true)
	if strings.ContainsAny(s, "\n\t") {
		s = strings.NewReplacer("\n", " ", "\t", " ").Replace(s)
	}
	return s
}

// isPlain reports whether s needs no cleaning, the common case, so clean
// text costs one scan and no allocation.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
			return false
		}
		if c >= 0x80 {
			return isPlainUnicode(s[i:])
		}
	}
	return true
}

func isPlainUnicode(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return false
		}
		if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f || Invisible(r) {
			return false
		}
		i += size
	}
	return true
}

// Invisible reports whether r is a bidi control (embeddings, overrides
// and isolates: U+202A–U+202E, U+2066–U+2069) or an invisible format
// character (U+200B–U+200F, U+2060–U+2064, U+FEFF): runes that change
// how text reads or how wide a terminal draws it without showing
// themselves.
func Invisible(r rune) bool {
	switch {
	case r < 0x200b:
		return false
	case r <= 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069, r == 0xfeff:
		return true
	}
	return false
}

// skipEscape returns the index just past the escape sequence whose ESC
// byte was at i-1.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[': // CSI: parameters and intermediates, then one final byte
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: until ST or BEL
		return skipString(s, i+1)
	}
	// Two- or three-byte sequences: intermediates 0x20-0x2f, then a final.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) {
		i++
	}
	return i
}

func skipC1(s string, r rune, i int) int {
	switch r {
	case 0x9b: // CSI
		return skipCSI(s, i)
	case 0x9d, 0x90, 0x98, 0x9e, 0x9f: // OSC, DCS, SOS, PM, APC
		return skipString(s, i)
	}
	return i
}

func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		i++
		if c >= 0x40 && c <= 0x7e {
			return i
		}
		if c < 0x20 || c > 0x3f && c < 0x40 {
			return i
		}
	}
	return i
}

// skipString skips a control string up to and including its terminator:
// BEL, ESC \ or the C1 ST. An unterminated string swallows the rest, which
// is what a terminal would do too.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0x1b:
			return i + 1
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
		i++
	}
	return i
}
