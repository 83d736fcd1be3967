package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/oauthtest"
)

// parley login stops at --timeout, however long the authorization
// server keeps a device code pending or the browser stays away, and
// says what to do.
func TestLoginStopsAtTimeout(t *testing.T) {
	for _, flow := range []string{"device", "browser"} {
		t.Run(flow, func(t *testing.T) {
			e, p := securedEnv(t)
			// A device code said to live a year, never approved.
			p.Misbehave(oauthtest.Misbehaviour{Device: map[string]string{"expires_in": "31536000"}})
			p.OnPending(func(string) {})
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			start := time.Now()
			r := e.runCtx(ctx, "login", "secured", "--flow", flow, "--no-open", "--timeout", "1s")
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("login took %v with --timeout 1s", took)
			}
			wantCode(t, r, exitError)
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			last := lines[len(lines)-1]
			for _, want := range []string{"parley: the sign-in did not finish within 1s (--timeout)", "run 'parley login secured' again", "longer --timeout"} {
				if !strings.Contains(last, want) {
					t.Errorf("the last line does not say %q:\n%s", want, r.stderr)
				}
			}
		})
	}
}
