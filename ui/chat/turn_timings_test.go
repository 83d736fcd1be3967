package chat

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A user's message whose turn ended unfolds on enter to the turn's
// timings, the time per state and the trace id; folded, it shows as
// before. A message without a turn does not fold.
func TestChatUnfoldsATurnsTimings(t *testing.T) {
	c := newTestChat(80, 20)
	c.Focus()
	var b testItems
	turn := &session.Turn{TraceID: "4bf92f3577b34da6a3ce929d0e0e4736", Timings: session.Timings{
		FirstByte: 12_000_000, FirstEvent: 15_000_000, FirstText: 180_000_000, Final: 2_400_000_000,
		States: []session.StateTime{{State: a2aclient.StateSubmitted, Spent: 3_000_000}, {State: a2aclient.StateWorking, Spent: 2_390_000_000}}}}
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "hello", Done: true, Turn: turn})
	c.Reset(b.items, "demo")
	lines := []string{"first byte 12 ms · first event 15 ms · first token 180 ms · done in 2.4 s", "submitted 3 ms · working 2.4 s", "trace 4bf92f3577b34da6a3ce929d0e0e4736"}
	if text := ansi.Strip(c.View(c.st)); strings.Contains(text, "first byte") {
		t.Fatalf("the turn shows folded:\n%s", text)
	}
	c.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	text := ansi.Strip(c.View(c.st))
	for _, want := range lines {
		if !strings.Contains(text, want) {
			t.Errorf("unfolded turn lacks %q:\n%s", want, text)
		}
	}
	c.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if text := ansi.Strip(c.View(c.st)); strings.Contains(text, "first byte") {
		t.Errorf("enter again did not fold it:\n%s", text)
	}

	var plain testItems
	plain.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "hello", Done: true})
	c.Reset(plain.items, "demo")
	c.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if c.selected() != nil && c.selected().expanded {
		t.Error("a message without a turn unfolded")
	}
}
