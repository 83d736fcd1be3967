package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/styles"
)

// Quitting with a task of the built-in demo agent running says once,
// plainly and whole, that the task ended with parley: on the terminal,
// and in the conversation as one note, its task ended there. It printed
// "… is still running on parley demo, which stops with parley." and the
// next start added a cut "✗ The agent no longer knows task … it ends
// as…" when it tried to resume it (issue 32, item 16).
func TestQuitEndsADemoTaskOnce(t *testing.T) {
	st := openStore(t)
	a := startApp(t, appOptions{noWelcome: true, store: st})
	a.ready()
	a.typeText("Try a slow task")
	a.key("enter")
	task := a.taskState(a2aclient.StateWorking)
	want := "Task " + styles.ShortID(task.ID) + " ended with parley: parley demo, the built-in demo agent, runs inside parley and stopped with it."
	a.key("ctrl+c")
	a.waitScreen("Quit parley", "which stops with")
	a.key("ctrl+c")
	a.tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
	if left := a.m.Left(); len(left) != 1 || left[0] != want {
		t.Fatalf("left on exit %q, want %q", left, want)
	}
	conv := a.m.current.Conv
	for conv.Busy() {
		conv.Stop()
	}
	a.m.ws.Close() // as Run does: the recorders write what is left
	said := 0
	for _, it := range conv.Items() {
		if it.TaskID == task.ID && (strings.Contains(it.Text, "ended with parley") || strings.Contains(it.Text, "Stopped following")) {
			said++
			if it.Kind != session.ItemNotice || it.Text != want {
				t.Errorf("the task's end reads %q (%v), want the note %q", it.Text, it.Kind, want)
			}
		}
	}
	if said != 1 {
		t.Errorf("the task's end is said %d times in the conversation, want once: %+v", said, conv.Items())
	}
	pending, err := st.PendingTasks()
	if err != nil || len(pending) != 0 {
		t.Errorf("the next start would resume %d tasks (%v), where the demo agent lost them", len(pending), err)
	}
}
