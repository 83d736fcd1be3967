package ui

import (
	"bytes"
	"strings"

	"github.com/parley-a2a/parley/termsafe"
)

// mdStream renders one growing Markdown text so that each update costs
// about the same however long the text already is.
//
// Re-rendering a whole answer per chunk is quadratic: glamour takes a few
// milliseconds per kilobyte. The text is split at safe boundaries — a
// blank line outside a fenced code block, followed by a line that starts a
// new block (not a list item, not indented, not a definition) — so each
// part before the last boundary renders once, on its own, into the same
// lines it would have in the whole document. Only the unstable tail after
// the last boundary is rendered again on each update. A fenced code block
// that grows past fenceSplit is cut at a line end and continued in a
// fresh fence with the same opening line, so one huge code block does not
// bring the quadratic cost back; any other block (a long tight list, a
// wall of text) is likewise cut before a line that starts at the margin
// once it passes blockSplit.
//
// The text is cleaned (termsafe) a line at a time as lines complete, so
// cleaning, too, is paid once per byte.
type mdStream struct {
	raw     string // the text last given
	rawDone int    // bytes of raw consumed into clean: whole lines only
	clean   []byte // consumed lines, cleaned
	scanned int    // bytes of clean the boundary scanner has classified

	// Scanner state.
	fence    byte   // '`' or '~' inside a fenced code block, else 0
	fenceLen int    // length of the opening fence run
	opener   string // the opening fence line, to continue a cut fence
	blank    int    // start of the current run of blank lines, or -1

	// The stable part, as source segments of clean.
	segs       []mdSegment
	stableEnd  int    // where the unstable tail starts in clean
	tailPrefix string // the fence opener when the tail continues a cut fence
	tailTight  bool   // the tail continues a cut fence: no blank line before it

	// Rendered lines, valid for width and gen.
	width, gen int
	stable     []string
	done       int // segments rendered into stable
	tailSrc    string
	tail       []string
}

// mdSegment is a stable piece of the source: clean[start:end] wrapped in
// prefix and suffix (a fence opener and closer when a code block was cut).
type mdSegment struct {
	start, end     int
	prefix, suffix string
	tight          bool // joins the lines before it without a blank line
}

// Sizes past which a growing block is cut. Highlighting code costs
// several times more per byte than prose, hence the smaller limit.
const (
	fenceSplit = 1 << 10
	blockSplit = 2 << 10
)

func newMDStream() *mdStream { return &mdStream{blank: -1, width: -1} }

// set gives the stream the text as it stands now. Text that does not
// extend what was consumed before (a replaced artifact) starts over.
func (s *mdStream) set(raw string) {
	if len(raw) < s.rawDone || raw[:s.rawDone] != s.raw[:s.rawDone] {
		*s = *newMDStream()
	}
	s.raw = raw
	if nl := strings.LastIndexByte(raw[s.rawDone:], '\n'); nl >= 0 {
		end := s.rawDone + nl + 1
		lines := prepareMarkdown(raw[s.rawDone:end])
		if !strings.HasSuffix(lines, "\n") {
			// An unterminated escape sequence swallowed the newline;
			// the scanner works on whole lines.
			lines += "\n"
		}
		s.clean = append(s.clean, lines...)
		s.rawDone = end
		s.scan()
	}
}

// prepareMarkdown cleans agent text for glamour. Tabs become spaces: a
// tab's width depends on where the terminal's tab stops are, which the
// layout cannot know.
func prepareMarkdown(s string) string {
	s = termsafe.Clean(s)
	if strings.IndexByte(s, '\t') >= 0 {
		s = strings.ReplaceAll(s, "\t", "    ")
	}
	return s
}

// scan classifies the complete lines not scanned yet, moving the stable
// boundary forward.
func (s *mdStream) scan() {
	for s.scanned < len(s.clean) {
		start := s.scanned
		nl := start + bytes.IndexByte(s.clean[start:], '\n')
		s.scanned = nl + 1
		s.line(string(s.clean[start:nl]), start, nl+1)
	}
}

// line classifies one complete line of clean[start:end].
func (s *mdStream) line(line string, start, end int) {
	trim := strings.TrimLeft(line, " ")
	indent := len(line) - len(trim)
	if s.fence != 0 {
		if indent < 4 && closesFence(trim, s.fence, s.fenceLen) {
			s.fence = 0
			return
		}
		if end-s.stableEnd > fenceSplit {
			closer := strings.Repeat(string(s.fence), s.fenceLen) + "\n"
			s.commit(end, end, closer)
			s.tailPrefix, s.tailTight = s.opener, true
		}
		return
	}
	if strings.TrimSpace(line) == "" {
		if s.blank < 0 {
			s.blank = start
		}
		return
	}
	switch {
	case s.blank > s.stableEnd && startsBlock(line):
		s.commit(s.blank, start, "")
		s.tailPrefix, s.tailTight = "", false
	case start-s.stableEnd > blockSplit && canCut(line):
		// A list item, quote line or paragraph line at the margin
		// after a long block: the pieces join without a blank line,
		// which is how glamour draws list items anyway.
		end := start
		if s.blank > s.stableEnd {
			end = s.blank
		}
		s.commit(end, start, "")
		s.tailPrefix, s.tailTight = "", true
	}
	s.blank = -1
	if indent < 4 {
		if c, n := opensFence(trim); n > 0 {
			s.fence, s.fenceLen, s.opener = c, n, line+"\n"
		}
	}
}

// commit makes clean[stableEnd:end] a stable segment; the tail then
// starts at next.
func (s *mdStream) commit(end, next int, suffix string) {
	s.segs = append(s.segs, mdSegment{start: s.stableEnd, end: end, prefix: s.tailPrefix, suffix: suffix, tight: s.tailTight})
	s.stableEnd = next
}

// startsBlock reports whether a line after a blank line surely begins a
// block of its own, so the text before the blank line renders the same
// alone. List items, indented lines and definitions may continue what
// came before.
func startsBlock(line string) bool {
	switch c := line[0]; {
	case c == ' ' || c == '\t' || c == ':':
		return false
	case c == '-' || c == '*' || c == '+':
		return len(line) > 1 && line[1] != ' ' && line[1] != '\t'
	case c >= '0' && c <= '9':
		i := 0
		for i < len(line) && i < 10 && line[i] >= '0' && line[i] <= '9' {
			i++
		}
		if i < len(line) && (line[i] == '.' || line[i] == ')') {
			return i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '\t'
		}
	}
	return true
}

// canCut reports whether a long block may be cut before line: not
// before an indented continuation, a table row (a table's columns are
// sized over all its rows) or a definition.
func canCut(line string) bool {
	switch line[0] {
	case ' ', '\t', '|', ':':
		return false
	}
	return true
}

// opensFence returns the fence character and run length when trim (a line
// without its indent) opens a fenced code block.
func opensFence(trim string) (byte, int) {
	if len(trim) < 3 || trim[0] != '`' && trim[0] != '~' {
		return 0, 0
	}
	c := trim[0]
	n := 0
	for n < len(trim) && trim[n] == c {
		n++
	}
	if n < 3 || c == '`' && strings.IndexByte(trim[n:], '`') >= 0 {
		return 0, 0
	}
	return c, n
}

func closesFence(trim string, c byte, n int) bool {
	i := 0
	for i < len(trim) && trim[i] == c {
		i++
	}
	return i >= n && strings.TrimSpace(trim[i:]) == ""
}

// lines renders what changed and returns the item's lines in two parts:
// the stable lines and the tail, which join with no separator.
func (s *mdStream) lines(md *markdown, width, gen int) (stable, tail []string) {
	if width != s.width || gen != s.gen {
		s.width, s.gen = width, gen
		s.stable, s.done, s.tailSrc, s.tail = nil, 0, "", nil
	}
	for ; s.done < len(s.segs); s.done++ {
		seg := s.segs[s.done]
		out := md.render(seg.prefix+string(s.clean[seg.start:seg.end])+seg.suffix, width)
		if len(s.stable) > 0 && len(out) > 0 && !seg.tight {
			s.stable = append(s.stable, "")
		}
		s.stable = append(s.stable, out...)
	}
	src := s.tailPrefix + string(s.clean[s.stableEnd:]) + prepareMarkdown(s.raw[s.rawDone:])
	if src != s.tailSrc {
		s.tailSrc = src
		s.tail = nil
		if out := md.render(src, width); len(out) > 0 {
			// The blank line that joins the tail to the stable lines
			// is part of the tail, so neither slice is copied.
			if len(s.stable) > 0 && !s.tailTight {
				out = append([]string{""}, out...)
			}
			s.tail = out
		}
	}
	return s.stable, s.tail
}
