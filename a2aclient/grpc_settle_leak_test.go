package a2aclient

import (
	"context"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/grpc"
)

// A settled gRPC stream is read on in the background for at most
// settleWait. Against a server that never ends its calls, many settled
// streams must each be cut at that limit, their goroutines (parley's
// reader and the server's handler alike) gone, not parked for as long as
// the server cares to hold them.

// holdAll answers SendStreamingMessage with a completed task and holds
// every call open until its client leaves; open counts the calls not yet
// left.
type holdAll struct {
	pb.UnimplementedA2AServiceServer
	open atomic.Int32
}

func (s *holdAll) SendStreamingMessage(_ *pb.SendMessageRequest, st grpc.ServerStreamingServer[pb.StreamResponse]) error {
	s.open.Add(1)
	defer s.open.Add(-1)
	task := &pb.Task{Id: "t1", ContextId: "c1", Status: &pb.TaskStatus{State: pb.TaskState_TASK_STATE_COMPLETED}}
	if err := st.Send(&pb.StreamResponse{Payload: &pb.StreamResponse_Task{Task: task}}); err != nil {
		return err
	}
	<-st.Context().Done()
	return nil
}

// settleOne streams one message to its settling event, then leaves the
// stream as the TUI does when its turn ends, and returns the stream. The
// caller's context has no deadline (the TUI's has none), so nothing but
// settleWait bounds the read on.
func settleOne(t *testing.T, c *Client) *Stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := c.Stream(ctx, SendRequest{Message: Message{Parts: []Part{TextPart("hi")}}})
	if err != nil {
		t.Fatal(err)
	}
	ev, err := st.Next()
	if err != nil || ev.Task == nil || ev.Task.Status.State != StateCompleted {
		t.Fatalf("first event %+v, %v", ev, err)
	}
	st.Close()
	if st.settled == nil {
		t.Fatal("the settled gRPC stream was cut, not read on; the test proves nothing")
	}
	return st
}

// waitFor waits for cond, for a generous while: a wait on a condition,
// not an assertion on speed.
func waitFor(cond func() bool) bool {
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
	return true
}

func TestGRPCSettledStreamsLeaveNoGoroutines(t *testing.T) {
	const n = 20
	srv := &holdAll{}
	c, err := Resolve(hostileCtx(t), serveGRPCCard(t, startSettleServer(t, srv)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// One stream first, so the connection and its goroutines are part of
	// the baseline.
	if first := settleOne(t, c); !waitFor(func() bool { return isClosed(first.settled) }) {
		t.Fatal("the first settled stream was never cut")
	}
	if !waitFor(func() bool { return srv.open.Load() == 0 }) {
		t.Fatal("the first call was never left")
	}
	base := runtime.NumGoroutine()

	streams := make([]*Stream, n)
	for i := range streams {
		streams[i] = settleOne(t, c)
	}
	if open := srv.open.Load(); open == 0 {
		t.Fatal("no call was held open; the test proves nothing")
	}
	for i, st := range streams {
		if !waitFor(func() bool { return isClosed(st.settled) }) {
			t.Fatalf("after 60 s settled stream %d of %d is still read on", i+1, n)
		}
	}
	if !waitFor(func() bool { return srv.open.Load() == 0 }) {
		t.Errorf("after 60 s the server still holds %d of %d settled calls open", srv.open.Load(), n)
	}
	if !waitFor(func() bool { return runtime.NumGoroutine() <= base }) {
		buf := make([]byte, 1<<20)
		t.Errorf("after 60 s %d goroutines, %d before the %d settled streams:\n%s", runtime.NumGoroutine(), base, n,
			strings.TrimSpace(string(buf[:runtime.Stack(buf, true)])))
	}
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
