package store

import (
	"runtime"
	"testing"

	"github.com/parley-a2a/parley/session"
)

// A range read far into a long stored answer reads the tails it spans,
// not every tail before it: the chat reads the middle of a 100 MB answer
// a range at a time, and each read must cost the range, not the answer
// up to it.
func TestTextRangeReadsOnlyTheTailsItSpans(t *testing.T) {
	s := openTestStore(t)
	id, whole := streamLong(t, s, 40000, 100) // 4 MB
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var key string
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact {
			key = it.Key
		}
	}
	oc = nil
	var tails int
	if err := s.db.QueryRow(`SELECT count(*) FROM item_tails WHERE context = ? AND key = ?`, id, key).Scan(&tails); err != nil || tails < 4 {
		t.Fatalf("the answer is stored in %d tails (%v); want several", tails, err)
	}
	for _, r := range [][2]int{{0, 1000}, {len(whole) / 2, 300000}, {len(whole) - 1000, 1000}, {len(whole) - 10, 100}} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got, err := s.TextRange(id, key, r[0], r[1])
		runtime.ReadMemStats(&after)
		if want := whole[r[0]:min(r[0]+r[1], len(whole))]; err != nil || got != want {
			t.Errorf("TextRange(%d, %d) = %d bytes, %v; want %d bytes of the answer from there", r[0], r[1], len(got), err, len(want))
		}
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("TextRange(%d, %d) allocated %d bytes", r[0], r[1], alloc)
		if alloc > uint64(r[1])+3<<19 {
			t.Errorf("TextRange(%d, %d) of a %d-byte answer in %d tails allocated %d bytes; want about the range, the row and the tails it spans, under 1.5 MB more", r[0], r[1], len(whole), tails, alloc)
		}
	}
}
