package chat

import (
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// chatItem is one transcript item with its cached render.
type chatItem struct {
	it  session.Item
	gap int // blank lines drawn above the item

	// until is when a later status or error of the same task ended a
	// working status, which stops its clock.
	until    time.Time
	expanded bool     // an error's details are shown
	front    cutFront // what was read back of an answer held as a window (cut.go)

	key   renderKey
	lines itemLines
	md    map[int]*mdStream // text renders by part index; -1 is Item.Text
	spans []mdSpan          // where each text's lines start among lines
	parts map[int]partRender
}

// mdSpan places a rendered text among its item's lines.
type mdSpan struct {
	s     *mdStream
	start int
}

// renderKey is what a cached render depends on. The item's Version
// changes whenever its content does, so a finished item renders once per
// width and theme.
type renderKey struct {
	version, width, gen int
	cut                 int // a window's text changes with its cut, not its version (session.Item.Cut)
	front               int // bytes of that answer's front read back, -1 while they are read (cut.go)
	expanded            bool
	async               bool // Markdown not rendered yet is drawn plain (render_async.go)
}

// itemLines is an item's rendered lines as blocks, so a streaming answer's
// stable lines are shared from one render to the next, not copied.
type itemLines struct {
	blocks   [][]string
	starts   []int // line where each block starts, to find a line by search
	n        int
	fileRows []int // lines that show a file part, for the action hint
	// head is the header's line: 0 but for a completed status whose
	// answer is drawn above it.
	head int
}

func (l *itemLines) add(block ...string) {
	if len(block) > 0 {
		l.blocks = append(l.blocks, block)
		l.starts = append(l.starts, l.n)
		l.n += len(block)
	}
}

// line returns line i (0 ≤ i < n).
func (l *itemLines) line(i int) string {
	b := sort.SearchInts(l.starts, i+1) - 1
	if b < 0 || i >= l.n {
		return ""
	}
	return l.blocks[b][i-l.starts[b]]
}

// partRender caches a non-text part's lines while the part is the same
// value: an artifact streaming text after a large table must not lay out
// the table again on every chunk.
type partRender struct {
	id         any
	width, gen int
	lines      []string
	fileRow    bool
}

// gapBefore is the chat's spacing: a blank line
// before messages, artifacts and notices, and after messages; status lines
// and errors sit tight under what they belong to.
func gapBefore(prev, cur session.ItemKind) int {
	switch {
	case cur == session.ItemUser, cur == session.ItemAgent, cur == session.ItemArtifact, cur == session.ItemNotice:
		return 1
	case prev == session.ItemUser, prev == session.ItemAgent, prev == session.ItemNotice:
		return 1
	}
	return 0
}

// render builds the item's lines at width; line head is the header (for
// a live header, a placeholder the pane draws per frame).
func (c *Pane) render(ci *chatItem) *itemLines {
	key := renderKey{version: ci.it.Version, width: c.w, gen: c.gen, cut: ci.it.Cut, front: ci.front.key(), expanded: ci.expanded, async: c.asyncFor(ci)}
	if ci.key == key && ci.lines.n > 0 {
		return &ci.lines
	}
	c.itemRenders++
	ci.key = key
	ci.lines = itemLines{}
	ci.spans = ci.spans[:0]
	w := max(c.w, 1)
	it := &ci.it
	l := &ci.lines
	parts, more := it.Parts, 0
	if len(parts) > maxParts {
		parts, more = parts[:maxParts], len(parts)-maxParts
	}
	switch it.Kind {
	case session.ItemUser:
		l.add(c.st.User.Render("you") + c.st.Muted.Render(" · "+clock(it.Time)))
		l.add(c.textLines(c.st.Text, it.Text, w)...)
		if !it.Secret {
			c.renderParts(ci, parts, 0, w)
		}
		if ci.expanded && hasTurn(it) {
			for _, line := range turnLines(it.Turn) {
				l.add(c.textLines(c.st.Muted, line, w)...)
			}
		}
	case session.ItemAgent:
		l.add(c.st.Agent.Render(termsafe.Line(c.agentName)) + c.st.Muted.Render(" · "+clock(it.Time)))
		c.renderText(ci, -1, it.Text, w)
		c.renderParts(ci, parts, 0, w)
	case session.ItemArtifact:
		l.add("")
		if it.Cut > 0 {
			c.renderFront(ci, w)
		} else {
			c.dropRanges(ci) // the answer was replaced: they are of another text
		}
		for i, p := range parts {
			if p.Kind == a2aclient.PartText {
				c.renderText(ci, i, p.Text, w)
			} else {
				c.renderParts(ci, parts[i:i+1], i, w)
			}
		}
	case session.ItemStatus:
		_, inline := c.statusInline(ci)
		if !inline && it.State == a2aclient.StateCompleted {
			// The message of a completed status is the answer: it reads
			// first, as an artifact's would, and the state line concludes it.
			l.add("")
			l.add(c.textLines(c.statusStyle(it.State), it.Text, w)...)
			c.renderParts(ci, parts, 0, w)
			l.head = l.n
			l.add("")
			break
		}
		l.add("")
		if !inline {
			l.add(c.textLines(c.statusStyle(it.State), it.Text, w)...)
		}
		c.renderParts(ci, parts, 0, w)
	case session.ItemError:
		c.renderError(ci, w)
	case session.ItemThought:
		c.renderThought(ci, w)
	case session.ItemTool:
		c.renderTool(ci, w)
	default:
		l.add(c.textLines(c.st.Muted, it.Text, w)...)
	}
	if more > 0 && !it.Secret {
		l.add(c.st.Muted.Render("… truncated: " + styles.Plural(more, "more part")))
	}
	if l.n == 0 {
		l.add("")
	}
	return l
}

// maxParts caps the parts of one item that are rendered.
const maxParts = 256

// renderText adds a Markdown text from the agent, rendered incrementally.
func (c *Pane) renderText(ci *chatItem, idx int, text string, w int) {
	if ci.md == nil {
		ci.md = map[int]*mdStream{}
	}
	s := ci.md[idx]
	if s == nil {
		s = newMDStream()
		ci.md[idx] = s
	}
	text, left := capText(text, c.maxText)
	s.set(text)
	ci.spans = append(ci.spans, mdSpan{s, ci.lines.n})
	for _, b := range s.lines(c.md, w, c.gen, ci.key.async, c.eagerAll) {
		ci.lines.add(b...)
	}
	if left > 0 {
		ci.lines.add(truncatedNote(c.st, len(text), left))
	}
}

// renderParts adds file and data parts; text parts of messages and
// statuses are in Item.Text already. base is the index of parts[0] among
// the item's parts, which keys the cache.
func (c *Pane) renderParts(ci *chatItem, parts []a2aclient.Part, base, w int) {
	if ci.parts == nil {
		ci.parts = map[int]partRender{}
	}
	for i, p := range parts {
		if p.Kind == a2aclient.PartText {
			continue
		}
		id := partIdentity(p)
		pr, ok := ci.parts[base+i]
		if !ok || pr.id != id || pr.width != w || pr.gen != c.gen {
			pr = partRender{id: id, width: w, gen: c.gen}
			pr.lines, pr.fileRow = viewOf(p.Kind).lines(c, ci, p, w)
			ci.parts[base+i] = pr
		}
		if pr.fileRow {
			ci.lines.fileRows = append(ci.lines.fileRows, ci.lines.n)
		}
		ci.lines.add(pr.lines...)
	}
}

// partIdentity stands for a part's value cheaply: decoded JSON maps and
// slices, and file parts, are shared by every copy of an item until the
// agent replaces them.
func partIdentity(p a2aclient.Part) any {
	if p.Kind == a2aclient.PartFile {
		return p.File
	}
	switch d := p.Data.(type) {
	case map[string]any:
		return reflect.ValueOf(d).UnsafePointer()
	case []any:
		return [2]uintptr{reflect.ValueOf(d).Pointer(), uintptr(len(d))}
	case string, float64, bool, nil:
		return d
	}
	return new(int) // unknown: never equal, always drawn afresh
}

func (c *Pane) renderError(ci *chatItem, w int) {
	it := &ci.it
	text := styles.Sentence(termsafe.Line(it.Text))
	line := "✗ " + text
	switch {
	case ci.expanded:
		ci.lines.add(c.textLines(c.st.Error, line, w)...)
	case ansi.StringWidth(line) <= w:
		ci.lines.add(c.st.Error.Render(line))
	default:
		// Cut to its line: it says that the details key unfolds it.
		more := " " + keys.FirstKey(c.keys.Details) + ": more"
		if w-ansi.StringWidth(more) < 10 {
			more = "" // too narrow to say it and show some of the error
		}
		ci.lines.add(c.st.Error.Render(styles.ClipWord(line, w-ansi.StringWidth(more))) + c.st.Muted.Render(more))
	}
	if d := strings.TrimSpace(it.Detail); d != "" {
		for _, l := range strings.Split(ansi.Wrap(termsafe.Clean(d), max(w-2, 1), ""), "\n") {
			ci.lines.add("  " + c.st.Muted.Render(l))
		}
	}
}

func clock(t time.Time) string {
	if t.IsZero() {
		return "--:--"
	}
	return t.Format("15:04")
}
