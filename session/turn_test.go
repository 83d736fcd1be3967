package session

import (
	"context"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// What a turn measured is kept on the user's message, for the TUI and
// the store, whether the turn was sent in the background (Send) or on
// the caller's goroutine (Exchange).
func TestConversationKeepsTheTurnOnTheUsersMessage(t *testing.T) {
	c, _ := demoConversation(t, "/v0.3/")
	c.Send("hello there")
	waitIdle(t, c)
	if _, err := c.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("again")}}, FollowOptions{}); err != nil {
		t.Fatal(err)
	}
	var users int
	for _, it := range c.Items() {
		if it.Kind != ItemUser {
			continue
		}
		users++
		if it.Turn == nil || it.Turn.Timings.Final <= 0 || it.Turn.Timings.FirstText <= 0 {
			t.Errorf("user item %q: turn = %+v, want its timings", it.Text, it.Turn)
		}
	}
	if users != 2 {
		t.Fatalf("%d user items, want 2", users)
	}
}

// A turn's JSON form reads back as it was written.
func TestTurnJSONRoundTrip(t *testing.T) {
	in := &Turn{TraceID: "4bf92f3577b34da6a3ce929d0e0e4736", Timings: Timings{FirstByte: 1500, FirstEvent: 2_000_000, FirstText: 3_000_000, Final: 2_400_000_000,
		States: []StateTime{{State: a2aclient.StateSubmitted, Spent: 1_000_000}, {State: a2aclient.StateWorking, Spent: 2_399_000_000}}}}
	out := TurnFromJSON(in.JSON())
	if out == nil || out.TraceID != in.TraceID || out.Timings.Final != in.Timings.Final || out.Timings.FirstByte != 2000 ||
		len(out.Timings.States) != 2 || out.Timings.States[1] != in.Timings.States[1] {
		t.Errorf("round trip: %+v, want %+v (first byte to the microsecond)", out, in)
	}
	if TurnFromJSON(nil) != nil {
		t.Error("no JSON gives no turn")
	}
}
