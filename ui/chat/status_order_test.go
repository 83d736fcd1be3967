package chat

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// rowWith is the first row of view that shows text, or -1.
func rowWith(view, text string) int {
	for i, l := range strings.Split(ansi.Strip(view), "\n") {
		if strings.Contains(l, text) {
			return i
		}
	}
	return -1
}

// A task that completes with its answer in the status message (the
// demo's form and question: "Booked: …") shows the answer first and
// the state line after it, as for an answer streamed as an artifact; a
// new user saw "✓ completed · 9s" above the answer it concludes.
func TestCompletedStatusLineComesAfterItsAnswer(t *testing.T) {
	var b testItems
	b.add(session.Item{Kind: session.ItemUser, TaskID: "t1", Time: at(0), Text: "Book · guests=4", Done: true})
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(1), State: a2aclient.StateWorking, Text: "Thanks, continuing…", Done: true})
	answer := "Booked: a table for 4, on the terrace, under the name Ada, at 2026-12-01T19:30."
	b.add(session.Item{Kind: session.ItemStatus, TaskID: "t1", Time: at(9), State: a2aclient.StateCompleted, Text: answer, Done: true})
	c := newTestChat(60, 14)
	c.Reset(b.items, "demo")
	c.Tick(at(20))
	view := c.View(c.st)
	booked, done, working := rowWith(view, "Booked: a table"), rowWith(view, "✓ completed"), rowWith(view, "◆ working")
	if booked < 0 || done < 0 || done < booked || working > booked {
		t.Errorf("want working, then the answer, then the state line:\n%s", ansi.Strip(view))
	}
	// Selected, the state line is the row drawn as selected.
	c.Focus()
	c.sel = len(b.items) - 1
	view = c.View(c.st)
	if got := rowWith(view, "✓ completed"); got != done {
		t.Errorf("selected, the state line moved from row %d to %d:\n%s", done, got, ansi.Strip(view))
	}
	// A failure's reason still reads under its state line.
	b.items[2].State, b.items[2].Text = a2aclient.StateFailed, "The kitchen is closed tonight, and the terrace is being repainted, sorry about that."
	b.items[2].Version++
	c.Reset(b.items, "demo")
	view = c.View(c.st)
	if f, why := rowWith(view, "✗ failed"), rowWith(view, "The kitchen"); f < 0 || why < f {
		t.Errorf("the failure's reason is not under its state line:\n%s", ansi.Strip(view))
	}
}
