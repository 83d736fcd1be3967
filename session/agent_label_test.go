package session

import (
	"testing"

	"github.com/parley-a2a/parley/config"
)

// Two agents of one name are told apart by where they are, in every
// label of them; an agent alone with its name is its name.
func TestAgentLabelsTellTwinsApart(t *testing.T) {
	w, _ := newTestWorkspace(t)
	one, _, _ := w.Add("http://127.0.0.1:7005/")
	two, _, _ := w.Add("http://127.0.0.1:7006/a/")
	solo, _, _ := w.Add("http://127.0.0.1:7007/")
	w.Rename(one, "twin")
	w.Rename(two, "twin")
	w.Rename(solo, "solo")
	for a, want := range map[*Agent]string{one: "twin :7005", two: "twin :7006/a", solo: "solo", w.Find("work"): "work"} {
		if got := w.Label(a); got != want {
			t.Errorf("Label(%s) = %q, want %q", a.Ref, got, want)
		}
		if got := a.Label(); got != want {
			t.Errorf("%s.Label() = %q, want %q", a.Ref, got, want)
		}
	}
	if n, p := one.LabelParts(); n != "twin" || p != ":7005" {
		t.Errorf("LabelParts = %q, %q", n, p)
	}
	// Renamed apart, neither needs its place any more.
	w.Rename(two, "other")
	if got := one.Label(); got != "twin" {
		t.Errorf("after the rename, %q", got)
	}
}

// A stored conversation's agent is labelled as the TUI labels it: its
// config name, else its card's name, with the place when another agent
// of that name is shown too.
func TestStoredAgentLabels(t *testing.T) {
	cfg := &config.Config{Agents: []config.Agent{{Name: "work", URL: "http://127.0.0.1:7001/"}}}
	list := []ContextInfo{
		{Agent: AgentInfo{ID: "http://127.0.0.1:4242", Ref: "http://127.0.0.1:4242/", Name: "parley demo"}},
		{Agent: AgentInfo{ID: "http://127.0.0.1:4343", Ref: "http://127.0.0.1:4343", Name: "parley demo"}},
		{Agent: AgentInfo{ID: "http://127.0.0.1:4242", Ref: "HTTP://127.0.0.1:4242", Name: "parley demo"}},
		{Agent: AgentInfo{ID: "http://127.0.0.1:7001", Ref: "http://127.0.0.1:7001", Name: "Work agent ✓"}},
		{Agent: AgentInfo{ID: "http://127.0.0.1:7002", Ref: "http://127.0.0.1:7002", Name: "Home \x1b[31mred"}},
	}
	label := StoredLabels(list, cfg)
	for i, want := range []string{"parley demo :4242", "parley demo :4343", "parley demo :4242", "work", "Home red"} {
		if got := label(list[i].Agent); got != want {
			t.Errorf("label of %s = %q, want %q", list[i].Agent.Ref, got, want)
		}
	}
	if got := AgentName("", "✓ Bank", ""); got != "? Bank" {
		t.Errorf("a card name with a tick: %q", got)
	}
}

// A stored conversation's agent is labelled as the workspace labels the
// agent it lists, or, not listed, told apart from a listed one of its
// name.
func TestWorkspaceStoredLabel(t *testing.T) {
	w, _ := newTestWorkspace(t)
	listed, _, _ := w.Add("http://127.0.0.1:4242/")
	w.Rename(listed, "parley demo")
	if got := w.StoredLabel(AgentInfo{ID: "http://127.0.0.1:4242", Ref: "http://127.0.0.1:4242", Name: "parley demo"}); got != "parley demo" {
		t.Errorf("the listed agent's conversation: %q", got)
	}
	if got := w.StoredLabel(AgentInfo{ID: "http://127.0.0.1:4343", Ref: "http://127.0.0.1:4343", Name: "parley demo"}); got != "parley demo :4343" {
		t.Errorf("another agent of that name: %q", got)
	}
	if got := w.StoredLabel(AgentInfo{Ref: "work", Name: "Work card"}); got != "work" {
		t.Errorf("a config agent's: %q", got)
	}
}
