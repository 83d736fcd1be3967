package a2aclient

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// An answer streamed in appended chunks is kept by many agents as one
// part a chunk; GetTask returns it so. The stream joined those chunks
// into one text, so Get does too: a task fetched whole reads as it
// streamed ("package" and " main" on one line, a table whole), while
// a part with metadata of its own, or of another kind, stays apart.
func TestGetJoinsAnArtifactsTextAsTheStreamDid(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct{ ID json.RawMessage }
		_ = json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"},
			"artifacts":[{"artifactId":"a1","parts":[{"kind":"text","text":"package"},{"kind":"text","text":" main\n\n| a |"},{"kind":"text","text":" b |"},
				{"kind":"text","text":"a note","metadata":{"k":"v"}},{"kind":"data","data":{"n":1}},{"kind":"text","text":"after"},{"kind":"text","text":" data"}]}]}}`))
	}))
	defer srv.Close()
	c, err := Resolve(context.Background(), srv.URL, Options{Dialect: DialectV03, Retry: RetryPolicy{Tries: -1}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	task, err := c.Get(ctx, "t1", nil)
	if err != nil {
		t.Fatal(err)
	}
	parts := task.Artifacts[0].Parts
	var got []string
	for _, p := range parts {
		got = append(got, string(p.Kind)+":"+p.Text)
	}
	want := []string{"text:package main\n\n| a | b |", "text:a note", "data:", "text:after data"}
	if len(got) != len(want) {
		t.Fatalf("parts %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("part %d = %q, want %q", i, got[i], want[i])
		}
	}
}
