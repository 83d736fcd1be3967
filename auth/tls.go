package auth

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// TLSClient returns an HTTP client like base (timeouts, proxy, redirect
// policy) that presents the client certificate and trusts the CA bundle
// that t names. base nil means a2aclient's default client. It returns
// nil, nil when t asks for nothing.
func TLSClient(base *http.Client, t config.TLS) (*http.Client, error) {
	if t.TLSCert == "" && t.TLSCA == "" {
		return nil, nil
	}
	if base == nil {
		base = a2aclient.DefaultHTTPClient()
	}
	var tr *http.Transport
	switch rt := base.Transport.(type) {
	case nil:
		tr = http.DefaultTransport.(*http.Transport).Clone()
	case *http.Transport:
		tr = rt.Clone()
	default:
		return nil, errors.New("tls_cert and tls_ca cannot be applied to this HTTP client (it is not a standard transport)")
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if tr.TLSClientConfig != nil {
		cfg = tr.TLSClientConfig.Clone()
	}
	if t.TLSCert != "" {
		cert, key := expandHome(t.TLSCert), expandHome(t.TLSKey)
		if err := checkPrivate(key, "TLS private key"); err != nil {
			var pe *PermissionError
			if errors.As(err, &pe) {
				return nil, err
			}
			return nil, fmt.Errorf("cannot read the TLS private key %s: %w", key, unwrapPath(err))
		}
		pair, err := tls.LoadX509KeyPair(cert, key)
		if err != nil {
			return nil, fmt.Errorf("cannot use the client certificate %s with key %s: %w", cert, key, unwrapPath(err))
		}
		// The certificate is a credential like any other: presented only
		// on requests parley's transport found bound for a trusted
		// origin, never to a foreign endpoint or after a redirect away.
		cfg.Certificates = nil
		cfg.GetClientCertificate = func(cri *tls.CertificateRequestInfo) (*tls.Certificate, error) {
			if !a2aclient.ClientCertAllowed(cri.Context()) {
				return &tls.Certificate{}, nil
			}
			return &pair, nil
		}
	}
	if t.TLSCA != "" {
		path := expandHome(t.TLSCA)
		pem, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("cannot read the CA bundle %s: %w", path, unwrapPath(err))
		}
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("the CA bundle %s holds no PEM certificate", path)
		}
		cfg.RootCAs = pool
	}
	tr.TLSClientConfig = cfg
	c := *base
	c.Transport = tr
	return &c, nil
}

func expandHome(p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[2:])
		}
	}
	return p
}
