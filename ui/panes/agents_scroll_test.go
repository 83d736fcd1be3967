package panes

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

func TestAgentsPaneScrollsSkills(t *testing.T) {
	agent := &a2aclient.Agent{Name: "many", Interfaces: []a2aclient.Interface{{URL: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV03}}}
	for i := 0; i < 12; i++ {
		agent.Skills = append(agent.Skills, a2aclient.Skill{ID: fmt.Sprint(i), Name: fmt.Sprintf("skill-%02d", i)})
	}
	c, err := a2aclient.NewClient(agent, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(40, 14)
	p.entries = []*Entry{{Agent: &session.Agent{Status: session.AgentReady, Client: c}}}
	view := ansi.Strip(agentsView(p, nil))
	if !strings.Contains(view, "skill-00") || strings.Contains(view, "skill-11") || !strings.Contains(view, "more skills · pgdown") {
		t.Fatalf("first view:\n%s", view)
	}
	for i := 0; i < 3; i++ {
		p.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	}
	view = ansi.Strip(agentsView(p, nil))
	if strings.Contains(view, "skill-02") || !strings.Contains(view, "skill-03") || !strings.Contains(view, "↑ 3 earlier") {
		t.Fatalf("after three pgdown:\n%s", view)
	}
	for i := 0; i < 50; i++ { // past the end stays on the last skill
		p.Update(tea.KeyPressMsg{Code: tea.KeyPgDown})
	}
	if view = ansi.Strip(agentsView(p, nil)); !strings.Contains(view, "skill-11") {
		t.Fatalf("at the end:\n%s", view)
	}
	p.Update(tea.KeyPressMsg{Code: tea.KeyDown}) // another row: back to the top of the card
	p.Update(tea.KeyPressMsg{Code: tea.KeyUp})
	if view = ansi.Strip(agentsView(p, nil)); !strings.Contains(view, "skill-00") {
		t.Fatalf("after moving the cursor:\n%s", view)
	}
}

// Two agents of one name are told apart by where they are; an agent
// whose name is its own keeps just the name.
func TestAgentsPaneNamesWhereSameNamedAgentsAre(t *testing.T) {
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(40, 8)
	// The labels are the workspace's (session's), told apart among the
	// agents it lists.
	ws := session.NewWorkspace(session.WorkspaceOptions{Directory: sessiontest.Directory(session.DirectoryOptions{})},
		[]string{"http://127.0.0.1:4141/", "http://127.0.0.1:5151/v0.3/", "https://agents.example.com/travel"})
	for i, a := range ws.Agents() {
		ws.Rename(a, []string{"parley demo", "parley demo", "travel"}[i])
		a.Status, a.Err = session.AgentFailed, fmt.Errorf("down")
		p.entries = append(p.entries, &Entry{Agent: a})
	}
	lines := strings.Split(ansi.Strip(agentsView(p, nil)), "\n")
	if !strings.Contains(lines[0], "parley demo :4141") || !strings.Contains(lines[1], "parley demo :5151/v0.3") {
		t.Fatalf("same-named agents not told apart:\n%s", strings.Join(lines, "\n"))
	}
	if strings.Contains(lines[2], "example.com") {
		t.Fatalf("a unique name needs no place:\n%s", lines[2])
	}
}

// A card cut short by one skill says "1 more skill", in the singular.
// Skills other than the one e uses give up lines until all show, down
// to their names, so a one-line skill is the last left out only in a
// card too short for the rest: the wording is checked on the note.
func TestAgentsPaneOneMoreSkillIsSingular(t *testing.T) {
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(40, 10)
	for _, c := range []struct {
		more int
		want string
	}{{1, "… 1 more skill"}, {2, "… 2 more skills"}} {
		out := p.cutNote([]string{"a", "b", "c"}, 0, 3, c.more, "skill", "skills")
		if got := ansi.Strip(out[len(out)-1]); got != c.want {
			t.Fatalf("%d left out: %q, want %q", c.more, got, c.want)
		}
	}
}
