package ui

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// An unreachable agent's status line leads with the cause, not the card
// URL, so it fits the footer; other errors read as they did.
func TestUnreachableLeadsWithTheCause(t *testing.T) {
	te := &a2aclient.TransportError{Op: "fetch the agent card", URL: "http://127.0.0.1:4141/" + strings.Repeat("x", 80) + "/.well-known/agent-card.json", Err: syscall.ECONNREFUSED}
	got := unreachable("parley demo", fmt.Errorf("could not reach parley demo to resume: %w", te))
	if !strings.HasPrefix(got, "parley demo is not reachable: ") || strings.Contains(got, "http") || len(got) > 100 {
		t.Fatalf("status %q", got)
	}
	if got := unreachable("x", errors.New("the agent refused the credentials")); got != "The agent refused the credentials." {
		t.Fatalf("another error reads %q", got)
	}
}
