package panes

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// y on an agent copies the name or URL it was named by, what parley send
// and parley card take; the status line says what, a key in its query
// redacted. On the "add agent" row it does nothing.
func TestAgentsCopyRef(t *testing.T) {
	p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
	ref := "http://127.0.0.1:4141/?api_key=s3cr3t"
	p.SetEntries([]*Entry{{Agent: &session.Agent{Ref: ref}}})
	cmd, act := p.Update(uitest.Key("y"))
	if cmd == nil || act != nil {
		t.Fatalf("y gave command %v, action %v", cmd != nil, act)
	}
	var status string
	clipboard := false
	for _, c := range cmd().(tea.BatchMsg) {
		switch msg := c().(type) {
		case component.StatusMsg:
			status = msg.Text
		default:
			clipboard = true // tea.SetClipboard's message is Bubble Tea's own
		}
	}
	if !clipboard || !strings.HasPrefix(status, "Copied http://127.0.0.1:4141/?api_key=REDACTED") || strings.Contains(status, "s3cr3t") {
		t.Errorf("clipboard %v, status %q", clipboard, status)
	}
	p.Update(uitest.Key("j")) // the "add agent" row
	if cmd, _ := p.Update(uitest.Key("y")); cmd != nil {
		t.Error("y on the add agent row copies")
	}
}
