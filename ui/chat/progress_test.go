package chat

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// A task's progress (the same task and state, one status message after
// another: "Step 3 of 60…") updates its line in place: a 60-step task
// wrote one chat line per step (issue 32, item 8). The chat keeps the
// last message; a change of state is a line of its own.
func TestChatProgressUpdatesInPlace(t *testing.T) {
	for _, live := range []bool{true, false} {
		c := newTestChat(60, 12)
		var b testItems
		b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "Run the slow task", Done: true})
		var all []session.Item
		for i := 1; i <= 3; i++ {
			all = append(all, b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(i), State: a2aclient.StateWorking,
				Text: fmt.Sprintf("Step %d of 60…", i), Done: true}))
		}
		if live {
			c.Reset(b.items[:1], "slow")
			for _, it := range all {
				c.Upsert([]session.Item{it})
			}
		} else {
			c.Reset(b.items, "slow")
		}
		c.Upsert([]session.Item{b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(5), State: a2aclient.StateCompleted, Done: true})})
		text := ansi.Strip(c.View(c.st))
		if strings.Contains(text, "Step 1 of 60") || strings.Contains(text, "Step 2 of 60") || strings.Count(text, "Step 3 of 60") != 1 {
			t.Fatalf("live %v: progress not updated in place:\n%s", live, text)
		}
		if !strings.Contains(text, "✓ completed") || len(c.items) != 3 {
			t.Fatalf("live %v: %d items, want you, the last step and completed:\n%s", live, len(c.items), text)
		}
	}
}

// A pane given the whole transcript at every change (a compare column:
// the conversation's changes stay for the chat) updates progress in
// place too: the steps it took over came back, one line per step, as a
// new user saw in compare with "Try a slow task".
func TestChatProgressInPlaceWhenGivenTheWholeTranscript(t *testing.T) {
	c := newTestChat(60, 12)
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, Time: at(0), Text: "Try a slow task", Done: true})
	c.Reset(b.items, "slow")
	for i := 1; i <= 4; i++ {
		b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(i), State: a2aclient.StateWorking,
			Text: fmt.Sprintf("Step %d of 60…", i), Done: true})
		c.Upsert(b.items)
	}
	text := ansi.Strip(c.View(c.st))
	if strings.Count(text, "Step ") != 1 || !strings.Contains(text, "Step 4 of 60") || len(c.items) != 2 {
		t.Fatalf("%d items, want you and the last step:\n%s", len(c.items), text)
	}
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(9), State: a2aclient.StateCompleted, Done: true})
	c.Upsert(b.items)
	text = ansi.Strip(c.View(c.st))
	if strings.Count(text, "Step ") != 1 || !strings.Contains(text, "✓ completed") || len(c.items) != 3 {
		t.Fatalf("%d items, want you, the last step and completed:\n%s", len(c.items), text)
	}
}
