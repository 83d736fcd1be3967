package realservers

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/internal/fakemodel"
	"github.com/parley-a2a/parley/session"
)

// conversation is gemini-cli's agent as the TUI talks to it: one
// long-lived client and conversation.
func conversation(t *testing.T, url string) *session.Conversation {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := a2aclient.Resolve(ctx, url, a2aclient.Options{Reading: frameworks.Reading{}})
	if err != nil {
		t.Fatal(err)
	}
	return session.NewConversation(c, c.Agent().Name, nil)
}

func waitIdle(t *testing.T, c *session.Conversation) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for c.Busy() {
		if time.Now().After(deadline) {
			t.Fatal("the exchange never ended")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func itemsOf(c *session.Conversation, kind session.ItemKind) []session.Item {
	var out []session.Item
	for _, it := range c.Items() {
		if it.Kind == kind {
			out = append(out, it)
		}
	}
	return out
}

// gemini-cli asks before it runs a shell command: the turn ends in
// input-required with the tool call awaiting approval. Allowed, the
// command runs (its output reaches the model, whose answer streams back
// as one message); denied, it is cancelled and the model is not asked.
func TestGeminiToolCallConfirmed(t *testing.T) {
	for _, allow := range []bool{true, false} {
		name := map[bool]string{true: "allow", false: "deny"}[allow]
		t.Run(name, func(t *testing.T) {
			srv := startGemini(t)
			c := conversation(t, srv.URL)
			c.Send("please " + fakemodel.ToolTrigger)
			waitIdle(t, c)
			callID, line := c.PendingTool()
			if callID == "" || !strings.Contains(line, fakemodel.ToolCommand) {
				t.Fatalf("no tool call awaits approval (%q); transcript %+v", line, c.Items())
			}
			if th := itemsOf(c, session.ItemThought); len(th) != 1 || !strings.Contains(th[0].Text, "Choosing a tool") {
				t.Fatalf("thoughts %+v", th)
			}
			if err := c.ConfirmTool(callID, allow); err != nil {
				t.Fatal(err)
			}
			waitIdle(t, c)
			tools := itemsOf(c, session.ItemTool)
			if len(tools) != 1 {
				t.Fatalf("tool items %+v", tools)
			}
			agent := itemsOf(c, session.ItemAgent)
			prompts := len(srv.Model.Prompts())
			if allow {
				if !strings.HasSuffix(tools[0].Text, "· success") || !strings.Contains(tools[0].Detail, "parley-tool-ran") {
					t.Fatalf("allowed tool call: %q, output %q; transcript %+v", tools[0].Text, tools[0].Detail, c.Items())
				}
				if len(agent) != 1 || agent[0].Text != fakemodel.ToolAnswer {
					t.Fatalf("answer after the tool: %+v", agent)
				}
				if prompts != 2 {
					t.Fatalf("the model was asked %d times, want 2 (the prompt, then the tool's result)", prompts)
				}
			} else {
				if !strings.HasSuffix(tools[0].Text, "· cancelled") || len(agent) != 0 || prompts != 1 {
					t.Fatalf("denied tool call: %q, %d answers, %d prompts", tools[0].Text, len(agent), prompts)
				}
			}
			if id, _ := c.PendingTool(); id != "" {
				t.Fatalf("tool call %s still pending", id)
			}
		})
	}
}

// From the command line, a tool call awaiting approval is shown, and the
// way to confirm it is named: the TUI, since gemini-cli drops the call
// when the command exits and its connection closes.
func TestGeminiToolCallFromTheCommandLine(t *testing.T) {
	srv := startGemini(t)
	p := newParley(t)
	r := p.run("send", srv.URL, "please "+fakemodel.ToolTrigger)
	for _, want := range []string{
		"[thought] Choosing a tool",
		"[tool] Shell " + fakemodel.ToolCommand + " · awaiting approval",
		"confirm a tool call (Shell " + fakemodel.ToolCommand + "); confirm tool calls in the TUI: parley --agent " + srv.URL,
	} {
		if !strings.Contains(r.stdout, want) {
			t.Fatalf("missing %q in:\n%s", want, r.stdout)
		}
	}
}
