package dialog

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// A hostile gateway lists thousands of agents, one with a name full of
// escapes, one whose card is on another origin. The cursor stays on
// screen however far it goes, the name drives nothing, and the agent that
// lives elsewhere says where before the user adds it.
func TestHostileGatewayList(t *testing.T) {
	const gw = "http://127.0.0.1:7001/v1/a2a/agents"
	agents := make([]a2aclient.Agent, 5000)
	for i := range agents {
		agents[i] = a2aclient.Agent{Name: fmt.Sprintf("agent-%d", i), CardURL: fmt.Sprintf("%s/a%d/agent-card", gw, i)}
	}
	agents[1] = a2aclient.Agent{Name: "evil\x1b]52;c;aGk=\a\u202egnp", CardURL: gw + "/evil/agent-card"}
	agents[2] = a2aclient.Agent{Name: "payroll", CardURL: "http://127.0.0.1:7002/payroll/agent-card"}
	agents[3] = a2aclient.Agent{Name: "local", CardURL: "file:///etc/passwd"}
	agents[4] = a2aclient.Agent{Name: "userinfo", CardURL: "http://gw:s3cr3t@127.0.0.1:7001/u/agent-card"}
	d := &Gateway{keys: keys.Or(nil), gateway: "gw", origin: "http://127.0.0.1:7001", agents: agents, added: map[int]bool{}}
	st := styles.New(themes.Dark)
	screen := drawnDialog(d, st, 80, 24)
	uitest.AssertTerminalSafe(t, screen)
	plain := ansi.Strip(screen)
	if !strings.Contains(plain, "payroll") || !strings.Contains(plain, "127.0.0.1:7002") {
		t.Errorf("the agent on another origin does not say where it is:\n%s", plain)
	}
	for _, name := range []string{"local", "userinfo"} {
		if !strings.Contains(plain, name+" · no usable http(s) URL") {
			t.Errorf("%s does not say its URL is not usable:\n%s", name, plain)
		}
	}
	if strings.Contains(plain, "s3cr3t") {
		t.Errorf("a password in a listed URL is on screen:\n%s", plain)
	}
	for _, i := range []int{3, 4} {
		d.cursor = i
		if _, act := d.Update(uitest.Key("enter")); act != nil || d.added[i] {
			t.Errorf("enter on agent %d with no usable URL: %#v, marked added %v", i, act, d.added[i])
		}
	}
	d.cursor = 0
	if strings.Contains(plain, "127.0.0.1:7001") {
		t.Errorf("agents on the gateway's own origin name it too:\n%s", plain)
	}
	for range 300 {
		d.Update(uitest.Key("j"))
	}
	plain = ansi.Strip(drawnDialog(d, st, 80, 24))
	if !strings.Contains(plain, "›  agent-300") {
		t.Errorf("the cursor (agent-300) is off screen:\n%s", plain)
	}
	if n := strings.Count(plain, "\n") + 1; n > 24 {
		t.Errorf("the dialog is %d lines on a 24-line screen", n)
	}
}

// At 80 columns the gateway dialog's heading wraps instead of losing its
// end, and the list still shows under it.
func TestGatewayDialogHeadingWrapsAt80(t *testing.T) {
	d := &Gateway{keys: keys.Or(nil), gateway: "http://127.0.0.1:7001/v1/a2a/agents", origin: "http://127.0.0.1:7001",
		agents: []a2aclient.Agent{{Name: "coder", CardURL: "http://127.0.0.1:7001/v1/a2a/agents/coder/agent-card"}}, added: map[int]bool{}}
	d.SetSize(80, 24)
	screen := ansi.Strip(d.View(styles.New(themes.Dark)))
	flat := strings.Join(strings.Fields(screen), " ")
	if !strings.Contains(flat, "parley talks to the first. Add any of them:") || !strings.Contains(flat, "1 agent;") {
		t.Errorf("the heading is cut or misworded at 80 columns:\n%s", screen)
	}
	if !strings.Contains(screen, "coder") {
		t.Errorf("the list is gone under the wrapped heading:\n%s", screen)
	}
}
