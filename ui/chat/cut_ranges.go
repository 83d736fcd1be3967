package chat

import (
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/ui/styles"
)

// The ranges of a cut answer the chat reads back slide with the screen:
// a note of what is above the ranges coming on screen while scrolling up
// reads the range before them, the note of what is below while scrolling
// down the range after them, and the ranges farthest from the screen are
// let go of. Ranges start on a line and end after one where they can, so
// Markdown is rarely cut mid-line. The line the user looks at stays where
// it is on screen while a range comes in or goes: the bottom row when
// scrolling up, the top row when scrolling down.

// maxRanges is how many ranges of one answer the chat holds once a read
// is taken; one more stays while the screen shows it.
const maxRanges = 2

// What a range read brings.
const (
	rangeNone  = iota
	rangeStart // the answer's beginning: the top key
	rangeUp    // the range before those held (before the window if none)
	rangeDown  // the range after those held
)

// fetchFront starts the read the screen asks for of an answer held as a
// window, if any: the notes around its ranges are on screen. After a
// read failed, the next key or scroll tries again.
func (c *Pane) fetchFront() tea.Cmd {
	conv, ok := c.formsConv.(storedConv)
	if c.texts == nil || !ok || len(c.items) == 0 || c.h <= 0 {
		return nil
	}
	top := c.viewTop()
	bottom, _ := c.down(top, c.h-1)
	for i := top.item; i <= bottom.item && i < len(c.items); i++ {
		ci := c.items[i]
		if ci.it.Cut == 0 {
			continue
		}
		lo, hi := 0, c.height(i)-1
		if i == top.item {
			lo = top.line
		}
		if i == bottom.item {
			hi = bottom.line
		}
		kind := c.rangeWanted(ci, lo-ci.gap, hi-ci.gap)
		f := &ci.front
		if kind == rangeNone || f.reading != 0 && (kind != rangeStart || f.readKind == rangeStart) {
			continue
		}
		id := conv.Stored()
		if id == 0 {
			return nil
		}
		return c.readRange(ci, id, kind)
	}
	return nil
}

// rangeWanted is the read that lines lo to hi of ci shown ask for.
func (c *Pane) rangeWanted(ci *chatItem, lo, hi int) int {
	f := &ci.front
	r := &f.rows
	above := r.aboveN > 0 && r.above <= hi && r.above+r.aboveN-1 >= lo
	below := r.belowN > 0 && r.below <= hi && r.below+r.belowN-1 >= lo
	switch {
	case above && c.toStart:
		return rangeStart
	case above && c.dir <= 0:
		return rangeUp
	case below:
		return rangeDown
	case above && len(f.ranges) == 0:
		return rangeStart // come to from above: the answer's top shows its beginning
	}
	return rangeNone
}

// readRange starts reading the range kind asks for in a command.
func (c *Pane) readRange(ci *chatItem, id int64, kind int) tea.Cmd {
	f := &ci.front
	from, n := 0, 0
	switch kind {
	case rangeStart:
		n = min(frontBytes, ci.it.Cut)
		c.toStart = false
	case rangeUp:
		end := ci.it.Cut
		if len(f.ranges) > 0 {
			end = f.ranges[0].from
		}
		from = max(end-frontBytes, 0)
		n = end - from
	case rangeDown:
		from = f.ranges[len(f.ranges)-1].end
		n = min(frontBytes, ci.it.Cut-from)
	}
	c.rangeSeq++
	f.reading, f.readKind, f.err = c.rangeSeq, kind, ""
	f.ver++
	src, key, epoch, seq := c.texts, ci.it.Key, c.win.epoch, c.rangeSeq
	return func() tea.Msg {
		text, err := src.TextRange(id, key, from, n)
		return frontMsg{epoch: epoch, key: key, seq: seq, kind: kind, from: from, text: text, err: err}
	}
}

// onFront takes a range read back, unless the chat moved on since it
// was asked for (another conversation, another read, the end key).
func (c *Pane) onFront(msg frontMsg) {
	if msg.epoch != c.win.epoch {
		return
	}
	for i, ci := range c.items {
		if ci.it.Key != msg.key || ci.it.Cut == 0 {
			continue
		}
		f := &ci.front
		if f.reading != msg.seq {
			return
		}
		f.reading = 0
		f.ver++
		if msg.err != nil {
			f.err = styles.Sentence(msg.err.Error()) + " Scroll again to retry."
			return
		}
		if r, ok := lineRange(msg.from, msg.text, msg.kind, ci.it.Cut); ok {
			c.takeRange(i, r, msg.kind)
		}
		c.settle()
		return
	}
}

// lineRange is the range of text read from byte from, cut to whole
// lines where it does not meet the answer's start, the window or a range
// held: a range read up starts after a line's end, one read down ends
// after one, after a blank line where one is near, so that a Markdown
// block is rarely cut. A line longer than the read is cut at a
// character instead.
func lineRange(from int, text string, kind, cut int) (cutRange, bool) {
	if from > 0 && kind != rangeDown {
		if at := lineStart(text); at > 0 {
			from, text = from+at, text[at:]
		} else {
			for len(text) > 0 && !utf8.RuneStart(text[0]) {
				from, text = from+1, text[1:]
			}
		}
	}
	end := from + len(text)
	shown := wholeRunes(text)
	if end < cut && kind != rangeUp {
		if at := lineEnd(shown); at > 0 {
			shown = shown[:at]
		}
		end = from + len(shown)
	}
	return cutRange{from: from, end: end, text: shown}, end > from
}

// blockNear is how far into a range a blank line is looked for, to cut
// it between Markdown blocks rather than between lines.
const blockNear = 16 << 10

// lineStart is where the first whole line of text starts, after a blank
// line if one is near; 0 when none starts inside it.
func lineStart(text string) int {
	if i := strings.Index(text[:min(len(text), blockNear)], "\n\n"); i >= 0 && i+2 < len(text) {
		return i + 2
	}
	if i := strings.IndexByte(text, '\n'); i >= 0 && i+1 < len(text) {
		return i + 1
	}
	return 0
}

// lineEnd is where the last whole line of text ends, at a blank line if
// one is near; 0 when none ends inside it.
func lineEnd(text string) int {
	if i := strings.LastIndex(text[max(len(text)-blockNear, 0):], "\n\n"); i >= 0 {
		return max(len(text)-blockNear, 0) + i + 2
	}
	return strings.LastIndexByte(text, '\n') + 1
}

// holdAtReads keeps a scroll from from to to short of passing a note of
// what of a cut answer is not shown: scrolling down stops with the note
// of what is below on the last row, scrolling up with the note of what
// is above on the first. The note on screen reads its range, which then
// takes the note's place; a page key pressed before it came, as a held
// key or a slow disk makes happen, would otherwise skip that part of the
// answer. The end and top keys still jump.
func (c *Pane) holdAtReads(from, to pos) pos {
	down := from.before(to)
	for i, ci := range c.items {
		if ci.it.Cut == 0 {
			continue
		}
		r := &ci.front.rows
		c.render(ci) // its rows as drawn now
		switch {
		case down && r.belowN > 0:
			note := pos{i, ci.gap + r.below}
			stop, _ := c.up(note, c.h-1) // the note on the last row
			if stop.before(from) {
				stop = from
			}
			if stop.before(to) && !note.before(from) {
				to = stop
			}
		case !down && r.aboveN > 0:
			note := pos{i, ci.gap + r.above}
			if to.before(note) && !from.before(note) {
				to = note
			}
		}
	}
	return to
}

// takeRange puts r among the ranges of item i, lets go of the farthest
// beyond maxRanges, and keeps the line looked at where it was on screen.
func (c *Pane) takeRange(i int, r cutRange, kind int) {
	ci := c.items[i]
	f := &ci.front
	n := len(f.ranges)
	switch {
	case kind == rangeStart:
	case kind == rangeUp && (n == 0 && r.end <= ci.it.Cut || n > 0 && r.end == f.ranges[0].from):
	case kind == rangeDown && n > 0 && r.from == f.ranges[n-1].end:
	default:
		return // the ranges changed since: it no longer joins them
	}
	bottomUp := kind == rangeUp || kind == rangeDown && c.dir < 0
	top := c.viewTop()
	ref := top
	if bottomUp {
		ref, _ = c.down(top, c.h-1)
	}
	seg := c.segmentAt(ci, ref.line-ci.gap)
	old := f.ranges
	switch kind {
	case rangeStart:
		f.ranges = []cutRange{r}
	case rangeUp:
		f.ranges = append([]cutRange{r}, f.ranges...)
	case rangeDown:
		f.ranges = append(f.ranges[:n:n], r)
	}
	for len(f.ranges) > maxRanges {
		far := len(f.ranges) - 1
		if kind == rangeDown {
			far = 0
		}
		if len(f.ranges) == maxRanges+1 && ref.item == i && seg.kind == segRange && seg.from == f.ranges[far].from {
			break // on screen
		}
		f.ranges = append(f.ranges[:far:far], f.ranges[far+1:]...)
	}
	for _, o := range old {
		if !holds(f.ranges, o.from) {
			delete(ci.md, rangePart(o.from))
		}
	}
	f.ver++
	if c.follow || ref.item != i {
		if bottomUp && !c.follow {
			c.top, _ = c.up(ref, c.h-1)
		}
		return
	}
	c.render(ci)
	if row, ok := c.rowOf(ci, seg); ok {
		ref.line = row + ci.gap
	}
	if bottomUp {
		c.top, _ = c.up(ref, c.h-1)
	} else {
		c.top = ref
	}
}

func holds(ranges []cutRange, from int) bool {
	for _, r := range ranges {
		if r.from == from {
			return true
		}
	}
	return false
}

// dropRanges lets go of what was read back of ci, and of a read in
// flight.
func (c *Pane) dropRanges(ci *chatItem) {
	f := &ci.front
	if len(f.ranges) == 0 && f.reading == 0 {
		return
	}
	for _, r := range f.ranges {
		delete(ci.md, rangePart(r.from))
	}
	f.ranges, f.reading = nil, 0
	f.ver++
}

// dropAllRanges lets go of every range read back: the end key shows
// the windows, and a scroll up from there reads what is next to them.
func (c *Pane) dropAllRanges() {
	for _, ci := range c.items {
		c.dropRanges(ci)
	}
	c.dir, c.toStart = 0, false
}

// What a row of an answer held as a window shows.
const (
	segHead   = iota // the rows above its notes
	segAbove         // the note of what is above the ranges
	segRange         // a range read back
	segBelow         // the note of what is below them
	segWindow        // the window
)

// rowSeg names a row by what it shows, which stays when the rows above
// it change: a range is named by where it starts in the answer.
type rowSeg struct{ kind, from, off int }

// segmentAt names line k of ci's lines.
func (c *Pane) segmentAt(ci *chatItem, k int) rowSeg {
	f := &ci.front
	r := &f.rows
	switch {
	case k >= r.window:
		return rowSeg{kind: segWindow, off: k - r.window}
	case r.belowN > 0 && k >= r.below:
		return rowSeg{kind: segBelow, off: k - r.below}
	}
	for j := len(r.starts) - 1; j >= 0 && j < len(f.ranges); j-- {
		if k >= r.starts[j] {
			return rowSeg{kind: segRange, from: f.ranges[j].from, off: k - r.starts[j]}
		}
	}
	if r.aboveN > 0 && k >= r.above {
		return rowSeg{kind: segAbove, off: k - r.above}
	}
	return rowSeg{kind: segHead, off: k}
}

// rowOf is the line of ci's lines that shows s now, if any does.
func (c *Pane) rowOf(ci *chatItem, s rowSeg) (int, bool) {
	f := &ci.front
	r := &f.rows
	switch s.kind {
	case segHead:
		return s.off, true
	case segAbove:
		if r.aboveN > 0 {
			return r.above + min(s.off, r.aboveN-1), true
		}
		return r.window, len(r.starts) == 0
	case segRange:
		for j := range min(len(r.starts), len(f.ranges)) {
			if f.ranges[j].from == s.from {
				return r.starts[j] + s.off, true
			}
		}
		return 0, false
	case segBelow:
		if r.belowN > 0 {
			return r.below + min(s.off, r.belowN-1), true
		}
		return r.window - 1, true
	}
	return r.window + s.off, true
}
