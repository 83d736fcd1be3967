package cli

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/syncbuf"
)

// An --addr that is not host:port is one sentence saying what to give,
// not the listener's Go error.
func TestDemoAgentBadAddrSaysWhatToGive(t *testing.T) {
	e := newEnv(t)
	for _, addr := range []string{"foo", "127.0.0.1", "127.0.0.1:port"} {
		r := e.run("demo-agent", "--addr", addr)
		wantCode(t, r, exitUsage)
		want := "parley: --addr " + addr + " is not an address to listen on: give host:port, e.g. 127.0.0.1:4141.\n"
		if r.stderr != want {
			t.Errorf("--addr %s: stderr %q, want %q", addr, r.stderr, want)
		}
	}
}

// The demo agent on an address other machines can reach is said in one
// line; on loopback nothing is said. Decided on the address it is bound
// to; tests bind loopback only, so the other case is the empty host
// (every interface) given to the function that decides.
func TestDemoAgentReachableWarning(t *testing.T) {
	for _, host := range []string{"127.0.0.1", "127.0.0.2", "::1"} {
		if w := demoReachable(host, host+":4141"); w != "" {
			t.Errorf("%s: warned %q", host, w)
		}
	}
	w := demoReachable("", ":4244")
	if !strings.HasPrefix(w, "parley: warning: ") || !strings.Contains(w, ":4244") || !strings.Contains(w, "127.0.0.1:") || strings.Count(w, "\n") != 1 || !strings.HasSuffix(w, "\n") {
		t.Errorf("every interface: warning %q", w)
	}
}

// A demo agent on loopback prints no warning.
func TestDemoAgentOnLoopbackWarnsNothing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncbuf.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, []string{"demo-agent", "--addr", "127.0.0.1:0"}, newEnv(t).env(&out, &errOut))
	}()
	for !strings.Contains(out.String(), "serving at") {
		select {
		case code := <-done:
			t.Fatalf("exit %d before serving: %s", code, errOut.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	<-done
	if errOut.String() != "" {
		t.Errorf("stderr: %s", errOut.String())
	}
}

// When the demo's usual port is taken, the TUI's demo agent runs on
// another one and says so once, naming both.
func TestDemoPortTakenSaysWhereItRuns(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &runner{env: newEnv(t).env(&syncbuf.Buffer{}, &syncbuf.Buffer{})}
	base, notice, err := r.serveDemo(ctx, ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	where := strings.TrimPrefix(base, "http://")
	if where == ln.Addr().String() || !strings.HasPrefix(where, "127.0.0.1:") {
		t.Fatalf("served at %s", base)
	}
	want := "Port " + port + " is in use (another parley?); the demo agent runs on " + where + " this time."
	if notice != want {
		t.Errorf("notice %q, want %q", notice, want)
	}
}
