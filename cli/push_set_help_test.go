package cli

import (
	"strings"
	"testing"
)

// 'task push set' cannot use a free port (the receiver that takes the
// pushes runs later, elsewhere): its help says the address must be
// fixed, and the error without one names the flag that fixes it.
func TestPushSetHelpAndErrorAgree(t *testing.T) {
	e := newEnv(t)
	h := e.run("help", "task", "push", "set")
	if strings.Contains(h.stdout, "free port") || !strings.Contains(h.stdout, "--push-listen") {
		t.Errorf("help task push set offers a free port or no --push-listen:\n%s", h.stdout)
	}
	base := demo(t)
	r := e.run("task", "push", "set", base, "some-task")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "--push-listen") || !strings.Contains(r.stderr, "no fixed address") {
		t.Errorf("stderr: %s", r.stderr)
	}
	// 'listen' and 'watch --push' may pick a free port: their help says so.
	if l := e.run("help", "task", "push", "listen"); !strings.Contains(l.stdout, "free port") {
		t.Errorf("help task push listen:\n%s", l.stdout)
	}
}
