package cli

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/width"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// Terminals disagree on how many cells some characters take, and an
// agent chooses the text. These are terminals that measure otherwise
// than the grapheme widths parley counts with.
var otherTerminals = []struct {
	name      string
	runeWidth func(r rune) int
}{
	// xterm, tmux, VTE: one code point at a time, a variation selector
	// or a keycap mark taking no cell.
	{"measuring code points", wcWidth},
	// A terminal set to a CJK locale: ambiguous characters are wide.
	{"with wide ambiguous characters", func(r rune) int {
		if width.LookupRune(r).Kind() == width.EastAsianAmbiguous && wcWidth(r) == 1 {
			return 2 // combining marks, some of them ambiguous, stay at none
		}
		return wcWidth(r)
	}},
	// A terminal whose tables predate the emoji of Unicode 12 and later
	// (tmux 3.3a shows U+1FAE8 in one cell).
	{"with old emoji tables", func(r rune) int {
		if r >= 0x1fa70 && r <= 0x1faff {
			return 1
		}
		return wcWidth(r)
	}},
	// glibc's wcwidth gives the soft hyphen a cell.
	{"showing the soft hyphen", func(r rune) int {
		if r == 0xad {
			return 1
		}
		return wcWidth(r)
	}},
}

func wcWidth(r rune) int { return ansi.StringWidthWc(string(r)) }

// hostileWidths are answers whose rows parley and one of otherTerminals
// would count differently, at a width of 20.
var hostileWidths = map[string]string{
	"emoji made wide by VS16":           strings.Repeat("\u2764\ufe0f", 25),
	"keycaps":                           strings.Repeat("1\ufe0f\u20e3", 25),
	"emoji newer than the table":        strings.Repeat("\U0001FAE8", 15),
	"ambiguous-width characters":        strings.Repeat("±", 30),
	"soft hyphens":                      strings.Repeat("a\u00ad", 15),
	"regional-indicator flags":          strings.Repeat("\U0001F1FA\U0001F1F8", 15),
	"a ZWJ family, the ZWJ cleaned":     strings.Repeat("👨\u200d👩\u200d👧", 5),
	"Hangul jamo, leading and vowel":    strings.Repeat("\u1100\u1161", 15),
	"a lone vowel jamo":                 strings.Repeat("\u1161", 30),
	"a combining mark at a row's start": "\u0301" + strings.Repeat("e\u0301", 30),
	"a tab on a filled row":             strings.Repeat("abcdefghijklmnopqrst\tX", 2),
}

// Whatever the agent's characters, a replacement never erases what was
// on the screen above the answer (the command, the state line), and the
// screen shows either the final text alone where the answer was, or
// what a pipe shows (the text held and printed once): never rows of the
// old text beside the new, on any terminal.
func TestTerminalRedrawSurvivesWidthsTerminalsDisagreeOn(t *testing.T) {
	const cmd = "$ parley send http://127.0.0.1:9/ hi"
	for _, term := range otherTerminals {
		for name, text := range hostileWidths {
			evs := []a2aclient.Event{working(), textChunk("a", text, false), replacement("draft", false), replacement("final", true), completed()}
			s := onTerminal(t, 20, 12)
			s.screen.runeWidth = term.runeWidth
			s.screen.write(cmd + "\n")
			for _, ev := range evs {
				s.feed(ev)
			}
			got := s.finish()
			redrawn := strings.Join([]string{cmd[:20], cmd[20:], "[working]", "final", "[completed]"}, "\n")
			if got != redrawn && s.out.String() != printedOff(evs) {
				t.Errorf("%s, on a terminal %s: the screen shows\n%s\nwant\n%s\nor the text printed as in a pipe; bytes %q",
					name, term.name, got, redrawn, s.out.String())
			}
		}
	}
}

// What terminals measure alike is still redrawn in place: a progress
// line with an emoji, a dash and an ellipsis that does not reach the
// end of its row however they are measured, and CJK text, wide in
// every table, however many rows it wraps to.
func TestTerminalRedrawKeepsWhatTerminalsMeasureAlike(t *testing.T) {
	for _, text := range []string{"✅ Step 1 of 3 — reading…", strings.Repeat("漢字の説明です。", 4)} {
		for _, term := range otherTerminals {
			s := onTerminal(t, 20, 12)
			s.screen.runeWidth = term.runeWidth
			s.feed(working())
			s.feed(textChunk("a", text, false))
			if got := s.feed(replacement("final", true)); got != "[working]\nfinal" {
				t.Errorf("%q on a terminal %s: the screen shows\n%s\nbytes %q", text, term.name, got, s.out.String())
			}
		}
	}
}

// A terminal resized while the answer is on it may rewrap its rows
// (tmux, VTE, kitty) or leave them as they were, cut (xterm): the rows
// it took are not known at the new width, and it is not redrawn.
func TestTerminalFallsBackAfterAResize(t *testing.T) {
	evs := []a2aclient.Event{working(), textChunk("a", strings.Repeat("word ", 7), false), replacement("draft", false), replacement("final", true), completed()}
	s := onTerminal(t, 40, 12)
	width := 40
	s.p.onTerminal(terminal{size: func() (int, int, bool) { return width, 12, true }, others: &s.stderr})
	s.feed(evs[0])
	s.feed(evs[1])
	width = 20
	for _, ev := range evs[2:] {
		s.p.update(session.Update{Event: &ev, Tracker: func() *a2aclient.Tracker { s.tr.Apply(ev); return s.tr }()})
	}
	s.p.finish(session.Summarize(s.tr, a2aclient.DialectV10), "http://127.0.0.1:9/")
	s.p.endLine()
	if want := printedOff(evs); s.out.String() != want {
		t.Errorf("resized, printed\n%q\nwant as in a pipe\n%q", s.out.String(), want)
	}
}

// A terminal that does not say its height (stty rows 0) may be shorter
// than the answer: going up its rows, the cursor would stop at the top
// and the erase take every line on the screen. The answer is not
// redrawn.
func TestTerminalFallsBackWhenTheHeightIsNotKnown(t *testing.T) {
	evs := []a2aclient.Event{working(), textChunk("a", strings.Repeat("word ", 40), false), replacement("final", true), completed()}
	s := onTerminal(t, 20, 0)
	for _, ev := range evs {
		s.feed(ev)
	}
	s.finish()
	if want := printedOff(evs); s.out.String() != want {
		t.Errorf("printed\n%q\nwant as in a pipe\n%q", s.out.String(), want)
	}
}
