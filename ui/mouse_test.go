package ui

import (
	"net"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
)

func click(x, y int) tea.MouseClickMsg {
	return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft}
}

func wheel(x, y int, up bool) tea.MouseWheelMsg {
	b := tea.MouseWheelDown
	if up {
		b = tea.MouseWheelUp
	}
	return tea.MouseWheelMsg{X: x, Y: y, Button: b}
}

// At 120x36 the Agents pane is columns 0-32, rows 0-18 (its first row
// at y=1), Tasks rows 19-31, the chat columns 33-119, the composer rows
// 32-34.
func TestFlowMouseClickFocusesAndPicks(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + l.Addr().String() + "/"
	l.Close()
	a := startApp(t, appOptions{agents: func(demo string) []string { return []string{demo + "/", down} }})
	a.ready()
	focus := func() (f focusArea) { a.inspect(func(m *Model) { f = m.focus }); return }

	a.tm.Send(click(60, 10))
	if f := focus(); f != focusChat {
		t.Fatalf("a click in the chat focuses %d", f)
	}
	a.tm.Send(click(10, 2)) // the second agent's row
	a.waitScreen("enter use agent")
	a.inspect(func(m *Model) {
		if m.focus != focusAgents || m.agents.Selected() != m.entries[1] || m.current == m.entries[1] {
			t.Errorf("first click: focus %d, cursor on the second %v, current changed %v", m.focus, m.agents.Selected() == m.entries[1], m.current == m.entries[1])
		}
	})
	a.tm.Send(click(10, 2)) // again: use it
	a.waitState("the clicked agent in the chat", func(m *Model) bool { return m.current == m.entries[1] })
	a.tm.Send(click(10, 1)) // back to the demo, twice
	a.tm.Send(click(10, 1))
	a.waitState("the demo in the chat", func(m *Model) bool { return m.current == m.entries[0] && m.focus == focusComposer })

	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd, "✓ completed    Hello")
	a.waitState("the exchange to end", func(m *Model) bool { return !m.current.Conv.Busy() })
	a.tm.Send(click(5, 20)) // the first task row
	a.waitScreen("enter open")
	a.tm.Send(click(5, 20)) // again: open it in the chat
	a.waitState("the task opened", func(m *Model) bool { return m.focus == focusChat && strings.HasPrefix(m.status, "Task ") })

	// A click on the answer's header selects the answer (opening the task
	// put its status line on top, selected).
	screen := a.frames.latest()
	y := -1
	for i, line := range strings.Split(screen, "\n") {
		if strings.Contains(line, "││▤ answer") {
			y = i
		}
	}
	if y < 0 {
		t.Fatalf("no answer header on screen:\n%s", screen)
	}
	a.tm.Send(click(40, y))
	a.waitState("the answer selected", func(m *Model) bool {
		it, ok := m.chat.Selected()
		return ok && it.Kind == session.ItemArtifact
	})
	a.tm.Send(click(10, 33))
	if f := focus(); f != focusComposer {
		t.Fatalf("a click in the composer focuses %d", f)
	}
}

// The wheel scrolls the pane under the pointer: over Tasks it leaves the
// chat where it is; over the chat it scrolls it.
func TestFlowMouseWheelScrollsThePaneUnderIt(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.typeText("Hello")
	a.key("enter")
	a.waitScreen(answerEnd, "✓ completed")
	following := func() (f bool) { a.inspect(func(m *Model) { f = m.chat.Following() }); return }
	a.tm.Send(wheel(10, 25, true))
	if !following() {
		t.Fatal("the wheel over Tasks scrolled the chat")
	}
	a.tm.Send(wheel(60, 10, true))
	if following() {
		t.Fatal("the wheel over the chat did not scroll it")
	}
}
