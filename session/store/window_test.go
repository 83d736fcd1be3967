package store

import (
	"fmt"
	"testing"

	"github.com/parley-a2a/parley/session"
)

// fillNotes records a context of n numbered notes ("note 0" …).
func fillNotes(t *testing.T, s *Store, n int) int64 {
	t.Helper()
	conv := session.NewConversation(nil, "win", nil)
	conv.Restore("ctx", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "win", Ref: "http://win"}})
	conv.Edit(func(e session.Editor) {
		for i := 0; i < n; i++ {
			e.Add(&session.Item{Key: fmt.Sprintf("note:%d", i), Kind: session.ItemUser, Text: fmt.Sprintf("note %d", i), Done: true})
		}
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return rec.ID()
}

func seqsOf(items []session.Item) []int {
	out := make([]int, len(items))
	for i, it := range items {
		out[i] = it.Seq
	}
	return out
}

// A stored context is read forward in windows (LoadAfter) and around a
// search hit (LoadAround), in order, with no gap and no duplicate.
func TestStoreLoadsWindowsAfterAndAround(t *testing.T) {
	s := openTestStore(t)
	id := fillNotes(t, s, 250)
	seen, last := 0, -1
	for {
		page, err := s.LoadAfter(id, last, 60)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, it := range page {
			if it.Seq != last+1 || it.Text != fmt.Sprintf("note %d", it.Seq) {
				t.Fatalf("after %d: item %d %q", last, it.Seq, it.Text)
			}
			last = it.Seq
			seen++
		}
	}
	if seen != 250 {
		t.Fatalf("paged forward through %d items, want 250", seen)
	}
	items, at, err := s.LoadAround(id, "note:100", 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 50 || at != 25 || items[at].Key != "note:100" || items[0].Seq != 75 || items[49].Seq != 124 {
		t.Fatalf("around note:100: %d items, hit at %d, seqs %v", len(items), at, seqsOf(items))
	}
	items, at, err = s.LoadAround(id, "note:3", 50)
	if err != nil || len(items) != 50 || at != 3 || items[0].Seq != 0 {
		t.Fatalf("around note:3: %d items, hit at %d, %v", len(items), at, err)
	}
	if _, _, err := s.LoadAround(id, "nowhere", 50); err == nil {
		t.Fatal("around a key the context does not hold: no error")
	}
}

// A conversation continued from a window of its last items keeps the
// stored positions (Seq) of what it restored, and what it adds is
// stored after them: reading the context back gives every item once, in
// order.
func TestContinuingAWindowAppends(t *testing.T) {
	s := openTestStore(t)
	id := fillNotes(t, s, 250)
	oc, err := s.OpenContext(id, 20)
	if err != nil {
		t.Fatal(err)
	}
	if oc.Total != 250 || len(oc.Items) != 20 {
		t.Fatalf("opened %d of %d", len(oc.Items), oc.Total)
	}
	conv, rec := s.Continue(oc, nil, nil, session.RecordOptions{})
	got := conv.Items()
	if len(got) != 20 || got[0].Seq != 230 || got[19].Seq != 249 {
		t.Fatalf("restored window: seqs %v, want 230…249", seqsOf(got))
	}
	conv.Edit(func(e session.Editor) {
		e.Add(&session.Item{Key: "user:more", Kind: session.ItemUser, Text: "one more", Done: true})
	})
	conv.Notice("a note")
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	items := conv.Items()
	if n := len(items); n != 22 || items[20].Seq != 250 || items[21].Seq != 251 {
		t.Fatalf("conversation after adding: seqs %v", seqsOf(items))
	}
	all, err := s.LoadTail(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 252 || all[250].Text != "one more" || all[251].Text != "a note" {
		t.Fatalf("stored %d items, last %q, %q", len(all), all[len(all)-2].Text, all[len(all)-1].Text)
	}
	for i, it := range all {
		if it.Seq != i {
			t.Fatalf("stored item %d has seq %d", i, it.Seq)
		}
	}
}

// FirstOfTask finds where a task starts in a long context.
func TestStoreFindsATasksFirstItem(t *testing.T) {
	s := openTestStore(t)
	conv := session.NewConversation(nil, "win", nil)
	conv.Restore("ctx", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "win", Ref: "http://win"}})
	conv.Edit(func(e session.Editor) {
		for i := 0; i < 50; i++ {
			e.Add(&session.Item{Key: fmt.Sprintf("note:%d", i), Kind: session.ItemUser, TaskID: fmt.Sprintf("t%d", i/10), Text: "n", Done: true})
		}
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if key, err := s.FirstOfTask(rec.ID(), "t3"); err != nil || key != "note:30" {
		t.Fatalf("first of t3: %q, %v", key, err)
	}
	if _, err := s.FirstOfTask(rec.ID(), "t9"); err == nil {
		t.Fatal("a task the context does not hold: no error")
	}
}
