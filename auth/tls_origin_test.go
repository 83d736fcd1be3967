package auth

import (
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/internal/hostile"
)

// The client certificate is a credential: the agent's own origin gets
// it, a foreign endpoint its card names does not.
func TestMutualTLSCertStaysOnTrustedOrigin(t *testing.T) {
	a, b := hostile.NewSiteTLS(), hostile.NewSiteTLS()
	defer a.Close()
	defer b.Close()
	a.SetCard("/.well-known/agent-card.json", "A", b.URL+"/rpc")

	ca := newCA(t)
	dir := t.TempDir()
	cliCert, cliKey := ca.issue(t, "parley-user", x509.ExtKeyUsageClientAuth)
	write := func(name string, data []byte, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Both sites use httptest's certificate; trusting it is the test's
	// private CA bundle.
	bundle := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: a.Certificate().Raw})
	hc, err := TLSClient(nil, config.TLS{TLSCert: write("c.crt", cliCert, 0o644), TLSKey: write("c.key", cliKey, 0o600), TLSCA: write("ca.pem", bundle, 0o644)})
	if err != nil {
		t.Fatal(err)
	}
	c, err := a2aclient.Resolve(t.Context(), a.URL, a2aclient.Options{HTTPClient: hc})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Send(t.Context(), a2aclient.SendRequest{Message: a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("hi")}}}); err != nil {
		t.Fatal(err)
	}
	if len(b.Requests()) == 0 {
		t.Fatal("the foreign endpoint was never called; the test proves nothing")
	}
	if leaks := b.Leaks(); len(leaks) > 0 {
		t.Errorf("the foreign origin got the client certificate:\n%s", strings.Join(leaks, "\n"))
	}
	if r := a.Requests(); len(r) == 0 || !r[0].ClientCert {
		t.Error("the agent's own origin did not get the client certificate; the test proves nothing")
	}
}

// A redirect to another origin does not take the client certificate
// along, even to present it in the new origin's handshake.
func TestMutualTLSCertNotPresentedAfterRedirect(t *testing.T) {
	a, b := hostile.NewSiteTLS(), hostile.NewSiteTLS()
	defer a.Close()
	defer b.Close()
	a.Set("/.well-known/agent-card.json", hostile.Doc{Location: b.URL + "/.well-known/agent-card.json"})
	b.SetCard("/.well-known/agent-card.json", "B", "/rpc")
	ca := newCA(t)
	dir := t.TempDir()
	cliCert, cliKey := ca.issue(t, "parley-user", x509.ExtKeyUsageClientAuth)
	_ = os.WriteFile(filepath.Join(dir, "c.crt"), cliCert, 0o644)
	_ = os.WriteFile(filepath.Join(dir, "c.key"), cliKey, 0o600)
	_ = os.WriteFile(filepath.Join(dir, "ca.pem"), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: a.Certificate().Raw}), 0o644)
	hc, err := TLSClient(nil, config.TLS{TLSCert: filepath.Join(dir, "c.crt"), TLSKey: filepath.Join(dir, "c.key"), TLSCA: filepath.Join(dir, "ca.pem")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a2aclient.Resolve(t.Context(), a.URL, a2aclient.Options{HTTPClient: hc}); err != nil {
		t.Fatal(err)
	}
	if len(b.Requests()) == 0 {
		t.Fatal("the redirect was not followed; the test proves nothing")
	}
	if leaks := b.Leaks(); len(leaks) > 0 {
		t.Errorf("the redirect's origin got the client certificate:\n%s", strings.Join(leaks, "\n"))
	}
}
