package chat

import (
	"strings"
	"testing"

	"github.com/parley-a2a/parley/session"
)

func TestChatErrorDetailsToggle(t *testing.T) {
	c := newTestChat(30, 8)
	var b testItems
	b.add(session.Item{Kind: session.ItemError, Time: at(0), Done: true,
		Text: "Send failed: the agent closed the connection before answering.", Detail: "Check that the agent is running."})
	c.Reset(b.items, "a")
	c.Focus()
	short := visible(c)
	if len(short) != 3 || !strings.HasSuffix(short[0], "… enter: more") {
		t.Fatalf("collapsed error, said to unfold (issue 32, item 13): %q", short)
	}
	c.Update(keyPress("enter"))
	long := visible(c)
	if !strings.Contains(strings.Join(long, " "), "before answering.") || strings.Contains(strings.Join(long, " "), "enter: more") {
		t.Fatalf("expanded error: %q", long)
	}
	c.Update(keyPress("enter"))
	if got := visible(c); strings.Join(got, "\n") != strings.Join(short, "\n") {
		t.Fatalf("collapsed again: %q", got)
	}
}

// An error that fits its line is whole: nothing to unfold, no mark.
func TestChatShortErrorHasNoMoreMark(t *testing.T) {
	c := newTestChat(40, 8)
	var b testItems
	b.add(session.Item{Kind: session.ItemError, Time: at(0), Done: true, Text: "The agent is down."})
	c.Reset(b.items, "a")
	if got := strings.Join(visible(c), "\n"); strings.Contains(got, "more") || !strings.Contains(got, "The agent is down.") {
		t.Fatalf("short error: %q", got)
	}
}
