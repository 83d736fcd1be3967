package dialog

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// The conversations' agent column shows a label with its place whole
// when the titles leave room (a new user saw "parley … :4141" with room
// to spare), and when it must cut, it cuts the name's start and keeps
// its end and the place, where two agents differ.
func TestContextsAgentColumnKeepsTheLabel(t *testing.T) {
	st := styles.New(themes.Dark)
	labels := func(a session.AgentInfo) (string, string) { return a.Name, ":4141" }
	for _, sz := range [][2]int{{120, 12}, {80, 12}} {
		v := NewContexts(st, keys.Default().Contexts, nil, "", "")
		v.LabelAgents(labels)
		v.setList([]session.ContextInfo{
			{ID: 1, Title: "Hello", Agent: session.AgentInfo{Name: "parley demo"}},
			{ID: 2, Title: "Book a table", Agent: session.AgentInfo{Name: "parley demo gRPC"}},
		}, nil, nil)
		screen := ansi.Strip(drawnDialog(v, st, sz[0], sz[1]))
		for _, want := range []string{"parley demo :4141", "parley demo gRPC :4141"} {
			if !strings.Contains(screen, want) {
				t.Errorf("at %dx%d the agent column cuts %q:\n%s", sz[0], sz[1], want, screen)
			}
		}
	}
	// No room: long titles keep most of the row; the name loses its start.
	v := NewContexts(st, keys.Default().Contexts, nil, "", "")
	v.LabelAgents(labels)
	v.setList([]session.ContextInfo{{ID: 1, Title: strings.Repeat("A long title ", 8), Agent: session.AgentInfo{Name: "parley demo gRPC"}}}, nil, nil)
	screen := ansi.Strip(drawnDialog(v, st, 64, 12))
	if !strings.Contains(screen, "…gRPC :4141") || strings.Contains(screen, "parley … :4141") {
		t.Errorf("cut, the agent's label loses its end:\n%s", screen)
	}
}
