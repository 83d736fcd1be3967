// The root's side of the tasks pane: the actions its keys ask for, and
// the wake-up its ages ask for (ui/panes/tasks_ages.go): at idle nothing
// else draws the pane, so it is woken once when an age it shows next
// changes.

package ui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// taskAction carries out what the tasks pane asked for, on the task
// under its cursor.
func (m *Model) taskAction(act component.Action) tea.Cmd {
	a, ok := act.(panes.TaskAction)
	if !ok {
		return nil
	}
	switch a {
	case panes.TaskNextView:
		return m.cycleTaskView()
	case panes.TaskRefreshList:
		return m.fetchTasks()
	case panes.TaskOpenRow:
		return m.openTaskRow()
	case panes.TaskFollowPush:
		return m.followByPush()
	case panes.TaskNotHere:
		m.setStatus("That key acts on this chat's tasks: open the task first ("+keys.FirstKey(m.keys.Tasks.Open)+"), or "+keys.FirstKey(m.keys.Tasks.View)+" to go back to them.", false)
		return nil
	}
	t, ok := m.tasks.Selected()
	if !ok || m.current == nil || m.current.Conv == nil {
		return nil
	}
	conv := m.current.Conv
	if (a == panes.TaskCancel || a == panes.TaskResubscribe) && t.State.Terminal() {
		// Nothing the agent could do: say so rather than ask it and fail
		// (an error the conversation would then be listed with).
		m.setStatus(finishedTask(t, a == panes.TaskCancel), false)
		return nil
	}
	switch a {
	case panes.TaskOpen:
		m.tasks.Unmark(session.TaskKey{Agent: conv.Agent(), Task: t.ID})
		m.setFocus(focusChat)
		if conv.AnswerTask(t.ID) { // it waits for input: the next message answers it
			m.layout()
			m.setFocus(focusComposer) // where the answer is typed
		}
		jump := m.chat.JumpTask(t.ID)
		m.setStatus(fmt.Sprintf("Task %s · %s", styles.ShortID(t.ID), styles.StateWord(t.State)), false)
		return tea.Batch(m.focusCmd(), jump)
	case panes.TaskCancel:
		m.ask(dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, "Cancel task", []string{fmt.Sprintf("Ask the agent to cancel task %s (%s)?", styles.ShortID(t.ID), termsafe.Line(t.Title))}, "", func(_ string) tea.Cmd {
			return cancelTask(conv, t.ID)
		}))
	case panes.TaskRefresh:
		return func() tea.Msg {
			ctx, cancel := agentCtx()
			defer cancel()
			return taskActionMsg{conv: conv, taskID: t.ID, action: "refresh", err: conv.Refresh(ctx, t.ID)}
		}
	case panes.TaskResubscribe:
		conv.Follow(t.ID)
		return m.startTicking()
	}
	return nil
}

// finishedTask says in a sentence why a task that ended can be neither
// canceled nor followed.
func finishedTask(t session.TaskInfo, cancel bool) string {
	what := "follow"
	if cancel {
		what = "cancel"
	}
	return fmt.Sprintf("Task %s already %s: nothing to %s.", styles.ShortID(t.ID), styles.StateWord(t.State), what)
}

func cancelTask(conv *session.Conversation, id string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := agentCtx()
		defer cancel()
		return taskActionMsg{conv: conv, taskID: id, action: "cancel", err: conv.Cancel(ctx, id)}
	}
}

// agesMsg is the ages' wake-up: the pane, drawn again, reads the clock.
type agesMsg struct{}

func (agesMsg) Redraws() component.Redraw { return component.RedrawStream }

// wakeForAges asks for the wake-up when the tasks pane shows an age that
// will change and no wake-up it asked for comes by then; else nil.
func (m *Model) wakeForAges() tea.Cmd {
	now := m.env.Now()
	at, ok := m.tasks.AgesWake(now)
	if !ok {
		return nil
	}
	return tea.Tick(at.Sub(now), func(time.Time) tea.Msg { return agesMsg{} })
}
