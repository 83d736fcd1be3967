package panes

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

func taskList(ids ...string) []session.TaskInfo {
	var out []session.TaskInfo
	for _, id := range ids {
		out = append(out, session.TaskInfo{ID: id, State: a2aclient.StateWorking})
	}
	return out
}

func selectedID(p *Tasks) string {
	t, _ := p.Selected()
	return t.ID
}

// Tasks arrive newest first. Away from the pane the cursor follows the
// newest task, so tab → c cancels the task just started; in the pane it
// stays where the user put it while the list changes.
func TestTasksCursorFollowsNewestUntilFocused(t *testing.T) {
	p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
	p.SetSize(30, 5)
	p.SetTasks(taskList("a"))
	p.SetTasks(taskList("b", "a"))
	if got := selectedID(p); got != "b" {
		t.Fatalf("unfocused, the cursor is on %q, want the newest task b", got)
	}
	p.Focus()
	p.Update(uitest.Key("down"))
	p.SetTasks(taskList("c", "b", "a"))
	if got := selectedID(p); got != "a" {
		t.Fatalf("focused, the cursor moved to %q, want a where the user put it", got)
	}
}

// A working task spins only while parley follows it; one last heard of
// working (stopped with esc, or reopened with its agent away) is drawn
// still.
func TestTasksSpinOnlyWhileFollowed(t *testing.T) {
	p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
	p.SetSize(40, 3)
	p.SetSpinner("⠋")
	p.SetTasks([]session.TaskInfo{{ID: "a", Title: "followed", State: a2aclient.StateWorking, Following: true}, {ID: "b", Title: "left", State: a2aclient.StateWorking}})
	lines := strings.Split(ansi.Strip(p.View(p.st)), "\n")
	if !strings.HasPrefix(strings.TrimSpace(lines[0]), "⠋") || !strings.HasPrefix(strings.TrimSpace(lines[1]), "◆") {
		t.Fatalf("want a spinner on the followed task only:\n%s", strings.Join(lines, "\n"))
	}
}

// The tasks list jumps to its ends (home/end, g/G) and moves by a page
// (pgup/pgdown); G was typed into the composer.
func TestTasksJumpAndPage(t *testing.T) {
	p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
	p.SetSize(40, 6)
	var ids []string
	for i := range 30 {
		ids = append(ids, string(rune('a'+i%26))+string(rune('0'+i/26)))
	}
	p.SetTasks(taskList(ids...))
	p.Focus()
	for _, c := range []struct {
		key  string
		want func(int) bool
	}{
		{"G", func(c int) bool { return c == 29 }},
		{"g", func(c int) bool { return c == 0 }},
		{"end", func(c int) bool { return c == 29 }},
		{"home", func(c int) bool { return c == 0 }},
		{"pgdown", func(c int) bool { return c > 2 && c < 29 }},
		{"pgup", func(c int) bool { return c == 0 }},
	} {
		p.Update(uitest.Key(c.key))
		if !c.want(p.cursor) {
			t.Errorf("%s left the cursor on %d", c.key, p.cursor)
		}
	}
	km := keys.Default()
	for _, k := range []string{"G", "g"} {
		if !km.Binds("tasks", uitest.Key(k)) {
			t.Errorf("%s is not the tasks pane's: it would go to the composer", k)
		}
	}
}

// c (cancel) and s (resubscribe) are offered on a task still going or
// waiting for the user, not on one that ended: the agent can no longer
// cancel it, nor send anything more of it.
func TestTasksOfferCancelOnlyOnLiveTasks(t *testing.T) {
	p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
	p.SetSize(40, 5)
	offered := func() (cancel, resubscribe bool) {
		for _, b := range p.ShortHelp() {
			switch b.Help().Desc {
			case p.keys.Cancel.Help().Desc:
				cancel = b.Enabled()
			case p.keys.Resubscribe.Help().Desc:
				resubscribe = b.Enabled()
			}
		}
		return cancel, resubscribe
	}
	for _, c := range []struct {
		state a2aclient.State
		live  bool
	}{
		{a2aclient.StateWorking, true}, {a2aclient.StateInputRequired, true}, {a2aclient.StateAuthRequired, true},
		{a2aclient.StateCompleted, false}, {a2aclient.StateFailed, false}, {a2aclient.StateCanceled, false}, {a2aclient.StateRejected, false},
	} {
		p.SetTasks([]session.TaskInfo{{ID: "a", State: c.state}})
		if cancel, resubscribe := offered(); cancel != c.live || resubscribe != c.live {
			t.Errorf("%s: cancel offered %v, resubscribe %v; want %v", c.state, cancel, resubscribe, c.live)
		}
	}
	if !p.keys.Cancel.Enabled() {
		t.Error("the pane's own cancel key was disabled: c would no longer reach the root to say why")
	}
}

// The pane's next wake-up is when the youngest age it shows reads
// otherwise, never sooner (a wake-up that changes nothing) nor later (an
// age left untrue); a task parley follows, which counts on the spinner's
// ticks, does not ask for one.
func TestTasksNextAgeIsWhenAnAgeChanges(t *testing.T) {
	for _, d := range []time.Duration{0, 30 * time.Second, 59 * time.Second, time.Minute, 90 * time.Second,
		59*time.Minute + 59*time.Second, time.Hour, 5*time.Hour + 30*time.Minute, 24 * time.Hour, 77 * time.Hour} {
		next := agoChanges(d)
		if next <= 0 || styles.Ago(d+next-time.Nanosecond) != styles.Ago(d) || styles.Ago(d+next) == styles.Ago(d) {
			t.Errorf("%s old: the age %q changes after %s, want when it first reads otherwise", d, styles.Ago(d), next)
		}
	}
	now := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
	p.SetSize(40, 5)
	p.SetTasks([]session.TaskInfo{
		{ID: "a", State: a2aclient.StateWorking, Following: true, Started: now.Add(-time.Second), Updated: now.Add(-time.Second)},
		{ID: "b", State: a2aclient.StateCompleted, Updated: now.Add(-90 * time.Second)},
		{ID: "c", State: a2aclient.StateFailed, Updated: now.Add(-2 * time.Hour)},
	})
	if at, ok := p.AgesWake(now); !ok || !at.Equal(now.Add(30*time.Second)) {
		t.Fatalf("wake-up at %s (asked %v), want when b turns 2m, %s", at, ok, now.Add(30*time.Second))
	}
	if _, ok := p.AgesWake(now.Add(10 * time.Second)); ok {
		t.Error("a second wake-up was asked for while the first is on its way")
	}
	if at, ok := p.AgesWake(now.Add(30 * time.Second)); !ok || !at.Equal(now.Add(90*time.Second)) {
		t.Errorf("once b reads 2m, the next wake-up is at %s (asked %v), want %s", at, ok, now.Add(90*time.Second))
	}
	p.SetTasks(nil)
	if _, ok := p.AgesWake(now.Add(time.Hour)); ok {
		t.Error("a wake-up was asked for with no age shown")
	}
}
