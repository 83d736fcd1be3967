package panes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Every list keeps its cursor's row on screen and says how many rows
// it hides: 8 agents, the cursor on the last, in a pane of 4 rows
// showed the first 4 and no "… more" (issue 32, item 5).
func TestAgentsListKeepsCursorAndCountsHidden(t *testing.T) {
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(28, 4)
	for i := 0; i < 8; i++ {
		p.entries = append(p.entries, &Entry{Agent: &session.Agent{Name: fmt.Sprintf("agent-%d", i), Ref: fmt.Sprintf("http://127.0.0.1:%d/", 4000+i), Status: session.AgentFailed, Err: fmt.Errorf("down")}})
	}
	p.Focus()
	for i := 0; i < 7; i++ {
		p.Update(uitest.Key("down"))
	}
	view := ansi.Strip(agentsView(p, nil))
	lines := strings.Split(view, "\n")
	if len(lines) > 4 || !strings.Contains(view, "agent-7") || !strings.Contains(view, "more") {
		t.Fatalf("the cursor's row or the hidden count is not shown:\n%s", view)
	}
	if y := strings.Index(view, "agent-7"); y >= 0 {
		row := strings.Count(view[:y], "\n")
		if i, ok := p.rowAt(row); !ok || i != 7 {
			t.Fatalf("a click on agent-7's row (%d) picks %d, %v", row, i, ok)
		}
	}
	p.Update(uitest.Key("down")) // the "+ add agent" row
	if view = ansi.Strip(agentsView(p, nil)); !strings.Contains(view, "+ add agent") {
		t.Fatalf("the add row is not shown with the cursor on it:\n%s", view)
	}
}

func TestTasksListCountsHidden(t *testing.T) {
	p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
	p.SetSize(30, 3)
	var ids []string
	for i := 0; i < 6; i++ {
		ids = append(ids, fmt.Sprintf("task-%d", i))
	}
	p.SetTasks(taskList(ids...))
	p.Focus()
	for i := 0; i < 5; i++ {
		p.Update(uitest.Key("down"))
	}
	view := ansi.Strip(p.View(p.st))
	if len(strings.Split(view, "\n")) > 3 || !strings.Contains(view, "task-5") || !strings.Contains(view, "more") {
		t.Fatalf("the hidden count is not shown:\n%s", view)
	}
}

// In one row (the card expanded above it) the Tasks pane shows the task
// the cursor is on, not a note of how many are hidden, which hid every
// task (a new user's finding).
func TestTasksInOneRowShowTheCursorsTask(t *testing.T) {
	p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
	p.SetSize(30, 1)
	p.SetTasks(taskList("task-0", "task-1", "task-2", "task-3", "task-4", "task-5", "task-6"))
	for _, down := range []int{0, 3, 6} {
		p.cursor = down
		view := ansi.Strip(p.View(p.st))
		if lines := strings.Split(view, "\n"); len(lines) != 1 || !strings.Contains(view, fmt.Sprintf("task-%d", down)) {
			t.Errorf("cursor on task-%d, one row: %q", down, view)
		}
	}
}

// A scrolled list says how many rows it hides above on its first line
// and how many below on its last, in every pane that scrolls; a click
// on a row still picks that row.
func TestPaneListsCountHiddenAboveOnTopAndBelowAtBottom(t *testing.T) {
	type pane struct {
		view  func() string
		rowAt func(y int) (int, bool)
		head  int // lines drawn above the list
	}
	const n, h = 12, 6
	cases := map[string]func() pane{
		"agents": func() pane {
			p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
			p.SetSize(30, h)
			for i := 0; i < n; i++ {
				p.entries = append(p.entries, &Entry{Agent: &session.Agent{Name: fmt.Sprintf("row-%02d", i), Ref: fmt.Sprintf("http://127.0.0.1:%d/", 4000+i), Status: session.AgentFailed, Err: fmt.Errorf("down")}})
			}
			p.Focus()
			for i := 0; i < 6; i++ {
				p.Update(uitest.Key("down"))
			}
			return pane{view: func() string { return agentsView(p, nil) }, rowAt: p.rowAt}
		},
		"tasks": func() pane {
			p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
			p.SetSize(30, h)
			var ids []string
			for i := 0; i < n; i++ {
				ids = append(ids, fmt.Sprintf("row-%02d", i))
			}
			p.SetTasks(taskList(ids...))
			p.Focus()
			for i := 0; i < 6; i++ {
				p.Update(uitest.Key("down"))
			}
			return pane{view: func() string { return p.View(p.st) }, rowAt: p.rowAt}
		},
		"tasks listing": func() pane {
			p := NewTasks(styles.New(themes.Dark), keys.Default().Tasks)
			p.SetSize(30, h+1)
			p.NextView()
			var rows []session.TaskRow
			for i := 0; i < n; i++ {
				rows = append(rows, session.TaskRow{TaskID: fmt.Sprintf("row-%02d", i), Title: fmt.Sprintf("row-%02d", i)})
			}
			p.SetListing(rows, "12 on agent", "")
			p.Focus()
			for i := 0; i < 6; i++ {
				p.Update(uitest.Key("down"))
			}
			return pane{view: func() string { return p.View(p.st) }, rowAt: p.rowAt, head: 1}
		},
	}
	for name, build := range cases {
		t.Run(name, func(t *testing.T) {
			p := build()
			view := ansi.Strip(p.view())
			lines := strings.Split(view, "\n")[p.head:]
			last := len(lines) - 1
			for last > 0 && strings.TrimSpace(lines[last]) == "" || last > 0 && !strings.Contains(lines[last], "row-") && !strings.Contains(lines[last], "more") {
				last-- // the agents pane draws the selected agent's card below its list
			}
			if !strings.Contains(lines[0], "more above") {
				t.Fatalf("the first line does not count the rows above:\n%s", view)
			}
			if !strings.Contains(lines[last], "more below") {
				t.Fatalf("the list's last line does not count the rows below:\n%s", view)
			}
			for y, l := range lines[1:last] {
				k := strings.Index(l, "row-")
				if k < 0 {
					t.Fatalf("line %d between the notes is no row:\n%s", y+1, view)
				}
				var want int
				fmt.Sscanf(l[k:], "row-%02d", &want)
				if i, ok := p.rowAt(p.head + y + 1); !ok || i != want {
					t.Fatalf("a click on line %d (row-%02d) picks %d, %v:\n%s", p.head+y+1, want, i, ok, view)
				}
			}
			if i, ok := p.rowAt(p.head); ok {
				t.Fatalf("a click on the note above picks row %d", i)
			}
		})
	}
}
