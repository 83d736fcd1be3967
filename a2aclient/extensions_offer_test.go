package a2aclient

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// An offered extension is activated only when the card declares it, the
// client's preferred version of those the card declares, and its
// metadata goes into every message sent, on each HTTP binding (gRPC: the
// demo agent's test in session/a2ui).
func TestOfferActivatesTheNewestDeclaredVersion(t *testing.T) {
	var mu sync.Mutex
	var header http.Header
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		header, body = r.Header.Clone(), b
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"no"}}`))
	}))
	defer srv.Close()
	offer := ExtensionOffer{URIs: []string{"urn:ui/v2", "urn:ui/v1"}, Metadata: func(uri string) map[string]any {
		return map[string]any{"uiCaps": map[string]any{"version": uri}}
	}}
	for _, c := range []struct {
		d        Dialect
		b        Binding
		header   string
		declared []string
		want     string
	}{
		{DialectV10, BindingJSONRPC, "A2A-Extensions", []string{"urn:ui/v1", "urn:ui/v2"}, "urn:ui/v2"},
		{DialectV10REST, BindingREST, "A2A-Extensions", []string{"urn:ui/v1", "urn:ui/v2"}, "urn:ui/v2"},
		{DialectV03, BindingJSONRPC, "X-A2A-Extensions", []string{"urn:ui/v1"}, "urn:ui/v1"},
		{DialectV03REST, BindingREST, "X-A2A-Extensions", []string{"urn:ui/v1", "urn:other"}, "urn:ui/v1"},
		{DialectV02, BindingJSONRPC, "X-A2A-Extensions", []string{"urn:ui/v2"}, "urn:ui/v2"},
		{DialectV03, BindingJSONRPC, "X-A2A-Extensions", []string{"urn:other"}, ""},
		{DialectV10, BindingJSONRPC, "A2A-Extensions", nil, ""},
	} {
		agent := &Agent{CardURL: srv.URL + "/card.json", Interfaces: []Interface{{URL: srv.URL, Binding: c.b, Dialect: c.d}}}
		for _, uri := range c.declared {
			agent.Capabilities.Extensions = append(agent.Capabilities.Extensions, Extension{URI: uri})
		}
		cl, err := NewClient(agent, Options{Dialect: c.d, Offers: []ExtensionOffer{offer}})
		if err != nil {
			t.Fatal(err)
		}
		own := map[string]any{"mine": "kept"}
		_, _ = cl.Send(context.Background(), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}, Metadata: own}})
		mu.Lock()
		h, b := header, body
		mu.Unlock()
		if got := h.Get(c.header); got != c.want {
			t.Errorf("%s %v: %s = %q, want %q", c.d, c.declared, c.header, got, c.want)
		}
		var sent struct {
			Params struct {
				Message struct{ Metadata map[string]any } `json:"message"`
			} `json:"params"`
			Message struct{ Metadata map[string]any } `json:"message"`
		}
		if err := json.Unmarshal(b, &sent); err != nil {
			t.Fatalf("%s: body %s: %v", c.d, b, err)
		}
		md := sent.Params.Message.Metadata
		if md == nil {
			md = sent.Message.Metadata
		}
		caps, _ := md["uiCaps"].(map[string]any)
		if got, _ := caps["version"].(string); got != c.want {
			t.Errorf("%s %v: message metadata %v, want uiCaps for %q (body %s)", c.d, c.declared, md, c.want, strings.TrimSpace(string(b)))
		}
		if md["mine"] != "kept" || len(own) != 1 {
			t.Errorf("%s: the caller's metadata was lost or changed: sent %v, own %v", c.d, md, own)
		}
		// A client derived for sign-in activates the same.
		if d, err := cl.WithAuth(); err != nil || (c.want != "" && (len(d.Extensions()) != 1 || d.Extensions()[0] != c.want)) {
			t.Errorf("%s: WithAuth activates %v", c.d, d.Extensions())
		}
	}
}
