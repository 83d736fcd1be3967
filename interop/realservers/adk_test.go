package realservers

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// startADK builds interop/adk, a Google ADK for Go (v1.7.0) agent with
// a fake model in a module of its own, and starts it on loopback. URL
// is its base URL; its card lists v1.0 JSON-RPC, then v1.0 REST.
func startADK(t *testing.T) *server {
	t.Helper()
	if os.Getenv("PARLEY_INTEROP_NODE") == "" {
		t.Skip("real A2A servers (ADK among them) run under 'make interop'")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("go is not on PATH; the ADK agent is built with it")
	}
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "adk")
	bin := filepath.Join(t.TempDir(), "adk-agent")
	build := exec.Command(goBin, "build", "-o", bin, ".")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the ADK agent: %v\n%s", err, out)
	}
	port := startListening(t, exec.Command(bin), "adk-agent", nil)
	return &server{URL: fmt.Sprintf("http://127.0.0.1:%d/", port)}
}

// ids are an ADK run's task and context ids, which differ every run.
var ids = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)

// ADK's A2A server, read right by send's text output on both its
// bindings: a streamed answer once, whole; a tool call and its answer in
// the order sent, before the text; a long-running tool's question shown
// and answered from the command line with --approve and --refuse, the
// turn then running to its end; --json's result holding the answer once.
func TestADK(t *testing.T) {
	srv := startADK(t)
	p := newParley(t)
	for _, dialect := range []string{"v1.0", "v1.0-rest"} {
		t.Run("streamed answer "+dialect, func(t *testing.T) {
			r := p.run("send", srv.URL, "the quick brown fox", "--dialect", dialect)
			want := "[submitted]\n[working]\nADK echo (turn 1): the quick brown fox\n[completed]\n"
			if r.code != 0 || r.stdout != want {
				t.Errorf("exit %d, printed\n%s\nwant\n%s", r.code, r.stdout, want)
			}
		})
	}
	t.Run("tool call", func(t *testing.T) {
		r := p.run("send", srv.URL, "what is the weather")
		want := "[submitted]\n[working]\n" +
			"[tool] called get_weather({\"city\":\"Paris\"})\n" +
			"[tool] get_weather answered {\"city\":\"Paris\",\"forecast\":\"sunny, 21 C\"}\n" +
			"The weather in Paris is sunny, 21 C.\n[completed]\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("exit %d, printed\n%s\nwant\n%s", r.code, r.stdout, want)
		}
	})
	// A blocking send gets the task as ADK's store holds it, its
	// emptied preview included: the same words, in the same order.
	t.Run("tool call, blocking", func(t *testing.T) {
		r := p.run("send", srv.URL, "what is the weather", "--no-stream")
		want := "[tool] called get_weather({\"city\":\"Paris\"})\n" +
			"[tool] get_weather answered {\"city\":\"Paris\",\"forecast\":\"sunny, 21 C\"}\n" +
			"The weather in Paris is sunny, 21 C.\n[completed]\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("exit %d, printed\n%s\nwant\n%s", r.code, r.stdout, want)
		}
	})
	for _, c := range []struct{ flag, answer string }{
		{"--approve", "Refund of order 42 approved and done."},
		{"--refuse", "Refund of order 42 refused; nothing was done."},
	} {
		t.Run("approval "+c.flag, func(t *testing.T) {
			r := p.run("send", srv.URL, "please approve the refund")
			task := ids.FindString(r.stdout)
			want := "[submitted]\n[working]\nWaiting for your approval to refund order 42.\n[input-required]\n" +
				"  called request_approval({\"action\":\"refund order 42\",\"amount\":30})\n" +
				"  request_approval answered {\"action\":\"refund order 42\",\"status\":\"pending\"}\n" +
				"The agent asks you to approve a tool call (request_approval {\"action\":\"refund order 42\",\"amount\":30}): " +
				"parley send " + srv.URL + " --task " + task + " --approve (or --refuse)\n"
			if r.code != 4 || !strings.HasPrefix(r.stdout, want) {
				t.Fatalf("exit %d, printed\n%s\nwant it to begin\n%s", r.code, r.stdout, want)
			}
			r = p.run("send", srv.URL, "--task", task, c.flag)
			if want := "[working]\n" + c.answer + "\n[completed]\n"; r.code != 0 || r.stdout != want {
				t.Errorf("exit %d, printed\n%s\nwant\n%s", r.code, r.stdout, want)
			}
		})
	}
	t.Run("json", func(t *testing.T) {
		r := p.run("send", srv.URL, "the lazy dog", "--json")
		_, res := jsonLines(t, r.stdout)
		if res.State != "completed" || res.Text != "ADK echo (turn 1): the lazy dog" {
			t.Errorf("result %+v", res)
		}
	})
	// The TUI's conversation: the question is a pending tool call;
	// allowed, the tool's answer reaches the model and the task
	// completes.
	t.Run("conversation approves", func(t *testing.T) {
		c := conversation(t, srv.URL)
		c.Send("approve the refund")
		waitIdle(t, c)
		callID, line := c.PendingTool()
		if callID == "" || !strings.HasPrefix(line, "request_approval ") {
			t.Fatalf("pending tool %q %q; items %+v", callID, line, c.Items())
		}
		if err := c.ConfirmTool(callID, true); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(time.Minute)
		for c.Busy() || !strings.Contains(fmt.Sprint(c.Items()), "approved and done") {
			if time.Now().After(deadline) {
				t.Fatalf("the approved turn never ended: %+v", c.Items())
			}
			time.Sleep(20 * time.Millisecond)
		}
		if _, state := c.Waiting(); state != "" {
			t.Errorf("still waiting: %s", state)
		}
		// The previews emptied (the chat and the store leave them
		// out); the answer is one artifact.
		answers := 0
		for _, it := range c.Items() {
			if !it.Emptied() && strings.Contains(fmt.Sprint(it.Parts), "approved and done") {
				answers++
			}
		}
		if answers != 1 {
			t.Errorf("the answer shows %d times: %+v", answers, c.Items())
		}
		ts := c.Tasks()
		if len(ts) != 1 || ts[0].State != a2aclient.StateCompleted {
			t.Errorf("tasks %+v", ts)
		}
	})
}
