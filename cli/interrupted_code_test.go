package cli

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// An interrupted command (ctrl+c) says so in its --json error line's
// code: it is the user's doing, not an internal error. The specification
// forbids new A2ACLI_ERR_ codes, so the code is parley's own.
func TestInterruptedJSONErrorIsNotInternal(t *testing.T) {
	var out, errOut bytes.Buffer
	r := &runner{env: Env{Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }}}
	r.report(exitInterrupted, fmt.Errorf("watching task t-1: %w", context.Canceled), true, "t-1")
	line := out.String()
	if strings.Contains(line, "A2ACLI_ERR_INTERNAL") || !strings.Contains(line, `"code":"PARLEY_INTERRUPTED"`) {
		t.Errorf("the error line of an interrupt: %s", line)
	}
	out.Reset()
	r.report(exitError, fmt.Errorf("something odd"), true, "")
	if !strings.Contains(out.String(), "A2ACLI_ERR_INTERNAL") {
		t.Errorf("an unclassified error is no longer internal: %s", out.String())
	}
}
