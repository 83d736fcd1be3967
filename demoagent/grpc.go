package demoagent

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	grpcstatus "google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
)

// The v1.0 gRPC binding (lf.a2a.v1.A2AService), served on the demo's own
// port next to HTTP (gRPC is HTTP/2 with Content-Type application/grpc;
// Serve accepts HTTP/2 without TLS for it). It is a translation onto the
// v1.0 JSON-RPC binding: both carry the same proto messages, one as
// protobuf, the other as ProtoJSON, so each gRPC call becomes the
// JSON-RPC call of the same name, and its result or events go back as
// protobuf. The card for it is at /grpc/.well-known/agent-card.json.

const prefixGRPC = "/grpc"

// grpcFront implements the service over the v1.0 JSON-RPC binding.
type grpcFront struct {
	pb.UnimplementedA2AServiceServer
	a   *Agent
	rpc *rpcDialect
}

// newGRPCServer is the gRPC server Serve routes HTTP/2 gRPC requests to.
func (a *Agent) newGRPCServer() *grpc.Server {
	s := grpc.NewServer()
	pb.RegisterA2AServiceServer(s, &grpcFront{a: a, rpc: a.v10RPC()})
	return s
}

// isGRPC reports whether r is a gRPC call.
func isGRPC(r *http.Request) bool {
	return r.ProtoMajor == 2 && strings.HasPrefix(r.Header.Get("Content-Type"), "application/grpc")
}

// grpcCardOf is the v1.0 card whose only interface is the gRPC service
// at the demo's own origin. Its name says gRPC: `make run` lists it under
// the root agent, and the two must not read as one agent listed twice
// ("parley demo gRPC" fits the agents pane's name column, where
// "(gRPC)" would be cut to "(gRP…").
func (a *Agent) grpcCardOf(base string, extended bool) map[string]any {
	c := a.baseCard(description + " This card speaks A2A v1.0 over gRPC only.")
	c["name"] = a.opts.Name + " gRPC"
	c["supportedInterfaces"] = []map[string]any{v10Interface(base, "GRPC", "1.0")}
	c["capabilities"] = map[string]any{"streaming": true, "pushNotifications": true, "extendedAgentCard": true, "extensions": protoExtensions()}
	c["skills"] = skillList(extended)
	return c
}

// protoExtensions is demoExtensions as they read after a protobuf round
// trip: proto3 leaves a false "required" out, and the card is signed in
// the shape a gRPC client reads back (GetExtendedAgentCard), so the
// signature still matches there.
func protoExtensions() []map[string]any {
	out := make([]map[string]any, 0, len(demoExtensions))
	for _, e := range demoExtensions {
		c := make(map[string]any, len(e))
		for k, v := range e {
			if k == "required" && v == false {
				continue
			}
			c[k] = v
		}
		out = append(out, c)
	}
	return out
}

// call runs one JSON-RPC method with in as its params and hands each
// result (one for a unary call, one per event for a stream) to out.
func (f *grpcFront) call(ctx context.Context, method string, in proto.Message, out func(json.RawMessage) error) error {
	params, err := protojson.Marshal(in)
	if err != nil {
		return grpcstatus.Errorf(codes.InvalidArgument, "cannot read the request: %v", err)
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "method": method, "params": json.RawMessage(params)})
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, callerBase(ctx)+prefixV10+"/jsonrpc", bytes.NewReader(body))
	if err != nil {
		return grpcstatus.Errorf(codes.Internal, "%v", err)
	}
	r.Header.Set("Content-Type", "application/json")
	// The extensions the caller activated (a2a-extensions metadata) are
	// confirmed in the reply's header metadata, as over HTTP.
	if md, ok := metadata.FromIncomingContext(ctx); ok {
		if got := supportedExtensions(md.Get("a2a-extensions")); len(got) > 0 {
			_ = grpc.SetHeader(ctx, metadata.Pairs("a2a-extensions", strings.Join(got, ",")))
		}
	}
	w := &rpcSink{header: http.Header{}, out: out}
	f.rpc.ServeHTTP(w, r)
	return w.finish()
}

// rpcSink is the ResponseWriter the JSON-RPC binding writes to: one JSON
// body, or an SSE stream whose events it hands on as they come.
type rpcSink struct {
	header  http.Header
	out     func(json.RawMessage) error
	mu      sync.Mutex
	buf     bytes.Buffer
	sse     bool
	results int
	err     error
}

func (w *rpcSink) Header() http.Header { return w.header }
func (w *rpcSink) WriteHeader(int) {
	w.sse = strings.HasPrefix(w.header.Get("Content-Type"), "text/event-stream")
}
func (w *rpcSink) Flush() {}

func (w *rpcSink) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return 0, w.err
	}
	w.buf.Write(p)
	if !w.sse {
		return len(p), nil
	}
	for {
		block, rest, ok := bytes.Cut(w.buf.Bytes(), []byte("\n\n"))
		if !ok {
			return len(p), nil
		}
		data := bytes.TrimPrefix(bytes.TrimSpace(block), []byte("data: "))
		rest = append([]byte(nil), rest...)
		w.buf.Reset()
		w.buf.Write(rest)
		if err := w.deliver(data); err != nil {
			w.err = err
			return 0, err
		}
	}
}

// deliver hands one JSON-RPC response's result on, or turns its error
// into the gRPC status.
func (w *rpcSink) deliver(data []byte) error {
	var resp struct {
		Result json.RawMessage `json:"result"`
		Error  *rpcError       `json:"error"`
	}
	if err := json.Unmarshal(data, &resp); err != nil {
		return grpcstatus.Errorf(codes.Internal, "the demo agent wrote an unreadable reply: %v", err)
	}
	if resp.Error != nil {
		return grpcStatus(resp.Error)
	}
	w.results++
	return w.out(resp.Result)
}

func (w *rpcSink) finish() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if w.sse {
		return nil
	}
	return w.deliver(bytes.TrimSpace(w.buf.Bytes()))
}

// grpcStatus is the gRPC form of a JSON-RPC error: the code the spec's
// mapping gives, and the reason as a google.rpc.ErrorInfo.
func grpcStatus(e *rpcError) error {
	code := codes.Internal
	switch e.Code {
	case codeInvalidParams, codeInvalidRequest, codeParseError:
		code = codes.InvalidArgument
	case codeMethodNotFound:
		code = codes.Unimplemented
	case codeTaskNotFound:
		code = codes.NotFound
	case codeNotCancelable, codeUnsupported:
		code = codes.FailedPrecondition
	}
	st := grpcstatus.New(code, e.Message)
	if d, err := st.WithDetails(&errdetails.ErrorInfo{Reason: rpcReason(e.Code), Domain: "a2a-protocol.org"}); err == nil {
		st = d
	}
	return st.Err()
}

// unary runs a method whose result is one message of out's type.
func (f *grpcFront) unary(ctx context.Context, method string, in, out proto.Message) error {
	return f.call(ctx, method, in, func(raw json.RawMessage) error {
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(raw, out); err != nil {
			return grpcstatus.Errorf(codes.Internal, "the demo agent's %s reply: %v", method, err)
		}
		return nil
	})
}

// streamed runs a method whose results are StreamResponses.
func (f *grpcFront) streamed(method string, in proto.Message, s grpc.ServerStreamingServer[pb.StreamResponse]) error {
	return f.call(s.Context(), method, in, func(raw json.RawMessage) error {
		ev := &pb.StreamResponse{}
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(raw, ev); err != nil {
			return grpcstatus.Errorf(codes.Internal, "the demo agent's %s event: %v", method, err)
		}
		return s.Send(ev)
	})
}

func (f *grpcFront) SendMessage(ctx context.Context, in *pb.SendMessageRequest) (*pb.SendMessageResponse, error) {
	out := &pb.SendMessageResponse{}
	return out, f.unary(ctx, "SendMessage", in, out)
}

func (f *grpcFront) SendStreamingMessage(in *pb.SendMessageRequest, s grpc.ServerStreamingServer[pb.StreamResponse]) error {
	return f.streamed("SendStreamingMessage", in, s)
}

func (f *grpcFront) SubscribeToTask(in *pb.SubscribeToTaskRequest, s grpc.ServerStreamingServer[pb.StreamResponse]) error {
	return f.streamed("SubscribeToTask", in, s)
}

func (f *grpcFront) GetTask(ctx context.Context, in *pb.GetTaskRequest) (*pb.Task, error) {
	out := &pb.Task{}
	return out, f.unary(ctx, "GetTask", in, out)
}

func (f *grpcFront) ListTasks(ctx context.Context, in *pb.ListTasksRequest) (*pb.ListTasksResponse, error) {
	out := &pb.ListTasksResponse{}
	return out, f.unary(ctx, "ListTasks", in, out)
}

func (f *grpcFront) CancelTask(ctx context.Context, in *pb.CancelTaskRequest) (*pb.Task, error) {
	out := &pb.Task{}
	return out, f.unary(ctx, "CancelTask", in, out)
}

func (f *grpcFront) CreateTaskPushNotificationConfig(ctx context.Context, in *pb.TaskPushNotificationConfig) (*pb.TaskPushNotificationConfig, error) {
	out := &pb.TaskPushNotificationConfig{}
	return out, f.unary(ctx, "CreateTaskPushNotificationConfig", in, out)
}

func (f *grpcFront) GetTaskPushNotificationConfig(ctx context.Context, in *pb.GetTaskPushNotificationConfigRequest) (*pb.TaskPushNotificationConfig, error) {
	out := &pb.TaskPushNotificationConfig{}
	return out, f.unary(ctx, "GetTaskPushNotificationConfig", in, out)
}

func (f *grpcFront) ListTaskPushNotificationConfigs(ctx context.Context, in *pb.ListTaskPushNotificationConfigsRequest) (*pb.ListTaskPushNotificationConfigsResponse, error) {
	out := &pb.ListTaskPushNotificationConfigsResponse{}
	return out, f.unary(ctx, "ListTaskPushNotificationConfigs", in, out)
}

func (f *grpcFront) DeleteTaskPushNotificationConfig(ctx context.Context, in *pb.DeleteTaskPushNotificationConfigRequest) (*emptypb.Empty, error) {
	err := f.call(ctx, "DeleteTaskPushNotificationConfig", in, func(json.RawMessage) error { return nil })
	return &emptypb.Empty{}, err
}

// GetExtendedAgentCard answers with the gRPC card and the extended skills.
func (f *grpcFront) GetExtendedAgentCard(ctx context.Context, _ *pb.GetExtendedAgentCardRequest) (*pb.AgentCard, error) {
	base := callerBase(ctx)
	raw, err := json.Marshal(f.a.signed(f.a.grpcCardOf(base, true), base))
	if err != nil {
		return nil, grpcstatus.Errorf(codes.Internal, "%v", err)
	}
	out := &pb.AgentCard{}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(raw, out); err != nil {
		return nil, grpcstatus.Errorf(codes.Internal, "the demo agent's card: %v", err)
	}
	return out, nil
}

// callerBase is the origin the caller dialed, as a base URL.
func callerBase(ctx context.Context) string {
	if md, ok := metadata.FromIncomingContext(ctx); ok {
		if v := md.Get(":authority"); len(v) > 0 && !strings.ContainsAny(v[0], "/\\ \"<>") {
			return "http://" + v[0]
		}
	}
	return "http://127.0.0.1"
}
