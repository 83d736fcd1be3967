package a2aclient

import (
	"context"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/protobuf/proto"
)

// The v1.0 gRPC binding (docs/specification.md §10 at v1.0.0): service
// lf.a2a.v1.A2AService, the same messages the v1.0 HTTP+JSON binding
// sends as ProtoJSON, the tenant as a request field.

func init() { registerBinding(DialectV10GRPC, newV10GRPC) }

// v10GRPC takes every operation from v10Ops; it supplies the gRPC
// calls underneath.
type v10GRPC struct {
	e *grpcEndpoint
	v10Ops
}

func newV10GRPC(t *transport, iface Interface, _ *Agent) binding {
	b := &v10GRPC{e: newGRPCEndpoint(t, iface, "lf.a2a.v1.A2AService", DialectV10GRPC, versionHeader(DialectV10GRPC))}
	b.v10Ops = v10Ops{tenant: iface.Tenant, unary: b.e.unary, open: b.open, cardURL: b.e.callURL("GetExtendedAgentCard")}
	return b
}

func (b *v10GRPC) open(ctx context.Context, c grpcCall) (eventSource, error) {
	return b.e.open(ctx, c, func() proto.Message { return &pb.StreamResponse{} }, func(data []byte) (Event, bool, error) {
		return decodeStreamResponse(data, shapeV10)
	})
}
