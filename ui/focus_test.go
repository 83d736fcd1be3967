package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// Shrinking the terminal folds the side panes away: a focused Agents
// pane must hand the keyboard to a pane on screen, so that its keys (d
// removes an agent) and its footer no longer act for a hidden pane.
func TestFlowResizeMovesFocusOffFoldedPane(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab") // composer → chat → agents
	a.waitScreen("enter use agent")
	a.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	screen := a.waitScreen("ctrl+l lists", "enter send")
	if strings.Contains(screen, "╭─ Agents ") || strings.Contains(screen, "use agent") {
		t.Fatalf("after folding, the Agents pane or its keys are still shown:\n%s", screen)
	}
	a.key("d")
	a.waitState("the d to reach the composer", func(m *Model) bool {
		return m.focus == focusComposer && strings.Contains(m.composer.Value(), "d")
	})
	if s := a.frames.latest(); strings.Contains(s, "Remove ") {
		t.Fatalf("d offered to remove an agent nobody can see:\n%s", s)
	}
}

// Opening a task from the narrow lists shows the chat it jumps to: the
// focus never sits on a pane that is not drawn.
func TestFlowNarrowTaskOpenShowsTheChat(t *testing.T) {
	a := startApp(t, appOptions{w: 80, h: 24})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd, "✓ completed")
	a.key("ctrl+l")
	a.waitScreen("╭─ Tasks ")
	a.key("tab") // agents → tasks
	a.waitScreen("enter open")
	a.key("enter")
	screen := a.waitScreen("Task ")
	if strings.Contains(screen, "╭─ Tasks ") {
		t.Fatalf("the chat took the focus but the lists are still drawn in its place:\n%s", screen)
	}
}
