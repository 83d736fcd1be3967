package cli

import (
	"unicode"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/width"
)

// Terminals do not agree on the cells some characters take: xterm,
// tmux and VTE advance per code point, each by its own table (so "❤️"
// takes one cell there and two where graphemes are measured); a CJK
// locale makes ambiguous characters wide; an older table shows a recent
// emoji in one cell. Redrawing in place goes up the rows the answer
// took, so a count off by one row erases the line above the answer or
// leaves a row of the old text. The printer counts the rows twice, each
// character at the fewest cells a terminal may give it and at the most;
// when the two counts differ, it does not trust either and does not
// redraw.

// cellsOf is the fewest and the most cells grapheme g, w cells wide
// when measured as a grapheme, may take on a terminal.
func cellsOf(g string, w int) (lo, hi int) {
	for _, r := range g {
		l, h := runeCells(r)
		lo, hi = lo+l, hi+h
	}
	return min(lo, w), max(hi, w)
}

// runeCells is the fewest and the most cells terminals advance by for
// r printed alone.
func runeCells(r rune) (lo, hi int) {
	switch {
	case r >= 0x20 && r < 0x7f:
		return 1, 1
	case unicode.In(r, unicode.Mn, unicode.Me):
		// Combining marks and variation selectors: no cell of their
		// own anywhere (the selector's effect on its base is counted
		// by the grapheme's width).
		return 0, 0
	case stableWide(r):
		return 2, 2
	case unicode.Is(unicode.Cf, r), r >= 0x1160 && r <= 0x11ff, r >= 0xd7b0 && r <= 0xd7ff:
		// Format characters (the soft hyphen), Hangul vowel and final
		// jamo: none or one.
		return 0, 1
	case width.LookupRune(r).Kind() == width.EastAsianAmbiguous:
		return 1, 2
	}
	wc := ansi.StringWidthWc(string(r))
	switch {
	case wc >= 2, emojiBlock(r):
		// Emoji: wide in tables since Unicode 9, narrow in older
		// ones and shown as text; recent ones unknown to many.
		return 1, 2
	case wc == 0:
		return 0, 1
	}
	return 1, 1
}

// stableWide says r is wide in every table terminals use: the CJK
// scripts, Hangul syllables and leading jamo, fullwidth forms.
func stableWide(r rune) bool {
	switch {
	case r >= 0x1100 && r <= 0x115f, r >= 0x2e80 && r <= 0x303e, r >= 0x3041 && r <= 0x33ff,
		r >= 0x3400 && r <= 0x4dbf, r >= 0x4e00 && r <= 0x9fff, r >= 0xa000 && r <= 0xa4cf,
		r >= 0xac00 && r <= 0xd7a3, r >= 0xf900 && r <= 0xfaff, r >= 0xfe30 && r <= 0xfe4f,
		r >= 0xff00 && r <= 0xff60, r >= 0xffe0 && r <= 0xffe6, r >= 0x20000 && r <= 0x3fffd:
		return true
	}
	return false
}

// emojiBlock says r is in a block of symbols that may be shown as
// emoji, two cells wide, or as text, one.
func emojiBlock(r rune) bool {
	return r >= 0x2300 && r <= 0x23ff || r >= 0x2600 && r <= 0x27bf || r >= 0x2b00 && r <= 0x2bff ||
		r >= 0x1f000 && r <= 0x1faff
}
