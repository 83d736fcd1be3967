package a2aclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"sync"
	"testing"
	"time"
)

// A fake JSON-RPC agent for the v0.1–v0.3 binding tests. Every request is
// recorded; the handler answers it.

type taggedRPCCall struct {
	HTTPMethod string
	Path       string
	Header     http.Header
	Body       []byte
	ID         json.RawMessage
	Method     string
	Params     json.RawMessage
}

type taggedRPCFake struct {
	*httptest.Server
	mu    sync.Mutex
	calls []taggedRPCCall
}

type taggedRPCHandler func(w http.ResponseWriter, r *http.Request, c taggedRPCCall)

func newOldrpcFake(t *testing.T, h taggedRPCHandler) *taggedRPCFake {
	t.Helper()
	f := &taggedRPCFake{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var env struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		_ = json.Unmarshal(body, &env)
		c := taggedRPCCall{HTTPMethod: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body, ID: env.ID, Method: env.Method, Params: env.Params}
		f.mu.Lock()
		f.calls = append(f.calls, c)
		f.mu.Unlock()
		h(w, r, c)
	}))
	t.Cleanup(f.Close)
	return f
}

// taggedRPCRoutes answers each method with a fixed result; any other method
// gets -32601.
func taggedRPCRoutes(results map[string]string) taggedRPCHandler {
	return func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		res, ok := results[c.Method]
		if !ok {
			taggedRPCError(w, c, -32601, "Method not found")
			return
		}
		taggedRPCResult(w, c, res)
	}
}

func (f *taggedRPCFake) methods() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, c := range f.calls {
		out = append(out, c.Method)
	}
	return out
}

func (f *taggedRPCFake) call(t *testing.T, i int) taggedRPCCall {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	if i >= len(f.calls) {
		t.Fatalf("only %d requests reached the agent, want request #%d", len(f.calls), i+1)
	}
	return f.calls[i]
}

func taggedRPCResult(w http.ResponseWriter, c taggedRPCCall, result string) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, c.ID, result)
}

func taggedRPCError(w http.ResponseWriter, c taggedRPCCall, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%q}}`, c.ID, code, msg)
}

// taggedRPCEvents streams each result as one SSE event and ends the stream.
func taggedRPCEvents(w http.ResponseWriter, c taggedRPCCall, results ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, res := range results {
		fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}\n\n", c.ID, compactJSON(res))
		w.(http.Flusher).Flush()
	}
}

func compactJSON(s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return s // deliberately broken JSON stays as it is
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func taggedRPCClient(t *testing.T, url string, d Dialect) *Client {
	t.Helper()
	agent := &Agent{Interfaces: []Interface{{URL: url, Binding: BindingJSONRPC, Dialect: d}}, Capabilities: Capabilities{Streaming: true}}
	c, err := NewClient(agent, Options{PollInterval: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// assertJSON compares JSON by value: the same members with the same values,
// nothing more, in any order.
func assertJSON(t *testing.T, what string, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: not JSON: %v: %s", what, err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: bad expectation: %v", what, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got %s\nwant %s", what, compactJSON(string(got)), compactJSON(want))
	}
}

// assertEnvelope checks the JSON-RPC request envelope and returns params.
func assertEnvelope(t *testing.T, c taggedRPCCall, method string) json.RawMessage {
	t.Helper()
	var env map[string]json.RawMessage
	if err := json.Unmarshal(c.Body, &env); err != nil {
		t.Fatalf("request is not JSON: %s", c.Body)
	}
	if string(env["jsonrpc"]) != `"2.0"` || c.Method != method || len(c.ID) == 0 || c.ID[0] != '"' {
		t.Errorf("envelope = %s, want jsonrpc 2.0, method %s, a string id", c.Body, method)
	}
	if c.HTTPMethod != http.MethodPost || c.Header.Get("Content-Type") != "application/json" {
		t.Errorf("sent %s with Content-Type %q, want POST application/json", c.HTTPMethod, c.Header.Get("Content-Type"))
	}
	return env["params"]
}

func drainStream(t *testing.T, s *Stream) ([]Event, error) {
	t.Helper()
	var evs []Event
	for range 1000 {
		ev, err := s.Next()
		if errors.Is(err, io.EOF) {
			return evs, nil
		}
		if err != nil {
			return evs, err
		}
		evs = append(evs, ev)
	}
	t.Fatal("stream never ended")
	return nil, nil
}

func eventKinds(evs []Event) []string {
	var out []string
	for _, ev := range evs {
		out = append(out, ev.Kind())
	}
	return out
}

// Unit tests of the shared reader.

func TestKWEncodePartsByTag(t *testing.T) {
	parts := []Part{
		TextPart(""),
		{Kind: PartFile, File: &File{Name: "a.png", MimeType: "image/png", Bytes: []byte("hi")}},
		{Kind: PartFile, File: &File{URI: "https://x.example/f"}},
		{Kind: PartData, Data: []any{1.0, "two"}, Metadata: map[string]any{"k": "v"}},
		{Kind: PartData},
	}
	for _, tc := range []struct {
		tag  partTag
		want string
	}{
		{tagType, `[{"type":"text","text":""},{"type":"file","file":{"name":"a.png","mimeType":"image/png","bytes":"aGk="}},{"type":"file","file":{"uri":"https://x.example/f"}},{"type":"data","data":[1,"two"],"metadata":{"k":"v"}},{"type":"data","data":{}}]`},
		{tagKind, `[{"kind":"text","text":""},{"kind":"file","file":{"name":"a.png","mimeType":"image/png","bytes":"aGk="}},{"kind":"file","file":{"uri":"https://x.example/f"}},{"kind":"data","data":[1,"two"],"metadata":{"k":"v"}},{"kind":"data","data":{}}]`},
	} {
		b, err := json.Marshal(taggedEncodeParts(parts, tc.tag))
		if err != nil {
			t.Fatal(err)
		}
		assertJSON(t, string(tc.tag), b, tc.want)
	}
	if b, _ := json.Marshal(taggedEncodeParts(nil, tagKind)); string(b) != "[]" {
		t.Errorf("no parts encode as %s, want []", b)
	}
}

func TestKWDecodePartLeniency(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		want      Part
	}{
		{"kind text", `{"kind":"text","text":"hi"}`, TextPart("hi")},
		{"type text", `{"type":"text","text":"hi"}`, TextPart("hi")},
		{"untagged text", `{"text":"hi","metadata":{"a":1}}`, Part{Kind: PartText, Text: "hi", Metadata: map[string]any{"a": 1.0}}},
		{"metadata not an object", `{"kind":"text","text":"hi","metadata":[1]}`, TextPart("hi")},
		{"file bytes", `{"kind":"file","file":{"name":"n","mimeType":"text/plain","bytes":"aGVsbG8="}}`, Part{Kind: PartFile, File: &File{Name: "n", MimeType: "text/plain", Bytes: []byte("hello")}}},
		{"file bytes unpadded url alphabet", `{"kind":"file","file":{"bytes":"_-8"}}`, Part{Kind: PartFile, File: &File{Bytes: []byte{0xff, 0xef}}}},
		{"file uri", `{"type":"file","file":{"uri":"https://x.example/f"}}`, Part{Kind: PartFile, File: &File{URI: "https://x.example/f"}}},
		{"file data alias", `{"kind":"file","file":{"mimeType":"image/png","data":"aGk="}}`, Part{Kind: PartFile, File: &File{MimeType: "image/png", Bytes: []byte("hi")}}},
		{"data object", `{"kind":"data","data":{"x":[1,2]}}`, Part{Kind: PartData, Data: map[string]any{"x": []any{1.0, 2.0}}, KeyOrder: []string{"x"}}},
		{"data array (v0.1)", `{"type":"data","data":[{"id":1}]}`, Part{Kind: PartData, Data: []any{map[string]any{"id": 1.0}}, KeyOrder: []string{"id"}}},
		{"unknown kind kept raw", `{"kind":"image","url":"u"}`, Part{Kind: PartData, Data: map[string]any{"kind": "image", "url": "u"}}},
		{"text not a string kept raw", `{"kind":"text","text":5}`, Part{Kind: PartData, Data: map[string]any{"kind": "text", "text": 5.0}}},
		{"bad base64 kept raw", `{"kind":"file","file":{"bytes":"***"}}`, Part{Kind: PartData, Data: map[string]any{"kind": "file", "file": map[string]any{"bytes": "***"}}}},
		{"not an object kept raw", `"just text"`, Part{Kind: PartData, Data: "just text"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := taggedDecodePart(json.RawMessage(tc.raw))
			if !ok || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v (ok %v), want %#v", got, ok, tc.want)
			}
		})
	}
	if _, ok := taggedDecodePart(json.RawMessage("null")); ok {
		t.Error("a null part should be dropped")
	}
}

func TestKWKindInference(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		from resultSource
		want string
	}{
		{`{"kind":"task","id":"t"}`, fromReply, "task"},
		{`{"kind":"status-update","taskId":"t","status":{"state":"working"}}`, fromReply, "status-update"},
		{`{"kind":"artifact_update","taskId":"t","artifact":{"parts":[]}}`, fromReply, "artifact-update"},
		{`{"kind":"TaskStatusUpdateEvent","taskId":"t","status":{"state":"working"}}`, fromReply, "status-update"},
		{`{"id":"t","status":{"state":"working"}}`, fromReply, "task"},
		{`{"id":"t","status":{"state":"working"}}`, fromV01Stream, "status-update"},
		{`{"id":"t","status":{"state":"working"},"final":false}`, fromReply, "status-update"},
		{`{"id":"t","sessionId":"s","status":{"state":"working"}}`, fromV01Stream, "task"},
		{`{"taskId":"t","status":{"state":"working"}}`, fromReply, "status-update"},
		{`{"status":{"state":"working"}}`, fromReply, "task"},
		{`{"status":{"state":"working"}}`, fromStream, "status-update"},
		{`{"id":"t","artifact":{"parts":[]}}`, fromV01Stream, "artifact-update"},
		{`{"messageId":"m","parts":[],"role":"agent"}`, fromReply, "message"},
		{`{"role":"agent","parts":[]}`, fromReply, "message"},
		{`{"task":{"id":"t","status":{"state":"completed"}}}`, fromReply, "task"},
		{`{"statusUpdate":{"taskId":"t","status":{"state":"completed"}}}`, fromReply, "status-update"},
		{`{"kind":"mystery","foo":1}`, fromReply, "empty"},
	} {
		ev, ok, err := taggedDecodeEvent(json.RawMessage(tc.raw), tc.from)
		if err != nil {
			t.Errorf("%s: %v", tc.raw, err)
			continue
		}
		if got := ev.Kind(); got != tc.want || ok != (tc.want != "empty") {
			t.Errorf("%s (from %d): kind %s ok %v, want %s", tc.raw, tc.from, got, ok, tc.want)
		}
	}
	for _, raw := range []string{`[1]`, `"x"`, `null`, `{"kind":"task","status":"done"}`} {
		_, _, err := taggedDecodeEvent(json.RawMessage(raw), fromReply)
		var pe *ProtocolError
		if !errors.As(err, &pe) {
			t.Errorf("%s: err = %v, want a ProtocolError", raw, err)
		}
	}
}

func TestKWTimestampAndIDs(t *testing.T) {
	ev, _, err := taggedDecodeEvent(json.RawMessage(`{"id":42,"contextId":7,"status":{"state":"WORKING","timestamp":"2025-04-02T16:59:25.331844"},"artifacts":[{"parts":[]},{"index":3,"parts":[]},{"artifactId":"a","parts":[]}]}`), fromReply)
	if err != nil {
		t.Fatal(err)
	}
	task := ev.Task
	if task.ID != "42" || task.ContextID != "7" || task.Status.State != StateWorking {
		t.Errorf("task = %+v", task)
	}
	if want := time.Date(2025, 4, 2, 16, 59, 25, 331844000, time.UTC); !task.Status.Timestamp.Equal(want) {
		t.Errorf("zone-less timestamp = %v, want %v", task.Status.Timestamp, want)
	}
	var ids []string
	for _, a := range task.Artifacts {
		ids = append(ids, a.ID)
	}
	if !reflect.DeepEqual(ids, []string{"0", "3", "a"}) {
		t.Errorf("artifact ids = %v, want position, index, artifactId", ids)
	}
	for _, raw := range []string{`"yesterday"`, `12345`, `null`, `{}`} {
		if ts := looseTimestamp(json.RawMessage(raw)); !ts.IsZero() {
			t.Errorf("timestamp %s = %v, want zero", raw, ts)
		}
	}
}
