package a2aclient

import (
	"errors"
	"testing"
	"time"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
)

// A gRPC agent that goes silent is bounded like an HTTP one: a stream
// that never sends its first event ends at the header timeout, one that
// goes quiet after it at the idle timeout, and either ends as a cut
// stream (a TransportError) that the follower resumes.

type silentAgent struct {
	pb.UnimplementedA2AServiceServer
	firstEvent bool
}

func (s silentAgent) SendStreamingMessage(_ *pb.SendMessageRequest, stream grpc.ServerStreamingServer[pb.StreamResponse]) error {
	if s.firstEvent {
		task := &pb.Task{Id: "t1", ContextId: "c1", Status: &pb.TaskStatus{State: pb.TaskState_TASK_STATE_WORKING}}
		if err := stream.Send(&pb.StreamResponse{Payload: &pb.StreamResponse_Task{Task: task}}); err != nil {
			return err
		}
	}
	<-stream.Context().Done()
	return nil
}

func startSilentAgent(t *testing.T, firstEvent bool) string {
	t.Helper()
	srv := grpc.NewServer()
	pb.RegisterA2AServiceServer(srv, silentAgent{firstEvent: firstEvent})
	return serveGRPC(t, srv)
}

func TestHostileGRPCSilentStream(t *testing.T) {
	for _, tc := range []struct {
		name       string
		firstEvent bool
		opts       Options
		idle       bool
	}{
		{"no first event", false, Options{HeaderTimeout: 100 * time.Millisecond, IdleTimeout: -1}, false},
		{"silent after the first", true, Options{HeaderTimeout: -1, IdleTimeout: 100 * time.Millisecond}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The card is given, not fetched: only the gRPC call meets
			// the short limits.
			agent, err := parseCard([]byte(grpcCard(startSilentAgent(t, tc.firstEvent))), "http://127.0.0.1/.well-known/agent-card.json")
			if err != nil {
				t.Fatal(err)
			}
			c, err := NewClient(agent, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			st, err := c.Stream(hostileCtx(t), SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if tc.firstEvent {
				if ev, err := st.Next(); err != nil || ev.Task == nil {
					t.Fatalf("first event %+v, %v", ev, err)
				}
			}
			_, err = st.Next()
			var te *TransportError
			if !errors.As(err, &te) {
				t.Fatalf("silence ended with %v (%T), want a TransportError", err, err)
			}
			var de *DeadlineError
			if got := errors.As(err, &de); got != tc.idle || (got && !de.Idle) {
				t.Errorf("DeadlineError %v (%v), want idle %v", got, err, tc.idle)
			}
		})
	}
}
