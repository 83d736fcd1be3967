package session

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

// Every turn measures when the first byte, the first event, the first
// artifact text and the settled state arrived, and how long the task
// spent in each state it reported; a moment never reached stays zero.
func TestExchangeMeasuresTimings(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		time.Sleep(2 * time.Millisecond) // a moment before the first byte
		events(w, c, false,
			task("t1", "submitted"),
			status("t1", "working", "thinking"),
			chunk("t1", "a1", "Hello, ", false, false),
			chunk("t1", "a1", "world", true, true),
			status("t1", "completed", "done"))
	})
	s, err := Exchange(context.Background(), client(t, f), hello(), FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tm := s.Timings
	if tm.FirstByte <= 0 || tm.FirstEvent < tm.FirstByte || tm.FirstText < tm.FirstEvent || tm.Final < tm.FirstText {
		t.Errorf("timings out of order or missing: %+v", tm)
	}
	var states []a2aclient.State
	for _, st := range tm.States {
		states = append(states, st.State)
		if st.Spent < 0 {
			t.Errorf("state %s spent %v", st.State, st.Spent)
		}
	}
	if len(states) != 2 || states[0] != a2aclient.StateSubmitted || states[1] != a2aclient.StateWorking {
		t.Errorf("states = %v, want submitted then working (the final state is not timed)", states)
	}
	j := s.Outcome.Timings
	if j == nil || j.FinalMs <= 0 || len(j.States) != 2 || j.States[1].State != "working" {
		t.Errorf("the result's timings = %+v", j)
	}
}

// A reply without artifact text has no first-text time.
func TestExchangeTimingsWithoutText(t *testing.T) {
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false, task("t1", "submitted"), status("t1", "input-required", "which one?"))
	})
	s, err := Exchange(context.Background(), client(t, f), hello(), FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Timings.FirstText != 0 || s.Timings.Final <= 0 {
		t.Errorf("timings = %+v, want no first text and a final time", s.Timings)
	}
}

// A blocking send is measured too: the reply is the first event.
func TestExchangeTimingsWithoutStreaming(t *testing.T) {
	f := newFakeAgent(t, false)
	f.On("message/send", func(w http.ResponseWriter, c rpcCall) {
		reply(w, c, task("t1", "completed", artifact("a1", "done")))
	})
	s, err := Exchange(context.Background(), client(t, f), hello(), FollowOptions{NoStream: true})
	if err != nil {
		t.Fatal(err)
	}
	if tm := s.Timings; tm.FirstByte <= 0 || tm.FirstEvent <= 0 || tm.FirstText != tm.FirstEvent || tm.Final != tm.FirstEvent {
		t.Errorf("timings of a blocking send = %+v", tm)
	}
}
