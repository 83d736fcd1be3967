package ui

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/styles"
)

// The tasks pane's key cycles this chat's tasks, the agent's across every
// context, and those merged with parley's history; the title says which.
func TestFlowTasksPaneViews(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, store: openStore(t)})
	a.ready()
	a.send("Hello", a2aclient.StateCompleted)
	other := agentTask(t, a.url, "Book a flight to Lisbon")

	a.key("shift+tab") // composer → tasks
	screen := a.waitScreen("╭─ Tasks · this chat ", "✓ completed    Hello")
	if strings.Contains(screen, "task "+styles.ShortID(other.ID)) {
		t.Fatalf("this chat's view lists a task of another context:\n%s", screen)
	}
	a.key("v")
	a.waitScreen("╭─ Tasks · on the agent ", "2 tasks, every context", "? input        task "+styles.ShortID(other.ID)[:4], "✓ completed    Hello")
	a.key("v")
	a.waitScreen("╭─ Tasks · agent + parley ", "2 on agent · 1 in parley")
	a.key("v")
	a.waitScreen("╭─ Tasks · this chat ", "✓ completed    Hello")
}

// Enter on a task parley never saw fetches it with its history into a new
// conversation, recorded, in the task's own context: answering it there
// continues the task.
func TestFlowOpenAgentTaskAndContinueIt(t *testing.T) {
	store := openStore(t)
	a, task := listedAgentTask(t, store)
	a.key("enter")
	a.waitScreen("Opened task "+styles.ShortID(task.ID), "Book a flight to Lisbon", "Where are you flying from", "answering task "+styles.ShortID(task.ID), "╭─ Tasks · this chat ")
	var ctxID string
	a.inspect(func(m *Model) { ctxID = m.current.Conv.ContextID() })
	if ctxID != task.ContextID {
		t.Fatalf("the opened conversation is in context %q, want the task's %q", ctxID, task.ContextID)
	}
	a.typeText("From Berlin")
	a.key("enter")
	a.waitScreen("Your flight is booked.")
	done := a.taskState(a2aclient.StateCompleted)
	if done.ID != task.ID {
		t.Fatalf("the answer went to task %s, want %s", done.ID, task.ID)
	}
	a.waitState("the task recorded as completed", func(*Model) bool {
		rows, err := store.HistoryTasks(nil, session.TaskFilter{})
		return err == nil && len(rows) == 1 && rows[0].TaskID == task.ID && rows[0].State == a2aclient.StateCompleted
	})
}

// A row parley holds opens its stored context, not a fetch.
func TestFlowStoredTaskRowOpensItsContext(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, store: openStore(t)})
	a.ready()
	a.send("Hello", a2aclient.StateCompleted)
	a.key("ctrl+o", "ctrl+n") // a new, empty conversation
	a.waitGone("✓ completed    Hello")
	a.key("shift+tab", "v", "v")
	a.waitScreen("╭─ Tasks · agent + parley ", "✓ completed    Hello")
	a.key("enter")
	a.waitScreen(`Opened "Hello"`, "That is all. Thanks for trying parley!")
}

// A dialect without ListTasks says so in one line and lists parley's
// history with the agent.
func TestFlowTasksViewWithoutListing(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, store: openStore(t), path: "/v0.2/"})
	a.ready()
	a.send("Hello", a2aclient.StateCompleted)
	a.key("shift+tab", "v")
	screen := a.waitScreen("╭─ Tasks · on the agent ", "History only; no ListTasks", "✓ completed    Hello", "has no task listing, so this shows parley's history")
	if strings.Contains(screen, "Could not list") {
		t.Fatalf("a dialect without a listing is shown as an error:\n%s", screen)
	}
}

// A listed task whose conversation is open (here, the one on screen) is
// shown there, not reopened from the store as a second copy.
func TestFlowListedTaskOpenHereIsShownNotReopened(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, store: openStore(t)})
	a.ready()
	a.send("Hello", a2aclient.StateCompleted)
	var before *session.Conversation
	a.inspect(func(m *Model) { before = m.current.Conv })
	a.key("shift+tab", "v")
	a.waitScreen("╭─ Tasks · on the agent ", "✓ completed    Hello")
	task := a.tasks()[0]
	a.key("enter")
	// The status line names the task by its short id, as everywhere but
	// the copy keys (a new user saw the full UUID there).
	screen := a.waitScreen("╭─ Tasks · this chat ", "Task "+styles.ShortID(task.ID)+" · completed")
	if strings.Contains(screen, task.ID) {
		t.Errorf("the full task id %s is on screen:\n%s", task.ID, screen)
	}
	a.inspect(func(m *Model) {
		if m.current.Conv != before {
			t.Error("the open conversation was replaced by a copy from the store")
		}
		if m.focus != focusChat {
			t.Errorf("focus %v, want the chat", m.focus)
		}
	})
}

// Enter on a task of this chat names it by its short id on the status
// line, as everywhere but the copy keys (a new user saw the full UUID).
func TestFlowEnterOnAChatTaskNamesItShort(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.send("Hello", a2aclient.StateCompleted)
	task := a.tasks()[0]
	a.key("shift+tab")
	a.waitScreen("╭─ Tasks · this chat ", "✓ completed    Hello")
	a.key("enter")
	screen := a.waitScreen("Task " + styles.ShortID(task.ID) + " · completed")
	if strings.Contains(screen, task.ID) {
		t.Errorf("the full task id %s is on screen:\n%s", task.ID, screen)
	}
}
