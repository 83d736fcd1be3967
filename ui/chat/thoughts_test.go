package chat

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/component"
)

// An agent's thought and tool call show as one folded line each, apart
// from its reply; enter unfolds them. A tool call that awaits approval
// says how to answer it, and the allow and deny keys answer the selected
// call, and only a call that waits. Hostile text in either stays text.
func TestChatThoughtsAndToolCalls(t *testing.T) {
	c := newTestChat(80, 20)
	c.Focus()
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "please use the shell", Done: true})
	b.add(session.Item{Kind: session.ItemThought, TaskID: "t1", Time: at(1), Text: "Choosing a tool: the shell\nsecond line \x1b[31mred", Done: true})
	b.add(session.Item{Kind: session.ItemTool, TaskID: "t1", Time: at(2), Name: "call-1", Text: "Shell echo hi · awaiting approval", Done: true})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(3), State: a2aclient.StateInputRequired, Done: true})
	c.Reset(b.items, "gemini")
	view := c.View(c.st)
	text := ansi.Strip(view)
	for _, want := range []string{"✻ thought · Choosing a tool: the shell", "⚙ Shell echo hi · awaiting approval", "awaits your approval: select it and press a allow · x deny"} {
		if !strings.Contains(text, want) {
			t.Fatalf("missing %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "second line") || strings.Contains(view, "\x1b[31m") {
		t.Fatalf("the thought is not folded, or its escape reached the screen:\n%s", text)
	}

	press := func(k rune) component.Action {
		_, act := c.Update(tea.KeyPressMsg{Code: k, Text: string(k)})
		return act
	}
	c.selectUp() // from the last item to the tool call
	if got := c.selected(); got == nil || got.it.Kind != session.ItemTool {
		t.Fatalf("selected %+v", got)
	}
	if msg, ok := press('a').(ConfirmTool); !ok || msg.CallID != "call-1" || !msg.Allow {
		t.Fatalf("allow gave %#v", msg)
	}
	if msg, ok := press('x').(ConfirmTool); !ok || msg.CallID != "call-1" || msg.Allow {
		t.Fatalf("deny gave %#v", msg)
	}
	c.selectUp() // the thought: nothing to allow
	if msg := press('a'); msg != nil {
		t.Fatalf("allow on a thought gave %#v", msg)
	}
	c.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if text := ansi.Strip(c.View(c.st)); !strings.Contains(text, "second line") {
		t.Fatalf("enter did not unfold the thought:\n%s", text)
	}

	// Once the call ran, it no longer asks, and the keys do nothing.
	c.Upsert([]session.Item{{Key: b.items[2].Key, Seq: 2, Kind: session.ItemTool, TaskID: "t1", Time: at(2), Name: "call-1",
		Text: "Shell echo hi · success", Detail: "hi", Version: 2, Done: true}})
	if text := ansi.Strip(c.View(c.st)); strings.Contains(text, "awaits your approval") || !strings.Contains(text, "⚙ Shell echo hi · success") {
		t.Fatalf("after the call ran:\n%s", text)
	}
	c.selectDown()
	if msg := press('a'); msg != nil {
		t.Fatalf("allow on a finished call gave %#v", msg)
	}
}
