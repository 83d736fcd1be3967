package ui

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/termsafe"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/dialog"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/panes"
	"github.com/parley-a2a/parley/ui/styles"
)

// Quitting while a task runs: the task goes on on the agent, but parley
// stops following it. The quit key asks first, naming the task and the
// command that picks it up; pressed again over that question it quits at
// once. On the way out the same sentence reaches the terminal (Left).

// runningTask is a task that has not settled nor asked for anything.
type runningTask struct {
	id, title string
	agent     *panes.Entry
}

// runningTasks lists every conversation's tasks still working.
func (m *Model) runningTasks() []runningTask {
	var out []runningTask
	for _, e := range m.entries {
		if e.Conv == nil {
			continue
		}
		for _, t := range e.Conv.Tasks() {
			if !t.State.Terminal() && !t.State.Interrupted() {
				out = append(out, runningTask{id: t.ID, title: t.Title, agent: e})
			}
		}
	}
	return out
}

// leftSentence says what becomes of a task left running, and how to
// pick it up. The built-in demo agent runs inside parley and stops with
// it, so nothing can pick its tasks up. The agent chose the task id: in
// the command it is one shell word, so pasting the command runs nothing
// else, and the sentence is clean for the dialog and the terminal.
func (m *Model) leftSentence(t runningTask) string {
	if m.inParley(t) {
		return termsafe.Line(fmt.Sprintf("Task %s is still running on %s, which stops with parley.", styles.ShortID(t.id), t.agent.Label()))
	}
	ref := t.agent.Ref
	if t.agent.Saved != "" {
		ref = t.agent.Saved
	}
	return termsafe.Line(fmt.Sprintf("Task %s is still running on %s; 'parley task watch %s %s' picks it up.", styles.ShortID(t.id), t.agent.Label(), termsafe.ShellWord(ref), termsafe.ShellWord(t.id)))
}

// inParley reports whether t's agent is the built-in demo, which runs
// inside parley and stops with it.
func (m *Model) inParley(t runningTask) bool {
	ref := t.agent.Ref
	return ref != "" && (ref == m.opts.DemoURL || slices.Contains(m.opts.DemoMore, ref))
}

// endedSentence says, once and whole, that a task of the built-in demo
// ended as parley quit: on the terminal, and as the note that ends it in
// its conversation, so the next start does not try to resume it and
// find it gone.
func (m *Model) endedSentence(t runningTask) string {
	return termsafe.Line(fmt.Sprintf("Task %s ended with parley: %s, the built-in demo agent, runs inside parley and stopped with it.", styles.ShortID(t.id), t.agent.Label()))
}

// quit asks first when a task is still running, and quits when nothing
// runs or the question is already open (the quit key twice).
func (m *Model) quit() tea.Cmd {
	running := m.runningTasks()
	if len(running) == 0 || m.overlay.Holds(m.quitPrompt) {
		return m.quitNow(running)
	}
	lines := []string{m.leftSentence(running[0])}
	if n := len(running) - 1; n > 0 {
		lines = append(lines, fmt.Sprintf("%s more still %s.", styles.Plural(n, "task"), styles.Pick(n, "runs", "run")))
	}
	lines = append(lines, "Quit anyway? ("+keys.FirstKey(m.keys.Global.Quit)+" again quits too)")
	m.quitPrompt = dialog.NewPrompt(m.st, &m.keys, dialog.PromptConfirm, "Quit parley", lines, "", func(string) tea.Cmd {
		return func() tea.Msg { return quitConfirmedMsg{} }
	})
	m.ask(m.quitPrompt)
	return nil
}

// quitConfirmedMsg is the answer yes to the quit question.
type quitConfirmedMsg struct{}

func (quitConfirmedMsg) Redraws() component.Redraw { return component.RedrawAll }

// Left is what parley had to say about the tasks it left running when it
// quit, one sentence each, for the terminal once the screen is restored.
func (m *Model) Left() []string { return m.left }

// quitNow stops following every conversation and ends the program,
// keeping what to say about the tasks left running for Run to print.
func (m *Model) quitNow(running []runningTask) tea.Cmd {
	m.left = m.left[:0]
	for _, t := range running {
		if m.inParley(t) {
			s := m.endedSentence(t)
			t.agent.Conv.EndWithParley(t.id, s)
			m.left = append(m.left, s)
			continue
		}
		m.left = append(m.left, m.leftSentence(t))
	}
	for _, e := range m.entries {
		if e.Conv != nil {
			e.Conv.Stop()
		}
	}
	return tea.Quit
}
