package panes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

func cardClient(t *testing.T, a *a2aclient.Agent) *a2aclient.Client {
	t.Helper()
	a.Interfaces = []a2aclient.Interface{{URL: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV03}}
	c, err := a2aclient.NewClient(a, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The cursor, the agent in the chat and a card's skills each have their
// own mark: after j the cursor's mark moves, the chat's mark stays, and
// the card (the cursor's agent) says it is not the one in the chat.
func TestAgentsPaneMarksCursorCurrentAndSkillsApart(t *testing.T) {
	skills := []a2aclient.Skill{{ID: "s", Name: "convert"}}
	one := &Entry{Agent: &session.Agent{Name: "alpha", Status: session.AgentReady, Client: cardClient(t, &a2aclient.Agent{Name: "alpha", Skills: skills})}}
	two := &Entry{Agent: &session.Agent{Name: "beta", Status: session.AgentReady, Client: cardClient(t, &a2aclient.Agent{Name: "beta", Skills: skills})}}
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(40, 20)
	p.entries = []*Entry{one, two}
	p.Focus()
	p.Update(uitest.Key("j"))
	lines := strings.Split(ansi.Strip(agentsView(p, one)), "\n")
	if !strings.HasPrefix(lines[0], " ") || !strings.Contains(lines[0], styles.AgentMarkCurrent+"alpha") {
		t.Errorf("the chat's agent row: %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], styles.AgentMarkCursor) || strings.Contains(lines[1], styles.AgentMarkCurrent) {
		t.Errorf("the cursor's row: %q", lines[1])
	}
	view := strings.Join(lines, "\n")
	if !strings.Contains(view, "beta · enter to use") {
		t.Errorf("the card of an agent not in the chat does not say so:\n%s", view)
	}
	if n := strings.Count(view, styles.AgentMarkCurrent); n != 1 {
		t.Errorf("%s marks %d things, want the chat's agent only:\n%s", styles.AgentMarkCurrent, n, view)
	}
	if !strings.Contains(view, styles.SkillBullet+" convert") {
		t.Errorf("the skill has no mark of its own:\n%s", view)
	}
	// Unfocused, the cursor still shows: the card below is its agent's.
	p.Blur()
	if lines := strings.Split(ansi.Strip(agentsView(p, one)), "\n"); !strings.HasPrefix(lines[1], styles.AgentMarkCursor) {
		t.Errorf("unfocused, the cursor's row lost its mark: %q", lines[1])
	}
}

// A real agent's skills at 120x36: descriptions with Markdown marks draw
// without them, the first skill's examples show, and an agent's escape
// sequences inside a code span are gone. Expanded, the skill e uses
// shows every example and every skill its name; ] moves the mark on.
func TestAgentsCardSkillsShowExamplesAndNoRawMarkdown(t *testing.T) {
	var skills []a2aclient.Skill
	for i := range 4 {
		skills = append(skills, a2aclient.Skill{ID: fmt.Sprint(i), Name: fmt.Sprintf("skill %d", i),
			Description: "Converts `USD` to **EUR** \x1b]0;pwned\x07`\x1b[2Jx`",
			Examples:    []string{fmt.Sprintf("example %d-a", i), fmt.Sprintf("example %d-b", i), "a third"}})
	}
	c := cardClient(t, &a2aclient.Agent{Name: "rates", Description: "Exchange `rates`, daily.", Skills: skills})
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(31, 17) // the pane's inside at 120x36
	e := &Entry{Agent: &session.Agent{Status: session.AgentReady, Client: c}}
	p.entries = []*Entry{e}
	raw := agentsView(p, e)
	if why := uitest.NotOnlySGR(raw); why != "" {
		t.Fatal(why)
	}
	view := ansi.Strip(raw)
	if strings.ContainsAny(view, "`*") {
		t.Errorf("raw Markdown marks on screen:\n%s", view)
	}
	if !strings.Contains(view, `"example 0-a"`) {
		t.Errorf("the first skill's example is hidden:\n%s", view)
	}
	p.expanded = true
	p.SetSize(58, 27) // expanded: half of 120 columns, the column's height
	view = ansi.Strip(agentsView(p, e))
	for _, want := range []string{`"example 0-b"`, `"a third"`, "skill 1", "skill 3"} {
		if !strings.Contains(view, want) {
			t.Errorf("the expanded card lacks %s:\n%s", want, view)
		}
	}
	p.Update(uitest.Key("]"))
	if view = ansi.Strip(agentsView(p, e)); !strings.Contains(view, `"example 1-a"`) || !strings.Contains(view, `"example 1-b"`) {
		t.Errorf("after ], the expanded card lacks skill 1's examples:\n%s", view)
	}
}

// The note of skills left out counts every skill whose name is not on
// screen, including one whose line the note itself takes.
func TestAgentsCardCountsEverySkillLeftOut(t *testing.T) {
	var skills []a2aclient.Skill
	for i := range 6 {
		skills = append(skills, a2aclient.Skill{ID: fmt.Sprint(i), Name: fmt.Sprintf("skill-%02d", i)})
	}
	c := cardClient(t, &a2aclient.Agent{Name: "six", Skills: skills})
	for h := 8; h < 30; h++ {
		p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
		p.SetSize(40, h)
		e := &Entry{Agent: &session.Agent{Status: session.AgentReady, Client: c}}
		p.entries = []*Entry{e}
		view := ansi.Strip(agentsView(p, e))
		shown := strings.Count(view, "skill-")
		var more int
		if i := strings.Index(view, "… "); i >= 0 {
			fmt.Sscanf(view[i+len("… "):], "%d", &more)
		}
		if shown+more == 0 {
			continue // the card's head fills the pane: no skill section shows
		}
		if shown+more != 6 {
			t.Fatalf("height %d: %d skills shown and %d counted as more, of 6:\n%s", h, shown, more, view)
		}
	}
}

// agentsView is the agents pane drawn in its own styles, current being
// the agent the chat talks to.
func agentsView(p *Agents, current *Entry) string {
	p.SetCurrent(current)
	return p.View(p.st)
}

// A description cut short ends with "…" wherever the cut falls: at
// 80x24 the pane had room for one line of it and drew "… it streams
// Markdown, returns data and", cut mid-sentence with no mark.
func TestCardDescriptionCutEndsWithEllipsis(t *testing.T) {
	c := demoLikeCard(t)
	full := c.Agent().Description
	for _, size := range []struct{ w, h, agents int }{{78, 9, 2}, {31, 19, 2}, {31, 19, 8}, {58, 12, 3}} {
		p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
		p.SetSize(size.w, size.h)
		for i := range size.agents {
			p.entries = append(p.entries, &Entry{Agent: &session.Agent{Name: fmt.Sprintf("agent%d", i), Status: session.AgentReady, Client: c}})
		}
		lines := strings.Split(ansi.Strip(agentsView(p, p.entries[0])), "\n")
		var about []string
		for i, l := range lines {
			if strings.TrimSpace(l) != "parley demo" {
				continue
			}
			for _, d := range lines[i+1:] {
				if strings.TrimSpace(d) == "" || strings.Contains(d, c.Dialect().Label()) {
					break
				}
				about = append(about, strings.TrimSpace(d))
			}
			break
		}
		if len(about) == 0 {
			continue // no room for the description at all
		}
		shown := strings.Join(about, " ")
		if last := about[len(about)-1]; shown != full && !strings.HasSuffix(last, "…") {
			t.Errorf("%dx%d: the description is cut without an ellipsis: %q", size.w, size.h, last)
		}
	}
}
