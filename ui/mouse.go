// The mouse: a click focuses the pane under the pointer and selects the
// row or item under it (a second click on the selected one opens or uses
// it, as enter does); the wheel scrolls the pane under the pointer, or
// the dialog on top. Terminals keep their own text selection on
// shift+drag while an application has the mouse.

package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
)

// paneHit is where on screen a pane's box is: its focus area and its
// inside, which starts one cell in from the border.
type paneHit struct {
	area       focusArea
	x, y, w, h int // the box, border included
}

// panes lists the boxes drawn now, as render lays them out.
func (m *Model) panes() []paneHit {
	r := m.rects()
	var out []paneHit
	top := 0
	if m.narrow() {
		top = 1 // the header line
		if m.narrowList {
			out = append(out, paneHit{focusAgents, 0, top, r.leftW, r.agentsH}, paneHit{focusTasks, 0, top + r.agentsH, r.leftW, r.tasksH})
		} else {
			out = append(out, paneHit{focusChat, 0, top, r.chatW, r.chatH})
		}
	} else {
		out = append(out,
			paneHit{focusAgents, 0, 0, r.leftW, r.agentsH},
			paneHit{focusTasks, 0, r.agentsH, r.leftW, r.tasksH},
			paneHit{focusChat, r.leftW, 0, r.chatW, r.chatH})
	}
	return append(out, paneHit{focusComposer, 0, top + r.chatH, m.width, r.composerH})
}

// paneAt is the pane under cell (x, y) and the cell's row inside it (-1
// on the top border, h-2 on the bottom one).
func (m *Model) paneAt(x, y int) (focusArea, int, bool) {
	for _, p := range m.panes() {
		if x >= p.x && x < p.x+p.w && y >= p.y && y < p.y+p.h {
			return p.area, y - p.y - 1, true
		}
	}
	return 0, 0, false
}

// colIn is cell x's column inside the box of pane area (-1 on its left
// border).
func (m *Model) colIn(area focusArea, x int) int {
	for _, p := range m.panes() {
		if p.area == area {
			return x - p.x - 1
		}
	}
	return x
}

// onClick focuses and selects what a left click lands on.
func (m *Model) onClick(msg tea.MouseClickMsg) tea.Cmd {
	if msg.Button != tea.MouseLeft || m.width < minWidth || m.height < minHeight {
		return nil
	}
	if !m.overlay.Empty() {
		// The dialog on top takes the click (the conversations view
		// selects and opens with it); what is under it waits.
		return m.updateDialog(msg)
	}
	if m.compare.open {
		return nil // the columns only scroll; the composer has the keys
	}
	area, row, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return nil
	}
	again := m.focus == area // a click on the focused pane may open
	m.setFocus(area)
	cmd := m.focusCmd()
	switch area {
	case focusChat:
		if x := m.welcomeExampleAt(row); x != "" {
			// An example prompt of the empty chat: into the composer.
			m.putExample(x)
			m.setFocus(focusComposer)
			return m.focusCmd()
		}
		// Selects; again, folds or unfolds; on a form, focuses an input
		// or presses a button.
		chatCmd, act := m.chat.Update(component.ClickMsg{Row: row, Col: m.colIn(area, msg.X), Again: again})
		return tea.Batch(cmd, chatCmd, m.chatAction(act))
	case focusAgents:
		if _, act := m.agents.Update(component.ClickMsg{Row: row, Again: again}); act != nil {
			return tea.Batch(cmd, m.agentAction(act))
		}
	case focusTasks:
		if _, act := m.tasks.Update(component.ClickMsg{Row: row, Again: again}); act != nil {
			return tea.Batch(cmd, m.taskAction(act))
		}
	}
	return cmd
}

// onWheel scrolls the dialog on top, else the pane under the pointer.
func (m *Model) onWheel(msg tea.MouseWheelMsg) {
	up := msg.Button == tea.MouseWheelUp
	if !up && msg.Button != tea.MouseWheelDown {
		return
	}
	if !m.overlay.Empty() {
		m.overlay.Update(msg) // the dialog on top scrolls, if it scrolls
		return
	}
	if m.compare.open {
		if c := m.compareColAt(msg.X, msg.Y); c != nil {
			c.pane.Update(msg)
		}
		return
	}
	area, _, ok := m.paneAt(msg.X, msg.Y)
	if !ok {
		return
	}
	switch area {
	case focusChat:
		m.chat.Update(msg)
	case focusAgents:
		m.agents.Update(msg)
	case focusTasks:
		m.tasks.Update(msg)
	}
}

// welcomeExampleAt is the example prompt the empty chat draws on row y
// (welcome.go), "" for none.
func (m *Model) welcomeExampleAt(y int) string {
	e := m.current
	if !m.chat.Empty() || e == nil || e.Status != session.AgentReady || y < 0 {
		return ""
	}
	r := m.rects()
	lines := m.readyWelcome(e, r.chatW-2, r.chatH-2)
	if y >= len(lines) {
		return ""
	}
	shown := strings.TrimSuffix(ansi.Strip(lines[y]), "…")
	if !strings.HasPrefix(shown, exampleBullet) {
		return ""
	}
	for _, x := range e.Examples() {
		if strings.HasPrefix(exampleBullet+x, shown) {
			return x
		}
	}
	return ""
}
