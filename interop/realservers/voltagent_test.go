package realservers

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/fakemodel"
)

// methodLog is a loopback proxy in front of an agent that notes the
// JSON-RPC method of every request.
type methodLog struct {
	*httptest.Server
	mu      sync.Mutex
	methods []string
}

func (m *methodLog) take() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.methods
	m.methods = nil
	return out
}

func proxy(t *testing.T, target string) *methodLog {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = ""
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.FlushInterval = -1
	m := &methodLog{}
	m.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			var req struct {
				Method string `json:"method"`
			}
			_ = json.Unmarshal(body, &req)
			m.mu.Lock()
			m.methods = append(m.methods, req.Method)
			m.mu.Unlock()
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(m.Close)
	return m
}

// VoltAgent frames every SSE data line as a JSON text sequence (a
// leading U+001E) and streams whole task snapshots; its card lives under
// /.well-known/{agentId}/. Given the card's URL, parley streams the
// answer, shows it once, and remembers the agent: the next send goes
// straight to message/stream, and the base URL finds the agent.
func TestVoltAgentStreamsAndIsRemembered(t *testing.T) {
	srv := startVoltAgent(t)
	px := proxy(t, srv.URL)
	cardURL := px.URL + "/.well-known/helper/agent-card.json"
	p := newParley(t)

	// The base URL alone serves no card: parley says so and asks for
	// the card's URL.
	if r := p.run("send", px.URL+"/", "hello"); r.code == 0 || !strings.Contains(r.stderr, "pass the card's own URL") {
		t.Fatalf("the base URL of an unknown agent: exit %d, %s", r.code, r.stderr)
	}
	px.take()

	r := p.run("send", cardURL, "hello volt")
	want := fakemodel.Answer("hello volt")
	// The snapshots repeat one message as it grows: it reads once, as
	// flowing text on its status line, then the state it ends in.
	if r.code != 0 || !strings.Contains(r.stdout, "[working] "+want+"\n[completed]\n") || strings.Count(r.stdout, want) != 1 {
		t.Fatalf("exit %d:\n%s", r.code, r.stdout)
	}
	first := px.take()
	if first[len(first)-1] != "message/stream" {
		t.Fatalf("methods %v", first)
	}

	// The transcript shows the answer once.
	show := p.run("contexts", "show", "1")
	if n := strings.Count(show.stdout, want); n != 1 {
		t.Fatalf("the answer shows %d times in the transcript:\n%s", n, show.stdout)
	}

	// Remembered: the card agrees with what send spoke, and the next
	// send, by the base URL, goes straight to the dialect that answered.
	c := p.run("card", "--json", px.URL+"/")
	var card struct {
		Dialect string `json:"dialect"`
		CardURL string `json:"cardUrl"`
	}
	if err := json.Unmarshal([]byte(c.stdout), &card); err != nil || card.Dialect != "v0.3" || card.CardURL != cardURL {
		t.Fatalf("card: %+v (%v)\n%s", card, err, c.stdout)
	}
	px.take()
	_, res := jsonLines(t, p.run("send", "--json", px.URL+"/", "again").stdout)
	if m := px.take(); strings.Join(m, " ") != "message/stream" || res.StatusText != fakemodel.Answer("again") || res.Dialect != "v0.3" {
		t.Fatalf("methods %v, result %+v", m, res)
	}
}

// A blocking send, a second turn in the same context, and task get.
func TestVoltAgentBlockingSecondTurnAndGet(t *testing.T) {
	srv := startVoltAgent(t)
	p := newParley(t)
	_, first := jsonLines(t, p.run("send", "--json", "--no-stream", srv.URL, "blocking please").stdout)
	if first.State != "completed" || first.StatusText != fakemodel.Answer("blocking please") {
		t.Fatalf("blocking result %+v", first)
	}
	_, second := jsonLines(t, p.run("send", "--json", "--context", "1", "second turn").stdout)
	if second.ContextID != first.ContextID || second.StatusText != fakemodel.Answer("second turn") || second.StoreID != first.StoreID {
		t.Fatalf("second turn %+v after %+v", second, first)
	}
	_, got := jsonLines(t, p.run("task", "get", "--json", srv.URL, second.TaskID).stdout)
	if got.TaskID != second.TaskID || got.State != "completed" || got.StatusText != second.StatusText {
		t.Fatalf("task get %+v", got)
	}
}

// A streaming task can be canceled: the agent says so, and the answer
// stops short.
func TestVoltAgentCancel(t *testing.T) {
	srv := startVoltAgent(t)
	p := newParley(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, done := p.start(ctx, "send", "--json", srv.URL, "please "+fakemodel.SlowTrigger)
	var taskID string
	for taskID == "" {
		select {
		case r := <-done:
			t.Fatalf("the slow reply ended before it could be canceled: %s", tail(r.stdout, 2000))
		case <-time.After(50 * time.Millisecond):
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if i := strings.Index(line, `"taskId":"`); i >= 0 && strings.Contains(line, "slow1 ") {
				taskID = strings.SplitN(line[i+len(`"taskId":"`):], `"`, 2)[0]
			}
		}
	}
	c := p.run("task", "cancel", "--json", srv.URL, taskID)
	if _, res := jsonLines(t, c.stdout); res.State != "canceled" || c.code != 0 {
		t.Fatalf("cancel: exit %d, %+v", c.code, res)
	}
	// VoltAgent ends the stream it was writing with what the model said
	// until then, as completed; the answer stops short all the same.
	r := <-done
	if _, streamed := jsonLines(t, r.stdout); streamed.State != "canceled" && streamed.State != "completed" ||
		strings.Contains(streamed.StatusText, "slow299") {
		t.Fatalf("the stream ended in %q with %q", streamed.State, tail(streamed.StatusText, 200))
	}
}
