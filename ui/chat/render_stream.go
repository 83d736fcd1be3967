package chat

import (
	"sort"
	"strings"
	"sync"

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
//
// Rendering is paid only where the answer is looked at. A stream read as
// it comes turns a few pieces stable per frame, rendered at once; when
// more than eagerBytes turn stable between two frames (a fast agent, a
// reopened answer, a new width), they stand in as blank lines of about
// their height, and the chat renders those it is about to show
// (lazy.go): a long answer streamed fast costs the screens shown, not
// the whole answer.
type mdStream struct {
	raw     string // the text last given
	rawDone int    // bytes of raw consumed into clean: whole lines only
	// clean is the consumed lines, cleaned. While cleaning has changed
	// nothing (cleaned is nil) it is raw[:rawDone] itself, not a copy:
	// a copy of a long answer, grown on the program's goroutine, costs a
	// fresh buffer to fault in and fill each time it moves, and as much
	// memory again as the answer. Once cleaning changes a line, the
	// lines are kept in cleaned.
	clean   string
	cleaned *strings.Builder
	scanned int // bytes of clean the boundary scanner has classified

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

	// Rendered lines, valid for width and gen: a block per stable
	// segment, rendered or standing in (see lines), then the tail.
	width, gen int
	blocks     []mdBlock
	// flat holds the leading rendered blocks as one run of lines, grown
	// in place, so a render of a stream read as it comes adds one block
	// to the item, not one per piece.
	flat     []string
	flatN    int        // blocks in flat
	flatSeen bool       // flat has lines: later blocks keep their separator
	out      [][]string // blocks as lines, the last lines call's answer
	starts   []int      // line where each entry of out starts
	outBlock []int      // the block each entry of out is; -1: rendered lines or the tail; ≤ -2: stand-ins from standAt[-2-v]
	standAt  []standAt  // every stand-in's place in out
	tailSrc  string
	tail     []string // tailSrc rendered

	// Rendering off the program's goroutine (render_async.go).
	async    bool     // the last lines call drew unrendered text plain
	epoch    int      // bumped when set starts over: older renders are stale
	inflight bool     // a render of this stream is on its way
	burst    bool     // the text last given turned more than eagerBytes stable at once
	burstAt  int      // len(raw) when burst was decided
	plainN   int      // blocks drawn plain, waiting for their render
	want     string   // the tail's source as it stands
	shown    []string // the tail as drawn: rendered, or plain where not yet
}

// standAt places a stand-in block among the lines of out. One per
// stand-in, so 32-bit: an answer is capped far below 2^31 lines.
type standAt struct{ block, start, n int32 }

// mdBlock is one stable segment's lines. A segment that has not been
// rendered stands in as blank lines, about as many as it will take, until
// the chat shows it (realize): a long answer that arrives faster than the
// screen is redrawn is rendered where it is looked at, not as a whole.
type mdBlock struct {
	real bool
	// plain: the segment's source drawn as it is, wrapped, until its
	// render comes back (render_async.go).
	plain bool
	// lines has a blank line in front: the separator, used unless the
	// segment joins tight or is the first with any lines.
	lines []string
}

// mdSegment is a stable piece of the source: clean[start:end], wrapped
// in a fence opener and closer when a code block was cut. An answer of
// short paragraphs has one a paragraph, and most are no cut, so the
// wrapping is a pointer, nil for most: 32 bytes a piece, not 56.
type mdSegment struct {
	start, end int
	cut        *fenceCut
	tight      bool // joins the lines before it without a blank line
}

// fenceCut is what wraps a piece of a cut code block.
type fenceCut struct{ prefix, suffix string }

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
		epoch, inflight := s.epoch+1, s.inflight
		*s = *newMDStream()
		s.epoch, s.inflight = epoch, inflight
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
		switch {
		case s.cleaned == nil && lines == raw[s.rawDone:end]:
			s.clean = raw[:end]
		default:
			if s.cleaned == nil {
				s.cleaned = &strings.Builder{}
				s.cleaned.WriteString(s.clean)
			}
			s.cleaned.WriteString(lines)
			s.clean = s.cleaned.String()
		}
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
		nl := start + strings.IndexByte(s.clean[start:], '\n')
		s.scanned = nl + 1
		s.line(s.clean[start:nl], start, nl+1)
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
	seg := mdSegment{start: s.stableEnd, end: end, tight: s.tailTight}
	if s.tailPrefix != "" || suffix != "" {
		seg.cut = &fenceCut{prefix: s.tailPrefix, suffix: suffix}
	}
	s.segs = append(s.segs, seg)
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

// eagerBytes is how much newly stable text lines renders at once. A
// stream that a person can read gives a few hundred bytes a frame, all
// rendered as it comes; past this, the pieces stand in until shown.
const eagerBytes = 4 << 10

// lines renders what changed and returns the item's lines as blocks —
// the rendered pieces, the stand-ins, the tail — which join with no
// separator: the blank lines between pieces are part of them.
//
// With async, nothing is rendered here: what is not rendered yet is
// drawn plain, and the chat renders it in a command (render_async.go).
// With eagerAll every piece is rendered as it turns stable, however
// many turn stable at once (tests compare the lazy panes with it).
func (s *mdStream) lines(md *markdown, width, gen int, async, eagerAll bool) [][]string {
	if width != s.width || gen != s.gen {
		s.width, s.gen = width, gen
		s.blocks, s.tailSrc, s.tail = s.blocks[:0], "", nil
		s.flat, s.flatN, s.flatSeen, s.plainN = nil, 0, false, 0
	}
	s.async = async
	if !async && s.plainN > 0 {
		s.unplain()
	}
	if len(s.raw) != s.burstAt {
		// New text: a burst until text arrives at a readable pace.
		s.burst, s.burstAt = false, len(s.raw)
	}
	if n := len(s.blocks); n < len(s.segs) {
		eager := eagerAll || s.segs[len(s.segs)-1].end-s.segs[n].start <= eagerBytes
		s.burst = s.burst || !eager
		for j := n; j < len(s.segs); j++ {
			switch {
			case eager && async:
				s.blocks = append(s.blocks, s.plainBlock(j))
			case eager:
				s.blocks = append(s.blocks, mdBlock{real: true, lines: withSep(s.render(md, j))})
			default:
				s.blocks = append(s.blocks, mdBlock{lines: blankLines(1 + s.estimate(j))})
			}
		}
	}
	src := s.tailPrefix + s.clean[s.stableEnd:] + prepareMarkdown(s.raw[s.rawDone:])
	s.want = src
	switch {
	case async:
		s.shown = s.plainTail(src)
	case src != s.tailSrc:
		s.tailSrc = src
		s.tail = withSep(md.render(src, width))
		s.shown = s.tail
	default:
		s.shown = s.tail
	}
	return s.assemble()
}

// assemble lays the blocks out, choosing which separators show: none
// before the first block with lines, none where a segment joins tight.
func (s *mdStream) assemble() [][]string {
	for ; s.flatN < len(s.blocks) && s.blocks[s.flatN].real; s.flatN++ {
		if lines := s.blocks[s.flatN].lines; len(lines) > 1 {
			if !s.flatSeen || s.segs[s.flatN].tight {
				lines = lines[1:]
			}
			s.flatSeen = true
			s.flat = append(s.flat, lines...)
		}
	}
	s.out, s.starts, s.outBlock, s.standAt = s.out[:0], s.starts[:0], s.outBlock[:0], s.standAt[:0]
	seen, at := s.flatSeen, 0
	if len(s.flat) > 0 {
		s.out, s.starts, s.outBlock = append(s.out, s.flat), append(s.starts, 0), append(s.outBlock, -1)
		at = len(s.flat)
	}
	// Stand-ins next to each other are one entry of blank lines, so an
	// answer of thousands of unrendered pieces lays out in a few entries;
	// standAt remembers where each of them starts.
	run := 0
	flush := func() {
		if run > 0 {
			s.out = append(s.out, blankLines(run))
			run = 0
		}
	}
	for j := s.flatN; j < len(s.blocks); j++ {
		b := &s.blocks[j]
		lines := b.lines
		if len(lines) == 1 {
			continue // only the separator: nothing rendered
		}
		if !seen || s.segs[j].tight {
			lines = lines[1:]
		}
		seen = true
		if b.real || b.plain {
			flush()
			s.starts, s.outBlock, s.out = append(s.starts, at), append(s.outBlock, j), append(s.out, lines)
		} else {
			if run == 0 {
				s.starts, s.outBlock = append(s.starts, at), append(s.outBlock, -2-len(s.standAt))
			}
			s.standAt = append(s.standAt, standAt{block: int32(j), start: int32(at), n: int32(len(lines))})
			run += len(lines)
		}
		at += len(lines)
	}
	flush()
	if tail := s.shown; len(tail) > 1 {
		if !seen || s.tailTight {
			tail = tail[1:]
		}
		s.starts, s.outBlock, s.out = append(s.starts, at), append(s.outBlock, -1), append(s.out, tail)
	}
	return s.out
}

// render renders stable segment j.
func (s *mdStream) render(md *markdown, j int) []string {
	return md.render(s.segSrc(j), s.width)
}

// estimate guesses how many lines segment j takes: its source lines,
// wrapped. It only places what is off screen.
func (s *mdStream) estimate(j int) int {
	seg := s.segs[j]
	n, w := 0, max(s.width-2, 8)
	for line := range strings.SplitSeq(strings.TrimRight(s.clean[seg.start:seg.end], "\n"), "\n") {
		n += 1 + len(line)/w
	}
	return n
}

// placeholder reports which stand-in block, if any, holds line k of the
// last lines call's answer, where it starts and how many lines it has.
func (s *mdStream) placeholder(k int) (block, start, n int, ok bool) {
	i := sort.SearchInts(s.starts, k+1) - 1
	if i < 0 || i >= len(s.out) || s.outBlock[i] > -2 {
		return 0, 0, 0, false // rendered lines, or the tail
	}
	run := s.standAt[-2-s.outBlock[i]:]
	r := sort.Search(len(run), func(r int) bool { return int(run[r].start) > k }) - 1
	if r < 0 || k >= int(run[r].start+run[r].n) {
		return 0, 0, 0, false
	}
	return int(run[r].block), int(run[r].start), int(run[r].n), true
}

// realize renders stand-in block j.
func (s *mdStream) realize(md *markdown, j int) {
	if j < len(s.blocks) && !s.blocks[j].real {
		s.blocks[j] = mdBlock{real: true, lines: withSep(s.render(md, j))}
	}
}

// withSep puts the separator line in front of rendered lines; nothing
// rendered stays one line, which assemble drops.
func withSep(lines []string) []string {
	return append([]string{""}, lines...)
}

// blanks backs every stand-in block: n blank lines cost no allocation.
// Nobody writes to the array; a longer one replaces it when needed.
var blanks struct {
	sync.Mutex
	lines []string
}

func blankLines(n int) []string {
	blanks.Lock()
	defer blanks.Unlock()
	if len(blanks.lines) < n {
		blanks.lines = make([]string, max(n, 2*len(blanks.lines), 256))
	}
	return blanks.lines[:n:n]
}
