package auth

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/hostile"
)

// An OAuth token rides like any credential: home gets it, another origin
// a redirect points to does not, and the wire view shows it redacted.
// So does a client built for mutual TLS (its own HTTP client).
func TestOAuthTokenStaysHomeOnRedirect(t *testing.T) {
	const token = "oauth-access-9f3e1d"
	other := hostile.Serve()
	t.Cleanup(other.Close)
	home := hostile.Serve(hostile.Fault{Mode: hostile.Redirect, Methods: []string{"message/send"}, Location: other.URL})
	t.Cleanup(home.Close)
	tok := NewOAuthToken(oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token, TokenType: "Bearer", Expiry: time.Now().Add(time.Hour)}), "sso")

	ca := newCA(t)
	// A CA bundle makes the agent's own client, as tls_ca does.
	bundle := filepath.Join(t.TempDir(), "ca.pem")
	writeFile(t, bundle, ca.pem)
	hc, err := TLSClient(nil, config.TLS{TLSCA: bundle})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var wire []a2aclient.WireRecord
	for _, client := range []struct {
		name string
		o    a2aclient.Options
	}{{"default client", a2aclient.Options{}}, {"TLS client", a2aclient.Options{HTTPClient: hc}}} {
		o := client.o
		o.Auth = []a2aclient.Authenticator{tok}
		o.Wire = func(r a2aclient.WireRecord) { mu.Lock(); wire = append(wire, r); mu.Unlock() }
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, err := a2aclient.Resolve(ctx, home.URL, o)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Send(ctx, a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}}); err != nil {
			t.Fatalf("%s: %v", client.name, err)
		}
		cancel()
	}
	for _, r := range other.Requests() {
		for k, vs := range r.Header {
			if strings.Contains(strings.Join(vs, " "), token) {
				t.Errorf("the other origin got the token in %s", k)
			}
		}
	}
	if n := len(other.Requests()); n != 2 {
		t.Errorf("the other origin saw %d requests, want 2", n)
	}
	for _, r := range home.Requests() {
		if r.Header.Get("Authorization") != "Bearer "+token {
			t.Errorf("home got Authorization %q", r.Header.Get("Authorization"))
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, r := range wire {
		if h := r.Header.Get("Authorization"); h != "" && h != "REDACTED" {
			t.Errorf("wire Authorization %q", h)
		}
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
