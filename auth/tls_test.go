package auth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
	pem  []byte
}

func newCA(t *testing.T) *testCA {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "parley test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return &testCA{cert: cert, key: key, pem: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

// issue returns a PEM certificate and key signed by the CA.
func (ca *testCA) issue(t *testing.T, cn string, usage x509.ExtKeyUsage) (certPEM, keyPEM []byte) {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{usage},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.cert, &key.PublicKey, ca.key)
	if err != nil {
		t.Fatal(err)
	}
	kder, _ := x509.MarshalECPrivateKey(key)
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder})
}

func TestMutualTLSWithCustomCA(t *testing.T) {
	ca := newCA(t)
	srvCert, srvKey := ca.issue(t, "agent", x509.ExtKeyUsageServerAuth)
	pair, err := tls.X509KeyPair(srvCert, srvKey)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca.cert)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("hello " + r.TLS.PeerCertificates[0].Subject.CommonName))
	}))
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{pair}, ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: pool}
	srv.StartTLS()
	defer srv.Close()

	dir := t.TempDir()
	cliCert, cliKey := ca.issue(t, "parley-user", x509.ExtKeyUsageClientAuth)
	write := func(name string, data []byte, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	settings := config.TLS{TLSCert: write("client.crt", cliCert, 0o644), TLSKey: write("client.key", cliKey, 0o600), TLSCA: write("ca.pem", ca.pem, 0o644)}

	hc, err := TLSClient(nil, settings)
	if err != nil {
		t.Fatal(err)
	}
	if hc.CheckRedirect == nil {
		t.Error("the TLS client lost the redirect policy")
	}
	resp, err := hc.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body := make([]byte, 64)
	n, _ := resp.Body.Read(body)
	resp.Body.Close()
	if string(body[:n]) != "hello parley-user" {
		t.Errorf("server saw %q", body[:n])
	}

	// Without the client certificate the server refuses; without the CA
	// parley does not trust the server.
	noCert, _ := TLSClient(nil, config.TLS{TLSCA: settings.TLSCA})
	if _, err := noCert.Get(srv.URL); err == nil {
		t.Error("the server accepted a client without a certificate")
	}
	noCA, _ := TLSClient(nil, config.TLS{TLSCert: settings.TLSCert, TLSKey: settings.TLSKey})
	if _, err := noCA.Get(srv.URL); err == nil {
		t.Error("parley trusted a server from an unknown CA")
	}
	if c, err := TLSClient(nil, config.TLS{}); c != nil || err != nil {
		t.Error("no settings should mean no client of its own")
	}

	// The a2aclient default client is the base: its transport is cloned,
	// not shared.
	base := a2aclient.DefaultHTTPClient()
	c2, _ := TLSClient(base, settings)
	if c2.Transport == base.Transport {
		t.Error("the base transport was changed in place")
	}
}

func TestMutualTLSRefusesAReadableKey(t *testing.T) {
	ca := newCA(t)
	cert, key := ca.issue(t, "x", x509.ExtKeyUsageClientAuth)
	dir := t.TempDir()
	_ = os.WriteFile(filepath.Join(dir, "c.crt"), cert, 0o644)
	_ = os.WriteFile(filepath.Join(dir, "c.key"), key, 0o640)
	_, err := TLSClient(nil, config.TLS{TLSCert: filepath.Join(dir, "c.crt"), TLSKey: filepath.Join(dir, "c.key")})
	var pe *PermissionError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "TLS private key") || !strings.Contains(err.Error(), "0640") {
		t.Errorf("err = %v", err)
	}
	_, err = TLSClient(nil, config.TLS{TLSCA: filepath.Join(dir, "c.key")})
	if err == nil || !strings.Contains(err.Error(), "holds no PEM certificate") {
		t.Errorf("a CA bundle without certificates: %v", err)
	}
}

// An agent with its own CA bundle reaches its authorization server with
// it too: token requests go through the agent's TLS client.
func TestOAuthTokenRequestsUseTheAgentsTLSClient(t *testing.T) {
	idp := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"access_token":"private-ca-token","token_type":"Bearer","expires_in":3600}`))
	}))
	defer idp.Close()
	bundle := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(bundle, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: idp.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	agent := func(ca string) *config.Agent {
		return &config.Agent{Name: "corp" + ca, Auth: "oauth2", TLS: config.TLS{TLSCA: ca},
			OAuth: config.OAuth{ClientID: "c", ClientSecret: "env:S", TokenURL: idp.URL + "/token"}}
	}
	m := NewManager(Options{CredentialsPath: filepath.Join(t.TempDir(), "c.toml"), Getenv: func(string) string { return "s" }})
	s, err := m.ForAgent(t.Context(), agent(bundle), nil)
	if err != nil || s.HTTPClient == nil {
		t.Fatalf("setup %+v, %v", s, err)
	}
	if tok := applyToken(t, s.Auth[0]); tok != "private-ca-token" {
		t.Errorf("token %q", tok)
	}
	// Without the bundle the authorization server is not trusted.
	s, _ = m.ForAgent(t.Context(), &config.Agent{Name: "plain", Auth: "oauth2",
		OAuth: config.OAuth{ClientID: "c", ClientSecret: "env:S", TokenURL: idp.URL + "/token"}}, nil)
	_, err = s.Auth[0].Apply(httptest.NewRequest(http.MethodGet, "http://agent.invalid/", nil))
	if err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("an untrusted authorization server: %v", err)
	}
}
