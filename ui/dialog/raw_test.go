package dialog

import (
	"context"
	"encoding/json"
	"strconv"
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
	d.body.SetValue("") // in place of the body offered (TestRawOffersASendMessageBody)
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

// rawLongReply is a reply of 200 lines pretty-printed, as ListTasks
// gave a new user.
func rawLongReply() *a2aclient.RawReply {
	var b strings.Builder
	b.WriteString(`{"tasks":[`)
	for i := range 200 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"line-` + strconv.Itoa(i) + `"`)
	}
	b.WriteString(`]}`)
	return &a2aclient.RawReply{Status: 200, ContentType: "application/json", Body: []byte(b.String())}
}

// An expanded reply longer than the console scrolls: ↓ by a line, pgdown
// by a page, end to its last line, home back, the wheel too, with the
// lines hidden above and below counted; a new user saw 23 lines and
// nothing moved.
func TestRawExpandedReplyScrolls(t *testing.T) {
	st := styles.New(themes.Dark)
	d := newTestRaw(nil)
	d.kept = []*rawExchange{{method: "ListTasks", done: true, reply: rawLongReply()}}
	d.setFocus(rawReplies)
	d.Update(uitest.Key("enter"))
	plain := ansi.Strip(drawnDialog(d, st, 100, 30))
	if !strings.Contains(plain, `"line-0"`) || !strings.Contains(plain, "more below") || strings.Contains(plain, "more above") {
		t.Fatalf("expanded, the reply's top and a note of the rest:\n%s", plain)
	}
	d.Update(uitest.Key("down"))
	plain = ansi.Strip(drawnDialog(d, st, 100, 30))
	if !strings.Contains(plain, "more above") {
		t.Fatalf("↓ did not scroll the reply:\n%s", plain)
	}
	d.Update(uitest.Key("pgdown"))
	plain = ansi.Strip(drawnDialog(d, st, 100, 30))
	if strings.Contains(plain, `"line-10"`) {
		t.Fatalf("pgdown did not move a page:\n%s", plain)
	}
	d.Update(uitest.Key("end"))
	plain = ansi.Strip(drawnDialog(d, st, 100, 30))
	if !strings.Contains(plain, `"line-199"`) || strings.Contains(plain, "more below") {
		t.Fatalf("end did not show the reply's end:\n%s", plain)
	}
	d.Update(uitest.Key("home"))
	plain = ansi.Strip(drawnDialog(d, st, 100, 30))
	if !strings.Contains(plain, `"line-0"`) || strings.Contains(plain, "more above") {
		t.Fatalf("home did not go back to the top:\n%s", plain)
	}
	d.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	plain = ansi.Strip(drawnDialog(d, st, 100, 30))
	if !strings.Contains(plain, "more above") {
		t.Fatalf("the wheel did not scroll the reply:\n%s", plain)
	}
	if !strings.Contains(plain, "scroll") {
		t.Errorf("the border does not say how to scroll:\n%s", plain)
	}
	for _, h := range []int{10, 20} {
		uitest.AssertTerminalSafe(t, drawnDialog(d, st, 80, h))
	}
}

// Choosing the binding's SendMessage with the body empty writes a
// minimal valid body in the dialect's own shape: a user message with
// one text part.
func TestRawOffersASendMessageBody(t *testing.T) {
	st := styles.New(themes.Dark)
	for _, c := range []struct {
		d    a2aclient.Dialect
		want []string
	}{
		{a2aclient.DialectV10, []string{`"ROLE_USER"`, `"parts":[{"text":`, `"messageId"`}},
		{a2aclient.DialectV10REST, []string{`"ROLE_USER"`, `"parts":[{"text":`}},
		{a2aclient.DialectV10GRPC, []string{`"ROLE_USER"`, `"parts":[{"text":`}},
		{a2aclient.DialectV03, []string{`"role":"user"`, `{"kind":"text","text":`, `"kind":"message"`}},
		{a2aclient.DialectV03REST, []string{`"ROLE_USER"`, `"content":[{"text":`}},
		{a2aclient.DialectV01, []string{`"role":"user"`, `{"type":"text","text":`, `"sessionId"`}},
	} {
		d := NewRaw(st, keys.Or(nil), 4, "Demo", c.d, a2aclient.RawMethods(c.d), nil)
		d.Update(uitest.Key("down")) // the binding's first: its send
		d.Update(uitest.Key("tab"))
		body := d.body.Value()
		if !json.Valid([]byte(body)) {
			t.Errorf("%s: the body offered is not JSON: %q", c.d, body)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: the body offered %s lacks %s", c.d, body, w)
			}
		}
		if _, why := rawRequest(c.d, d.method.Value(), body); why != "" {
			t.Errorf("%s: the body offered cannot be sent: %s", c.d, why)
		}
	}
	d := newTestRaw(nil)
	d.method.SetValue("GetTask")
	d.Update(uitest.Key("tab"))
	if d.body.Value() != "" {
		t.Errorf("GetTask was given a body: %q", d.body.Value())
	}
	d.setFocus(rawMethod)
	d.method.SetValue("SendMessage")
	d.body.SetValue(`{"mine":1}`)
	d.Update(uitest.Key("tab"))
	if d.body.Value() != `{"mine":1}` {
		t.Errorf("a body written was replaced: %q", d.body.Value())
	}
}

// A JSON-RPC error answered with HTTP 200 is summed up as the error it
// is, its code and message cleaned, not as "HTTP 200": a new user read a
// -32602 as a success. A result stays summed up by its HTTP status.
func TestRawSummarySaysTheJSONRPCError(t *testing.T) {
	evil, _ := json.Marshal("Invalid params" + rawEvil)
	body := `{"jsonrpc":"2.0","id":"1","error":{"code":-32602,"message":` + string(evil) + `}}`
	ex := &rawExchange{method: "GetTask", done: true, reply: &a2aclient.RawReply{Status: 200, ContentType: "application/json", Body: []byte(body)}}
	got := ex.summary()
	uitest.AssertTerminalSafe(t, got)
	if !strings.HasPrefix(got, "← JSON-RPC error -32602 Invalid params") || strings.Contains(got, "HTTP 200") || !strings.HasSuffix(got, " · "+styles.ByteSize(len(body))) {
		t.Errorf("summary %q, want ← JSON-RPC error -32602 Invalid params … · %s", got, styles.ByteSize(len(body)))
	}
	ex = &rawExchange{method: "GetTask", done: true, reply: &a2aclient.RawReply{Status: 400, ContentType: "application/json", Body: []byte(body)}}
	if got := ex.summary(); !strings.HasPrefix(got, "← JSON-RPC error -32602") || !strings.Contains(got, "HTTP 400") {
		t.Errorf("over HTTP 400: %q, want the error and the status", got)
	}
	ok := &rawExchange{method: "GetTask", done: true, reply: &a2aclient.RawReply{Status: 200, ContentType: "application/json", Body: []byte(`{"jsonrpc":"2.0","id":"1","result":{"error":{"code":1,"message":"not mine"}}}`)}}
	if got := ok.summary(); !strings.HasPrefix(got, "← HTTP 200 application/json") {
		t.Errorf("a result: %q, want ← HTTP 200 application/json", got)
	}
}

// The border names enter only where enter does it: in the method field
// enter goes to the body; with a reply kept, enter in the body expands
// the reply under the cursor and goes to the replies, as the border
// says (a new user pressed enter there and nothing happened).
func TestRawEnterDoesWhatTheBorderSays(t *testing.T) {
	st := styles.New(themes.Dark)
	d := newTestRaw(nil)
	d.SetSize(120, 30)
	if plain := ansi.Strip(drawnDialog(d, st, 120, 30)); strings.Contains(plain, "enter expand") {
		t.Errorf("in the method field the border says enter expands:\n%s", plain)
	}
	d.Update(uitest.Key("enter"))
	if d.focus != rawBody {
		t.Fatalf("enter in the method field: focus %d, want the body", d.focus)
	}
	if plain := ansi.Strip(drawnDialog(d, st, 120, 30)); strings.Contains(plain, "enter expand") {
		t.Errorf("with no reply kept the border says enter expands:\n%s", plain)
	}
	d.kept = []*rawExchange{{method: "ListTasks", done: true, reply: rawLongReply()}}
	if plain := ansi.Strip(drawnDialog(d, st, 120, 30)); !strings.Contains(plain, "enter expand") {
		t.Fatalf("with a reply kept the border does not offer enter expand:\n%s", plain)
	}
	d.Update(uitest.Key("enter"))
	if !d.kept[0].open || d.focus != rawReplies {
		t.Errorf("enter in the body: open %v, focus %d; want the reply expanded and the replies focused", d.kept[0].open, d.focus)
	}
	if plain := ansi.Strip(drawnDialog(d, st, 120, 30)); !strings.Contains(plain, `"line-0"`) {
		t.Errorf("the reply is not drawn expanded:\n%s", plain)
	}
}
