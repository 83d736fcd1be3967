package a2aclient

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// reflectingGRPC answers GetTask with a status whose message quotes the
// call's authorization metadata.
type reflectingGRPC struct {
	pb.UnimplementedA2AServiceServer
	code codes.Code
}

func (s *reflectingGRPC) GetTask(ctx context.Context, _ *pb.GetTaskRequest) (*pb.Task, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	return nil, status.Error(s.code, "no task for "+strings.Join(md.Get("authorization"), ","))
}

// TestAGRPCStatusNeverShowsTheCredentialSent: as for HTTP and JSON-RPC,
// a gRPC status message quoting the credential shows it REDACTED.
func TestAGRPCStatusNeverShowsTheCredentialSent(t *testing.T) {
	const token = "S3cretToken-grpc-41"
	for _, code := range []codes.Code{codes.NotFound, codes.Unauthenticated} {
		gs := grpc.NewServer()
		pb.RegisterA2AServiceServer(gs, &reflectingGRPC{code: code})
		addr := serveGRPC(t, gs)
		cardURL := serveGRPCCard(t, addr)
		h := http.Header{}
		h.Set("Authorization", "Bearer "+token)
		o := Options{Headers: h, Trust: NewOrigins(cardURL, "http://"+addr)}
		c, err := Resolve(hostileCtx(t), cardURL, o)
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Get(hostileCtx(t), "t1", nil)
		if err == nil {
			t.Fatalf("%v: no error", code)
		}
		shown := err.Error()
		var ae *AuthError
		if errors.As(err, &ae) {
			shown = ae.Body
		}
		if !strings.Contains(shown, "no task for Bearer") {
			t.Fatalf("%v: the agent's words are gone (or nothing was sent): %q", code, shown)
		}
		if strings.Contains(shown, token) {
			t.Errorf("%v: the error shows the credential: %q", code, shown)
		}
		c.Close()
	}
}
