package a2aclient

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/dynamicpb"
)

// gRPC carries task ids, push config ids and the tenant in the request
// message, not in a URL, so the path checks of the HTTP bindings
// (TestHostileIDsNeverMoveTheRequest) do not reach it. What can move a
// gRPC request is v0.3's resource names: "tasks/{id}" and
// "tasks/{id}/pushNotificationConfigs/{config}", which a server splits
// at "/" (a2a-go's v0.3 server takes the first segment after "tasks/"),
// and which a transcoding proxy pastes into a URL path. An id that would
// change which resource a name names is refused before anything is sent;
// any other id arrives in its field exactly as given, however long or
// strange, and whatever the server answers reads as one clean line.

// grpcHostileIDs are hostileIDs plus what a message field can carry and a
// URL cannot: NUL, line breaks, terminal controls, bidi overrides, and a
// 1 MB id.
var grpcHostileIDs = append(append([]string(nil), hostileIDs...),
	"t\x00x", "t\nx\r\n", "\x1b]52;c;cGFybGV5\x07\x1b[2J", "\u202eevil\u202c", "\u200b", strings.Repeat("i", 1<<20),
	"victim/pushNotificationConfigs/c")

// rawCodec hands the server the request's bytes as they came, so one
// handler can take every method of every service.
type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return *(v.(*[]byte)), nil }
func (rawCodec) Unmarshal(data []byte, v any) error {
	*(v.(*[]byte)) = append([]byte(nil), data...)
	return nil
}
func (rawCodec) Name() string { return "proto" }

// sunkCall is one call a grpcIDSink received: its method and every
// string field of its request, by field name.
type sunkCall struct {
	method string
	fields map[string][]string
	md     metadata.MD
}

// grpcIDSink is a gRPC server on loopback that reads every call's
// request with the service's own descriptors and answers NOT_FOUND,
// echoing the first id it was sent into the status message, as a
// careless server does.
type grpcIDSink struct {
	addr  string
	mu    sync.Mutex
	calls []sunkCall
}

func startGRPCIDSink(t *testing.T) *grpcIDSink {
	t.Helper()
	g := &grpcIDSink{}
	g.addr = serveGRPC(t, grpc.NewServer(grpc.ForceServerCodec(rawCodec{}), grpc.MaxRecvMsgSize(16<<20), grpc.UnknownServiceHandler(g.handle)))
	return g
}

func (g *grpcIDSink) handle(_ any, st grpc.ServerStream) error {
	full, _ := grpc.MethodFromServerStream(st) // "/lf.a2a.v1.A2AService/GetTask"
	svc, method, _ := strings.Cut(strings.TrimPrefix(full, "/"), "/")
	var raw []byte
	if err := st.RecvMsg(&raw); err != nil {
		return err
	}
	c := sunkCall{method: method, fields: map[string][]string{}}
	c.md, _ = metadata.FromIncomingContext(st.Context())
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(svc))
	if err != nil {
		return status.Errorf(codes.Unimplemented, "unknown service %s", svc)
	}
	md := d.(protoreflect.ServiceDescriptor).Methods().ByName(protoreflect.Name(method))
	if md == nil {
		return status.Errorf(codes.Unimplemented, "unknown method %s", method)
	}
	req := dynamicpb.NewMessage(md.Input())
	if err := proto.Unmarshal(raw, req); err != nil {
		return status.Errorf(codes.InvalidArgument, "bad request: %v", err)
	}
	collectStrings(req, c.fields)
	g.mu.Lock()
	g.calls = append(g.calls, c)
	g.mu.Unlock()
	echo := ""
	for _, k := range []string{"id", "task_id", "name", "parent", "tenant"} {
		if v := c.fields[k]; len(v) > 0 {
			echo = v[0]
			break
		}
	}
	return status.Error(codes.NotFound, "no such thing: "+echo)
}

// collectStrings gathers every string field of m and the messages in it,
// by field name.
func collectStrings(m protoreflect.Message, out map[string][]string) {
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList() && fd.Message() != nil:
			for i := 0; i < v.List().Len(); i++ {
				collectStrings(v.List().Get(i).Message(), out)
			}
		case fd.IsMap():
		case fd.Message() != nil:
			collectStrings(v.Message(), out)
		case fd.Kind() == protoreflect.StringKind && !fd.IsList():
			out[string(fd.Name())] = append(out[string(fd.Name())], v.String())
		}
		return true
	})
}

func (g *grpcIDSink) take() []sunkCall {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.calls
	g.calls = nil
	return out
}

// v03Name reads a v0.3 resource name as its grammar has it, one segment
// per id: "tasks/{task}" or "tasks/{task}/pushNotificationConfigs[/{config}]".
func readV03Name(name string) (task, config string, ok bool) {
	s := strings.Split(name, "/")
	switch {
	case len(s) == 2 && s[0] == "tasks":
		return s[1], "", true
	case len(s) == 3 && s[0] == "tasks" && s[2] == "pushNotificationConfigs":
		return s[1], "", true
	case len(s) == 4 && s[0] == "tasks" && s[2] == "pushNotificationConfigs":
		return s[1], s[3], true
	}
	return "", "", false
}

// idShown names an id in a failure message without a megabyte of it.
func idShown(id string) string { return fmt.Sprintf("%q", truncate(id, 40)) }

func TestHostileGRPCIDsNeverChangeTheResource(t *testing.T) {
	sink := startGRPCIDSink(t)
	base := runtime.NumGoroutine()
	for _, d := range []Dialect{DialectV10GRPC, DialectV03GRPC} {
		for _, id := range grpcHostileIDs {
			t.Run(string(d)+"/"+truncate(id, 20), func(t *testing.T) {
				o := originOptions()
				o.Trust = NewOrigins("http://" + sink.addr)
				if d == DialectV10GRPC {
					o.Tenant = id
				}
				ag := &Agent{Name: "a", CardURL: "http://" + sink.addr + "/.well-known/agent-card.json",
					Interfaces: []Interface{{URL: sink.addr, Binding: BindingGRPC, Dialect: d}}}
				c, err := NewClient(ag, o)
				if err != nil {
					t.Fatal(err)
				}
				defer c.Close()
				sink.take()
				var errs []error
				try := func(err error) { errs = append(errs, err) }
				ctx := hostileCtx(t)
				msg := Message{Parts: []Part{TextPart("hi")}, TaskID: id, ContextID: id}
				_, err = c.Send(ctx, SendRequest{Message: msg})
				try(err)
				if st, err := c.Stream(ctx, SendRequest{Message: msg}); err == nil {
					_, err = followAll(st)
					try(err)
				} else {
					try(err)
				}
				_, err = c.Get(ctx, id, nil)
				try(err)
				_, err = c.Cancel(ctx, id)
				try(err)
				if st, err := c.Resubscribe(ctx, id); err == nil {
					_, err = followAll(st)
					try(err)
				} else {
					try(err)
				}
				_, err = c.ListTasks(ctx, ListTasksRequest{ContextID: id, PageToken: id})
				try(err)
				_, err = c.SetPushConfig(ctx, PushConfig{ID: id, TaskID: id, URL: "http://127.0.0.1:1/push"})
				try(err)
				_, err = c.GetPushConfig(ctx, id, id)
				try(err)
				_, err = c.ListPushConfigs(ctx, id)
				try(err)
				try(c.DeletePushConfig(ctx, id, id))
				for i, err := range errs {
					if err == nil {
						continue // a v0.3 agent without ListTasks is fine
					}
					msg := err.Error()
					if strings.ContainsAny(msg, "\x00\n\r\x1b\x07\u202e\u200b") || len(msg) > 400 {
						t.Errorf("call %d: the error is not one clean line: %q", i, truncate(msg, 200))
					}
				}
				if get := errs[2]; d == DialectV03GRPC && strings.Contains(id, "/") &&
					(get == nil || !strings.Contains(get.Error(), "cannot go in a v0.3 gRPC resource name")) {
					t.Errorf("get task with %s: %v; want it refused, saying why", idShown(id), get)
				}
				calls := sink.take()
				if len(calls) == 0 && d == DialectV10GRPC {
					t.Fatal("no call reached the agent; the test proves nothing")
				}
				for _, call := range calls {
					where := call.method + " with " + idShown(id)
					if v := call.md.Get("authorization"); len(v) != 1 || !strings.Contains(v[0], originSecret) {
						t.Errorf("%s: the trusted agent did not get its credential; the test proves nothing", where)
					}
					for _, k := range []string{"id", "task_id", "context_id", "tenant", "page_token", "config_id"} {
						for _, v := range call.fields[k] {
							if v != id {
								t.Errorf("%s: %s arrived as %s", where, k, idShown(v))
							}
						}
					}
					for _, k := range []string{"name", "parent"} {
						for _, v := range call.fields[k] {
							task, config, ok := readV03Name(v)
							switch {
							case !ok:
								t.Errorf("%s: %s is no resource name of one task or config", where, idShown(v))
							case task != id || (config != "" && config != id):
								t.Errorf("%s: the resource name %s names task %s, config %s", where, idShown(v), idShown(task), idShown(config))
							}
						}
					}
				}
			})
		}
	}
	// Every client is closed: its connection and the calls it made are
	// gone with it, on both ends.
	if !waitFor(func() bool { return runtime.NumGoroutine() <= base }) {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines after the hostile ids, %d before:\n%s", runtime.NumGoroutine(), base,
			strings.TrimSpace(string(buf[:runtime.Stack(buf, true)])))
	}
}
