package panes

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// Two extensions whose URIs cut to the same text (the demo's A2UI v0.8
// and v0.9 both read "ext https://a2ui.org/a2a-exten…") are cut so they
// differ: their ends, where the versions are, stay.
func TestCardExtensionsCutAlikeKeepTheirEnds(t *testing.T) {
	agent := &a2aclient.Agent{Name: "a", Interfaces: []a2aclient.Interface{{URL: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV10}}}
	agent.Capabilities.Extensions = []a2aclient.Extension{
		{URI: "urn:parley:demo:echo-extension"},
		{URI: "https://a2ui.org/a2a-extension/a2ui/v0.8"},
		{URI: "https://a2ui.org/a2a-extension/a2ui/v0.9"},
	}
	c, err := a2aclient.NewClient(agent, a2aclient.Options{Extensions: []string{"https://a2ui.org/a2a-extension/a2ui/v0.9"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{31, 40} {
		p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
		p.SetSize(w, 30)
		p.entries = []*Entry{{Agent: &session.Agent{Status: session.AgentReady, Client: c}}}
		var exts []string
		for _, l := range strings.Split(ansi.Strip(agentsView(p, nil)), "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "ext ") {
				exts = append(exts, l)
			}
		}
		v08, v09 := -1, -1
		for i, l := range exts {
			if strings.Contains(l, "v0.8") {
				v08 = i
			}
			if strings.Contains(l, "v0.9") {
				v09 = i
			}
		}
		if len(exts) != 3 || v08 < 0 || v09 < 0 || v08 == v09 {
			t.Errorf("at %d cells the A2UI rows do not show their versions:\n%s", w, strings.Join(exts, "\n"))
		}
		if !strings.HasPrefix(exts[0], "ext urn:parley:demo:echo") {
			t.Errorf("at %d cells a row that cuts alike with none keeps its start: %q", w, exts[0])
		}
	}
}
