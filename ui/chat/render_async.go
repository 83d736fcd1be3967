package chat

import (
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/ui/component"
)

// Rendering a streaming answer's Markdown off the program's goroutine.
//
// glamour takes milliseconds per kilobyte, and the program's goroutine
// is the one that handles keys: a render there makes a key typed during
// a long stream wait behind it. So while an answer streams and the chat
// follows it, its text is not rendered in lines: what has no render yet
// is drawn plain (its cleaned source,
// wrapped), and after an Update that will draw the body the chat starts
// a command that renders what the screen shows — the pieces in view and
// the tail — unless the answer arrives in a burst (more than eagerBytes
// turned stable since the last frame), which is drawn plain until it
// slows down or ends. The command answers with mdRenderedMsg, tagged with the
// stream, its epoch (set starting over), the width and the theme's
// generation; a result that no longer matches is dropped. One render
// per stream is in flight at a time. A finished answer, or one the user
// scrolled back into, is rendered in lines and realizeShown, so what
// stays on screen is the same either way.

// mdRenderedMsg carries a command's renders of one stream.
type mdRenderedMsg struct {
	item              string // the chat item's key
	s                 *mdStream
	epoch, width, gen int
	pieces            []mdPiece
	tail              bool // the tail was rendered: tailSrc into tailLines
	tailSrc           string
	tailLines         []string
}

func (mdRenderedMsg) Redraws() component.Redraw { return component.RedrawStream }

func (mdRenderedMsg) To() string { return ID }

// mdPiece is a stable segment to render, then its lines.
type mdPiece struct {
	j     int
	src   string
	lines []string
}

// asyncFor reports whether ci's Markdown renders in a command: while it
// streams and the chat follows the end.
func (c *Pane) asyncFor(ci *chatItem) bool {
	return c.async && c.follow && !ci.it.Done
}

// RenderAsync starts the renders the screen is waiting for: the pieces
// drawn plain in view and the tails that changed, one command per
// stream with none in flight.
func (c *Pane) RenderAsync() tea.Cmd {
	if !c.async || !c.follow || len(c.items) == 0 || c.h <= 0 {
		return nil
	}
	c.realizeShown() // stand-ins in view are drawn plain from now on
	var jobs []*mdRenderedMsg
	row := c.viewTop()
	for n := 0; n < c.h; n++ {
		jobs = c.wantAt(row, jobs)
		next, moved := c.down(row, 1)
		if moved == 0 {
			break
		}
		row = next
	}
	var cmds []tea.Cmd
	md := c.bg
	for _, job := range jobs {
		s := job.s
		job.addPlain()
		if s.want != s.tailSrc {
			job.tail, job.tailSrc = true, s.want
		}
		if len(job.pieces) == 0 && !job.tail {
			continue
		}
		s.inflight = true
		msg := *job
		cmds = append(cmds, func() tea.Msg {
			for i := range msg.pieces {
				msg.pieces[i].lines = withSep(md.render(msg.pieces[i].src, msg.width))
			}
			if msg.tail {
				msg.tailLines = withSep(md.render(msg.tailSrc, msg.width))
			}
			return msg
		})
	}
	return tea.Batch(cmds...)
}

// asyncBudget bounds the bytes of pieces off screen one command renders,
// so that a render's answer comes back within a frame or two.
const asyncBudget = 2 * eagerBytes

// addPlain adds the stream's other pieces drawn plain, off screen, to
// the job, within asyncBudget: a stream read as it comes is rendered
// whole as it comes, off screen too, as lines renders it.
func (job *mdRenderedMsg) addPlain() {
	s := job.s
	if s.plainN == 0 {
		return
	}
	budget := asyncBudget
	for j := range s.blocks {
		if budget <= 0 {
			return
		}
		if !s.blocks[j].plain || job.has(j) {
			continue
		}
		src := s.segSrc(j)
		budget -= len(src)
		job.pieces = append(job.pieces, mdPiece{j: j, src: src})
	}
}

func (job *mdRenderedMsg) has(j int) bool {
	for _, p := range job.pieces {
		if p.j == j {
			return true
		}
	}
	return false
}

// wantAt adds what row p waits for to the jobs.
func (c *Pane) wantAt(p pos, jobs []*mdRenderedMsg) []*mdRenderedMsg {
	ci := c.items[p.item]
	k := p.line - ci.gap
	if k <= 0 || len(ci.spans) == 0 {
		return jobs
	}
	c.render(ci)
	for i := len(ci.spans) - 1; i >= 0; i-- {
		sp := ci.spans[i]
		if k < sp.start {
			continue
		}
		s := sp.s
		if !s.async || s.inflight || s.burst {
			// A stream arriving faster than it can be read (a burst)
			// moves past before a render would come back: it is drawn
			// plain until it slows down or ends, and the CPU goes to
			// taking it in and to the keys.
			return jobs
		}
		var job *mdRenderedMsg
		for _, j := range jobs {
			if j.s == s {
				job = j
			}
		}
		if job == nil {
			job = &mdRenderedMsg{item: ci.it.Key, s: s, epoch: s.epoch, width: s.width, gen: s.gen}
			jobs = append(jobs, job)
		}
		if j, ok := s.pendingAt(k - sp.start); ok && (len(job.pieces) == 0 || job.pieces[len(job.pieces)-1].j != j) {
			job.pieces = append(job.pieces, mdPiece{j: j, src: s.segSrc(j)})
		}
		return jobs
	}
	return jobs
}

// rendered takes a command's renders, unless the stream changed under
// them or the user scrolled away (a render that changes heights there
// would move what is on screen).
func (c *Pane) rendered(msg mdRenderedMsg) {
	s := msg.s
	s.inflight = false
	if !c.follow || s.epoch != msg.epoch || s.width != msg.width || s.gen != msg.gen {
		return
	}
	for _, p := range msg.pieces {
		if p.j < len(s.blocks) && !s.blocks[p.j].real {
			if s.blocks[p.j].plain {
				s.plainN--
			}
			s.blocks[p.j] = mdBlock{real: true, lines: p.lines}
		}
	}
	if msg.tail {
		s.tailSrc, s.tail = msg.tailSrc, msg.tailLines
	}
	if idx, ok := c.byKey[msg.item]; ok {
		c.items[idx].key = renderKey{} // lay it out again with the renders
	}
}

// segSrc is stable segment j's Markdown source.
func (s *mdStream) segSrc(j int) string {
	seg := s.segs[j]
	if seg.cut == nil {
		return s.clean[seg.start:seg.end]
	}
	return seg.cut.prefix + s.clean[seg.start:seg.end] + seg.cut.suffix
}

// plainBlock draws segment j plain until its render comes back.
func (s *mdStream) plainBlock(j int) mdBlock {
	s.plainN++
	return mdBlock{plain: true, lines: withSep(plainLines(s.segSrc(j), s.width))}
}

// plainify draws stand-in j plain.
func (s *mdStream) plainify(j int) {
	if j < len(s.blocks) && !s.blocks[j].real && !s.blocks[j].plain {
		s.blocks[j] = s.plainBlock(j)
	}
}

// unplain turns the blocks drawn plain into stand-ins: rendering is
// back on lines and realizeShown.
func (s *mdStream) unplain() {
	for j := range s.blocks {
		if s.blocks[j].plain {
			s.blocks[j] = mdBlock{lines: blankLines(1 + s.estimate(j))}
		}
	}
	s.plainN = 0
}

// plainTail is the tail as drawn while its render is on its way: the
// last render, and the text that came after it plain; or all of it
// plain when the tail does not extend what was rendered.
func (s *mdStream) plainTail(src string) []string {
	if src == s.tailSrc {
		return s.tail
	}
	if s.tailSrc != "" && strings.HasPrefix(src, s.tailSrc) {
		rest := plainLines(src[len(s.tailSrc):], s.width)
		if len(rest) == 0 {
			return s.tail
		}
		out := make([]string, 0, len(s.tail)+len(rest))
		return append(append(out, s.tail...), rest...)
	}
	return withSep(plainLines(src, s.width))
}

// plainLines wraps Markdown source to width as it is. The source is
// clean already (prepareMarkdown): no control sequence reaches the
// screen.
func plainLines(src string, w int) []string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		out = append(out, strings.Split(ansi.Wrap(l, max(w, 1), ""), "\n")...)
	}
	return trimBlank(out)
}

// pendingAt reports which block, if any, line k of the last lines
// call's answer is in when that block has no render yet (drawn plain,
// or standing in).
func (s *mdStream) pendingAt(k int) (int, bool) {
	i := sort.SearchInts(s.starts, k+1) - 1
	if i < 0 || i >= len(s.out) || k >= s.starts[i]+len(s.out[i]) {
		return 0, false
	}
	if b := s.outBlock[i]; b >= 0 {
		return b, s.blocks[b].plain
	}
	b, _, _, ok := s.placeholder(k)
	return b, ok
}
