package a2aclient

import (
	"strconv"
	"testing"
)

// trackerWork streams n distinct one-character artifacts through a
// Tracker, as the session does (each event applied, its artifact read
// back), and returns the artifact entries examined to find them.
func trackerWork(n int) int {
	var tr Tracker
	tr.Apply(Event{Task: &Task{ID: "t1", ContextID: "c1", Status: TaskStatus{State: StateWorking}}})
	for i := range n {
		id := "a" + strconv.Itoa(i)
		tr.Apply(chunk(id, "x", false, true))
		tr.Artifact(id)
		tr.Sealed(id)
	}
	return tr.lookups
}

// A stream of many distinct artifacts costs in proportion to their
// number. Each was found by walking the list of those before it, so
// 100,000 of them took 31 s; four times as many artifacts must cost
// about four times the work, not sixteen.
func TestTrackerManyArtifactsCostGrowsLinearly(t *testing.T) {
	small, large := trackerWork(2000), trackerWork(8000)
	if small == 0 || large > 5*small {
		t.Errorf("work for 2,000 artifacts: %d, for 8,000: %d (%.1f times)", small, large, float64(large)/float64(small))
	}
	var tr Tracker
	tr.Apply(Event{Task: &Task{ID: "t1", Artifacts: []Artifact{{ID: "d", Parts: []Part{TextPart("first")}}, {ID: "d", Parts: []Part{TextPart("second")}}}}})
	tr.Apply(chunk("d", "+", true, true))
	if a, _ := tr.Artifact("d"); a.Text() != "first+" {
		t.Errorf("of two artifacts with one id, the first is updated: got %q", a.Text())
	}
}
