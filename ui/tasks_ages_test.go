package ui

import (
	"regexp"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/ui/keys"
)

// helloAge reads the age on the Tasks pane's row of the "Hello" task.
var helloAge = regexp.MustCompile(`completed\s+Hello\s+([^\s│]+)\s*│`)

// A task's age in the Tasks pane is true whenever the pane is drawn: a
// new user's "Hello" task read "now" 2m13s after it ended, keys
// pressed meanwhile, and became "2m" only when a new task came. At idle
// the pane asks for one wake-up, when the youngest age it shows next
// changes, and no more while that one is on its way.
func TestTaskAgesFollowTheClock(t *testing.T) {
	at := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	m := New(Options{Directory: emptyDirectory(), Keys: keys.Default(), Theme: "dark", Env: Env{Now: func() time.Time { return at }}})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 36})
	age := func() string {
		t.Helper()
		sub := helloAge.FindStringSubmatch(ansi.Strip(m.View().Content))
		if sub == nil {
			t.Fatalf("no Hello row in the Tasks pane:\n%s", ansi.Strip(m.View().Content))
		}
		return sub[1]
	}
	m.setTasks([]session.TaskInfo{{ID: "t1", Title: "Hello", State: a2aclient.StateCompleted, Updated: at}})
	if got := age(); got != "now" {
		t.Fatalf("a task that just ended reads %q, want now", got)
	}
	if _, cmd := m.Update(tea.KeyPressMsg{Code: 'h', Text: "h"}); cmd == nil {
		t.Error("nothing wakes the TUI when the age shown next changes")
	}
	if _, cmd := m.Update(tea.KeyPressMsg{Code: 'i', Text: "i"}); cmd != nil {
		t.Error("a second wake-up was asked for while one is on its way")
	}
	at = at.Add(2*time.Minute + 13*time.Second)
	m.Update(tea.KeyPressMsg{Code: tea.KeyTab}) // a key that draws the panes again
	if got := age(); got != "2m" {
		t.Fatalf("2m13s after the task ended it reads %q, want 2m", got)
	}
}
