package a2aclient

import (
	"net"
	"sync"
	"sync/atomic"
	"testing"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
)

// countingListener counts the connections accepted and still open.
type countingListener struct {
	net.Listener
	accepted, open atomic.Int32
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted.Add(1)
		l.open.Add(1)
		c = &countedConn{Conn: c, l: l}
	}
	return c, err
}

type countedConn struct {
	net.Conn
	l    *countingListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}

// A signed-in client (WithAuth) talks over the connection its parent
// opened, and Close releases it: before, every WithAuth dialled anew and
// nothing was ever closed, so each sign-in left a connection behind.
func TestGRPCConnectionSharedByWithAuthAndClosed(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := &countingListener{Listener: raw}
	rec := &grpcRecorder{addr: raw.Addr().String()}
	s := grpc.NewServer()
	pb.RegisterA2AServiceServer(s, rec)
	go s.Serve(ln)
	t.Cleanup(s.Stop)
	cardURL := serveGRPCCard(t, rec.addr)
	o := Options{Trust: NewOrigins(cardURL, "http://"+rec.addr)}
	c, err := Resolve(hostileCtx(t), cardURL, o)
	if err != nil {
		t.Fatal(err)
	}
	sendHello(t, c)
	signed, err := c.WithAuth(originCredentials()...)
	if err != nil {
		t.Fatal(err)
	}
	sendHello(t, signed)
	if n := ln.accepted.Load(); n != 1 {
		t.Fatalf("%d connections for a client and its signed-in copy, want 1", n)
	}
	if md := rec.calls()[1]; len(md.Get("authorization")) == 0 {
		t.Fatal("the signed-in copy sent no credential; the test proves nothing")
	}
	if err := signed.Close(); err != nil {
		t.Fatal(err)
	}
	if n := c.t.grpc.open(); n != 0 {
		t.Fatalf("%d connections held after Close, want 0", n)
	}
	// Closed, the client still works: it dials again.
	sendHello(t, c)
	if n := ln.accepted.Load(); n != 2 {
		t.Fatalf("%d connections after a call following Close, want 2", n)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}
