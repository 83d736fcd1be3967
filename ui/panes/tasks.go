package panes

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Tasks lists the current conversation's tasks, newest first, or
// the agent's tasks (tasks_views.go).
type Tasks struct {
	paneBox
	keys    keys.Tasks
	tasks   []session.TaskInfo
	cursor  int
	top     int
	end     int // past the last row View drew: rows [top, end) are on screen
	spinner string
	clock   func() time.Time // what ages are read from (tasks_ages.go)
	now     time.Time        // clock's time for the rows being drawn
	wake    time.Time        // when the wake-up asked for last comes (AgesWake)
	view    TaskView
	list    listing                  // the server and merged views' rows
	pushed  map[session.TaskKey]bool // tasks a push changed that the user has not looked at
	agent   a2aclient.AgentID        // whose tasks the chat view shows
}

// NewTasks is an empty tasks pane drawn in st, acting on the user's
// tasks keys.
func NewTasks(st *styles.Styles, km keys.Tasks) *Tasks {
	return &Tasks{paneBox: paneBox{st: st}, keys: km, clock: time.Now}
}

// SetTasks replaces the list. While the pane has focus the cursor stays
// on the same task; otherwise it rests on the newest, so coming to the
// pane offers the task just started rather than whichever was first.
func (p *Tasks) SetTasks(tasks []session.TaskInfo) {
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

// SetSpinner sets the frame a task parley follows spins with.
func (p *Tasks) SetSpinner(s string) { p.spinner = s }

// Selected is the conversation's task under the cursor (this chat's
// view only).
func (p *Tasks) Selected() (session.TaskInfo, bool) {
	if p.view == ViewChat && p.cursor < len(p.tasks) {
		return p.tasks[p.cursor], true
	}
	return session.TaskInfo{}, false
}

// SelectedIDs are the task and context ids under the cursor, in any view.
func (p *Tasks) SelectedIDs() (taskID, contextID string, ok bool) {
	if t, ok := p.Selected(); ok {
		return t.ID, t.ContextID, true
	}
	if r, ok := p.SelectedRow(); ok {
		return r.TaskID, r.ContextID, true
	}
	return "", "", false
}

// TaskAction is what a key in the tasks pane asks the root to do.
type TaskAction int

const (
	taskNone TaskAction = iota
	TaskOpen
	TaskCancel
	TaskRefresh
	TaskResubscribe
	TaskNextView    // show the next view (ui/tasks_fetch.go)
	TaskOpenRow     // open a listed task (ui/tasks_fetch.go)
	TaskRefreshList // fetch the listing again
	TaskFollowPush  // follow the task by push (ui/push_tui.go)
	TaskNotHere     // a key for this chat's tasks, pressed in another view
)

// SetAgent names the agent whose tasks the chat view lists: their ids are
// the agent's, and a push's mark is kept under the agent and the id.
func (p *Tasks) SetAgent(id a2aclient.AgentID) { p.agent = id }

// Update moves the cursor on a key, the wheel or a click, and acts on
// the selected task. What the pane can do alone (copy) comes back as a
// command; what needs the conversation or the agent comes back as a
// TaskAction for the root (ui/tasks_actions.go).
func (p *Tasks) Update(msg tea.Msg) (tea.Cmd, component.Action) {
	a := taskNone
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		a, cmd = p.key(msg)
	case tea.MouseWheelMsg:
		p.cursor = component.WheelCursor(p.cursor, p.Count(), msg.Button == tea.MouseWheelUp)
	case component.ClickMsg:
		if i, ok := p.rowAt(msg.Row); ok {
			if msg.Again && i == p.cursor {
				a = p.openAction()
			} else {
				p.cursor = i
			}
		}
	}
	if a == taskNone {
		return cmd, nil
	}
	return cmd, a
}

// key moves the cursor or acts on the selected task.
func (p *Tasks) key(msg tea.KeyPressMsg) (TaskAction, tea.Cmd) {
	switch {
	case key.Matches(msg, p.keys.Up):
		if p.cursor > 0 {
			p.cursor--
		}
	case key.Matches(msg, p.keys.Down):
		if p.cursor < p.Count()-1 {
			p.cursor++
		}
	case key.Matches(msg, p.keys.PageUp):
		p.cursor = max(p.cursor-p.page(), 0)
	case key.Matches(msg, p.keys.PageDown):
		p.cursor = max(min(p.cursor+p.page(), p.Count()-1), 0)
	case key.Matches(msg, p.keys.Top):
		p.cursor = 0
	case key.Matches(msg, p.keys.Bottom):
		p.cursor = max(p.Count()-1, 0)
	case key.Matches(msg, p.keys.View):
		return TaskNextView, nil
	case key.Matches(msg, p.keys.Refresh) && p.view != ViewChat:
		return TaskRefreshList, nil
	case p.Count() == 0:
	case key.Matches(msg, p.keys.Open):
		return p.openAction(), nil
	case key.Matches(msg, p.keys.Follow):
		return TaskFollowPush, nil
	case key.Matches(msg, p.keys.Cancel), key.Matches(msg, p.keys.Refresh), key.Matches(msg, p.keys.Resubscribe):
		if p.view != ViewChat {
			return TaskNotHere, nil
		}
		switch {
		case key.Matches(msg, p.keys.Cancel):
			return TaskCancel, nil
		case key.Matches(msg, p.keys.Refresh):
			return TaskRefresh, nil
		}
		return TaskResubscribe, nil
	case key.Matches(msg, p.keys.CopyID):
		id, _, _ := p.SelectedIDs()
		return taskNone, tea.Batch(tea.SetClipboard(id), component.Status("Copied task id "+id, false))
	case key.Matches(msg, p.keys.CopyContext):
		if _, id, _ := p.SelectedIDs(); id != "" {
			return taskNone, tea.Batch(tea.SetClipboard(id), component.Status("Copied context id "+id, false))
		}
		return taskNone, component.Status("This task has no context id: the agent gave none.", false)
	}
	return taskNone, nil
}

// page is how far pgup and pgdown move: the rows a window between two
// notes shows.
func (p *Tasks) page() int { return max(p.h-2, 1) }

// View draws the view shown: this chat's tasks, or a listing.
func (p *Tasks) View(st *styles.Styles) string {
	p.st = st
	p.end = p.top
	p.now = p.clock()
	if p.view != ViewChat {
		return p.listView()
	}
	if len(p.tasks) == 0 {
		return p.st.Muted.Render(styles.Clip("No tasks yet.", p.w))
	}
	var lines []string
	top, end := styles.ListWindow(len(p.tasks), p.cursor, p.top, max(p.h, 1))
	p.top, p.end = top, end
	above, below := styles.HiddenNotes(p.st, len(p.tasks), top, end, p.w)
	if p.h < 3 {
		// No room for a row between two notes: the cursor's task only.
		return p.row(p.tasks[min(max(p.cursor, 0), len(p.tasks)-1)], true)
	}
	if above != "" {
		lines = append(lines, above)
	}
	for i := top; i < end; i++ {
		lines = append(lines, p.row(p.tasks[i], i == p.cursor))
	}
	if below != "" {
		lines = append(lines, below)
	}
	return strings.Join(lines, "\n")
}

func (p *Tasks) row(t session.TaskInfo, selected bool) string {
	spin := p.spinner
	if !t.Following {
		spin = styles.WorkingMark // last heard of working; nobody is watching it now
	}
	mark, style := styles.StateMark(t.State, spin, p.st)
	age := ""
	if !t.State.Settled() && t.Following {
		age = styles.DurationShort(p.now.Sub(t.Started))
	} else if !t.Updated.IsZero() {
		age = styles.Ago(p.now.Sub(t.Updated))
	}
	return p.line(mark, style, t.State, session.TaskKey{Agent: p.agent, Task: t.ID}, t.Title, age, selected)
}

// openAction is what opening the selected row means (enter, or a second
// click): a task of this chat, or a listed one (ui/tasks_fetch.go).
func (p *Tasks) openAction() TaskAction {
	if p.view != ViewChat {
		return TaskOpenRow
	}
	return TaskOpen
}

// line lays out one task's row, the same in every view: the state's
// mark and word, "• " when a push changed the task while the user was
// away, its title (or its id, for a task parley never saw) and its age.
func (p *Tasks) line(mark string, style lipgloss.Style, state a2aclient.State, k session.TaskKey, title, age string, selected bool) string {
	id := k.Task
	label := fmt.Sprintf("%-12s", styles.StateWord(state))
	flag := ""
	if p.pushed[k] {
		flag = "• "
	}
	titleW := max(p.w-2-13-len(flag)-len(age)-1, 3)
	if title == "" {
		title = "task " + styles.ShortID(id)
	}
	text := label + " " + flag + styles.Fit(styles.Clip(termsafe.Line(title), titleW), titleW) + " " + age
	if selected && p.focused {
		return style.Render(mark) + " " + p.st.Selected.Render(styles.Fit(text, p.w-2))
	}
	return style.Render(mark) + " " + p.st.Text.Render(text)
}

func (p *Tasks) ShortHelp() []key.Binding {
	cancel, resubscribe := p.liveKeys()
	return []key.Binding{p.keys.Open, cancel, p.keys.View, p.keys.Follow, p.keys.Refresh, resubscribe, p.keys.CopyID}
}

func (p *Tasks) FullHelp() [][]key.Binding {
	cancel, resubscribe := p.liveKeys()
	return [][]key.Binding{{p.keys.Up, p.keys.Down, p.keys.PageUp, p.keys.PageDown, p.keys.Top, p.keys.Bottom, p.keys.Open}, {cancel, p.keys.Refresh, resubscribe, p.keys.CopyID}, {p.keys.View, p.keys.Follow}}
}

// liveKeys are cancel and resubscribe as the help offers them: not on a
// task that ended (completed, failed, canceled, rejected), which the
// agent can no longer cancel and which sends nothing more to follow.
// Copies, so the keys still reach the root, which says why.
func (p *Tasks) liveKeys() (cancel, resubscribe key.Binding) {
	cancel, resubscribe = p.keys.Cancel, p.keys.Resubscribe
	if t, ok := p.Selected(); ok && t.State.Terminal() {
		cancel.SetEnabled(false)
		resubscribe.SetEnabled(false)
	}
	return cancel, resubscribe
}

// rowAt is the task on row y of the pane; the listed views have a head
// line above their rows, and a list scrolled down the note of the rows
// hidden above.
func (p *Tasks) rowAt(y int) (int, bool) {
	if p.view != ViewChat {
		y--
	}
	if p.top > 0 {
		y--
	}
	i := p.top + y
	if y < 0 || y >= p.h || i >= p.end {
		return 0, false
	}
	return i, true
}
