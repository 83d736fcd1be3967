package a2aclient

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
)

// A gRPC endpoint is held to the same trust rule as an HTTP one: a card
// that names a gRPC endpoint on another origin (here another port) gets
// no credential sent there, whatever kind it is.

// grpcRecorder is a v1.0 gRPC agent on loopback that keeps the metadata
// of every call and answers SendMessage with a message.
type grpcRecorder struct {
	pb.UnimplementedA2AServiceServer
	addr string

	mu sync.Mutex
	md []metadata.MD
}

func startGRPCRecorder(t *testing.T) *grpcRecorder {
	t.Helper()
	r := &grpcRecorder{}
	s := grpc.NewServer()
	pb.RegisterA2AServiceServer(s, r)
	r.addr = serveGRPC(t, s)
	return r
}

func (r *grpcRecorder) SendMessage(ctx context.Context, _ *pb.SendMessageRequest) (*pb.SendMessageResponse, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	r.mu.Lock()
	r.md = append(r.md, md.Copy())
	r.mu.Unlock()
	msg := &pb.Message{MessageId: "m1", Role: pb.Role_ROLE_AGENT, Parts: []*pb.Part{{Content: &pb.Part_Text{Text: "hello"}}}}
	return &pb.SendMessageResponse{Payload: &pb.SendMessageResponse_Message{Message: msg}}, nil
}

func (r *grpcRecorder) calls() []metadata.MD {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]metadata.MD(nil), r.md...)
}

// grpcCard is a v1.0 card whose only interface is the gRPC endpoint at addr.
func grpcCard(addr string) string {
	return fmt.Sprintf(`{"name":"grpc-only","description":"d","version":"1","capabilities":{"streaming":true},
		"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
		"supportedInterfaces":[{"url":%q,"protocolBinding":"GRPC","protocolVersion":"1.0"}]}`, addr)
}

// serveGRPCCard serves grpcCard(addr) on its own loopback origin.
func serveGRPCCard(t *testing.T, addr string) string {
	t.Helper()
	card := grpcCard(addr)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, card)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestHostileGRPCEndpointOnForeignOrigin(t *testing.T) {
	rec := startGRPCRecorder(t)
	cardURL := serveGRPCCard(t, rec.addr)
	for _, trustGRPC := range []bool{false, true} {
		o := originOptions()
		var wire []WireRecord
		var wmu sync.Mutex
		o.Wire = func(r WireRecord) { wmu.Lock(); wire = append(wire, r); wmu.Unlock() }
		if trustGRPC {
			o.Trust = NewOrigins(cardURL, "http://"+rec.addr)
		}
		c, err := Resolve(hostileCtx(t), cardURL, o)
		if err != nil {
			t.Fatal(err)
		}
		if c.Dialect() != DialectV10GRPC {
			t.Fatalf("dialect %s, want %s", c.Dialect(), DialectV10GRPC)
		}
		if got := c.Trusts(rec.addr); got != trustGRPC {
			t.Fatalf("trusts %s: %v, want %v", rec.addr, got, trustGRPC)
		}
		before := len(rec.calls())
		sendHello(t, c)
		calls := rec.calls()[before:]
		if len(calls) != 1 {
			t.Fatalf("%d calls reached the gRPC endpoint, want 1", len(calls))
		}
		leaked := false
		for k, vs := range calls[0] {
			for _, v := range vs {
				if strings.Contains(v, originSecret) {
					leaked = true
					if !trustGRPC {
						t.Errorf("untrusted gRPC endpoint got %s: %s", k, v)
					}
				}
			}
		}
		if v := calls[0].Get("x-team"); len(v) != 1 || v[0] != "parley" {
			t.Errorf("plain header x-team = %q, want it sent either way", v)
		}
		// The control: once trusted, every credential arrives as metadata.
		if trustGRPC {
			md := calls[0]
			for key, want := range map[string]string{
				"authorization": "Bearer " + originSecret + "-bearer",
				"api_key":       originSecret + "-query",
				"x-api-key":     originSecret + "-header",
			} {
				if v := md.Get(key); len(v) != 1 || v[0] != want {
					t.Errorf("trusted endpoint: %s = %q, want %q", key, v, want)
				}
			}
			if v := md.Get("cookie"); len(v) != 1 || !strings.Contains(v[0], "sid="+originSecret+"-cookie") {
				t.Errorf("trusted endpoint: cookie = %q", v)
			}
			if !leaked {
				t.Error("no credential reached the trusted endpoint; the test proves nothing")
			}
		}
		// The wire view shows the call, as JSON, with no secret in it.
		wmu.Lock()
		var sawCall, sawReply bool
		for _, r := range wire {
			dump := fmt.Sprint(r.URL, r.Header, string(r.Body))
			if strings.Contains(dump, originSecret) {
				t.Errorf("wire record %s %s shows a secret: %s", r.Kind, r.URL, dump)
			}
			if r.Kind == WireRequest && strings.HasSuffix(r.URL, "/lf.a2a.v1.A2AService/SendMessage") && strings.Contains(string(r.Body), `"hi"`) {
				sawCall = true
				if trustGRPC && r.Header.Get("Authorization") != "REDACTED" {
					t.Errorf("wire request Authorization = %q, want REDACTED", r.Header.Get("Authorization"))
				}
			}
			if r.Kind == WireResponse && r.Header.Get("Grpc-Status") == "OK" && strings.Contains(string(r.Body), "hello") {
				sawReply = true
			}
		}
		wmu.Unlock()
		if !sawCall || !sawReply {
			t.Errorf("wire view: call %v, reply %v; want both", sawCall, sawReply)
		}
	}
}
