package cli

import (
	"net"
	"strings"
	"testing"
)

// 'parley demo-agent' on a port already taken (the TUI's own demo, in
// the README's tour) says what to do: pick a free port.
func TestDemoAgentPortTakenSaysWhatToDo(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	r := newEnv(t).run("demo-agent", "--addr", ln.Addr().String())
	wantCode(t, r, exitError)
	if !strings.Contains(r.stderr, "already serving there") || !strings.Contains(r.stderr, "--addr 127.0.0.1:0") {
		t.Errorf("stderr: %s", r.stderr)
	}
}
