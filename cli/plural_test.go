package cli

import (
	"strings"
	"testing"
)

// A usage error counts what it got in the singular when there is one.
func TestOneArgumentInTheSingular(t *testing.T) {
	e := newEnv(t)
	r := e.run("task", "watch", "only-one")
	wantCode(t, r, exitUsage)
	if !strings.Contains(r.stderr, "got 1 argument.") || strings.Contains(r.stderr, "1 arguments") {
		t.Errorf("stderr = %q", r.stderr)
	}
}
