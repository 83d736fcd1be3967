package cli

import (
	"net/url"
	"strings"
	"testing"
)

// Two agents with one card name are told apart in parley contexts by
// where they are, as the TUI labels them, and --agent takes that label.
func TestContextsTellTwoAgentsOfOneNameApart(t *testing.T) {
	a, b := demo(t), demo(t)
	e := newStoreEnv(t)
	idA := storedID(t, e.run("send", a, "ping"))
	idB := storedID(t, e.run("send", b, "ping"))
	port := func(base string) string { u, _ := url.Parse(base); return u.Port() }
	labelA, labelB := "parley demo :"+port(a), "parley demo :"+port(b)

	r := e.run("contexts")
	wantCode(t, r, exitOK)
	for id, label := range map[string]string{idA: labelA, idB: labelB} {
		found := false
		for _, line := range strings.Split(r.stdout, "\n") {
			found = found || (strings.HasPrefix(line, id+" ") && strings.Contains(line, label+"  "))
		}
		if !found {
			t.Errorf("no row of context %s says %q:\n%s", id, label, r.stdout)
		}
	}

	r = e.run("contexts", "--agent", labelB)
	wantCode(t, r, exitOK)
	if lines := strings.Split(strings.TrimSpace(r.stdout), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], idB+" ") {
		t.Errorf("--agent %q:\n%s", labelB, r.stdout)
	}
}
