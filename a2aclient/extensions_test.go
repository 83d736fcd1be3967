package a2aclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
)

// Each dialect names the extensions header its own way: v1.0
// A2A-Extensions, v0.2/v0.3 X-A2A-Extensions, v0.1 none. The agent's echo
// is what ActivatedExtensions reports.
func TestExtensionHeaderPerDialect(t *testing.T) {
	var mu sync.Mutex
	var seen http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = r.Header.Clone()
		mu.Unlock()
		for _, n := range []string{"A2A-Extensions", "X-A2A-Extensions"} {
			if r.Header.Get(n) != "" {
				w.Header().Set(n, "urn:a, urn:b")
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"task not found"}}`))
	}))
	defer srv.Close()
	for _, c := range []struct {
		d          Dialect
		want, none string
	}{
		{DialectV10, "A2A-Extensions", "X-A2A-Extensions"},
		{DialectV03, "X-A2A-Extensions", "A2A-Extensions"},
		{DialectV02, "X-A2A-Extensions", "A2A-Extensions"},
		{DialectV01, "", "A2A-Extensions"},
	} {
		agent := &Agent{CardURL: srv.URL + "/card.json", Interfaces: []Interface{{URL: srv.URL, Binding: BindingJSONRPC, Dialect: c.d}}}
		cl, err := NewClient(agent, Options{Dialect: c.d, Extensions: []string{"urn:a", "urn:b"}})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = cl.Get(context.Background(), "t1", nil)
		mu.Lock()
		h := seen
		mu.Unlock()
		if c.want != "" && h.Get(c.want) != "urn:a,urn:b" {
			t.Errorf("%s: %s = %q", c.d, c.want, h.Get(c.want))
		}
		if h.Get(c.none) != "" || c.want == "" && h.Get("X-A2A-Extensions") != "" {
			t.Errorf("%s: sent the other header too: %v", c.d, h)
		}
		want := []string{"urn:a", "urn:b"}
		if c.want == "" {
			want = nil
		}
		if got := cl.ActivatedExtensions(); !slices.Equal(got, want) {
			t.Errorf("%s: activated %v, want %v", c.d, got, want)
		}
	}
}
