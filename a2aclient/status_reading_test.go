package a2aclient

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// kindReading reads status updates by a kind in their metadata, as
// gemini-cli's CoderAgent metadata says them (the frameworks package
// reads the real ones): a stand-in for any framework's reading.
type kindReading struct{}

const (
	CoderKindText        = "text-content"
	CoderKindThought     = "thought"
	CoderKindToolCall    = "tool-call-update"
	CoderKindStateChange = "state-change"
)

func (kindReading) Status(u *StatusUpdate) StatusRole {
	ca, _ := u.Metadata["coderAgent"].(map[string]any)
	switch ca["kind"] {
	case CoderKindText:
		return StatusReply
	case CoderKindThought:
		return StatusThought
	case CoderKindToolCall:
		return StatusToolCall
	}
	return StatusNote
}

func (kindReading) Artifact(*ArtifactUpdate) ArtifactRole { return ArtifactContent }

// geminiStatus is a status-update as gemini-cli's A2A server writes it:
// the CoderAgent kind in the event's metadata, a new message id each time.
func geminiStatus(id json.RawMessage, n int, state, kind string, parts string) string {
	msg := ""
	if parts != "" {
		msg = fmt.Sprintf(`,"message":{"kind":"message","role":"agent","parts":%s,"messageId":"m-%d","taskId":"t1","contextId":"c1"}`, parts, n)
	}
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":%q%s},"final":false,"metadata":{"coderAgent":{"kind":%q},"model":"gemini-2.5-pro"}}}`,
		id, state, msg, kind)
}

func streamTracker(t *testing.T, events func(id json.RawMessage) []string) (*Tracker, []Event) {
	t.Helper()
	srv, _ := protoServer(t, func(w http.ResponseWriter, r *http.Request, body []byte) {
		id := protoReadRPC(t, body).ID
		w.Header().Set("Content-Type", "text/event-stream")
		for _, e := range events(id) {
			fmt.Fprintf(w, "data: %s\n\n", e)
		}
	})
	c := protoClient(t, Interface{URL: srv.URL, Dialect: DialectV03, Binding: BindingJSONRPC})
	c.opts.Reading = kindReading{}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := c.Stream(ctx, SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tr := c.NewTracker()
	var evs []Event
	for {
		ev, err := st.Next()
		if err == io.EOF {
			return tr, evs
		}
		if err != nil {
			t.Fatal(err)
		}
		tr.Apply(ev)
		evs = append(evs, ev)
	}
}

// gemini-cli streams its reply as working status messages, one text
// delta each with its own message id, and ends the turn with
// input-required and no message: the deltas read as one reply, and the
// task has no status text (no word of the reply poses as a question).
// Thoughts and tool calls travel the same way and are not the reply.
func TestStatusDeltasReadAsOneReply(t *testing.T) {
	tr, evs := streamTracker(t, func(id json.RawMessage) []string {
		return []string{
			geminiStatus(id, 0, "working", CoderKindStateChange, ""),
			geminiStatus(id, 1, "working", CoderKindThought, `[{"kind":"data","data":{"subject":"Thinking","description":"about it"}}]`),
			geminiStatus(id, 2, "working", CoderKindText, `[{"kind":"text","text":"Fake"}]`),
			geminiStatus(id, 3, "working", CoderKindText, `[{"kind":"text","text":" Gemini"}]`),
			geminiStatus(id, 4, "working", CoderKindToolCall, `[{"kind":"data","data":{"request":{"callId":"c1","name":"ls"},"status":"success"}}]`),
			geminiStatus(id, 5, "working", CoderKindText, `[{"kind":"text","text":" says hi."}]`),
			geminiStatus(id, 6, "input-required", CoderKindStateChange, ""),
		}
	})
	roles := make([]StatusRole, len(evs))
	for i, ev := range evs {
		roles[i] = ReadStatus(kindReading{}, ev.Status)
	}
	want := []StatusRole{StatusNote, StatusThought, StatusReply, StatusReply, StatusToolCall, StatusReply, StatusNote}
	if fmt.Sprint(roles) != fmt.Sprint(want) {
		t.Fatalf("read as %v, want %v", roles, want)
	}
	if got := tr.Text(); got != "Fake Gemini says hi." {
		t.Fatalf("reply %q", got)
	}
	if task := tr.Task(); task.Status.State != StateInputRequired || task.Status.Message.Text() != "" {
		t.Fatalf("status %s %q", task.Status.State, task.Status.Message.Text())
	}
}

// An agent that reports its progress in separate status messages, with
// no signal that they are pieces of a reply, keeps them as notes: none
// becomes the answer, and the last is the task's status text. So does a
// status message that claims to be reply text but is the user's, or is
// the reason a task failed.
func TestProgressNotesStayNotes(t *testing.T) {
	tr, evs := streamTracker(t, func(id json.RawMessage) []string {
		note := func(n int, state, text, meta string) string {
			return fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":%q,"message":{"kind":"message","role":"agent","parts":[{"kind":"text","text":%q}],"messageId":"n%d"}},"final":false%s}}`, id, state, text, n, meta)
		}
		return []string{
			note(1, "working", "Searching…", ""),
			note(2, "working", "Found 3 results", ""),
			strings.Replace(note(3, "working", "user words", `,"metadata":{"coderAgent":{"kind":"text-content"}}`), `"role":"agent"`, `"role":"user"`, 1),
			note(4, "failed", "The search broke.", `,"metadata":{"coderAgent":{"kind":"text-content"}}`),
		}
	})
	for i, ev := range evs {
		if r := ReadStatus(kindReading{}, ev.Status); r != StatusNote {
			t.Fatalf("event %d read as %v, want a note", i, r)
		}
	}
	if got := tr.Text(); got != "" {
		t.Fatalf("notes became the reply %q", got)
	}
	if got := tr.Task().Status.Message.Text(); got != "The search broke." {
		t.Fatalf("status text %q", got)
	}
}

// A blocking send to gemini-cli returns the task with the reply's deltas
// as history messages and no status message: they read as the reply. A
// task that has a status message, or artifacts, answers with those, and
// history that does not follow a user turn is no reply to parley.
func TestTrackerReadsReplyFromHistoryOnlyWhenNothingElseSpeaks(t *testing.T) {
	msg := func(role Role, text string) Message { return Message{Role: role, Parts: []Part{TextPart(text)}} }
	hist := []Message{msg(RoleUser, "hi"), msg(RoleAgent, "old"), msg(RoleUser, "again"), msg(RoleAgent, "Fake"), msg(RoleAgent, " reply.")}
	cases := []struct {
		name string
		task Task
		want string
	}{
		{"history only", Task{ID: "t", Status: TaskStatus{State: StateInputRequired}, History: hist}, "Fake reply."},
		{"a status message", Task{ID: "t", Status: TaskStatus{State: StateCompleted, Message: &Message{Role: RoleAgent, Parts: []Part{TextPart("Done.")}}}, History: hist}, ""},
		{"an artifact", Task{ID: "t", Status: TaskStatus{State: StateCompleted}, History: hist, Artifacts: []Artifact{{ID: "a", Parts: []Part{TextPart("Art.")}}}}, "Art."},
		{"no user turn", Task{ID: "t", Status: TaskStatus{State: StateCompleted}, History: []Message{msg(RoleAgent, "unasked")}}, ""},
	}
	for _, c := range cases {
		var tr Tracker
		tr.Apply(Event{Task: &c.task})
		if got := tr.Text(); got != c.want {
			t.Errorf("%s: text %q, want %q", c.name, got, c.want)
		}
	}
}

// While the user confirms a tool call, gemini-cli reports the call's
// progress with the task's state at the time, input-required: those
// updates are content and do not end the stream; the state-change that
// ends the turn does.
func TestToolCallUpdatesDoNotSettleTheStream(t *testing.T) {
	tool := `[{"kind":"data","data":{"request":{"callId":"c1","name":"ls"},"status":"executing"}}]`
	tr, evs := streamTracker(t, func(id json.RawMessage) []string {
		return []string{
			geminiStatus(id, 1, "input-required", CoderKindToolCall, tool),
			geminiStatus(id, 2, "working", CoderKindStateChange, ""),
			geminiStatus(id, 3, "working", CoderKindText, `[{"kind":"text","text":"Listed."}]`),
			geminiStatus(id, 4, "input-required", CoderKindStateChange, ""),
			geminiStatus(id, 5, "working", CoderKindText, `[{"kind":"text","text":" after the end"}]`),
		}
	})
	if len(evs) != 4 || tr.Text() != "Listed." {
		t.Fatalf("%d events, text %q", len(evs), tr.Text())
	}
}
