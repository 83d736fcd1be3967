package a2aclient

import (
	"context"
	"sync"
	"testing"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
)

// A gRPC call's status comes at its end. parley stops reading a stream
// once its task settles; the rest is read in the background, even after
// the caller canceled its context, so the wire view still shows the
// call's "grpc OK" when the server ends it well, and nothing made up
// when it does not end it at all (cut after settleWait).

// settleServer answers SendStreamingMessage with a completed task, then
// ends the call once release is closed (after the client canceled its
// context); hold keeps it open instead, until the client leaves.
type settleServer struct {
	pb.UnimplementedA2AServiceServer
	hold    bool
	release chan struct{}
	left    chan struct{} // closed when a held stream's client left
}

func (s *settleServer) SendStreamingMessage(_ *pb.SendMessageRequest, st grpc.ServerStreamingServer[pb.StreamResponse]) error {
	task := &pb.Task{Id: "t1", ContextId: "c1", Status: &pb.TaskStatus{State: pb.TaskState_TASK_STATE_COMPLETED}}
	if err := st.Send(&pb.StreamResponse{Payload: &pb.StreamResponse_Task{Task: task}}); err != nil {
		return err
	}
	if s.hold {
		<-st.Context().Done()
		close(s.left)
		return nil
	}
	select {
	case <-s.release:
	case <-st.Context().Done():
	}
	return nil
}

func startSettleServer(t *testing.T, s pb.A2AServiceServer) string {
	t.Helper()
	gs := grpc.NewServer()
	pb.RegisterA2AServiceServer(gs, s)
	return serveGRPC(t, gs)
}

func TestGRPCSettledStreamShowsItsStatus(t *testing.T) {
	for _, hold := range []bool{false, true} {
		srv := &settleServer{hold: hold, release: make(chan struct{}), left: make(chan struct{})}
		addr := startSettleServer(t, srv)
		var mu sync.Mutex
		var statuses []string
		o := Options{Wire: func(r WireRecord) {
			if r.Kind != WireResponse || r.Header.Get("Grpc-Status") == "" {
				return
			}
			mu.Lock()
			statuses = append(statuses, r.Header.Get("Grpc-Status"))
			mu.Unlock()
		}}
		c, err := Resolve(hostileCtx(t), serveGRPCCard(t, addr), o)
		if err != nil {
			t.Fatal(err)
		}
		// The caller cancels its context as soon as it has the settling
		// event, as the TUI's conversation does when its turn ends.
		ctx, cancel := context.WithCancel(hostileCtx(t))
		st, err := c.Stream(ctx, SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
		if err != nil {
			t.Fatal(err)
		}
		ev, err := st.Next()
		if err != nil || ev.Task == nil || ev.Task.Status.State != StateCompleted {
			t.Fatalf("hold=%v: first event %+v, %v", hold, ev, err)
		}
		cancel()
		st.Close()
		close(srv.release)
		if st.settled == nil {
			t.Fatalf("hold=%v: the settled gRPC stream was cut, not read to its end", hold)
		}
		<-st.settled // the background read is over: ended, or cut at its limit
		if hold {
			<-srv.left // the server saw the call cut
		}
		mu.Lock()
		if want := map[bool]int{false: 1, true: 0}[hold]; len(statuses) != want || want == 1 && statuses[0] != "OK" {
			t.Errorf("hold=%v: statuses %q; want one OK when the server ends the call, none when parley cuts it", hold, statuses)
		}
		mu.Unlock()
		c.Close()
	}
}
