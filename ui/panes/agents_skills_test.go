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

// demoLikeCard is a card like the demo's: a two-line description,
// security, and seven skills of a long description and one or two
// examples each.
func demoLikeCard(t *testing.T) *a2aclient.Client {
	t.Helper()
	a := &a2aclient.Agent{Name: "parley demo",
		Description:     "A scripted demo agent built into parley: it streams Markdown, returns data and files, asks questions, asks you to sign in.",
		Capabilities:    a2aclient.Capabilities{Streaming: true, PushNotifications: true, ExtendedCard: true},
		SecuritySchemes: []a2aclient.SecurityScheme{{Name: "key", Type: "apiKey", In: "header", ParamName: "X-Key"}}}
	for i, name := range []string{"Markdown answer", "Itinerary data", "Book a flight", "Sign in", "Slow task", "Fail on purpose", "Quick reply"} {
		a.Skills = append(a.Skills, a2aclient.Skill{ID: fmt.Sprint(i), Name: name, Tags: []string{"demo"},
			Description: "Does " + name + " in a way that takes more than one line of the pane to describe, as the demo's do.",
			Examples:    []string{name + " example", name + " second"}})
	}
	return cardClient(t, a)
}

// With 8 agents the list takes most of the pane: the Skills section
// still shows, with a count of those left out, where it vanished with no
// hint (issue 32, item 6).
func TestSkillsShowBesideALongAgentsList(t *testing.T) {
	c := demoLikeCard(t)
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(31, 19) // the Agents pane's inside at 120x36
	for i := range 8 {
		p.entries = append(p.entries, &Entry{Agent: &session.Agent{Name: fmt.Sprintf("agent%d", i), Status: session.AgentReady, Client: c}})
	}
	view := ansi.Strip(agentsView(p, p.entries[0]))
	if !strings.Contains(view, "Skills · agent0") || !strings.Contains(view, "◦ Markdown answer") {
		t.Fatalf("the skills vanished beside 8 agents:\n%s", view)
	}
	p.SetSize(31, 15) // no room for a skill's name: the note says what shows them
	// A new user read "… 7 more skills" above no skill: the line names
	// the first and counts the others.
	if view = ansi.Strip(agentsView(p, p.entries[0])); !strings.Contains(view, "◦ Markdown answer  … 6 more · +") {
		t.Fatalf("no skill shows, or the note does not say how many and how:\n%s", view)
	}
	p.SetSize(50, 15) // room for the whole note
	if view = ansi.Strip(agentsView(p, p.entries[0])); !strings.Contains(view, "◦ Markdown answer  … 6 more · + shows them") {
		t.Fatalf("the note is cut short with room for it:\n%s", view)
	}
	p.SetSize(20, 15) // too narrow for a name beside the count: the count alone
	if view = ansi.Strip(agentsView(p, p.entries[0])); !strings.Contains(view, "7 skills · + shows") || strings.Contains(view, "more skills") {
		t.Fatalf("no skill shows and the note does not say how many:\n%s", view)
	}
}

// Expanded, the card shows as many skills as fit: the one e uses whole,
// the others as the compact card draws them; beside 8 agents it showed
// one at a time.
func TestExpandedCardShowsSkillsThatFit(t *testing.T) {
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(58, 31) // expanded: half of 120 columns, the column's height
	c := demoLikeCard(t)
	for i := range 8 {
		p.entries = append(p.entries, &Entry{Agent: &session.Agent{Name: fmt.Sprintf("agent%d", i), Status: session.AgentReady, Client: c}})
	}
	e := p.entries[0]
	p.expanded = true
	view := ansi.Strip(agentsView(p, e))
	shown := 0
	for _, s := range e.Client.Agent().Skills {
		if strings.Contains(view, styles.SkillBullet+" "+s.Name) {
			shown++
		}
	}
	if shown < 3 {
		t.Fatalf("the expanded card shows %d skills:\n%s", shown, view)
	}
}

// e puts in the composer an example of the skill marked on the card,
// the first shown; ] marks the next one. With "Quick reply" on screen,
// e put another skill's example.
func TestExampleIsTheMarkedSkills(t *testing.T) {
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(31, 19)
	e := &Entry{Agent: &session.Agent{Status: session.AgentReady, Client: demoLikeCard(t)}}
	p.entries = []*Entry{e}
	view := ansi.Strip(agentsView(p, e))
	if !strings.Contains(view, styles.SkillBullet+" Markdown answer · e") {
		t.Fatalf("the skill e uses is not marked:\n%s", view)
	}
	if x := p.Example(); x != "Markdown answer example" {
		t.Fatalf("e gave %q, want the first skill's example", x)
	}
	for range 6 {
		p.Update(uitest.Key("]"))
	}
	view = ansi.Strip(agentsView(p, e))
	if !strings.Contains(view, styles.SkillBullet+" Quick reply · e") {
		t.Fatalf("Quick reply, on top, is not marked:\n%s", view)
	}
	for _, want := range []string{"Quick reply example", "Quick reply second", "Quick reply example"} {
		if x := p.Example(); x != want {
			t.Fatalf("e gave %q, want %q", x, want)
		}
	}
}

// Paging the skills (]) shows the next one, with how many are before
// and after, however few lines the box has: in the narrow pane a new
// user's ] left only "↑ 1 earlier · pgup/[" and no skill at all.
func TestPagingSkillsShowsTheNext(t *testing.T) {
	c := demoLikeCard(t)
	skills := c.Agent().Skills
	for _, size := range []struct{ w, h, agents int }{
		{31, 19, 2}, {31, 19, 8}, {31, 17, 8}, {31, 16, 8}, {31, 15, 8}, {31, 14, 8},
		{78, 9, 2}, {78, 10, 2}, {78, 11, 2}, {58, 31, 8},
	} {
		p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
		p.SetSize(size.w, size.h)
		for i := range size.agents {
			p.entries = append(p.entries, &Entry{Agent: &session.Agent{Name: fmt.Sprintf("agent%d", i), Status: session.AgentReady, Client: c}})
		}
		for top := range skills {
			view := ansi.Strip(agentsView(p, p.entries[0]))
			at := fmt.Sprintf("%dx%d beside %d agents, %d paged", size.w, size.h, size.agents, top)
			if !strings.Contains(view, "Skills · agent0") {
				t.Fatalf("%s: no skills box:\n%s", at, view)
			}
			if name := skills[top].Name; !strings.Contains(view, styles.SkillBullet+" "+name[:min(len(name), 8)]) {
				t.Errorf("%s: %q, on top, does not show:\n%s", at, name, view)
			}
			if top > 0 && !strings.Contains(view, fmt.Sprintf("↑ %d", top)) {
				t.Errorf("%s: no note of the %d skills before:\n%s", at, top, view)
			}
			if !strings.Contains(view, styles.SkillBullet+" Quick reply") && !strings.Contains(view, " more") {
				t.Errorf("%s: no note of the skills after:\n%s", at, view)
			}
			p.Update(uitest.Key("]"))
		}
	}
}
