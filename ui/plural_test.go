package ui

import (
	"strings"
	"testing"
)

// One search hit and one stored item read in the singular.
func TestFlowOneHitOneItem(t *testing.T) {
	a := startApp(t, appOptions{store: openStore(t), noWelcome: true})
	a.pingedContexts()
	a.key("ctrl+s")
	a.typeText("pong")
	screen := a.waitScreen("Search · 1 hit · all agents")
	if strings.Contains(screen, "1 hits") {
		t.Errorf("the title says 1 hits:\n%s", screen)
	}
}

// An agent that cannot be reached is said so once on the status line, in
// one short sentence, not "Could not reach …: could not fetch …".
func TestFlowUnreachableStatusSaysItOnce(t *testing.T) {
	a := startApp(t, appOptions{noWelcome: true, agents: func(string) []string { return []string{"http://127.0.0.1:1"} }})
	footer := func(screen string) string {
		lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
		return lines[len(lines)-1]
	}
	a.waitFrame("the status line", func(screen string) bool {
		return strings.HasPrefix(strings.TrimSpace(footer(screen)), "127.0.0.1:1 is not reachable: the connection was refused.   ")
	})
}
