package realservers

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// startMastra starts a Mastra agent ("helper", @mastra/core served by
// @mastra/hono's routes) with the AI SDK's mock model. URL is its card's
// URL (Mastra serves the card under /api/.well-known/{agentId}/).
func startMastra(t *testing.T) *server {
	t.Helper()
	port := freePort(t)
	startNode(t, "mastra-a2a.mjs", []string{fmt.Sprintf("MASTRA_PORT=%d", port)})
	return &server{URL: fmt.Sprintf("http://127.0.0.1:%d/api/.well-known/helper/agent-card.json", port)}
}

// Mastra's A2A server (v0.3 JSON-RPC): a streamed answer once; a tool
// that needs approval suspends the run, its question (a prompt and the
// call as data) is shown with how to answer it, and --approve runs the
// tool, --refuse does not, each turn running to its end; the TUI's
// conversation approves it as a pending tool call.
func TestMastra(t *testing.T) {
	srv := startMastra(t)
	p := newParley(t)
	t.Run("streamed answer", func(t *testing.T) {
		r := p.run("send", srv.URL, "hello there friend")
		want := "[working] Generating response...\nMastra echo: hello there friend\n[completed]\n"
		if r.code != 0 || r.stdout != want {
			t.Errorf("exit %d, printed\n%s\nwant\n%s", r.code, r.stdout, want)
		}
	})
	for _, c := range []struct{ flag, answer string }{
		{"--approve", `Refund tool said: {"refunded":42,"amount":30}.`},
		{"--refuse", `Refund tool said: "Tool call was not approved by the user".`},
	} {
		t.Run("approval "+c.flag, func(t *testing.T) {
			r := p.run("send", srv.URL, "please refund order 42")
			task := ids.FindString(r.stdout)
			for _, want := range []string{
				"[input-required] Additional input is required to continue this task.\n  {\"suspendPayload\":{\"args\":{\"amount\":30,\"order\":42}",
				"The agent asks you to approve a tool call (refund {\"amount\":30,\"order\":42}): parley send " + srv.URL + " --task " + task + " --approve (or --refuse)\n",
			} {
				if r.code != 4 || !strings.Contains(r.stdout, want) {
					t.Fatalf("exit %d, printed\n%s\nwant it to hold\n%s", r.code, r.stdout, want)
				}
			}
			r = p.run("send", srv.URL, "--task", task, c.flag)
			if want := "[working] Generating response...\n" + c.answer + "\n[completed]\n"; r.code != 0 || r.stdout != want {
				t.Errorf("exit %d, printed\n%s\nwant\n%s", r.code, r.stdout, want)
			}
		})
	}
	t.Run("conversation approves", func(t *testing.T) {
		c := conversation(t, srv.URL)
		c.Send("refund order 42")
		waitIdle(t, c)
		callID, line := c.PendingTool()
		if callID == "" || !strings.HasPrefix(line, "refund ") {
			t.Fatalf("pending tool %q %q; items %+v", callID, line, c.Items())
		}
		if err := c.ConfirmTool(callID, true); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(time.Minute)
		for c.Busy() || !strings.Contains(fmt.Sprint(c.Items()), `"refunded":42`) {
			if time.Now().After(deadline) {
				t.Fatalf("the approved turn never ended: %+v", c.Items())
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}
