package cli

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"
)

// nxdomainClient is an HTTP client whose names are looked up at a DNS
// server on loopback that answers every query "no such name": a name
// that cannot be resolved, without asking any resolver off this machine.
func nxdomainClient(t *testing.T) *http.Client {
	t.Helper()
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pc.Close() })
	go func() {
		buf := make([]byte, 512)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if n < 12 {
				continue
			}
			reply := append([]byte(nil), buf[:n]...)
			reply[2] = 0x81 | buf[2]&0x01 // a response, the query's RD
			reply[3] = 0x83               // RA, RCODE 3: no such name
			for i := 6; i < 12; i++ {     // no answer, authority or extra
				reply[i] = 0
			}
			_, _ = pc.WriteTo(reply, from)
		}
	}()
	resolver := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", pc.LocalAddr().String())
	}}
	dialer := &net.Dialer{Timeout: 5 * time.Second, Resolver: resolver}
	return &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
}
