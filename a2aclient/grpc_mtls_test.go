package a2aclient

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/peer"
)

// mTLS over gRPC: the client certificate of the HTTP client's TLS
// settings is presented at the handshake with a trusted gRPC origin, and
// not with an untrusted one.

type testPKI struct {
	pool           *x509.CertPool
	server, client tls.Certificate
}

func newTestPKI(t *testing.T) testPKI {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "parley test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	leaf := func(serial int64, usage x509.ExtKeyUsage) tls.Certificate {
		key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "leaf"},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			ExtKeyUsage: []x509.ExtKeyUsage{usage}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
		if err != nil {
			t.Fatal(err)
		}
		return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	return testPKI{pool: pool, server: leaf(2, x509.ExtKeyUsageServerAuth), client: leaf(3, x509.ExtKeyUsageClientAuth)}
}

// certRecorder notes, per call, whether the client presented a certificate.
type certRecorder struct {
	pb.UnimplementedA2AServiceServer
	mu    sync.Mutex
	certs []bool
}

func (r *certRecorder) SendMessage(ctx context.Context, _ *pb.SendMessageRequest) (*pb.SendMessageResponse, error) {
	had := false
	if p, ok := peer.FromContext(ctx); ok {
		if info, ok := p.AuthInfo.(credentials.TLSInfo); ok {
			had = len(info.State.PeerCertificates) > 0
		}
	}
	r.mu.Lock()
	r.certs = append(r.certs, had)
	r.mu.Unlock()
	msg := &pb.Message{MessageId: "m", Role: pb.Role_ROLE_AGENT, Parts: []*pb.Part{{Content: &pb.Part_Text{Text: "ok"}}}}
	return &pb.SendMessageResponse{Payload: &pb.SendMessageResponse_Message{Message: msg}}, nil
}

func TestGRPCClientCertOnlyToTrustedOrigin(t *testing.T) {
	pki := newTestPKI(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rec := &certRecorder{}
	srv := grpc.NewServer(grpc.Creds(credentials.NewTLS(&tls.Config{
		Certificates: []tls.Certificate{pki.server}, ClientCAs: pki.pool, ClientAuth: tls.VerifyClientCertIfGiven})))
	pb.RegisterA2AServiceServer(srv, rec)
	go srv.Serve(ln)
	t.Cleanup(srv.Stop)
	endpoint := "grpcs://" + ln.Addr().String()
	cardURL := serveGRPCCard(t, endpoint)

	for _, trusted := range []bool{false, true} {
		hc := DefaultHTTPClient()
		tr := hc.Transport.(*http.Transport)
		tr.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12, RootCAs: pki.pool, Certificates: []tls.Certificate{pki.client}}
		o := Options{HTTPClient: hc}
		if trusted {
			o.Trust = NewOrigins(cardURL, endpoint)
		}
		c, err := Resolve(hostileCtx(t), cardURL, o)
		if err != nil {
			t.Fatal(err)
		}
		if c.Trusts(endpoint) != trusted {
			t.Fatalf("trusts %s: %v", endpoint, !trusted)
		}
		sendHello(t, c)
		rec.mu.Lock()
		got := rec.certs[len(rec.certs)-1]
		rec.mu.Unlock()
		if got != trusted {
			t.Errorf("trusted %v: client certificate presented %v", trusted, got)
		}
	}
}
