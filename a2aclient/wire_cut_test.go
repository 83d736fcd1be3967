package a2aclient

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// A hostile agent echoes the caller's token where the wire log cuts a
// long body: no part of the token may stay in the log, not even the
// half before the cut.
func TestWireCutNeverKeepsHalfASecret(t *testing.T) {
	const secret = "sk-live-0123456789abcdefghij"
	for _, kind := range []WireKind{WireEvent, WireResponse} {
		var got []byte
		tr := &transport{wire: func(r WireRecord) { got = append([]byte(nil), r.Body...) }}
		tr.sentSecrets.learn("Bearer " + secret)
		body := strings.Repeat("x", maxWireBody-len(secret)/2) + secret + strings.Repeat("y", 100)
		tr.observe(WireRecord{Kind: kind, Body: []byte(body)})
		if len(got) == 0 {
			t.Fatalf("%s: nothing logged", kind)
		}
		for n := 8; n <= len(secret); n++ {
			if strings.Contains(string(got), secret[:n]) {
				t.Fatalf("%s: the log keeps %q of the token, cut at %d bytes", kind, secret[:n], maxWireBody)
			}
		}
	}
}

// A secret parley never sent (a push config's token set by an earlier
// run, an agent's own API key in its reply) is hidden by the name of the
// member that holds it. Where the 64 KB cut falls inside such a value,
// its closing quote is cut off: the half before the cut must go too.
func TestWireCutNeverKeepsHalfASecretMember(t *testing.T) {
	const secret = "0123456789abcdefghijklmnopqrstuv"
	for _, name := range []string{"token", "api_key", "apiKey", "access_token", "client_secret", "password", "credentials", "x-api-key"} {
		for _, cut := range []bool{false, true} {
			var got []byte
			tr := &transport{wire: func(r WireRecord) { got = append([]byte(nil), r.Body...) }}
			head := `{"note":"` + strings.Repeat("x", 40) + `","` + name + `" : "`
			if cut {
				// The value starts 16 bytes before the cut.
				head = `{"note":"` + strings.Repeat("x", maxWireBody-16-len(`{"note":"","`+name+`" : "`)) + `","` + name + `" : "`
			}
			body := head + secret + `","tail":"` + strings.Repeat("y", 100) + `"}`
			tr.observe(WireRecord{Kind: WireResponse, Body: []byte(body)})
			if len(got) == 0 {
				t.Fatalf("%s: nothing logged", name)
			}
			for n := 6; n <= len(secret); n++ {
				if strings.Contains(string(got), secret[:n]) {
					t.Errorf("member %q (cut %v): the log keeps %q of its value", name, cut, secret[:n])
					break
				}
			}
			if !cut && !strings.Contains(string(got), `"tail":"yyyy`) {
				t.Errorf("member %q: what follows the secret was lost: %.120s", name, got[len(got)-120:])
			}
		}
	}
	// Members that only look like a secret's name keep their values: a
	// page cursor and a context id are what the log is read for.
	var got []byte
	tr := &transport{wire: func(r WireRecord) { got = append([]byte(nil), r.Body...) }}
	tr.observe(WireRecord{Kind: WireResponse, Body: []byte(`{"nextPageToken":"page-2-cursor","sessionId":"ctx-123456","keywords":"alpha-beta"}`)})
	for _, keep := range []string{"page-2-cursor", "ctx-123456", "alpha-beta"} {
		if !strings.Contains(string(got), keep) {
			t.Errorf("%q was redacted: %s", keep, got)
		}
	}
}

// An error reply is read only to 64 KB before the wire log sees it: a
// secret member whose value that read cuts has no closing quote in the
// record, and its first half must not stay either.
func TestWireErrorReplyCutKeepsNoHalfSecret(t *testing.T) {
	const secret = "0123456789abcdefghijklmnopqrstuv"
	pad := strings.Repeat("x", 64<<10-16-len(`{"error":"","token":"`))
	reply := `{"error":"` + pad + `","token":"` + secret + `"}`
	for _, iface := range []Interface{
		{Binding: BindingREST, Dialect: DialectV10REST},
		{Binding: BindingREST, Dialect: DialectGateway},
		{Binding: BindingJSONRPC, Dialect: DialectV03},
	} {
		srv, _ := protoServer(t, func(w http.ResponseWriter, _ *http.Request, _ []byte) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, reply)
		})
		iface.URL = srv.URL
		var mu sync.Mutex
		var bodies []string
		c, err := NewClient(&Agent{Interfaces: []Interface{iface}}, Options{Wire: func(r WireRecord) {
			mu.Lock()
			bodies = append(bodies, string(r.Body))
			mu.Unlock()
		}})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = c.Get(context.Background(), "t1", nil)
		mu.Lock()
		all := strings.Join(bodies, "\n")
		mu.Unlock()
		if !strings.Contains(all, pad[:1000]) {
			t.Fatalf("%s: the error reply never reached the wire log; the test proves nothing", iface.Dialect)
		}
		if strings.Contains(all, secret[:6]) {
			t.Errorf("%s: the wire log keeps the first half of the secret the 64 KB read cut", iface.Dialect)
		}
	}
}
