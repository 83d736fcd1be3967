package a2aclient

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A raw JSON-RPC request goes in an envelope with the credentials (the
// origin is the card's); a reply echoing the token shows it REDACTED;
// an error status is a reply, not an error.
func TestRawJSONRPC(t *testing.T) {
	var got map[string]any
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = nil
		_ = json.Unmarshal(b, &got)
		auth = r.Header.Get("Authorization")
		w.WriteHeader(http.StatusTeapot)
		_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no such method; you sent `+auth+`"}}`)
	}))
	defer srv.Close()
	a := &Agent{CardURL: srv.URL + "/.well-known/agent-card.json", Interfaces: []Interface{{URL: srv.URL, Binding: BindingJSONRPC, Dialect: DialectV03}}}
	c, err := NewClient(a, Options{Auth: []Authenticator{BearerToken{Token: "s3cret-token"}}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := c.Raw(context.Background(), RawRequest{Method: "tasks/nothing", Body: []byte(`{"id":"x"}`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got["method"] != "tasks/nothing" || got["jsonrpc"] != "2.0" || got["params"].(map[string]any)["id"] != "x" {
		t.Errorf("sent %v", got)
	}
	if auth != "Bearer s3cret-token" {
		t.Errorf("Authorization = %q", auth)
	}
	if rep.Status != http.StatusTeapot || strings.Contains(string(rep.Body), "s3cret-token") || !strings.Contains(string(rep.Body), "REDACTED") {
		t.Errorf("reply %d %s", rep.Status, rep.Body)
	}
	// Whole: the body goes as it is.
	if _, err := c.Raw(context.Background(), RawRequest{Body: []byte(`{"jsonrpc":"2.0","id":7}`), Whole: true}, nil); err != nil {
		t.Fatal(err)
	}
	if got["method"] != nil || got["id"] != float64(7) {
		t.Errorf("sent %v", got)
	}
}

// A REST interface on another origin than the card's gets no
// credentials; a stream's events come one by one.
func TestRawRESTUntrustedAndStream(t *testing.T) {
	var auth, path string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth, path = r.Header.Get("Authorization"), r.Method+" "+r.URL.RequestURI()
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "data: {\"n\":1}\n\ndata: {\"n\":2}\n\n")
	}))
	defer srv.Close()
	a := &Agent{CardURL: "http://[::1]:1/.well-known/agent-card.json", Interfaces: []Interface{{URL: srv.URL + "/v1", Binding: BindingREST, Dialect: DialectV10REST}}}
	c, err := NewClient(a, Options{Auth: []Authenticator{BearerToken{Token: "s3cret-token"}}})
	if err != nil {
		t.Fatal(err)
	}
	var evs []string
	rep, err := c.Raw(context.Background(), RawRequest{Method: "post", Path: "/message:stream?x=1", Body: []byte(`{}`)}, func(b []byte) { evs = append(evs, string(b)) })
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		t.Errorf("credentials went to an untrusted origin: %q", auth)
	}
	if path != "POST /v1/message:stream?x=1" || rep.Events != 2 || strings.Join(evs, ",") != `{"n":1},{"n":2}` {
		t.Errorf("%s: %d events %v", path, rep.Events, evs)
	}
}
