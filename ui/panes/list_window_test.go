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
