package chat

import (
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/styles"
)

// spinnerFrames animate a working task and a streaming artifact; the
// frame comes from the clock Tick gives, so a frame is a pure function of
// the pane's state.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

func (c *Pane) spinner() string {
	return spinnerFrames[int(c.now.UnixMilli()/100)%len(spinnerFrames)]
}

// elapsedReserve is the room kept on a status line for " · 59m59s", so
// whether the message fits beside it does not flicker as the clock runs.
const elapsedReserve = 10

// statusStyle is the tone of a status line's text: the state's own for
// one that asks the person or failed, muted otherwise.
func (c *Pane) statusStyle(s a2aclient.State) lipgloss.Style {
	if l := styles.LookOf(s); l.Asks || s == a2aclient.StateFailed {
		return l.Tone(c.st)
	}
	return c.st.Muted
}

// statusMark is a status line's glyph, from the one table the help's
// legend is read from (styles.ChatMark): a settled state's own, "?" or
// "🔒" bold for one that waits on the person, a diamond for one still
// moving.
func (c *Pane) statusMark(s a2aclient.State) (string, lipgloss.Style) {
	l := styles.LookOf(s)
	switch {
	case l.Asks:
		return styles.ChatMark(s), l.Tone(c.st).Bold(true)
	case l.Glyph == "":
		return styles.WorkingMark, c.st.Info
	}
	return styles.ChatMark(s), l.Tone(c.st)
}

func working(s a2aclient.State) bool {
	return s == a2aclient.StateWorking || s == a2aclient.StateSubmitted
}

// statusInline returns the status message when it fits on the status
// line itself (a short question reads best there).
func (c *Pane) statusInline(ci *chatItem) (string, bool) {
	text := strings.TrimSpace(ci.it.Text)
	if text == "" {
		return "", true
	}
	if strings.ContainsAny(text, "\n") || len(text) > 4*c.w {
		return "", false
	}
	text = termsafe.Line(text)
	room := c.w - ansi.StringWidth(styles.WorkingMark+" "+stateName(ci.it.State)) - 2
	if !ci.it.State.Interrupted() {
		room -= elapsedReserve
	}
	return text, ansi.StringWidth(text) <= room
}

func stateName(s a2aclient.State) string {
	if s == "" {
		return "unknown"
	}
	return termsafe.Line(string(s))
}

// statusHead draws a status line: mark, state, elapsed time since the
// task's first item (live while the task works), and a short message.
func (c *Pane) statusHead(ci *chatItem) string {
	it := &ci.it
	mark, ms := c.statusMark(it.State)
	live := c.following[it.TaskID] && working(it.State) && ci.until.IsZero()
	if live {
		mark = c.spinner()
	}
	line := ms.Render(mark + " " + stateName(it.State))
	if first, ok := c.taskFirst[it.TaskID]; ok && it.TaskID != "" {
		var d time.Duration
		switch {
		case live:
			d = c.now.Sub(first)
		case working(it.State) && !ci.until.IsZero():
			d = ci.until.Sub(first)
		case working(it.State):
			d = -1 // no longer followed: how long it has run is not known
		case !it.State.Interrupted():
			d = it.Time.Sub(first)
		default:
			d = -1
		}
		if d >= 0 {
			line += c.st.Muted.Render(" · " + styles.DurationShort(d))
		}
	}
	if text, inline := c.statusInline(ci); inline && text != "" {
		line += "  " + c.statusStyle(it.State).Render(text)
	}
	return line
}

// artifactHead names an artifact and says what it holds; a spinner shows
// while it still streams, and one no longer followed says it is
// incomplete.
func (c *Pane) artifactHead(ci *chatItem) string {
	it := &ci.it
	name := termsafe.Line(it.Name)
	if strings.TrimSpace(name) == "" {
		name = "artifact"
	}
	var kinds []string
	seen := map[a2aclient.PartKind]bool{}
	for _, p := range it.Parts {
		if p.Kind != a2aclient.PartText && !seen[p.Kind] {
			seen[p.Kind] = true
			kinds = append(kinds, string(p.Kind))
		}
	}
	mark := "▤"
	if !it.Done && c.following[it.TaskID] {
		mark = c.spinner()
	}
	line := c.st.Accent.Render(mark+" ") + c.st.Bold.Render(ansi.Truncate(name, max(c.w-12, 8), "…"))
	if len(kinds) > 0 {
		line += c.st.Muted.Render(" (" + strings.Join(kinds, ", ") + ")")
	}
	if !it.Done && !c.following[it.TaskID] {
		line += c.st.Muted.Render(" (incomplete)")
	}
	return line
}

// head returns the item's first line as drawn now.
func (c *Pane) head(ci *chatItem, l *itemLines) string {
	switch {
	case ci.it.Kind == session.ItemStatus:
		return c.statusHead(ci)
	case ci.it.Kind == session.ItemArtifact:
		return c.artifactHead(ci)
	}
	return l.line(l.head)
}
