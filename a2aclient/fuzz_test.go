package a2aclient

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Fuzz targets for everything that reads what an agent sends: the SSE
// reader (sse_reader_test.go), each dialect's decoders, the JSON-RPC
// envelope, the card, and whole streams through the client. Each checks
// that nothing panics and that every failure is one of the typed errors
// a person gets a clear sentence from. Seeds live in testdata/fuzz/<name>;
// `make fuzz` runs each target for a while.

// typed reports whether err is one of the errors parley words for people.
func typedError(err error) bool {
	var pe *ProtocolError
	var te *TransportError
	var he *HTTPError
	var ae *AuthError
	var re *RPCError
	var tl *EventTooLargeError
	return errors.As(err, &pe) || errors.As(err, &te) || errors.As(err, &he) || errors.As(err, &ae) ||
		errors.As(err, &re) || errors.As(err, &tl) || errors.Is(err, ErrUnsupportedOperation)
}

func checkTyped(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil && !typedError(err) {
		t.Fatalf("%s: untyped error %T: %v", what, err, err)
	}
}

// addSeeds adds every file under testdata/<dir> as a seed.
func addFileSeeds(f *testing.F, dir string) {
	paths, _ := filepath.Glob(filepath.Join("testdata", dir, "*"))
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}

func FuzzParseCard(f *testing.F) {
	addFileSeeds(f, "cards")
	f.Fuzz(func(t *testing.T, raw []byte) {
		a, err := ParseCard(raw, "https://agent.example/.well-known/agent-card.json")
		checkTyped(t, "card", err)
		if err == nil && a == nil {
			t.Fatal("no card and no error")
		}
	})
}

// FuzzDecodeKind covers the v0.1, v0.2 and v0.3 JSON-RPC decoders, which
// read parts tagged with "kind" or "type".
func FuzzDecodeKind(f *testing.F) {
	f.Add([]byte(v03FlightTask))
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, from := range []resultSource{fromReply, fromStream, fromV01Stream} {
			_, _, err := taggedDecodeEvent(raw, from)
			checkTyped(t, "event", err)
		}
		_, err := taggedDecodeResult(raw)
		checkTyped(t, "result", err)
		_, err = taggedDecodeTaskResult(raw)
		checkTyped(t, "task", err)
		for _, v01 := range []bool{false, true} {
			_, err = taggedDecodePush(raw, "t", v01)
			checkTyped(t, "push config", err)
		}
		_, err = v03DecodePushList(raw, "t")
		checkTyped(t, "push config list", err)
	})
}

// FuzzDecodeProto covers the proto-JSON decoders of v0.3 HTTP+JSON and
// v1.0 (JSON-RPC and HTTP+JSON), and REST error bodies.
func FuzzDecodeProto(f *testing.F) {
	f.Add([]byte(`{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"},"artifacts":[{"artifactId":"a","parts":[{"text":"hi"}]}]}}`))
	f.Add([]byte(`{"artifactUpdate":{"taskId":"t","artifact":{"artifactId":"a","parts":[{"file":{"fileWithBytes":"aGk=","mimeType":"text/plain"}}]},"append":true}}`))
	f.Add([]byte(`{"statusUpdate":{"taskId":"t","status":{"state":"TASK_STATE_WORKING","message":{"role":"ROLE_AGENT","content":[{"data":{"data":{"k":1}}}]}}}}`))
	f.Add([]byte(`{"tasks":[{"id":"t"}],"nextPageToken":"x"}`))
	f.Add([]byte(`{"error":{"code":404,"status":"NOT_FOUND","message":"task t not found","details":[{"reason":"TASK_NOT_FOUND"}]}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, s := range []protoShape{shapeV03, shapeV10} {
			_, _, err := decodeStreamResponse(raw, s)
			checkTyped(t, "stream response", err)
			_, err = decodeSendResponse(raw, s)
			checkTyped(t, "send response", err)
			_, err = decodeTask(raw, s)
			checkTyped(t, "task", err)
			_, err = decodeTaskPage(raw, s)
			checkTyped(t, "task page", err)
		}
		_, err := decodePushConfigs(raw, "t")
		checkTyped(t, "push configs", err)
		info := parseRESTError(raw)
		for _, d := range []Dialect{DialectV03REST, DialectV10REST} {
			_ = info.kind(d, 404, true, "/tasks/t")
		}
	})
}

// FuzzDecodeGateway covers the gateway dialect's task, error and agent
// list bodies.
func FuzzDecodeGateway(f *testing.F) {
	f.Add([]byte(`{"id":"t","status":"RUNNING","output":{"content":[{"type":"text","text":"hi"}]},"createdAt":1700000000000}`))
	f.Add([]byte(`{"taskId":"t","status":"TERMINATED","terminationCode":"FAILED","error":{"message":"boom"}}`))
	f.Add([]byte(`{"agents":[{"id":"a","name":"A","url":"/v1/a2a/agents/a"}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		_, err := decodeGatewayTask(raw, "t")
		checkTyped(t, "gateway task", err)
		gatewayErrorText(raw)
		gatewayListItems(raw)
	})
}

// FuzzRPCEnvelope covers the JSON-RPC response envelope of every dialect.
func FuzzRPCEnvelope(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":"1","result":{"kind":"task"}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"nope","data":[{"reason":"TASK_NOT_FOUND"}]}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":null,"result":null,"error":null}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, d := range Dialects {
			r := &rpc{dialect: d}
			_, err := r.decode(raw, "1")
			checkTyped(t, "envelope", withReason(err))
		}
	})
}

// fuzzDialects are the dialects whose streams FuzzStreamBody reads. The
// gateway has no streams: it is polled, and its bodies are fuzzed above.
var fuzzDialects = []Dialect{DialectV01, DialectV02, DialectV03, DialectV03REST, DialectV10, DialectV10REST}

// FuzzStreamBody sends whatever the fuzzer makes through a whole client
// as the reply to a stream, a send and a get: the first byte picks the
// dialect and whether the reply claims to be an event stream.
func FuzzStreamBody(f *testing.F) {
	f.Add([]byte("\x02data: {\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{\"kind\":\"task\",\"id\":\"t\",\"status\":{\"state\":\"working\"}}}\n\n" +
		"data: {\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{\"kind\":\"artifact-update\",\"taskId\":\"t\",\"artifact\":{\"artifactId\":\"a\",\"parts\":[{\"kind\":\"text\",\"text\":\"hi\"}]},\"append\":true}}\n\n"))
	f.Add([]byte("\x05data: {\"jsonrpc\":\"2.0\",\"id\":\"1\",\"result\":{\"statusUpdate\":{\"taskId\":\"t\",\"status\":{\"state\":\"TASK_STATE_COMPLETED\"}}}}\n\n"))
	f.Add([]byte("\x0b{\"task\":{\"id\":\"t\",\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		d := fuzzDialects[int(in[0])%len(fuzzDialects)]
		sse := in[0]&0x80 == 0
		body := in[1:]
		hc := &http.Client{Transport: fuzzRoundTrip(func(r *http.Request) (*http.Response, error) {
			h := http.Header{}
			if sse {
				h.Set("Content-Type", "text/event-stream")
			}
			return &http.Response{StatusCode: 200, Header: h, Body: io.NopCloser(bytes.NewReader(body)), Request: r}, nil
		})}
		agent := &Agent{Name: "fuzz", CardDialect: d, Capabilities: Capabilities{Streaming: true},
			Interfaces: []Interface{{URL: "http://agent.test/", Dialect: d}}}
		c, err := NewClient(agent, Options{HTTPClient: hc, MaxEventSize: 1 << 16, PollInterval: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req := SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}}
		if st, err := c.Stream(ctx, req); err != nil {
			checkTyped(t, "stream", err)
		} else {
			var tr Tracker
			for range 1000 {
				ev, err := st.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					checkTyped(t, "stream event", err)
					break
				}
				tr.Apply(ev)
			}
			st.Close()
			_ = tr.Task()
			_ = tr.Text()
		}
		_, err = c.Send(ctx, req)
		checkTyped(t, "send", err)
		_, err = c.Get(ctx, "t", nil)
		checkTyped(t, "get", err)
		if ctx.Err() != nil {
			t.Fatal("the client took longer than 5 s on one body")
		}
	})
}

type fuzzRoundTrip func(*http.Request) (*http.Response, error)

func (f fuzzRoundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
