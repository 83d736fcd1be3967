package panes

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	bad "github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// A card is the agent's to write: a megabyte of name and description and
// ten thousand skills draw as what fits, with a note of what was left
// out, at a cost per frame that does not grow with the card.
func TestHostileHugeCardIsCut(t *testing.T) {
	long := strings.Repeat("word"+bad.Evil+" ", 1<<14)
	agent := &a2aclient.Agent{Name: long, Description: long,
		Interfaces: []a2aclient.Interface{{URL: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV03}}}
	for i := range 10000 {
		agent.Skills = append(agent.Skills, a2aclient.Skill{ID: fmt.Sprint(i), Name: long, Description: long,
			Tags: []string{long, long}, Examples: []string{long, long, long}, InputModes: []string{long}})
	}
	c, err := a2aclient.NewClient(agent, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	p.SetSize(40, 30)
	p.entries = []*Entry{{Agent: &session.Agent{Status: session.AgentReady, Client: c}}}
	view := agentsView(p, nil)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 10 {
		agentsView(p, nil)
	}
	runtime.ReadMemStats(&after)
	if allocs := (after.TotalAlloc - before.TotalAlloc) / 10; allocs > 1<<20 {
		t.Errorf("one frame of the card allocates %d KB", allocs>>10)
	}
	lines := strings.Split(view, "\n")
	var more int
	last := ansi.Strip(lines[len(lines)-1])
	fmt.Sscanf(strings.TrimPrefix(last, "… "), "%d", &more)
	if shown := strings.Count(ansi.Strip(view), styles.SkillBullet); len(lines) > 30 || shown == 0 || shown+more != 10000 || !strings.Contains(last, "more skills") {
		t.Fatalf("%d lines, %d skills shown, the last %q", len(lines), shown, last)
	}
	if why := uitest.NotOnlySGR(view); why != "" {
		t.Fatal(why)
	}
}
