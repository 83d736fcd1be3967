package cli

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/termsafe"
)

// On a terminal the text printer redraws a replaced answer where it
// stands. The answer text printed since anything else was (the block)
// is kept as the terminal shows it; when the agent replaces it, the
// cursor goes up the rows it took, the screen is erased from there
// down, and the new text is printed. When that cannot be done safely —
// something else was printed after the block (a status line, a tool
// call, a line on stderr), or the block, old or new, is taller than the
// screen, whose rows above are scrollback the cursor cannot reach — the
// printer does what it does in a pipe: it holds the replacement and
// prints it once, whole, when it settles (printer.go).

// terminal is what the text printer knows of the terminal it prints on.
type terminal struct {
	// size is the terminal's width and height, asked at each redraw so
	// a resize is honoured; a height of 0 is not known, and nothing
	// is redrawn.
	size func() (width, height int, ok bool)
	// others counts the writes to the terminal the printer does not
	// make (the lines parley writes on stderr); nil counts none.
	others *atomic.Int64
}

// maxBlock bounds the copy of the block kept to count its rows: a
// block longer is taller than any screen, and is not redrawn.
const maxBlock = 256 << 10

// block is the answer text last printed on the terminal.
type block struct {
	term terminal
	// text is the block as printed (cleaned); open says nothing else
	// was printed after it.
	text strings.Builder
	open bool
	// start is how much of the answer was printed before the block,
	// prefix its hash: a replacement is redrawn in the block only when
	// it keeps that part.
	start  int
	prefix uint64
	// others is term.others when the block began.
	others int64
	// width is the terminal's width when the block was printed: once
	// resized, a terminal may have rewrapped its rows or cut them, and
	// the rows it takes are not known.
	width int
}

// onTerminal makes p print on the terminal t, redrawing a replaced
// answer in place.
func (p *textPrinter) onTerminal(t terminal) {
	p.screen = &block{term: t}
	p.w = blockEnder{p.out, p.screen}
}

// blockEnder is the printer's writer for all but the answer text:
// what goes through it is printed after the block, which is then left
// where it is.
type blockEnder struct {
	w io.Writer
	b *block
}

func (e blockEnder) Write(b []byte) (int, error) {
	e.b.end()
	return e.w.Write(b)
}

func (e blockEnder) WriteString(s string) (int, error) {
	e.b.end()
	return io.WriteString(e.w, s)
}

func (b *block) end() {
	b.open = false
	b.text = strings.Builder{}
}

// writeAnswer prints answer text, cleaned; on a terminal it joins the
// block, or begins one at the start of a line.
func (p *textPrinter) writeAnswer(s string) {
	b := p.screen
	if b == nil {
		p.write(s)
		return
	}
	s = termsafe.Clean(s)
	if s == "" {
		return
	}
	switch {
	case b.open && b.text.Len()+len(s) > maxBlock:
		b.end()
	case b.open:
		b.text.WriteString(s)
	case !p.midLine && len(s) <= maxBlock:
		// A block is counted from the first cell of a row: one that
		// would begin mid-line (after a line on stderr) is not kept.
		b.open, b.start, b.prefix = true, p.shownLen, p.shown.Sum64()
		if b.term.others != nil {
			b.others = b.term.others.Load()
		}
		b.width, _, _ = b.term.size()
		b.text.WriteString(s)
	}
	io.WriteString(p.out, s)
	p.midLine = !strings.HasSuffix(s, "\n")
}

// redraw prints full, the answer as it now reads, in place of the
// block, when the terminal allows; it reports whether it did.
func (p *textPrinter) redraw(full string) bool {
	b := p.screen
	if b == nil || !b.open || b.term.others != nil && b.term.others.Load() != b.others {
		return false
	}
	width, height, ok := b.term.size()
	if !ok || width <= 0 || height <= 0 || width != b.width || len(full) < b.start || p.hashOf(full[:b.start]) != b.prefix {
		return false
	}
	text := termsafe.Clean(full[b.start:])
	old := b.text.String()
	fewest, up := rowsDown(old, width, height)
	_, down := rowsDown(text, width, height)
	if fewest != up || len(text) > maxBlock || up >= height || down >= height {
		// The rows the block took are not sure, or it or the new text
		// reach past the screen.
		return false
	}
	if up > 0 {
		fmt.Fprintf(p.out, "\x1b[%dA", up)
	}
	io.WriteString(p.out, "\r\x1b[J"+text)
	b.text.Reset()
	b.text.WriteString(text)
	b.width = width
	p.midLine = text != "" && !strings.HasSuffix(text, "\n")
	p.shown.Reset()
	p.shown.WriteString(full)
	p.shownLen = len(full)
	p.held = false
	return true
}

// rowsDown is how many rows below the first the cursor is once text is
// printed from the first cell of a row of a terminal width cells wide,
// counted as the terminal wraps: a wide character goes to the next row
// whole when one cell is left; a row filled to its last cell wraps only
// when more is printed on it; a tab goes to the next stop, every 8
// cells, never past the last. It is counted twice, each character at
// the fewest cells a terminal may give it (fewest) and at the most
// (most; printer_inplace_width.go); a tab on a filled row is taken to
// cancel the wrap in fewest, as some terminals do. It stops counting at
// limit.
func rowsDown(text string, width, limit int) (fewest, most int) {
	var lo, hi cursor
	for text != "" && hi.row < limit {
		c := text[0]
		switch {
		case c == '\n':
			lo.newline()
			hi.newline()
			text = text[1:]
			continue
		case c == '\t':
			lo.col = min((lo.col/8+1)*8, width-1)
			if hi.col < width {
				hi.col = min((hi.col/8+1)*8, width-1)
			}
			text = text[1:]
			continue
		}
		n, l, h := 1, 1, 1
		if c >= 0x80 || len(text) > 1 && text[1] >= 0x80 {
			// Not plain ASCII, or followed by what may join it (a
			// combining mark): a whole grapheme.
			g, w := ansi.FirstGraphemeCluster(text, ansi.GraphemeWidth)
			l, h = cellsOf(g, w)
			n = len(g)
		}
		text = text[n:]
		lo.put(l, width)
		hi.put(h, width)
	}
	return lo.row, hi.row
}

// cursor is where the terminal's cursor is, counting rows.
type cursor struct{ row, col int }

func (c *cursor) newline() { c.row, c.col = c.row+1, 0 }

// put moves c past a character w cells wide.
func (c *cursor) put(w, width int) {
	if w == 0 {
		return
	}
	if c.col+w > width && c.col > 0 {
		c.newline()
	}
	for ; w > width; w -= width {
		// A grapheme wider than a row (a run of vowel jamo) is
		// printed a code point at a time, wrapping within.
		c.row++
	}
	c.col = min(c.col+w, width)
}
