package session

import (
	"fmt"
	"testing"
)

// Drawing the agents pane labels every agent, one row each; a label must
// not cost a pass over every agent, or a hundred configured agents make
// each frame cost rows × agents (a card arriving redraws it). Counted in
// allocations, which do not depend on the machine's load.
func TestLabellingEveryAgentGrowsLinearly(t *testing.T) {
	perRow := func(n int) float64 {
		w, _ := newTestWorkspace(t)
		var agents []*Agent
		for i := range n {
			a, _, _ := w.Add(fmt.Sprintf("http://127.0.0.1:%d/a%d/", 7100+i%50, i))
			agents = append(agents, a)
		}
		every := func() {
			for _, a := range agents {
				a.LabelParts()
			}
		}
		every()
		return testing.AllocsPerRun(5, every) / float64(len(agents))
	}
	few, many := perRow(10), perRow(100)
	if many > 2*few+1 {
		t.Errorf("labelling one agent allocates %.0f times among 100 agents, %.0f among 10: each label passes over every agent", many, few)
	}
}

// A label follows what it is made of: a rename, a config change and a
// card's name are seen at the next label, memo or not.
func TestLabelsFollowRenames(t *testing.T) {
	w, _ := newTestWorkspace(t)
	one, _, _ := w.Add("http://127.0.0.1:7005/")
	two, _, _ := w.Add("http://127.0.0.1:7006/")
	w.Rename(one, "twin")
	if got := one.Label(); got != "twin" {
		t.Fatalf("alone with its name: %q", got)
	}
	w.Rename(two, "twin")
	if got := one.Label(); got != "twin :7005" {
		t.Errorf("after a twin appears: %q", got)
	}
	w.Remove(two)
	if got := one.Label(); got != "twin" {
		t.Errorf("after the twin is removed: %q", got)
	}
}
