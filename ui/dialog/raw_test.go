package dialog

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/themes"
	"github.com/parley-a2a/parley/ui/component"
	"github.com/parley-a2a/parley/ui/internal/uitest"
	"github.com/parley-a2a/parley/ui/keys"
	"github.com/parley-a2a/parley/ui/styles"
)

// A request is read as its binding writes it, and one that cannot be
// sent says why before anything goes.
func TestRawRequestAsWritten(t *testing.T) {
	req, why := rawRequest(a2aclient.DialectV10REST, "get  /tasks/abc", `{"x":1}`)
	if why != "" || req.Method != "GET" || req.Path != "/tasks/abc" || string(req.Body) != `{"x":1}` {
		t.Errorf("REST: %+v, %s", req, why)
	}
	req, why = rawRequest(a2aclient.DialectV03, " tasks/get ", `{"id":"abc"}`)
	if why != "" || req.Method != "tasks/get" || req.Path != "" {
		t.Errorf("JSON-RPC: %+v, %s", req, why)
	}
	for _, c := range []struct {
		d            a2aclient.Dialect
		method, body string
	}{
		{a2aclient.DialectV10, "", ""},
		{a2aclient.DialectV10REST, "GET tasks", ""},
		{a2aclient.DialectV10REST, "GET /tasks/{id}", ""},
		{a2aclient.DialectV10, "GetTask", "{not json"},
		{a2aclient.DialectV10GRPC, "GetTask", "{not json"},
	} {
		if _, why := rawRequest(c.d, c.method, c.body); why == "" {
			t.Errorf("%s %q %q: not refused", c.d, c.method, c.body)
		}
	}
}

// rawEvil is what a hostile agent puts in its replies.
const rawEvil = "\x1b]52;c;aGk=\a\x1b[2J\u202eevil\x9b31m\u200b"

func newTestRaw(send RawSend) *Raw {
	st := styles.New(themes.Dark)
	return NewRaw(st, keys.Or(nil), 4, "Demo", a2aclient.DialectV10, a2aclient.RawMethods(a2aclient.DialectV10), send)
}

// ↓ offers the binding's first method, ctrl+s sends it; the stream's
// events and the reply are kept, drawn on one line, expanded
// pretty-printed on enter, copied with ctrl+y; a hostile agent's text in
// them cannot drive the terminal.
func TestRawConsoleSendsAndKeeps(t *testing.T) {
	var got a2aclient.RawRequest
	send := func(ctx context.Context, req a2aclient.RawRequest, event func([]byte)) (*a2aclient.RawReply, error) {
		got = req
		event([]byte(`{"kind":"status-update","text":"working"}`))
		event([]byte("not json " + rawEvil))
		return &a2aclient.RawReply{URL: "http://127.0.0.1:1/v1.0", Status: 200, ContentType: "text/event-stream" + rawEvil, Events: 2}, nil
	}
	d := newTestRaw(send)
	d.SetSize(120, 30)
	d.Update(uitest.Key("down"))
	if d.method.Value() != "SendMessage" {
		t.Fatalf("↓ offered %q, want the binding's first, SendMessage", d.method.Value())
	}
	d.Update(uitest.Key("tab"))
	d.Update(tea.PasteMsg{Content: `{"message":{}}`})
	cmd, _ := d.Update(uitest.Key("ctrl+s"))
	runUntil(t, d, cmd, func() bool { return len(d.kept) == 1 && d.kept[0].done })
	if got.Method != "SendMessage" || string(got.Body) != `{"message":{}}` {
		t.Fatalf("sent %+v", got)
	}
	st := styles.New(themes.Dark)
	screen := drawnDialog(d, st, 120, 30)
	uitest.AssertTerminalSafe(t, screen)
	if plain := ansi.Strip(screen); !strings.Contains(plain, `→ SendMessage {"message":{}}  ← HTTP 200`) || !strings.Contains(plain, "2 events") {
		t.Errorf("the exchange's line is not drawn:\n%s", plain)
	}
	d.Update(uitest.Key("tab"))
	d.Update(uitest.Key("enter"))
	screen = drawnDialog(d, st, 120, 30)
	uitest.AssertTerminalSafe(t, screen)
	if plain := ansi.Strip(screen); !strings.Contains(plain, `"kind": "status-update",`) || !strings.Contains(plain, "event 2:") {
		t.Errorf("the expanded reply is not pretty-printed event by event:\n%s", plain)
	}
	if cmd, _ := d.Update(uitest.Key("ctrl+y")); cmd == nil {
		t.Error("ctrl+y copied nothing")
	}
	for _, w := range []int{40, 80} {
		uitest.AssertTerminalSafe(t, drawnDialog(d, st, w, 20))
	}
}

// The console keeps the last requests only, and ctrl+r writes a kept one
// again.
func TestRawConsoleKeepsTheLast(t *testing.T) {
	n := 0
	send := func(ctx context.Context, req a2aclient.RawRequest, event func([]byte)) (*a2aclient.RawReply, error) {
		n++
		return &a2aclient.RawReply{Status: 200, Body: []byte(`{"result":{}}`)}, nil
	}
	d := newTestRaw(send)
	for i := range rawKept + 3 {
		d.method.SetValue("GetTask")
		d.body.SetValue(`{"id":"` + string(rune('a'+i)) + `"}`)
		cmd, _ := d.Update(uitest.Key("ctrl+s"))
		runUntil(t, d, cmd, func() bool { return d.inflight == nil })
	}
	if n != rawKept+3 || len(d.kept) != rawKept {
		t.Fatalf("%d sent, %d kept; want %d kept", n, len(d.kept), rawKept)
	}
	if first := d.kept[0].body; first != `{"id":"d"}` {
		t.Errorf("the oldest kept is %s, want the fourth", first)
	}
	d.setFocus(rawReplies)
	d.cursor = 0
	d.Update(uitest.Key("ctrl+r"))
	if d.body.Value() != `{"id":"d"}` || d.focus != rawBody {
		t.Errorf("ctrl+r wrote %q (focus %d)", d.body.Value(), d.focus)
	}
}

// What a send says after the console stopped waiting for it (esc, or a
// console of another agent) is dropped; esc cancels the send.
func TestRawConsoleDropsStaleAndEscCancels(t *testing.T) {
	cancelled := make(chan struct{})
	started := make(chan struct{})
	send := func(ctx context.Context, req a2aclient.RawRequest, event func([]byte)) (*a2aclient.RawReply, error) {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return nil, ctx.Err()
	}
	d := newTestRaw(send)
	d.method.SetValue("GetTask")
	cmd, _ := d.Update(uitest.Key("ctrl+s"))
	for _, c := range cmd().(tea.BatchMsg) {
		go c()
	}
	<-started
	other := &rawExchange{}
	for _, m := range []rawMsg{{agent: 4, ex: other, done: true, err: context.Canceled}, {agent: 5, ex: d.inflight, done: true}} {
		if cmd, _ := d.Update(m); cmd != nil {
			t.Errorf("a stale message %+v asked for more", m)
		}
	}
	if d.inflight == nil || d.kept[0].done {
		t.Fatal("a stale message ended the send in flight")
	}
	if _, act := d.Update(uitest.Key("esc")); act != (component.Close{}) {
		t.Fatalf("esc: %#v, want Close", act)
	}
	<-cancelled
}

// The console at 80 and 120 columns: a request kept and expanded.
func TestGoldenRawConsole(t *testing.T) {
	st := styles.New(themes.Dark)
	for _, w := range []int{80, 120} {
		d := newTestRaw(nil)
		d.SetSize(w, 30)
		d.method.SetValue("GetTask")
		d.body.SetValue(`{"id":"t-1"}`)
		d.kept = []*rawExchange{
			{method: "GetTask", body: `{"id":"nope"}`, done: true, reply: &a2aclient.RawReply{Status: 200, ContentType: "application/json", Body: []byte(`{"jsonrpc":"2.0","id":"1","error":{"code":-32001,"message":"Task not found"}}`)}},
			{method: "GetTask", body: `{"id":"t-1"}`, done: true, open: true, reply: &a2aclient.RawReply{Status: 200, ContentType: "application/json", Body: []byte(`{"jsonrpc":"2.0","id":"2","result":{"id":"t-1","status":{"state":"TASK_STATE_COMPLETED"}}}`)}},
		}
		d.setFocus(rawReplies)
		d.cursor = 1
		requireGolden(t, "raw-"+map[int]string{80: "80", 120: "120"}[w], ansi.Strip(drawnDialog(d, st, w, 30)))
	}
}
