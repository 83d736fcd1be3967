package a2aclient

import (
	"strings"
	"testing"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// A gRPC reply over max_event_size is refused by parley's own receive
// limit, which gRPC reports as RESOURCE_EXHAUSTED; the wire log says it
// was parley's limit, in a note of parley's, not a reply of the agent's
// with a status the agent never sent. An agent that does send
// RESOURCE_EXHAUSTED is still logged as its reply.
func TestWireLogSaysAGRPCReplyOverTheLimitWasParleys(t *testing.T) {
	const limit = 64 << 10
	big := strings.Repeat("x", limit+1)
	task := &pb.Task{Id: "t1", ContextId: "c1", Status: &pb.TaskStatus{State: pb.TaskState_TASK_STATE_WORKING,
		Message: &pb.Message{MessageId: "m", Role: pb.Role_ROLE_AGENT, Parts: []*pb.Part{{Content: &pb.Part_Text{Text: big}}}}}}
	for _, tc := range []struct {
		name    string
		reply   func(method string, st grpc.ServerStream) error
		parleys bool // the limit is parley's
	}{
		{"a reply over max_event_size", func(method string, st grpc.ServerStream) error {
			switch method {
			case "SendStreamingMessage":
				return sendRaw(st, &pb.StreamResponse{Payload: &pb.StreamResponse_Task{Task: task}})
			case "GetTask":
				return sendRaw(st, task)
			}
			return sendRaw(st, &pb.SendMessageResponse{Payload: &pb.SendMessageResponse_Task{Task: task}})
		}, true},
		{"an agent that is out of resources", func(string, grpc.ServerStream) error {
			return status.Error(codes.ResourceExhausted, "quota spent")
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, addr := startHostileReplies(t, tc.reply)
			var tap wireTap
			ag := &Agent{Name: "a", CardURL: "http://" + addr + "/.well-known/agent-card.json", Capabilities: Capabilities{Streaming: true},
				Interfaces: []Interface{{URL: addr, Binding: BindingGRPC, Dialect: DialectV10GRPC}}}
			c, err := NewClient(ag, Options{MaxEventSize: limit, Wire: tap.record})
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			ctx := hostileCtx(t)
			msg := Message{Parts: []Part{TextPart("hi")}}
			_, _ = c.Send(ctx, SendRequest{Message: msg, NonBlocking: true})
			if st, err := c.Stream(ctx, SendRequest{Message: msg}); err == nil {
				_, _ = followAll(st)
			}
			_, _ = c.Get(ctx, "t1", nil)
			recs := tap.records()
			exhausted := map[string]bool{}
			noted := map[string]bool{}
			for _, r := range recs {
				method := r.URL[strings.LastIndex(r.URL, "/")+1:]
				switch {
				case r.Kind == WireResponse && r.Header.Get("Grpc-Status") == "RESOURCE_EXHAUSTED":
					exhausted[method] = true
				case r.Kind == WireNote:
					body := string(r.Body)
					if !strings.Contains(body, "over parley's 64 KiB limit (max_event_size)") || !strings.Contains(body, "not read") ||
						!strings.HasPrefix(body, "The reply to "+method+" ") || !strings.Contains(body, "the agent at http://"+addr+" sent no error") || strings.Count(body, ". ") > 0 {
						t.Errorf("the note on %s does not say, in one sentence, that parley's limit kept it from reading the reply: %q", method, body)
					}
					noted[method] = true
				}
			}
			for _, method := range []string{"SendMessage", "SendStreamingMessage", "GetTask"} {
				if tc.parleys && exhausted[method] {
					t.Errorf("%s: the wire log shows the agent answering RESOURCE_EXHAUSTED; it was parley's limit", method)
				}
				if tc.parleys && !noted[method] {
					t.Errorf("%s: the wire log has no note that the reply was over parley's limit", method)
				}
				if !tc.parleys && (!exhausted[method] || noted[method]) {
					t.Errorf("%s: the agent's own RESOURCE_EXHAUSTED is not logged as its reply (logged %v, noted %v)", method, exhausted[method], noted[method])
				}
			}
		})
	}
}
