package ui

import (
	"strings"
	"testing"
)

// D in the agents pane opens the doctor view on the selected agent: the
// demo agent's checks are listed as they run and end in a summary with
// nothing failed, enter shows a check's detail, esc closes the view and
// gives the agents pane its keys back.
func TestFlowDoctorView(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab") // composer → chat → agents
	a.waitScreen("enter use agent")
	a.key("D")
	a.waitScreen("Doctor · ", "Checking ")
	screen := a.waitScreen(" failed, ", "checks: ")
	if strings.Contains(screen, "checking…") {
		t.Fatalf("the summary shows while the spinner still turns:\n%s", screen)
	}
	if !strings.Contains(screen, " 0 failed, ") {
		t.Errorf("the demo agent fails a check:\n%s", screen)
	}
	for _, check := range []string{"binding", "errors", "streaming", "round trip", "timings"} {
		if !strings.Contains(screen, "  "+check+" ") {
			t.Errorf("the %q check is not listed:\n%s", check, screen)
		}
	}
	if !strings.Contains(screen, "more above") {
		t.Errorf("the checks scrolled off the top are not counted:\n%s", screen)
	}
	a.key("up", "enter")
	a.waitScreen(" ms")
	a.key("esc")
	a.waitGone("Doctor · ")
	a.key("y") // the agents pane has its keys again
	a.waitScreen("Copied ")
}

// R in the agents pane opens the raw console on the selected agent: a
// request written as its binding has it goes through the agent's
// client, its reply is kept on a line and expands pretty-printed; esc
// closes the console, and the requests are still there when it opens
// again.
func TestFlowRawConsole(t *testing.T) {
	a := startApp(t, appOptions{})
	a.ready()
	a.key("tab", "tab") // composer → chat → agents
	a.waitScreen("enter use agent")
	a.key("R")
	a.waitScreen("Raw console · ", "offered: SendMessage · ")
	a.typeText("GetTask")
	a.key("tab")
	a.typeText(`{"id":"no-such-task"}`)
	a.key("ctrl+s")
	a.waitScreen(`→ GetTask {"id":"no-such-task"}  ← JSON-RPC error -32001`)
	a.key("tab", "enter")
	a.waitScreen(`"error": {`, `"code": -32001,`)
	a.key("esc")
	a.waitGone("Raw console · ")
	a.key("R") // opened again on the same agent, the requests are kept
	a.waitScreen("Raw console · ", `→ GetTask {"id":"no-such-task"}  ← JSON-RPC error -32001`)
}
