// The tasks pane's views: this conversation's tasks (tasks.go), the
// agent's tasks on the server across every context, and those merged
// with parley's own history. The listings are fetched by the root
// (ui/tasks_fetch.go); the pane draws what it is given.

package panes

import (
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/styles"
)

// TaskView is which tasks the pane lists.
type TaskView int

const (
	ViewChat   TaskView = iota // this conversation's tasks
	ViewServer                 // the agent's tasks, every context (ListTasks)
	ViewMerged                 // the agent's and parley's history, merged
	taskViews
)

// title is the pane's title for the view: it must say which one is
// shown, and fit the narrowest left column (28 cells with its border).
func (v TaskView) title() string {
	switch v {
	case ViewServer:
		return "Tasks · on the agent"
	case ViewMerged:
		return "Tasks · agent + parley"
	}
	return "Tasks · this chat"
}

// listing is what the server and merged views show.
type listing struct {
	rows    []session.TaskRow
	loading bool
	err     string // one sentence, when the fetch failed
	note    string // one line above the rows: counts, or why only history
}

// Title names the view shown.
func (p *Tasks) Title() string { return p.view.title() }

// View returns the view shown.
func (p *Tasks) CurrentView() TaskView { return p.view }

// NextView moves to the next view and returns it; the cursor goes back
// to the top, since rows differ from view to view.
func (p *Tasks) NextView() TaskView {
	p.view = (p.view + 1) % taskViews
	p.cursor, p.top = 0, 0
	return p.view
}

// ShowChat goes back to this chat's tasks.
func (p *Tasks) ShowChat() { p.view = ViewChat }

// Loading says a listing is being fetched.
func (p *Tasks) Loading() bool { return p.list.loading }

// SetLoading shows the listing as being fetched.
func (p *Tasks) SetLoading() {
	p.list.loading, p.list.err = true, ""
}

// SetListing shows a fetched listing (or why it could not be had).
func (p *Tasks) SetListing(rows []session.TaskRow, note, errText string) {
	var selID string
	if p.cursor < len(p.list.rows) {
		selID = p.list.rows[p.cursor].TaskID
	}
	p.list = listing{rows: rows, note: note, err: errText}
	p.cursor = 0
	for i, r := range rows {
		if r.TaskID == selID {
			p.cursor = i
		}
	}
}

// SelectedRow is the listed task under the cursor, in the server and
// merged views.
func (p *Tasks) SelectedRow() (session.TaskRow, bool) {
	if p.view != ViewChat && p.cursor < len(p.list.rows) {
		return p.list.rows[p.cursor], true
	}
	return session.TaskRow{}, false
}

// Mark flags a task a push brought news of, until the user looks at it.
func (p *Tasks) Mark(k session.TaskKey) {
	if p.pushed == nil {
		p.pushed = map[session.TaskKey]bool{}
	}
	p.pushed[k] = true
}

// Unmark clears a task's push flag.
func (p *Tasks) Unmark(k session.TaskKey) { delete(p.pushed, k) }

// Marked reports whether a push flagged the task.
func (p *Tasks) Marked(k session.TaskKey) bool { return p.pushed[k] }

// Count is how many rows the view shown lists.
func (p *Tasks) Count() int {
	if p.view == ViewChat {
		return len(p.tasks)
	}
	return len(p.list.rows)
}

// listView draws the server and merged views: a line that says what is
// listed (or loading, or the error), then the rows.
func (p *Tasks) listView() string {
	var head string
	switch {
	case p.list.loading:
		head = p.st.Muted.Render(styles.Clip(p.spinner+" Loading the agent's tasks…", p.w))
	case p.list.err != "":
		return strings.Join(styles.WrapStyle(p.st.Error, p.list.err, max(p.w, 10), max(p.h, 1)), "\n")
	case p.list.note != "":
		head = p.st.Muted.Render(styles.Clip(p.list.note, p.w))
	}
	lines := []string{head}
	if len(p.list.rows) == 0 && !p.list.loading {
		lines = append(lines, p.st.Muted.Render(styles.Clip("No tasks.", p.w)))
	}
	top, end := styles.ListWindow(len(p.list.rows), p.cursor, p.top, max(p.h-1, 1))
	p.top, p.end = top, end
	above, below := styles.HiddenNotes(p.st, len(p.list.rows), top, end, p.w)
	if above != "" {
		lines = append(lines, above)
	}
	for i := top; i < end; i++ {
		lines = append(lines, p.listRow(p.list.rows[i], i == p.cursor))
	}
	if below != "" {
		lines = append(lines, below)
	}
	return strings.Join(lines, "\n")
}

// listRow is one listed task: its state, title (or id, for a task
// parley never saw) and how long ago it changed.
func (p *Tasks) listRow(r session.TaskRow, selected bool) string {
	mark, style := styles.StateMark(r.State, styles.WorkingMark, p.st)
	age := ""
	if !r.Updated.IsZero() {
		age = styles.Ago(p.now.Sub(r.Updated))
	}
	return p.line(mark, style, r.State, session.TaskKey{Agent: r.AgentID, Task: r.TaskID}, r.Title, age, selected)
}

// ListNote says what a listing holds: "7 on agent · 3 in parley".
func ListNote(rows []session.TaskRow, view TaskView) string {
	server, stored := 0, 0
	for _, r := range rows {
		if r.OnServer {
			server++
		}
		if r.StoreID != 0 {
			stored++
		}
	}
	if view == ViewServer {
		return fmt.Sprintf("%s, every context", styles.Plural(server, "task"))
	}
	return fmt.Sprintf("%d on agent · %d in parley", server, stored)
}
