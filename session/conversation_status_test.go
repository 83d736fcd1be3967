package session

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
)

// scriptedAgent streams the same results for every message/stream, as a
// v0.3 JSON-RPC agent; a result is the JSON of the event.
func scriptedAgent(t *testing.T, results ...string) *Conversation {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(body, &req)
		w.Header().Set("Content-Type", "text/event-stream")
		for _, res := range results {
			fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}\n\n", req.ID, res)
		}
	}))
	t.Cleanup(srv.Close)
	cl, err := a2aclient.NewClient(&a2aclient.Agent{Name: "scripted", Capabilities: a2aclient.Capabilities{Streaming: true},
		Interfaces: []a2aclient.Interface{{URL: srv.URL, Dialect: a2aclient.DialectV03, Binding: a2aclient.BindingJSONRPC}}}, a2aclient.Options{Reading: frameworks.Reading{}})
	if err != nil {
		t.Fatal(err)
	}
	return NewConversation(cl, "scripted", nil)
}

func coderStatus(n int, state, kind, parts string) string {
	msg := ""
	if parts != "" {
		msg = fmt.Sprintf(`,"message":{"kind":"message","role":"agent","parts":%s,"messageId":"m%d","taskId":"t1","contextId":"c1"}`, parts, n)
	}
	return fmt.Sprintf(`{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":%q%s},"final":false,"metadata":{"coderAgent":{"kind":%q}}}`, state, msg, kind)
}

func describe(items []Item) string {
	var b []string
	for _, it := range items {
		s := it.Kind.String()
		if it.Kind == ItemStatus {
			s += "(" + string(it.State) + ")"
		}
		if it.Text != "" {
			s += fmt.Sprintf("%q", it.Text)
		}
		b = append(b, s)
	}
	return strings.Join(b, " ")
}

// gemini-cli's reply, streamed as status-message deltas, is one agent
// message in the transcript, done when the turn ends; its thought and its
// tool call are items of their own, the tool call updated in place.
func TestConversationStatusDeltasAreOneMessage(t *testing.T) {
	tool := func(status string) string {
		return fmt.Sprintf(`[{"kind":"data","data":{"request":{"callId":"call-1","name":"run_shell_command","args":{"command":"echo hi"}},"status":%q,"tool":{"displayName":"Shell"}}}]`, status)
	}
	c := scriptedAgent(t,
		coderStatus(0, "working", "state-change", ""),
		coderStatus(1, "working", "thought", `[{"kind":"data","data":{"subject":"Planning","description":"run it"}}]`),
		coderStatus(2, "working", "tool-call-update", tool("validating")),
		coderStatus(3, "working", "tool-call-confirmation", tool("awaiting_approval")),
		coderStatus(4, "working", "tool-call-update", tool("success")),
		coderStatus(5, "working", "text-content", `[{"kind":"text","text":"Fake"}]`),
		coderStatus(6, "working", "text-content", `[{"kind":"text","text":" Gemini"}]`),
		coderStatus(7, "working", "text-content", `[{"kind":"text","text":" said hi."}]`),
		coderStatus(8, "input-required", "state-change", ""),
	)
	sum, err := c.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}, FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	items := c.Items()
	want := `user"hi" status(working) thought"Planning: run it" tool"Shell echo hi · success" agent"Fake Gemini said hi." status(input-required)`
	if got := describe(items); got != want {
		t.Fatalf("transcript\n got %s\nwant %s", got, want)
	}
	for _, it := range items {
		if it.Kind == ItemAgent && !it.Done {
			t.Error("the reply is still open after the turn ended")
		}
	}
	if sum.Text != "Fake Gemini said hi." || sum.StatusText != "" || sum.State != "input-required" {
		t.Fatalf("summary text %q status %q state %s", sum.Text, sum.StatusText, sum.State)
	}
}

// An agent that reports progress as separate notes keeps a line per
// state, as before; one that sends task snapshots repeating one message
// (VoltAgent) shows that message once, on the line of the latest state.
func TestConversationSnapshotMessageShownOnce(t *testing.T) {
	snap := func(state, text string) string {
		return fmt.Sprintf(`{"id":"t1","contextId":"c1","status":{"state":%q,"message":{"kind":"message","role":"agent","messageId":"reply-1","parts":[{"kind":"text","text":%q}]}}}`, state, text)
	}
	c := scriptedAgent(t,
		`{"id":"t1","contextId":"c1","status":{"state":"working"}}`,
		snap("working", "Fake"), snap("working", "Fake model"), snap("working", "Fake model answers."),
		snap("completed", "Fake model answers."),
	)
	if _, err := c.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}, FollowOptions{}); err != nil {
		t.Fatal(err)
	}
	if got, want := describe(c.Items()), `user"hi" status(completed)"Fake model answers."`; got != want {
		t.Fatalf("transcript\n got %s\nwant %s", got, want)
	}
}

// Separate progress notes (each its own message id) read as separate
// lines; the same message sent again updates its line.
func TestConversationProgressNotesAreSeparateLines(t *testing.T) {
	note := func(id, text string) string {
		return fmt.Sprintf(`{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":"working","message":{"kind":"message","role":"agent","messageId":%q,"parts":[{"kind":"text","text":%q}]}}}`, id, text)
	}
	c := scriptedAgent(t,
		note("n1", "Searching…"), note("n1", "Searching… (2 sites)"), note("n2", "Found 3 results"),
		`{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":"completed"},"final":true}`,
	)
	sum, err := c.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}, FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := `user"hi" status(working)"Searching… (2 sites)" status(working)"Found 3 results" status(completed)`
	if got := describe(c.Items()); got != want {
		t.Fatalf("transcript\n got %s\nwant %s", got, want)
	}
	if sum.Text != "" {
		t.Fatalf("notes became the answer %q", sum.Text)
	}
}
