package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// tasksPane lists the current conversation's tasks, newest first.
type tasksPane struct {
	st      *Styles
	keys    TaskKeys
	w, h    int
	focused bool
	tasks   []session.TaskInfo
	cursor  int
	top     int
	spinner string
	now     time.Time
}

func newTasksPane(st *Styles, keys TaskKeys) *tasksPane {
	return &tasksPane{st: st, keys: keys}
}

func (p *tasksPane) SetSize(w, h int)     { p.w, p.h = w, h }
func (p *tasksPane) SetStyles(st *Styles) { p.st = st }
func (p *tasksPane) Focus()               { p.focused = true }
func (p *tasksPane) Blur()                { p.focused = false }

// SetTasks replaces the list. While the pane has focus the cursor stays
// on the same task; otherwise it rests on the newest, so coming to the
// pane offers the task just started rather than whichever was first.
func (p *tasksPane) SetTasks(tasks []session.TaskInfo) {
	var selID string
	if p.focused && p.cursor < len(p.tasks) {
		selID = p.tasks[p.cursor].ID
	}
	p.tasks = tasks
	p.cursor = 0
	for i, t := range tasks {
		if t.ID == selID {
			p.cursor = i
		}
	}
}

// Tick updates the spinner frame and the clock for elapsed times.
func (p *tasksPane) Tick(now time.Time, spinner string) { p.now, p.spinner = now, spinner }

// Selected is the task under the cursor.
func (p *tasksPane) Selected() (session.TaskInfo, bool) {
	if p.cursor < len(p.tasks) {
		return p.tasks[p.cursor], true
	}
	return session.TaskInfo{}, false
}

// taskAction is what a key in the tasks pane asks the root to do.
type taskAction int

const (
	taskNone taskAction = iota
	taskOpen
	taskCancel
	taskRefresh
	taskResubscribe
)

// HandleKey moves the cursor or acts on the selected task. What the pane
// can do alone (copy) comes back as a command; what needs the
// conversation comes back as a taskAction for the root (tasks_actions.go).
func (p *tasksPane) HandleKey(msg tea.KeyPressMsg) (taskAction, tea.Cmd) {
	switch {
	case key.Matches(msg, p.keys.Up):
		if p.cursor > 0 {
			p.cursor--
		}
	case key.Matches(msg, p.keys.Down):
		if p.cursor < len(p.tasks)-1 {
			p.cursor++
		}
	case len(p.tasks) == 0:
	case key.Matches(msg, p.keys.Open):
		return taskOpen, nil
	case key.Matches(msg, p.keys.Cancel):
		return taskCancel, nil
	case key.Matches(msg, p.keys.Refresh):
		return taskRefresh, nil
	case key.Matches(msg, p.keys.Resubscribe):
		return taskResubscribe, nil
	case key.Matches(msg, p.keys.CopyID):
		id := p.tasks[p.cursor].ID
		return taskNone, tea.Batch(tea.SetClipboard(id), statusCmd("Copied task id "+id, false))
	case key.Matches(msg, p.keys.CopyContext):
		if id := p.tasks[p.cursor].ContextID; id != "" {
			return taskNone, tea.Batch(tea.SetClipboard(id), statusCmd("Copied context id "+id, false))
		}
		return taskNone, statusCmd("This task has no context id: the agent gave none.", false)
	}
	return taskNone, nil
}

func (p *tasksPane) View() string {
	if len(p.tasks) == 0 {
		return p.st.Muted.Render(clip("No tasks yet.", p.w))
	}
	if p.cursor < p.top {
		p.top = p.cursor
	}
	if p.cursor >= p.top+p.h {
		p.top = p.cursor - p.h + 1
	}
	var lines []string
	for i := p.top; i < len(p.tasks) && len(lines) < p.h; i++ {
		lines = append(lines, p.row(p.tasks[i], i == p.cursor))
	}
	return strings.Join(lines, "\n")
}

func (p *tasksPane) row(t session.TaskInfo, selected bool) string {
	spin := p.spinner
	if !t.Following {
		spin = "◆" // last heard of working; nobody is watching it now
	}
	mark, style := stateMark(t.State, spin, p.st)
	age := ""
	if !t.State.Settled() && t.Following {
		age = durationShort(p.now.Sub(t.Started))
	} else if !t.Updated.IsZero() {
		age = ago(p.now.Sub(t.Updated))
	}
	label := fmt.Sprintf("%-12s", stateWord(t.State))
	titleW := max(p.w-2-13-len(age)-1, 3)
	title := t.Title
	if title == "" {
		title = "task " + shortID(t.ID)
	}
	text := label + " " + fit(clip(termsafe.Line(title), titleW), titleW) + " " + age
	if selected && p.focused {
		return style.Render(mark) + " " + p.st.Selected.Render(fit(text, p.w-2))
	}
	return style.Render(mark) + " " + p.st.Text.Render(text)
}

func (p *tasksPane) ShortHelp() []key.Binding {
	return []key.Binding{p.keys.Open, p.keys.Cancel, p.keys.Refresh, p.keys.Resubscribe, p.keys.CopyID}
}

func (p *tasksPane) FullHelp() [][]key.Binding {
	return [][]key.Binding{{p.keys.Up, p.keys.Down, p.keys.Open}, {p.keys.Cancel, p.keys.Refresh, p.keys.Resubscribe, p.keys.CopyID}}
}

func shortID(id string) string { return session.ShortID(id) }

func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}
