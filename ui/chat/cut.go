package chat

import (
	"fmt"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// An answer streamed into one long artifact is held by the conversation
// as a window of its end (session.Item.Cut): the chat draws that window
// under a note saying how much is above it. As the screen reaches a
// note, the chat reads the range of the answer next to what it shows
// back from the store in a command (cut_ranges.go) and draws it in
// place of the note's bytes: scrolled up from the end, or down from the
// top key's beginning, every line of the answer comes on screen in
// turn. The chat holds the window and a few ranges (maxRanges), never
// the answer; the notes say how much is above and below what is held.

// TextSource reads back n bytes of a stored item's text from byte from:
// the store (session/store.Store.TextRange).
type TextSource interface {
	TextRange(id int64, key string, from, n int) (string, error)
}

// storedConv is a conversation that says which stored context holds it
// (session.Conversation.Stored): 0 until its recorder created one.
type storedConv interface{ Stored() int64 }

// frontBytes is how much of a cut answer one read brings back.
const frontBytes = 256 << 10

// cutRange is a range of a cut answer read back: bytes from to end of
// its text, and the whole characters of them, shown.
type cutRange struct {
	from, end int
	text      string
}

// cutFront is what the chat read back of an answer held as a window:
// ranges next to each other, in order, and the read in flight.
type cutFront struct {
	ranges   []cutRange
	reading  int // the read in flight (its number), 0 when none
	readKind int // what it reads (rangeStart, rangeUp, rangeDown)
	err      string
	ver      int       // bumped by every change: the render key's part
	rows     frontRows // where the last render drew the notes and ranges
}

// frontRows places the notes and ranges among an item's lines.
type frontRows struct {
	above, aboveN int   // the note of what is above the ranges, its rows (0: none)
	starts        []int // where each range starts
	below, belowN int   // the note of what is between the ranges and the window
	window        int   // where the window starts
}

// key is the front's part of an item's render key.
func (f cutFront) key() int { return f.ver }

// frontMsg brings a range read back to the chat.
type frontMsg struct {
	epoch int
	key   string
	seq   int // the read's number: another read since makes it stale
	kind  int
	from  int
	text  string
	err   error
}

func (frontMsg) Redraws() component.Redraw { return component.RedrawAll }

func (frontMsg) To() string { return ID }

// SetTexts gives the chat the store it reads cut answers' ranges from.
func (c *Pane) SetTexts(src TextSource) { c.texts = src }

// wholeRunes drops an unfinished character at the end of a range.
func wholeRunes(s string) string {
	for i := len(s) - 1; i >= 0 && i >= len(s)-4; i-- {
		if b := s[i]; b < 0x80 {
			break
		} else if b >= 0xC0 {
			need := 2
			if b >= 0xF0 {
				need = 4
			} else if b >= 0xE0 {
				need = 3
			}
			if len(s)-i < need {
				return s[:i]
			}
			break
		}
	}
	return s
}

// renderFront adds what stands above an answer's window: a note of how
// much is above what is held, the ranges read back, and a note of how
// much lies between them and the window.
func (c *Pane) renderFront(ci *chatItem, w int) {
	it, f := &ci.it, &ci.front
	if n := len(f.ranges); n > 0 && f.ranges[n-1].end > it.Cut {
		c.dropRanges(ci) // the answer was replaced
	}
	f.rows = frontRows{above: -1, below: -1, starts: f.rows.starts[:0]}
	first := it.Cut
	if len(f.ranges) > 0 {
		first = f.ranges[0].from
	}
	if first > 0 {
		lines := c.textLines(c.st.Muted, c.aboveNote(f, first), w)
		f.rows.above, f.rows.aboveN = ci.lines.n, len(lines)
		ci.lines.add(lines...)
	}
	for _, r := range f.ranges {
		f.rows.starts = append(f.rows.starts, ci.lines.n)
		c.renderText(ci, rangePart(r.from), r.text, w)
	}
	if n := len(f.ranges); n > 0 && f.ranges[n-1].end < it.Cut {
		lines := c.textLines(c.st.Muted, c.belowNote(f, it.Cut-f.ranges[n-1].end), w)
		f.rows.below, f.rows.belowN = ci.lines.n, len(lines)
		ci.lines.add(lines...)
	}
	f.rows.window = ci.lines.n
}

// aboveNote says how much of the answer is above what is shown, and
// what brings it.
func (c *Pane) aboveNote(f *cutFront, left int) string {
	note := fmt.Sprintf("… %s above", styles.ByteSize(left))
	if c.texts == nil {
		return note + " · the store has it all: export writes it whole"
	}
	note += " · scroll up reads more · " + keys.FirstKey(c.keys.Top) + ": the beginning · export writes it whole"
	switch {
	case f.reading != 0 && f.readKind == rangeStart:
		note += " · reading the beginning…"
	case f.reading != 0 && f.readKind == rangeUp:
		note += " · reading…"
	case f.err != "":
		note += " · " + f.err
	}
	return note
}

// belowNote says how much of the answer lies between the ranges shown
// and the window, and what brings it.
func (c *Pane) belowNote(f *cutFront, left int) string {
	note := fmt.Sprintf("… %s below · scroll down reads more · %s: the end", styles.ByteSize(left), keys.FirstKey(c.keys.Bottom))
	switch {
	case f.reading != 0 && f.readKind == rangeDown:
		note += " · reading…"
	case f.err != "":
		note += " · " + f.err
	}
	return note
}

// rangePart keys a range's Markdown among the item's texts (md), by
// where it starts: -2 and below, apart from the parts and Item.Text.
func rangePart(from int) int { return -2 - from }

// HeldText is how many bytes of text the chat holds in its artifacts'
// parts and the ranges it read back: a count, for tests of the window.
func (c *Pane) HeldText() int {
	n := 0
	for _, ci := range c.items {
		if ci.it.Kind != session.ItemArtifact {
			continue
		}
		for _, r := range ci.front.ranges {
			n += len(r.text)
		}
		for _, p := range ci.it.Parts {
			n += len(p.Text)
		}
	}
	return n
}
