package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Below narrowWidth (or narrowHeight) the side panes fold away.
const (
	narrowWidth  = 100
	narrowHeight = 20
	minWidth     = 40
	minHeight    = 10
)

// rects are the layout's pane sizes (outer, borders included).
type rects struct {
	leftW, agentsH, tasksH int
	chatW, chatH           int
	composerH              int
}

func (m *Model) narrow() bool { return m.width < narrowWidth || m.height < narrowHeight }

// layout computes pane sizes from the window and tells each pane.
func (m *Model) layout() {
	r := m.rects()
	m.composer.SetSize(m.width-4, 0)
	inner := func(v int) int { return max(v-2, 1) }
	m.chat.SetSize(inner(r.chatW), inner(r.chatH))
	m.agents.SetSize(inner(r.leftW), inner(r.agentsH))
	m.tasks.SetSize(inner(r.leftW), inner(r.tasksH))
	m.help.SetWidth(m.width)
	m.layoutCompare(r)
}

func (m *Model) rects() rects {
	var r rects
	r.composerH = m.composer.Height() + 2
	body := max(m.height-r.composerH-1, 4) // footer line
	// An expanded card (agents.expand) takes the left column but a
	// three-row Tasks pane, and half the width beside the chat.
	expanded := m.agents.Expanded() && m.focus == focusAgents
	if m.narrow() {
		body-- // header line
		r.chatW, r.chatH = m.width, body
		r.leftW = m.width
		r.agentsH = max(body*3/5, 4)
		if expanded {
			r.agentsH = max(body-3, 4)
		}
		r.tasksH = body - r.agentsH
		return r
	}
	r.leftW = min(max(m.width*28/100, 28), 44)
	r.agentsH = max(body*3/5, 6)
	if expanded {
		r.leftW = max(m.width/2, r.leftW)
		r.agentsH = max(body-3, 6)
	}
	r.chatW = m.width - r.leftW
	r.chatH = body
	r.tasksH = body - r.agentsH
	return r
}

// View draws the whole screen.
func (m *Model) View() tea.View {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "parley"
	if m.current != nil {
		v.WindowTitle = "parley · " + m.current.Label()
	}
	v.Cursor = m.cursor()
	return v
}

// cursor is the terminal's own cursor in the composer, where the
// textarea puts it; nil (hidden) while a dialog or another pane has the
// keys. The terminal draws and blinks it, so an idle parley draws nothing.
func (m *Model) cursor() *tea.Cursor {
	if !m.overlay.Empty() || m.focus != focusComposer || m.width < minWidth || m.height < minHeight {
		return nil
	}
	c := m.composer.Cursor()
	if c == nil {
		return nil
	}
	// The composer's box starts below the panes (render); its text
	// is inside the border, after one cell of padding.
	top := max(m.height-m.rects().composerH-1, 4)
	c.X += 2
	c.Y += top + 1
	return c
}

func (m *Model) render() string {
	if m.width == 0 {
		return ""
	}
	if m.width < minWidth || m.height < minHeight {
		return tooSmall(m.width, m.height)
	}
	if m.overlay.Full() { // the main screen is hidden: do not draw it
		if text, style := m.statusText(); text != "" {
			// What a key in the dialog did (an export) is said below
			// it, not once the dialog closes.
			lines := styles.WrapStyle(style, text, m.width-2, statusLines(m.height))
			return m.overlay.Draw(m.st, "", m.width, m.height-len(lines)) + "\n " + strings.Join(lines, "\n ")
		}
		return m.overlay.Draw(m.st, "", m.width, m.height)
	}
	r := m.rects()
	body, footer := m.body(r), m.footer()
	if n := strings.Count(footer, "\n"); n > 0 {
		// A status wrapped onto more lines takes the panes' last rows of
		// content while it shows, so the composer does not move; their
		// bottom borders stay, or the frames would look broken.
		lines := strings.Split(body, "\n")
		if cut := len(lines) - 1 - n; cut >= 1 {
			lines = append(lines[:cut], lines[len(lines)-1])
		} else {
			lines = lines[:max(len(lines)-n, 1)]
		}
		body = strings.Join(lines, "\n")
	}
	screen := m.stackRows(body, m.composerBoxKept(r.composerH), footer)
	return m.overlay.Draw(m.st, screen, m.width, m.height)
}

// drawBody draws the panes above the composer (kept between frames by
// body, frame.go).
func (m *Model) drawBody(r rects) string {
	if m.compare.open {
		return m.drawCompare(r) // compare_view.go
	}
	if m.narrow() {
		main := m.chatBox(r.chatW, r.chatH)
		if m.narrowList {
			main = stackBoxes(m.agentsBox(r.leftW, r.agentsH), m.tasksBox(r.leftW, r.tasksH))
		}
		return lipgloss.JoinVertical(lipgloss.Left, m.header(), main)
	}
	left := stackBoxes(m.agentsBox(r.leftW, r.agentsH), m.tasksBox(r.leftW, r.tasksH))
	return besideBoxes(left, m.chatBox(r.chatW, r.chatH))
}

func (m *Model) agentsBox(w, h int) string {
	m.agents.SetCurrent(m.current)
	return m.agentsFrame.box(m.st, "Agents", "", m.agents.View(m.st), w, h, m.focus == focusAgents) // frame_memo.go
}

func (m *Model) tasksBox(w, h int) string {
	return m.tasksFrame.box(m.st, m.tasks.Title(), "", m.tasks.View(m.st), w, h, m.focus == focusTasks)
}

func (m *Model) chatBox(w, h int) string {
	note := ""
	if n := m.chat.NewBelow(); n > 0 {
		note = fmt.Sprintf("↓ %d new", n)
	}
	title := m.chatTitle()
	if m.narrow() {
		title = "Chat" // the header line above already names agent and context
	}
	content := m.chat.View(m.st)
	if m.chat.Empty() {
		content = m.emptyChat(m.current, w-2, h-2)
	}
	return styles.Box(m.st, title, note, content, w, h, m.focus == focusChat)
}

// chatTitle names agent, dialect and context.
func (m *Model) chatTitle() string {
	e := m.current
	if e == nil {
		return "No agent"
	}
	parts := []string{e.Label()}
	switch e.Status {
	case session.AgentResolving:
		parts = append(parts, "connecting…")
	case session.AgentFailed:
		parts = append(parts, failedWord(e))
	case session.AgentReady:
		parts = append(parts, e.Client.Dialect().Label())
		if e.Conv != nil {
			if id := e.Conv.ContextID(); id != "" {
				parts = append(parts, "context "+styles.ShortID(id))
			} else {
				parts = append(parts, "new context")
			}
		}
	}
	return strings.Join(parts, " · ")
}

// header is the one-line agent/context summary of the narrow layout.
func (m *Model) header() string {
	return m.st.Accent.Render(styles.Clip(m.chatTitle(), m.width-20)) + m.st.Muted.Render("  "+m.keys.Global.Panes.Help().Key+" lists")
}

func (m *Model) composerBox(h int) string {
	return styles.Box(m.st, m.composerTitle(), m.modeNote(), lipgloss.NewStyle().PaddingLeft(1).Render(m.composer.View(m.st)), m.width, h, m.focus == focusComposer)
}

// composerTitle names who the composer's message goes to.
func (m *Model) composerTitle() string {
	title := "message"
	if m.compare.open {
		return m.compareTitle()
	}
	if m.current != nil {
		title = "message " + m.current.Label()
		if m.current.Conv != nil {
			if id, state := m.current.Conv.Waiting(); id != "" {
				title = fmt.Sprintf("answering task %s (%s)", styles.ShortID(id), state)
				if b := m.keys.Composer.NewTask; b.Enabled() {
					title += " · " + keys.FirstKey(b) + " new task instead"
				}
			}
		}
	}
	return title
}

// statusLines is how many lines a status may take from the panes above
// it: four on a screen of 24 rows or more, fewer on a smaller one, never
// less than two.
func statusLines(height int) int { return max(2, min(4, height/6)) }

// footer shows a recent status line (or the task waiting for input)
// and the focused pane's keys on the same line: the status on the left,
// the keys that fit after it on the right, help and quit always, so a
// status never hides how to get help or leave.
func (m *Model) footer() string {
	text, style := m.statusText()
	if text == "" {
		if w := m.waitingLine(time.Now()); w != "" {
			text, style = w, m.st.Warning
		}
	}
	if text == "" {
		return m.keysFooter() // frame_memo.go: kept while nothing it shows changed
	}
	// Too long for one line: wrapped at words, on as many lines as it
	// takes up to statusLines, so that a long URL in it does not push
	// out the end of the sentence, which says what happened. The keys
	// follow on its last line, or on a line of their own below it when
	// help and quit do not fit there.
	const gap = 3
	lines := styles.WrapStyle(style, text, m.width-2, statusLines(m.height))
	last := lipgloss.Width(lines[len(lines)-1])
	g := m.keys.Global
	if m.width-2-last-gap < helpWidth([]key.Binding{g.Help, g.Quit}) {
		lines, last = append(lines, ""), -gap
	}
	ks := m.help.ShortHelpView(fitKeys(m.focusKeys(), m.width-2-last-gap))
	pad := max(m.width-2-max(last, 0)-lipgloss.Width(ks), 0)
	lines[len(lines)-1] = styles.Clip(lines[len(lines)-1]+strings.Repeat(" ", pad)+ks, m.width-2)
	return " " + strings.Join(lines, "\n ")
}

// statusText is the status line while it shows, in its style.
func (m *Model) statusText() (string, lipgloss.Style) {
	if m.status == "" || time.Since(m.statusAt) >= m.env.StatusFor {
		return "", m.st.Info
	}
	if m.isErr {
		return m.status, m.st.Error
	}
	return m.status, m.st.Info
}

// fitKeys is the bindings all (focusKeys) cut to fit width cells. Help
// and quit always stay; the pane's later hints go first, then
// conversations, then its first two hints, and the next-pane key last
// of all.
func fitKeys(all []key.Binding, width int) []key.Binding {
	n := len(all) - 4 // the pane's own; then next pane, conversations, help, quit
	drop := []int{}
	for i := n - 1; i >= 2; i-- {
		drop = append(drop, i)
	}
	drop = append(drop, n+1, 1, 0, n)
	gone := map[int]bool{}
	keep := func() []key.Binding {
		var out []key.Binding
		for i, b := range all {
			if !gone[i] {
				out = append(out, b)
			}
		}
		return out
	}
	for _, i := range drop {
		if i < 0 || helpWidth(keep()) <= width {
			break
		}
		gone[i] = true
	}
	return keep()
}

// helpWidth is how wide the short help draws bindings: "key desc"
// joined by " • ".
func helpWidth(bs []key.Binding) int {
	w, n := 0, 0
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		if n > 0 {
			w += 3
		}
		h := b.Help()
		w += lipgloss.Width(h.Key) + 1 + lipgloss.Width(h.Desc)
		n++
	}
	return w
}

// tooSmall says the terminal is too small, wrapped at words to fit it,
// so that it is read whole however narrow the terminal.
func tooSmall(w, h int) string {
	msg := fmt.Sprintf("parley needs at least %d×%d; this terminal is %d×%d.", minWidth, minHeight, w, h)
	lines := strings.Split(ansi.Wrap(msg, max(w, 1), ""), "\n")
	return strings.Join(lines[:min(len(lines), max(h, 1))], "\n")
}
