package cli

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/internal/hostile"
	"github.com/parley-a2a/parley/internal/syncbuf"
)

// gatedAgent is the demo agent with its streams held after the first
// event until the test opens the gate: what parley printed by then is
// what a person piping its output saw while the agent was thinking.
type gatedAgent struct {
	URL  string
	once sync.Once
	gate chan struct{}
}

func newGatedAgent(t *testing.T) *gatedAgent {
	g := &gatedAgent{gate: make(chan struct{})}
	h := demoagent.New(demoagent.Options{}).Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			w = &gatedWriter{ResponseWriter: w, gate: g.gate}
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(g.open)
	g.URL = srv.URL
	return g
}

func (g *gatedAgent) open() { g.once.Do(func() { close(g.gate) }) }

type gatedWriter struct {
	http.ResponseWriter
	gate   chan struct{}
	writes int
}

func (w *gatedWriter) Write(p []byte) (int, error) {
	if w.writes++; w.writes > 1 {
		<-w.gate
	}
	return w.ResponseWriter.Write(p)
}

func (w *gatedWriter) Flush() { w.ResponseWriter.(http.Flusher).Flush() }

// waitFor polls until cond holds; a test fails only if it never does.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never saw %s", what)
		}
	}
}

// Output is gathered into few writes, but what an event prints reaches
// stdout while the agent is still working, not when the stream ends.
func TestSendPrintsEachEventWhileTheAgentWorks(t *testing.T) {
	for _, args := range [][]string{{"--json"}, {}} {
		t.Run(strings.Join(append([]string{"send"}, args...), " "), func(t *testing.T) {
			agent := newGatedAgent(t)
			e := newEnv(t)
			var out, errOut syncbuf.Buffer
			done := make(chan int)
			go func() {
				done <- Run(context.Background(), append([]string{"send", agent.URL, "Tell me a story"}, args...), e.env(&out, &errOut))
			}()
			waitFor(t, "the first event on stdout before the agent went on", func() bool { return out.String() != "" })
			agent.open()
			if code := <-done; code != exitOK {
				t.Fatalf("exit %d\n%s%s", code, out.String(), errOut.String())
			}
		})
	}
}

// Ctrl-C in the middle of a stream: what was printed stays printed, the
// error line follows, and the exit code is 130.
func TestSendInterruptedFlushesWhatItHas(t *testing.T) {
	agent := newGatedAgent(t)
	e := newEnv(t)
	var out, errOut syncbuf.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		done <- Run(ctx, []string{"send", agent.URL, "Tell me a story", "--json"}, e.env(&out, &errOut))
	}()
	waitFor(t, "the first event", func() bool { return out.String() != "" })
	first := out.String()
	cancel()
	if code := <-done; code != exitInterrupted {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitInterrupted, out.String(), errOut.String())
	}
	r := result{stdout: out.String(), stderr: errOut.String()}
	lines := jsonLines(t, r)
	if !strings.HasPrefix(r.stdout, first) || lines[len(lines)-1]["type"] != "error" || !strings.Contains(r.stderr, "parley: interrupted") {
		t.Errorf("stdout %q\nstderr %q", r.stdout, r.stderr)
	}
}

// interleaved is stdout and stderr on one terminal.
type interleaved struct {
	mu  sync.Mutex
	all strings.Builder
}

type stream struct {
	t    *interleaved
	name string
}

func (s stream) Write(p []byte) (int, error) {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	s.t.all.WriteString(s.name + string(p))
	return len(p), nil
}

// A note on stderr comes after the output that happened before it, as it
// did when every event was written at once.
func TestSendStderrFollowsTheOutputBeforeIt(t *testing.T) {
	for _, args := range [][]string{{"--json"}, {}} {
		t.Run(strings.Join(append([]string{"send"}, args...), " "), func(t *testing.T) {
			url := hostileURL(t, hostile.Serve(hostile.Fault{Mode: hostile.CutStream, Methods: []string{"message/stream"}, Times: 1}))
			e := newEnv(t)
			var term interleaved
			env := e.env(nil, nil)
			env.Stdout, env.Stderr = stream{&term, "1>"}, stream{&term, "2>"}
			if code := Run(context.Background(), append([]string{"send", url, "hi"}, args...), env); code != exitOK {
				t.Fatalf("exit %d\n%s", code, term.all.String())
			}
			all := term.all.String()
			hello, broke := strings.Index(all, "Hello"), strings.Index(all, "2>parley: the stream broke")
			if hello < 0 || broke < hello {
				t.Errorf("the stream's first words should come before the note that it broke:\n%s", all)
			}
		})
	}
}

// recordingWriter notes each write it gets.
type recordingWriter struct {
	mu     sync.Mutex
	writes []string
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

func (w *recordingWriter) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.writes...)
}

func TestOutputBufferKeepsOrderAndStopsAtClose(t *testing.T) {
	var w recordingWriter
	b := newOutputBuffer(&w)
	big := strings.Repeat("x", outputChunk)
	for i, s := range []string{"a", "b", big, "c", big, "d"} {
		if i%2 == 0 {
			_, _ = b.Write([]byte(s))
		} else {
			_, _ = io.WriteString(b, s)
		}
	}
	want := "ab" + big + "c" + big + "d"
	waitFor(t, "the timer's write", func() bool { return strings.Join(w.all(), "") == want })
	_, _ = b.Write([]byte("e"))
	b.Close()
	got := w.all()
	if strings.Join(got, "") != want+"e" || len(got) > 6 {
		t.Fatalf("writes %q", got)
	}
	time.Sleep(3 * outputDelay) // a timer left running would write now
	if n := len(w.all()); n != len(got) {
		t.Errorf("%d writes after Close", n-len(got))
	}
}
