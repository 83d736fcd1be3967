package a2aclient

import (
	"net"
	"testing"

	"google.golang.org/grpc"
)

// serveGRPC serves s on a loopback port until the test ends and returns
// its address.
func serveGRPC(t *testing.T, s *grpc.Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ln)
	t.Cleanup(s.Stop)
	return ln.Addr().String()
}
