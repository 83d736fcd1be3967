// The root's side of the tasks pane's views (ui/panes/tasks_views.go): fetching
// the agent's listing, and opening a listed task.

package ui

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// listLimit is how many tasks a view lists: a pane's worth many times
// over, and one page or two of the agent's.
const listLimit = 100

// tasksListedMsg carries a listing; seq drops one the user has moved
// past (another view, another agent, a newer fetch).
type tasksListedMsg struct {
	seq       int
	rows      []session.TaskRow
	note      string
	noListing string // the dialect has no ListTasks: a sentence for the status line
	err       error
}

func (tasksListedMsg) Redraws() component.Redraw { return component.RedrawAll }

// taskFetchedMsg carries a task fetched to be opened.
type taskFetchedMsg struct {
	entry int // agent entry id
	task  *a2aclient.Task
	err   error
}

func (taskFetchedMsg) Redraws() component.Redraw { return component.RedrawAll }

// clientOf is the client an entry's conversation talks through (signed
// in, when it is), else the entry's own.
func clientOf(e *panes.Entry) *a2aclient.Client {
	if e.Conv != nil && e.Conv.Client() != nil {
		return e.Conv.Client()
	}
	return e.Client
}

// agentOf is the identity of e's agent, what its task ids are kept
// under: its conversation's, else its client's; "" before either.
func agentOf(e *panes.Entry) a2aclient.AgentID {
	if e == nil {
		return ""
	}
	if e.Conv != nil && e.Conv.Agent() != "" {
		return e.Conv.Agent()
	}
	if e.Client != nil {
		return e.Client.ID()
	}
	return ""
}

// cycleTaskView shows the next view, fetching its listing.
func (m *Model) cycleTaskView() tea.Cmd {
	if m.tasks.NextView() == panes.ViewChat {
		m.setTasks(m.currentTasks())
		return nil
	}
	return m.fetchTasks()
}

func (m *Model) currentTasks() []session.TaskInfo {
	if m.current == nil || m.current.Conv == nil {
		return nil
	}
	return m.current.Conv.Tasks()
}

// fetchTasks lists the current agent's tasks for the view shown, in a
// command; the pane shows it loading meanwhile.
func (m *Model) fetchTasks() tea.Cmd {
	view := m.tasks.CurrentView()
	e := m.current
	m.taskList.seq++
	if e == nil || clientOf(e) == nil {
		m.tasks.SetListing(nil, "", "No agent is ready to ask: pick one in the Agents pane.")
		return nil
	}
	m.taskList.agent = e.ID
	m.tasks.SetLoading()
	seq, client, ref, store := m.taskList.seq, clientOf(e), e.Ref, m.opts.Store
	return tea.Batch(m.startTicking(), func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		msg := listTasks(ctx, client, ref, store, view)
		msg.seq = seq
		return msg
	})
}

// listTasks fetches the agent's tasks across every context and, for the
// merged view (or when the dialect has no listing), parley's history
// with the agent.
func listTasks(ctx context.Context, client *a2aclient.Client, ref string, store *store.Store, view panes.TaskView) tasksListedMsg {
	f := session.TaskFilter{Limit: listLimit}
	pages, err := session.ServerTasksUpTo(ctx, client, ref, f, "")
	server := pages.Rows
	noListing := err != nil && session.NoListing(err)
	if err != nil && !noListing {
		return tasksListedMsg{err: err}
	}
	if store != nil && len(server) > 0 {
		_ = store.KnownTasks(server) // unmarked rows open from the agent: still right
	}
	var hist []session.TaskRow
	if store != nil && (view == panes.ViewMerged || noListing) {
		if hist, err = store.HistoryTasks([]a2aclient.AgentID{client.ID()}, f); err != nil {
			return tasksListedMsg{err: err}
		}
	}
	if noListing {
		d := client.Dialect().Label()
		return tasksListedMsg{rows: hist, note: "History only; no ListTasks",
			noListing: d + " has no task listing, so this shows parley's history with the agent."}
	}
	if view == panes.ViewServer {
		return tasksListedMsg{rows: server, note: stoppedNote(panes.ListNote(server, view), pages.Stopped)}
	}
	rows := session.MergeTasks(listLimit, server, hist)
	return tasksListedMsg{rows: rows, note: stoppedNote(panes.ListNote(rows, view), pages.Stopped)}
}

// stoppedNote adds to a listing's note that parley stopped following
// the agent's pages ("stopped after 50 pages, …").
func stoppedNote(note, stopped string) string {
	if stopped == "" {
		return note
	}
	return note + " · " + stopped
}

func (m *Model) onTasksListed(msg tasksListedMsg) tea.Cmd {
	if msg.seq != m.taskList.seq || m.tasks.CurrentView() == panes.ViewChat {
		return nil
	}
	if m.taskList.relist {
		m.taskList.relist = false
		return m.fetchTasks()
	}
	if msg.err != nil {
		text := styles.Sentence("Could not list the agent's tasks: "+termsafe.Line(msg.err.Error())) + " " + keys.FirstKey(m.keys.Tasks.Refresh) + " tries again."
		m.tasks.SetListing(nil, "", text)
		return nil
	}
	m.tasks.SetListing(msg.rows, msg.note, "")
	if msg.noListing != "" {
		m.setStatus(msg.noListing, false)
	}
	return nil
}

// tasksAgentShown keeps a listing to the agent shown: another agent's
// tasks go back to this chat's view rather than stay on screen under the
// wrong name.
func (m *Model) tasksAgentShown() {
	if m.tasks.CurrentView() != panes.ViewChat && (m.current == nil || m.current.ID != m.taskList.agent) {
		m.tasks.ShowChat()
		m.tasks.SetListing(nil, "", "")
	}
}

// openTaskRow opens a listed task: the stored context that holds it, or
// else the task as the agent holds it (GetTask with its history), in a
// new conversation recorded like any other.
func (m *Model) openTaskRow() tea.Cmd {
	r, ok := m.tasks.SelectedRow()
	e := m.current
	if !ok || e == nil {
		return nil
	}
	m.tasks.Unmark(session.TaskKey{Agent: r.AgentID, Task: r.TaskID})
	for _, x := range m.entries {
		if x.Conv != nil && x.Conv.HasTask(r.AgentID, r.TaskID) {
			// Open here already (and maybe streaming): show that
			// conversation, not a second copy from the store.
			m.current = x
			m.tasks.ShowChat()
			m.showConversation()
			jump := m.chat.JumpTask(r.TaskID)
			m.setFocus(focusChat)
			m.setStatus(fmt.Sprintf("Task %s · %s", styles.ShortID(r.TaskID), styles.StateWord(r.State)), false)
			return tea.Batch(m.focusCmd(), jump)
		}
	}
	if r.StoreID != 0 && m.opts.Store != nil {
		m.tasks.ShowChat()
		return m.openStored(r.StoreID, "")
	}
	client := clientOf(e)
	if client == nil {
		return nil
	}
	if m.refuseWhileBusy(e) {
		return nil
	}
	m.setStatus("Fetching task "+styles.ShortID(r.TaskID)+" from "+e.Label()+"…", false)
	id, taskID := e.ID, r.TaskID
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		n := 100
		task, err := client.Get(ctx, taskID, &n)
		return taskFetchedMsg{entry: id, task: task, err: err}
	}
}

func (m *Model) onTaskFetched(msg taskFetchedMsg) tea.Cmd {
	e := m.entryByID(msg.entry)
	if e == nil {
		return nil // removed meanwhile
	}
	if msg.err != nil || msg.task == nil {
		text := "the agent sent no task"
		if msg.err != nil {
			text = termsafe.Line(msg.err.Error())
		}
		m.setStatus(styles.Sentence("Could not fetch the task: "+text)+" "+keys.FirstKey(m.keys.Tasks.View)+" lists the tasks again.", true)
		return nil
	}
	if m.refuseWhileBusy(e) {
		return nil
	}
	client := clientOf(e) // signed in, when the conversation was
	conv := m.ws.NewConversation(e.Agent)
	conv.SetClient(client)
	conv.LoadTask(msg.task)
	m.current = e
	m.tasks.ShowChat()
	m.showConversation()
	m.setFocus(focusComposer) // to go on with it, as an opened context does
	m.setStatus(fmt.Sprintf("Opened task %s from %s (%s); what you send continues its context.", styles.ShortID(msg.task.ID), e.Label(), styles.StateWord(msg.task.Status.State)), false)
	return m.focusCmd()
}
