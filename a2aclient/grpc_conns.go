package a2aclient

import (
	"errors"
	"sync"

	"google.golang.org/grpc"
)

// grpcConns are the gRPC connections a client has opened, one per target
// (host and whether it is TLS). A client and those WithAuth derives from
// it share them: credentials travel as each call's metadata, not with the
// connection, so a sign-in needs no new connection. The TLS settings a
// connection dials with (a private CA, the client certificate held to
// trusted origins) come from the HTTP client, which derived clients keep.
//
// Close releases them; a call made after Close dials again, so closing a
// client that is still referenced somewhere costs a reconnect, never a
// dead client.
type grpcConns struct {
	mu    sync.Mutex
	conns map[string]*grpc.ClientConn
}

func newGRPCConns() *grpcConns { return &grpcConns{conns: map[string]*grpc.ClientConn{}} }

// get returns the connection for key, dialling it on first use.
func (p *grpcConns) get(key string, dial func() (*grpc.ClientConn, error)) (*grpc.ClientConn, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.conns[key]; c != nil {
		return c, nil
	}
	c, err := dial()
	if err != nil {
		return nil, err
	}
	p.conns[key] = c
	return c, nil
}

// open counts the connections held, for tests.
func (p *grpcConns) open() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns)
}

// close closes every connection; calls in flight on them end.
func (p *grpcConns) close() error {
	p.mu.Lock()
	conns := p.conns
	p.conns = map[string]*grpc.ClientConn{}
	p.mu.Unlock()
	var errs []error
	for _, c := range conns {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// Close releases the client's network connections (gRPC's; HTTP's belong
// to the shared HTTP client). Calls in flight end. The client stays
// usable: a later call connects again. Call it when the agent is removed
// or the program ends.
func (c *Client) Close() error { return c.t.grpc.close() }
