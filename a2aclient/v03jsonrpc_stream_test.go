package a2aclient

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"testing"
)

// The v0.3 JSON-RPC stream: the v0.3.0 specification's example (seed
// 003, §9.3), one event per line (the example puts "data:" on the first line
// only and has a trailing comma in the second artifact event).
var v03EssayEvents = []string{
	`{"id":"225d6247-06ba-4cda-a08b-33ae35c8dcfa","contextId":"05217e44-7e9f-473e-ab4f-2c2dde50a2b1","status":{"state":"submitted","timestamp":"2025-04-02T16:59:25.331844"},"history":[{"role":"user","parts":[{"kind":"text","text":"write a long paper describing the attached pictures"},{"kind":"file","file":{"mimeType":"image/png","data":"<base64-encoded-content>"}}],"messageId":"bbb7dee1-cf5c-4683-8a6f-4114529da5eb","taskId":"225d6247-06ba-4cda-a08b-33ae35c8dcfa","contextId":"05217e44-7e9f-473e-ab4f-2c2dde50a2b1"}],"kind":"task","metadata":{}}`,
	`{"taskId":"225d6247-06ba-4cda-a08b-33ae35c8dcfa","contextId":"05217e44-7e9f-473e-ab4f-2c2dde50a2b1","artifact":{"artifactId":"9b6934dd-37e3-4eb1-8766-962efaab63a1","parts":[{"kind":"text","text":"<section 1...>"}]},"append":false,"lastChunk":false,"kind":"artifact-update"}`,
	`{"taskId":"225d6247-06ba-4cda-a08b-33ae35c8dcfa","contextId":"05217e44-7e9f-473e-ab4f-2c2dde50a2b1","artifact":{"artifactId":"9b6934dd-37e3-4eb1-8766-962efaab63a1","parts":[{"kind":"text","text":"<section 2...>"}]},"append":true,"lastChunk":false,"kind":"artifact-update"}`,
	`{"taskId":"225d6247-06ba-4cda-a08b-33ae35c8dcfa","contextId":"05217e44-7e9f-473e-ab4f-2c2dde50a2b1","artifact":{"artifactId":"9b6934dd-37e3-4eb1-8766-962efaab63a1","parts":[{"kind":"text","text":"<section 3...>"}]},"append":true,"lastChunk":true,"kind":"artifact-update"}`,
	`{"taskId":"225d6247-06ba-4cda-a08b-33ae35c8dcfa","contextId":"05217e44-7e9f-473e-ab4f-2c2dde50a2b1","status":{"state":"completed","timestamp":"2025-04-02T16:59:35.331844"},"final":true,"kind":"status-update"}`,
}

func TestV03StreamAssemblesEssay(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		taggedRPCEvents(w, c, v03EssayEvents...)
	})
	c := taggedRPCClient(t, f.URL, DialectV03)
	s, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{ID: "bbb7dee1-cf5c-4683-8a6f-4114529da5eb", Parts: []Part{TextPart("write a long paper describing the attached pictures")}}})
	if err != nil {
		t.Fatal(err)
	}
	assertEnvelope(t, f.call(t, 0), "message/stream")
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := eventKinds(evs), []string{"task", "artifact-update", "artifact-update", "artifact-update", "status-update"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("events = %v, want %v", got, want)
	}
	var tr Tracker
	for _, ev := range evs {
		tr.Apply(ev)
	}
	const id = "9b6934dd-37e3-4eb1-8766-962efaab63a1"
	if a, _ := tr.Artifact(id); a.Text() != "<section 1...><section 2...><section 3...>" || !tr.Sealed(id) {
		t.Errorf("artifact = %q, sealed %v", a.Text(), tr.Sealed(id))
	}
	task := tr.Task()
	if task.ID != "225d6247-06ba-4cda-a08b-33ae35c8dcfa" || task.Status.State != StateCompleted || len(task.History) != 1 {
		t.Errorf("task = %+v", task)
	}
	// The example's file part says "data" and holds no base64: kept raw.
	if p := task.History[0].Parts[1]; p.Kind != PartData {
		t.Errorf("garbage file part = %+v, want it kept as data", p)
	}
}

func TestV03StreamInfersKindsAndSkipsUnknownEvents(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		taggedRPCEvents(w, c,
			`{"taskId":"t1","contextId":"c1","status":{"state":"working"},"final":false}`,
			`{"kind":"progress-update","percent":50}`,
			`{"taskId":"t1","contextId":"c1","artifact":{"artifactId":"a","parts":[{"text":"hel"}]}}`,
			`{"taskId":"t1","contextId":"c1","artifact":{"artifactId":"a","parts":[{"text":"lo"}]},"append":true,"lastChunk":true}`,
			`{"taskId":"t1","contextId":"c1","status":{"state":"completed"}}`,
		)
	})
	s, err := taggedRPCClient(t, f.URL, DialectV03).Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := eventKinds(evs), []string{"status-update", "artifact-update", "artifact-update", "status-update"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("events = %v, want %v", got, want)
	}
	var tr Tracker
	for _, ev := range evs {
		tr.Apply(ev)
	}
	if tr.Text() != "hello" || !tr.Sealed("a") || tr.Task().ContextID != "c1" {
		t.Errorf("text %q sealed %v task %+v", tr.Text(), tr.Sealed("a"), tr.Task())
	}
}

func TestV03StreamEndsAtInputRequiredWithoutFinal(t *testing.T) {
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		taggedRPCEvents(w, c,
			`{"kind":"task","id":"3f36680c","contextId":"c2","status":{"state":"working"}}`,
			`{"kind":"status-update","taskId":"3f36680c","contextId":"c2","status":{"state":"input-required","message":{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"text","text":"Where would you like to fly to?"}]}},"final":false}`,
		)
		<-r.Context().Done()
	})
	s, err := taggedRPCClient(t, f.URL, DialectV03).Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("I'd like to book a flight.")}}})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || evs[1].Status.Status.State != StateInputRequired || evs[1].Status.Status.Message.Text() != "Where would you like to fly to?" {
		t.Fatalf("events = %+v", evs)
	}
	if _, err := s.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("Next after input-required = %v, want io.EOF", err)
	}
}

func TestSSEFramingVariants(t *testing.T) {
	working := `{"jsonrpc":"2.0","id":%[1]s,"result":{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":"working"},"final":false}}`
	done := `{"jsonrpc":"2.0","id":%[1]s,"result":{"kind":"status-update","taskId":"t1","contextId":"c1","status":{"state":"completed"},"final":true}}`
	split := "data: {\"jsonrpc\":\"2.0\",\n" + "data: \"id\":%[1]s,\n" + "data: \"result\":{\"kind\":\"status-update\",\"taskId\":\"t1\",\n" + "data: \"status\":{\"state\":\"working\"}}}\n\n"
	for _, tc := range []struct {
		name, contentType, body string
	}{
		{"LF", "text/event-stream", "data: " + working + "\n\ndata: " + done + "\n\n"},
		{"CRLF", "text/event-stream", "data: " + working + "\r\n\r\ndata: " + done + "\r\n\r\n"},
		{"keep-alive comments", "text/event-stream", ": keep-alive\n\ndata: " + working + "\n\n: keep-alive\n: another\n\ndata: " + done + "\n\n"},
		{"data without space", "text/event-stream", "data:" + working + "\n\ndata:" + done + "\n\n"},
		{"JSON over several data lines", "text/event-stream", split + "data: " + done + "\n\n"},
		{"event, id and retry fields", "text/event-stream", "event: message\nid: 1\nretry: 1000\ndata: " + working + "\n\nid: 2\nevent: status-update\ndata: " + done + "\n\n"},
		{"SSE labelled text/plain", "text/plain; charset=utf-8", ": hello\ndata: " + working + "\n\ndata: " + done + "\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
				w.Header().Set("Content-Type", tc.contentType)
				fmt.Fprintf(w, tc.body, c.ID)
			})
			s, err := taggedRPCClient(t, f.URL, DialectV03).Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
			if err != nil {
				t.Fatal(err)
			}
			evs, err := drainStream(t, s)
			if err != nil {
				t.Fatal(err)
			}
			if len(evs) != 2 || evs[0].Status.Status.State != StateWorking || evs[1].Status.Status.State != StateCompleted {
				t.Errorf("events = %+v", evs)
			}
		})
	}
}

func TestV03JSONRPCAsTextPlain(t *testing.T) {
	// a2a-go v0.3 answers JSON-RPC as text/plain, streams included when it
	// has a single reply.
	f := newOldrpcFake(t, func(w http.ResponseWriter, r *http.Request, c taggedRPCCall) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"}}}`, c.ID)
	})
	c := taggedRPCClient(t, f.URL, DialectV03)
	res, err := c.Send(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
	if err != nil || res.Task == nil || res.Task.Status.State != StateCompleted {
		t.Fatalf("send = %+v, %v", res, err)
	}
	s, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("x")}}})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := drainStream(t, s)
	if err != nil || len(evs) != 1 || evs[0].Task == nil {
		t.Errorf("stream = %+v, %v", evs, err)
	}
}
