package session

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// BenchmarkTurnClockChunk is what measuring a turn adds to each chunk of
// a streamed answer once its first text came: the follow stage of
// BenchmarkIngest spends some 500 ns an event.
func BenchmarkTurnClockChunk(b *testing.B) {
	var tr a2aclient.Tracker
	tr.Apply(a2aclient.Event{Task: &a2aclient.Task{ID: "t", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}}})
	ev := a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t", Artifact: a2aclient.Artifact{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart("chunk")}}, Append: true}}
	var c turnClock
	c.begin()
	c.event(&ev, &tr, false)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !c.idle(&ev) {
			c.event(&ev, &tr, false)
		}
	}
}
