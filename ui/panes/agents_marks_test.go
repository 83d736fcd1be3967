package panes

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// An agent whose card could not be had and one whose card's signature
// did not verify were both marked ✗ at the row's end: told apart only by
// the badge's colour, which NO_COLOR takes away. The signature column
// keeps ✗ (beside the ✓ of a verified card); the card that could not be
// had has a mark of its own, and the help's legend names both.
func TestUnreachableAndInvalidSignatureMarkedApart(t *testing.T) {
	signed := func(s a2aclient.SignatureStatus) *a2aclient.Client {
		agent := &a2aclient.Agent{Name: "a", Signature: a2aclient.CardSignature{Status: s},
			Interfaces: []a2aclient.Interface{{URL: "http://127.0.0.1:1/", Dialect: a2aclient.DialectV10}}}
		c, err := a2aclient.NewClient(agent, a2aclient.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, tc := range []struct {
		name  string
		agent session.Agent
		mark  string
	}{
		{"unreachable", session.Agent{Name: "down", Status: session.AgentFailed, Err: errors.New("the connection was refused")}, styles.AgentFlagFailed},
		{"signature invalid", session.Agent{Name: "forged", Status: session.AgentReady, Client: signed(a2aclient.SignatureInvalid)}, styles.AgentSigInvalid},
		{"refused unverified", session.Agent{Name: "refused", Status: session.AgentFailed,
			Err: &a2aclient.UnverifiedCardError{Agent: "refused", Signature: a2aclient.CardSignature{Status: a2aclient.SignatureInvalid}}}, styles.AgentSigInvalid},
	} {
		p := NewAgents(styles.New(themes.Dark), keys.Default().Agents)
		p.SetSize(50, 20)
		a := tc.agent
		p.entries = []*Entry{{Agent: &a}}
		row := strings.TrimRight(strings.Split(ansi.Strip(agentsView(p, nil)), "\n")[0], " ")
		other := styles.AgentFlagFailed
		if tc.mark == styles.AgentFlagFailed {
			other = styles.AgentSigInvalid
		}
		if !strings.HasSuffix(row, tc.mark) || strings.Contains(row, other) {
			t.Errorf("%s: the row %q does not end in %s alone", tc.name, row, tc.mark)
		}
	}
	if styles.AgentFlagFailed == styles.AgentSigInvalid {
		t.Fatalf("a card not had and a signature invalid share the mark %s", styles.AgentSigInvalid)
	}
	legend := styles.AgentLegend()
	for _, want := range []string{styles.AgentFlagFailed + " no card", styles.AgentSigInvalid + " signature invalid"} {
		if !strings.Contains(legend, want) {
			t.Errorf("the legend lacks %q:\n%s", want, legend)
		}
	}
}
