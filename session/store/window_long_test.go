package store

import (
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
)

// streamLong records, as the TUI's recorder does, one answer of chunks
// chunks of size bytes streamed into one artifact, and returns the
// context and the whole answer.
func streamLong(t *testing.T, s *Store, chunks, size int) (int64, string) {
	t.Helper()
	srv, err := loopback.Start(loopback.Options{Chunks: chunks, ChunkSize: size})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	client, err := a2aclient.Resolve(t.Context(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	changed := make(chan struct{}, 1)
	conv := session.NewConversation(client, "loopback", func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	})
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "loopback", Ref: srv.URL}, Window: true})
	conv.Send("go")
	deadline := time.Now().Add(time.Minute)
	for done := false; !done && time.Now().Before(deadline); {
		select {
		case <-changed:
		case <-time.After(10 * time.Millisecond):
		}
		for _, it := range conv.Drain() {
			done = done || it.Kind == session.ItemStatus && it.State.Terminal()
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return rec.ID(), loopback.Answer(chunks * size)
}

// heldText is how many bytes of text items hold.
func heldText(items []session.Item) int {
	n := 0
	for _, it := range items {
		n += len(it.Text)
		for _, p := range it.Parts {
			n += len(p.Text)
		}
	}
	return n
}

// checkWindowOfLong checks that items, read in a window, hold the long
// artifact as its end after a cut, the store having the rest.
func checkWindowOfLong(t *testing.T, what string, items []session.Item, whole string) {
	t.Helper()
	const bound = 300 << 10
	if n := heldText(items); n > bound {
		t.Errorf("%s holds %d bytes of text for an answer of %d; want at most %d, whatever the answer's size", what, n, len(whole), bound)
	}
	found := false
	for _, it := range items {
		if it.Kind != session.ItemArtifact {
			continue
		}
		found = true
		if len(it.Parts) != 1 || it.Cut == 0 || it.Cut+len(it.Parts[0].Text) != len(whole) || whole[it.Cut:] != it.Parts[0].Text {
			t.Errorf("%s: the artifact is cut at %d with %d parts; want the answer's end after a cut, ending the %d bytes", what, it.Cut, len(it.Parts), len(whole))
		}
	}
	if !found {
		t.Errorf("%s: no artifact", what)
	}
}

// A context holding a long answer reopens (OpenContext with a tail, and
// each window read) with that answer's end, a bounded number of bytes
// whatever its size, and its Cut saying how much the store holds in
// front; a whole read (export) still has all of it.
func TestWindowReadsHoldTheEndOfALongItem(t *testing.T) {
	s := openTestStore(t)
	for _, chunks := range []int{1000, 4000} {
		id, whole := streamLong(t, s, chunks, 1024)
		oc, err := s.OpenContext(id, session.OpenWindow)
		if err != nil {
			t.Fatal(err)
		}
		checkWindowOfLong(t, "the reopened context", oc.Items, whole)
		if !strings.HasSuffix(whole, loopback.EndMarker+"\n") {
			t.Fatalf("the answer does not end with the end marker")
		}
		after, err := s.LoadAfter(id, -1, 256)
		if err != nil {
			t.Fatal(err)
		}
		checkWindowOfLong(t, "LoadAfter", after, whole)
		var key string
		for _, it := range after {
			if it.Kind == session.ItemArtifact {
				key = it.Key
			}
		}
		around, _, err := s.LoadAround(id, key, 512)
		if err != nil {
			t.Fatal(err)
		}
		checkWindowOfLong(t, "LoadAround", around, whole)
		before, err := s.LoadBefore(id, 1<<30, 256)
		if err != nil {
			t.Fatal(err)
		}
		checkWindowOfLong(t, "LoadBefore", before, whole)
		front, err := s.TextRange(id, key, 0, 64)
		if err != nil || front != whole[:64] {
			t.Errorf("the front read back: %q, %v; want the answer's first 64 bytes", front, err)
		}
		all, err := s.OpenContext(id, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range all.Items {
			if it.Kind == session.ItemArtifact && (it.Cut != 0 || len(it.Parts) != 1 || it.Parts[0].Text != whole) {
				t.Errorf("a whole read has the artifact cut at %d; want all %d bytes", it.Cut, len(whole))
			}
		}
	}
}

// An item stored whole in its row (a long message written at once, or
// one whose tails were folded) is read in a window as its end too, cut
// at a character's boundary.
func TestWindowReadsCutALongRowAtACharacter(t *testing.T) {
	s := openTestStore(t)
	whole := "# first line\n" + strings.Repeat("é€ab\n", 200000) + "the end\n"
	conv := session.NewConversation(nil, "win", nil)
	conv.Restore("ctx", nil, nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "win", Ref: "http://win"}})
	conv.Edit(func(e session.Editor) {
		e.Add(&session.Item{Key: "art:1", Kind: session.ItemArtifact, Parts: []a2aclient.Part{a2aclient.TextPart(whole)}, Done: true})
	})
	conv.Changed()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	oc, err := s.OpenContext(rec.ID(), session.OpenWindow)
	if err != nil {
		t.Fatal(err)
	}
	checkWindowOfLong(t, "the reopened context", oc.Items, whole)
}
