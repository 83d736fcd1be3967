package a2aclient

import (
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// A gRPC agent's reply is read with the same care as an HTTP one's: a
// frame that is no protobuf, a frame over max_event_size, ids and status
// messages full of terminal controls, all end in an error that reads as
// one clean line or in the ids exactly as sent (the front ends make them
// safe to show), and leave no goroutine behind. A reply too large to
// read is no busy agent: the agent took the message, so it is not sent
// again.

// hostileReplies is a v1.0 gRPC agent on loopback that answers every
// call with the frames reply gives for its method, or the status it
// returns; calls counts the calls that reached it.
type hostileReplies struct {
	reply func(method string, st grpc.ServerStream) error
	calls atomic.Int32
}

func startHostileReplies(t *testing.T, reply func(method string, st grpc.ServerStream) error) (*hostileReplies, string) {
	t.Helper()
	h := &hostileReplies{reply: reply}
	s := grpc.NewServer(grpc.ForceServerCodec(rawCodec{}), grpc.UnknownServiceHandler(func(_ any, st grpc.ServerStream) error {
		var req []byte
		if err := st.RecvMsg(&req); err != nil {
			return err
		}
		h.calls.Add(1)
		full, _ := grpc.MethodFromServerStream(st)
		return h.reply(full[strings.LastIndex(full, "/")+1:], st)
	}))
	return h, serveGRPC(t, s)
}

func sendRaw(st grpc.ServerStream, m proto.Message) error {
	b, err := proto.Marshal(m)
	if err != nil {
		return err
	}
	return st.SendMsg(&b)
}

// evil is what a hostile agent writes where a person will read it.
const evil = "\x1b]52;c;cGFybGV5\x07\x1b[2J\r\nOK\u202e\x00"

func TestHostileGRPCRepliesReadCleanly(t *testing.T) {
	const limit = 64 << 10
	garbage := []byte("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff")
	task := func(id string, text string) *pb.Task {
		return &pb.Task{Id: id, ContextId: id, Status: &pb.TaskStatus{State: pb.TaskState_TASK_STATE_WORKING,
			Message: &pb.Message{MessageId: "m", Role: pb.Role_ROLE_AGENT, Parts: []*pb.Part{{Content: &pb.Part_Text{Text: text}}}}}}
	}
	for _, tc := range []struct {
		name  string
		reply func(method string, st grpc.ServerStream) error
		// check looks at the outcome of a blocking send, a stream and a
		// task read.
		check func(t *testing.T, h *hostileReplies, send, stream, get error, got *Task)
	}{
		{"frames that are no protobuf", func(_ string, st grpc.ServerStream) error {
			return st.SendMsg(&garbage)
		}, func(t *testing.T, _ *hostileReplies, send, stream, get error, _ *Task) {
			for _, err := range []error{send, stream, get} {
				oneCleanLine(t, err, "not valid A2A")
				if !errors.As(err, new(*ProtocolError)) {
					t.Errorf("%T %v: want a ProtocolError", err, err)
				}
			}
		}},
		{"a reply over max_event_size", func(method string, st grpc.ServerStream) error {
			big := strings.Repeat("x", limit+1)
			if method == "SendStreamingMessage" {
				return sendRaw(st, &pb.StreamResponse{Payload: &pb.StreamResponse_Task{Task: task("t1", big)}})
			}
			if method == "GetTask" {
				return sendRaw(st, task("t1", big))
			}
			return sendRaw(st, &pb.SendMessageResponse{Payload: &pb.SendMessageResponse_Task{Task: task("t1", big)}})
		}, func(t *testing.T, h *hostileReplies, send, stream, get error, _ *Task) {
			for _, err := range []error{send, stream, get} {
				oneCleanLine(t, err, "limit")
				if !errors.As(err, new(*EventTooLargeError)) {
					t.Errorf("%T %v: want an EventTooLargeError", err, err)
				}
				if _, busy := busy(err); busy {
					t.Errorf("%v: a reply too large to read is taken for a busy agent", err)
				}
			}
			if n := h.calls.Load(); n != 3 {
				t.Errorf("the agent got %d calls for one send, one stream and one read: the message was sent again", n)
			}
		}},
		{"ids and text full of terminal controls", func(method string, st grpc.ServerStream) error {
			switch method {
			case "SendStreamingMessage":
				return sendRaw(st, &pb.StreamResponse{Payload: &pb.StreamResponse_Task{Task: task(evil, evil)}})
			case "GetTask":
				return sendRaw(st, task(evil+strings.Repeat("i", limit/4), evil))
			}
			return sendRaw(st, &pb.SendMessageResponse{Payload: &pb.SendMessageResponse_Task{Task: task(evil, evil)}})
		}, func(t *testing.T, _ *hostileReplies, send, stream, get error, got *Task) {
			for _, err := range []error{send, stream, get} {
				if err != nil {
					t.Errorf("%v: want the task, as the agent named it", err)
				}
			}
			if got == nil || got.ID != evil+strings.Repeat("i", limit/4) || got.ContextID != evil+strings.Repeat("i", limit/4) {
				t.Error("the task's ids did not arrive exactly as the agent sent them")
			}
		}},
		{"a status full of terminal controls", func(_ string, st grpc.ServerStream) error {
			return status.Error(codes.NotFound, evil+strings.Repeat("no ", 100_000)+evil)
		}, func(t *testing.T, _ *hostileReplies, send, stream, get error, _ *Task) {
			for _, err := range []error{send, stream, get} {
				oneCleanLine(t, err)
			}
		}},
		{"a refusal full of terminal controls", func(_ string, st grpc.ServerStream) error {
			// Metadata carries printable ASCII only (gRPC refuses the
			// rest at both ends), so what it holds can only be long.
			st.SetTrailer(metadata.Pairs("www-authenticate", "Bearer realm=\""+strings.Repeat("r", 8000)+"\", "+strings.Repeat("Basic, ", 2000)))
			return status.Error(codes.Unauthenticated, evil)
		}, func(t *testing.T, _ *hostileReplies, send, stream, get error, _ *Task) {
			for _, err := range []error{send, stream, get} {
				oneCleanLine(t, err)
				if !errors.As(err, new(*AuthError)) {
					t.Errorf("%T %v: want an AuthError", err, err)
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, addr := startHostileReplies(t, tc.reply)
			base := runtime.NumGoroutine()
			ag := &Agent{Name: "a", CardURL: "http://" + addr + "/.well-known/agent-card.json", Capabilities: Capabilities{Streaming: true},
				Interfaces: []Interface{{URL: addr, Binding: BindingGRPC, Dialect: DialectV10GRPC}}}
			c, err := NewClient(ag, Options{MaxEventSize: limit})
			if err != nil {
				t.Fatal(err)
			}
			ctx := hostileCtx(t)
			msg := Message{Parts: []Part{TextPart("hi")}}
			_, sendErr := c.Send(ctx, SendRequest{Message: msg})
			st, streamErr := c.Stream(ctx, SendRequest{Message: msg})
			if streamErr == nil {
				_, streamErr = followAll(st)
			}
			got, getErr := c.Get(ctx, "t1", nil)
			tc.check(t, h, sendErr, streamErr, getErr, got)
			c.Close()
			if !waitFor(func() bool { return runtime.NumGoroutine() <= base }) {
				buf := make([]byte, 1<<20)
				t.Errorf("%d goroutines after the hostile replies, %d before:\n%s", runtime.NumGoroutine(), base,
					strings.TrimSpace(string(buf[:runtime.Stack(buf, true)])))
			}
		})
	}
}
