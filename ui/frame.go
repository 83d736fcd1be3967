package ui

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// Frames: what a View draws again.
//
// Bubble Tea calls View after every message, and a stream brings many:
// the conversation's changes (one a frame, bridge.go), the clock, the
// wire log. Drawing the panes for each would make a typed key wait
// behind whole frames, and a key's own frame would draw the chat again,
// Markdown included, for a change in the composer. So the panes above
// the composer (the body) are kept as drawn, and drawn again only
//   - at most once a frame for what streams in (a change that comes
//     sooner waits for frameMsg), and
//   - at once for anything else that may change them (a key outside
//     the composer, a resize, a dialog's answer).
// What a message may change it says itself (component.Msg, Redraws).
// A key the composer takes redraws the composer and the footer only,
// over the body as last drawn: input wins over rendering.
//
// A key that arrives while the body is being drawn still waits for that
// drawing to end: Bubble Tea handles one message at a time, and on a
// loaded machine a drawing takes many times its CPU in wall time (the
// program's thread waiting for a CPU). So what streams in waits, after
// each drawing, paceFactor times as long as that drawing took (at least
// a frame, at most maxFrameGap): the loop spends at most about a quarter
// of its time drawing a stream, and the stream's frames thin out as the
// machine gets slower instead of the keys.

// frameMsg is the frame a change that streamed in waits for.
type frameMsg struct{}

func (frameMsg) Redraws() component.Redraw { return component.RedrawFooter }

const (
	paceFactor  = 3
	maxFrameGap = 250 * time.Millisecond
)

// frameCache holds the body as last drawn and what it was drawn for.
type frameCache struct {
	body  string
	width int       // the body's widest line
	sig   bodySig   // what the body was drawn for
	at    time.Time // when it was drawn
	// began is when the message being handled reached Update; cost is
	// how long the last message that drew the body took, from there to
	// the end of the drawing.
	began time.Time
	cost  time.Duration
	ok    bool // body is valid for sig
	draws int  // bodies drawn, for tests

	lazy    bool // the message just handled changed nothing the body shows, or only what may wait a frame
	stale   bool // something the body shows changed since it was drawn
	waiting bool // a frameMsg is on its way
	// composerOnly is set by the composer's key path: the key edited
	// the text, nothing else.
	composerOnly bool
}

// bodySig is what the body's layout depends on besides the panes'
// content: a change in any of it draws the body again at once.
type bodySig struct {
	r                   rects
	width, height       int
	focus               focusArea
	narrowList, dialogs bool
	current             *panes.Entry
	compare             bool
}

func (m *Model) bodySig(r rects) bodySig {
	return bodySig{r: r, width: m.width, height: m.height, focus: m.focus, narrowList: m.narrowList,
		dialogs: !m.overlay.Empty(), current: m.current, compare: m.compare.open}
}

// settleFrame runs after each Update: it decides whether the View that
// follows may keep the body, and asks for the frame a deferred change
// waits for.
func (m *Model) settleFrame(msg tea.Msg) tea.Cmd {
	f := &m.frame
	composerOnly := f.composerOnly
	f.composerOnly = false
	switch redrawOf(msg) {
	case component.RedrawStream:
		// What streams in: drawn now if a frame has passed since the
		// last, else at the next frame.
		f.stale = true
		since, gap := m.env.Now().Sub(f.at), f.gap()
		if since >= gap {
			f.lazy = false
			return nil
		}
		f.lazy = true
		if f.waiting {
			return nil
		}
		f.waiting = true
		return tea.Tick(gap-since, func(time.Time) tea.Msg { return frameMsg{} })
	case component.RedrawFooter:
		if _, ok := msg.(frameMsg); ok { // the frame a change waited for
			f.waiting = false
			f.lazy = !f.stale
			return nil
		}
		f.lazy = true
	default:
		_, key := msg.(tea.KeyPressMsg)
		f.lazy = key && composerOnly
	}
	return nil
}

// redrawOf is what msg may change on screen: what a message of ui's own
// says (component.Msg); a message of Bubble Tea's (a key, a resize, the
// terminal's colours) may change anything.
func redrawOf(msg tea.Msg) component.Redraw {
	if m, ok := msg.(component.Msg); ok {
		return m.Redraws()
	}
	return component.RedrawAll
}

// gap is how long what streams in waits after the body was drawn.
func (f *frameCache) gap() time.Duration {
	return min(max(frameInterval, paceFactor*f.cost), maxFrameGap)
}

// body is the panes above the composer: as last drawn when the message
// just handled allows it, else drawn now.
func (m *Model) body(r rects) string {
	f := &m.frame
	sig := m.bodySig(r)
	keep := f.ok && f.lazy && f.sig == sig
	f.lazy = false // a View with no Update before it (a test's inspection) draws
	start := f.began
	f.began = time.Time{}
	if start.IsZero() { // a View with no Update before it
		start = m.env.Now()
	}
	if keep {
		return f.body
	}
	f.body = m.drawBody(r)
	// Every line is as wide as the first: boxes side by side, or joined
	// by lipgloss, which pads them.
	first, _, _ := strings.Cut(f.body, "\n")
	f.width = styles.CellWidth(first)
	f.sig, f.at, f.ok, f.stale = sig, m.env.Now(), true, false
	f.cost = f.at.Sub(start)
	f.draws++
	return f.body
}

// stackRows puts the composer and the footer under the body, as
// lipgloss.JoinVertical would, without measuring the body's lines
// again: they are all f.width cells wide, as the body was joined.
func (m *Model) stackRows(body, composer, footer string) string {
	w := m.frame.width
	if body != m.frame.body || strings.ContainsAny(composer+footer, "\t\r") {
		return lipgloss.JoinVertical(lipgloss.Left, body, composer, footer)
	}
	lines := strings.Split(composer+"\n"+footer, "\n")
	for _, l := range lines {
		if styles.CellWidth(l) > w {
			return lipgloss.JoinVertical(lipgloss.Left, body, composer, footer)
		}
	}
	var b strings.Builder
	b.Grow(len(body) + len(composer) + len(footer) + 2*w)
	b.WriteString(body)
	for _, l := range lines {
		b.WriteByte('\n')
		b.WriteString(l)
		b.WriteString(strings.Repeat(" ", w-styles.CellWidth(l)))
	}
	return b.String()
}
