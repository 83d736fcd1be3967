package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/ui/styles"
)

// Quitting while a task runs asks first, naming the task and the command
// that picks it up; no quits nothing, yes quits, and the same sentence is
// what parley leaves on the terminal.
func TestFlowQuitWhileATaskRunsAsks(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.inspect(func(m *Model) { m.opts.DemoURL = "" }) // an agent of its own, not the built-in demo
	a.typeText("Try a slow task")
	a.key("enter")
	task := a.taskState(a2aclient.StateWorking)
	want := "Task " + styles.ShortID(task.ID) + " is still running on parley demo; 'parley task watch " + a.url + "/ " + task.ID + "' picks it up."
	a.key("ctrl+c")
	a.waitScreen("Quit parley", "Task "+styles.ShortID(task.ID)+" is still running on parley demo;", "parley task watch", "Quit anyway?")
	a.key("n")
	a.waitGone("Quit parley")
	a.inspect(func(m *Model) {
		if len(m.runningTasks()) != 1 {
			t.Errorf("saying no stopped the task: %v", m.runningTasks())
		}
	})
	a.key("ctrl+c")
	a.waitScreen("Quit anyway?")
	a.key("y")
	a.tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
	if left := a.m.Left(); len(left) != 1 || left[0] != want {
		t.Errorf("left on exit %q, want %q", left, want)
	}
}

// With nothing running, the quit key quits at once; over the question, it
// quits too (pressed twice).
func TestFlowQuitTwiceQuits(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true})
	a.ready()
	a.typeText("Try a slow task")
	a.key("enter")
	a.taskState(a2aclient.StateWorking)
	a.key("ctrl+c")
	screen := a.waitScreen("Quit parley", "which stops with")
	if strings.Contains(screen, "parley task watch") {
		t.Errorf("a task of the built-in demo agent, which stops with parley, cannot be picked up:\n%s", screen)
	}
	a.key("ctrl+c")
	a.tm.WaitFinished(t, teatest.WithFinalTimeout(flowTimeout))
	if len(a.m.Left()) != 1 {
		t.Errorf("left on exit: %q", a.m.Left())
	}
}
