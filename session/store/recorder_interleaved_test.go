package store

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
)

// An answer streamed into several long artifacts at once, a chunk of
// each in turn (two reports side by side, a log beside an answer), is
// held as a window of each: whether recorded for parley send --json
// (Release, with WindowEach) or for the TUI (Window), neither the
// tracker nor the conversation holds any of them whole once the store
// has committed its text. The store has each whole, and the summary's
// text and artifacts, their fronts read back from the store as the
// --json result line reads them, are each artifact's whole text. Only
// the last artifact to start was held as a window; the others were held
// whole until they settled.
func TestRecorderHoldsAWindowOfEachInterleavedLongArtifact(t *testing.T) {
	const arts, chunks, size = 3, 2048, 1024
	srv, err := loopback.Start(loopback.Options{Chunks: chunks, ChunkSize: size, Interleave: arts})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	recordInterleaved(t, srv, "Release", session.RecordOptions{Release: true}, true)
	recordInterleaved(t, srv, "Window", session.RecordOptions{Window: true}, false)
}

// Without WindowEach, a conversation that releases holds a window of
// the last artifact that started only, as parley send's text printer
// needs (see WindowEach): the others' text is held whole.
func TestReleasingRecorderHoldsAWindowOfTheLastArtifactOnlyUnlessEach(t *testing.T) {
	srv, err := loopback.Start(loopback.Options{Chunks: 1024, ChunkSize: 1024, Interleave: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	sum, _, _ := record(t, srv, session.RecordOptions{Release: true}, false, nil)
	if cut0, cut1 := sum.TextCut(loopback.InterleavedID(0)), sum.TextCut(loopback.InterleavedID(1)); cut0 != 0 || cut1 == 0 {
		t.Errorf("the tracker let go of %d bytes of the first artifact and %d of the last; want none of the first, some of the last", cut0, cut1)
	}
}

// record records an exchange with srv, following it with ReleaseText,
// each event committed before the next (as parley send's gate does)
// and handed to heard.
func record(t *testing.T, srv *loopback.Server, o session.RecordOptions, each bool, heard func(*session.Conversation, session.Update)) (sum *session.Summary, s *Store, id int64) {
	t.Helper()
	client, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s = openTestStore(t)
	conv := session.NewConversation(client, "loopback", nil)
	if each {
		conv.WindowEach()
	}
	o.Agent = session.AgentInfo{Name: "loopback", Ref: srv.URL}
	rec := s.Record(conv, o)
	sum, err = conv.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("go")}}, session.FollowOptions{
		ReleaseText: true,
		OnUpdate: func(u session.Update) {
			if err := rec.Flush(); err != nil {
				t.Error(err)
			}
			if heard != nil {
				heard(conv, u)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if sum.State != string(a2aclient.StateCompleted) {
		t.Fatalf("the exchange ended %s", sum.State)
	}
	if sum.TextCut == nil {
		t.Fatal("the tracker let go of nothing; the test proves nothing")
	}
	return sum, s, rec.ID()
}

func recordInterleaved(t *testing.T, srv *loopback.Server, mode string, o session.RecordOptions, each bool) {
	t.Helper()
	var w *session.Watcher
	holds := map[string]int{} // by item key, as last drained
	trackerHeld, convHeld := 0, 0
	sum, s, id := record(t, srv, o, each, func(conv *session.Conversation, u session.Update) {
		if w == nil {
			w = conv.Watch(func() {}) // what the conversation holds of what changed
		}
		if u.Tracker == nil {
			return
		}
		held := 0
		for k := range srv.Answers {
			a, _ := u.Tracker.Artifact(loopback.InterleavedID(k))
			held += len(a.Text())
		}
		trackerHeld = max(trackerHeld, held)
		items, _ := w.Drain()
		for _, it := range items {
			holds[it.Key] = 0
			for _, p := range it.Parts {
				holds[it.Key] += len(p.Text)
			}
		}
		held = 0
		for _, n := range holds {
			held += n
		}
		convHeld = max(convHeld, held)
	})
	whole := len(srv.Answer)
	t.Logf("%s: held at most %d bytes in the tracker, %d in the conversation, of %d in %d artifacts", mode, trackerHeld, convHeld, whole, len(srv.Answers))
	// Each window: what the store committed and was not let go of yet
	// (a step), and what it has not committed (the recorder's bound).
	bound := len(srv.Answers) * 512 << 10
	if trackerHeld > bound || convHeld > bound {
		t.Errorf("%s: the tracker held up to %d bytes of the artifacts' text and the conversation %d; want a window of each, under %d of %d",
			mode, trackerHeld, convHeld, bound, whole)
	}
	// The store has every artifact whole.
	for k, want := range srv.Answers {
		key := "art:" + loopback.TaskID + "/" + loopback.InterleavedID(k)
		it, rows := storedItem(t, s, id, key)
		if rows != 1 || len(it.Parts) != 1 || it.Parts[0].Text != want {
			t.Errorf("%s: the store holds artifact %d in %d rows, as %d parts; want one row, its whole text (%d bytes)", mode, k, rows, len(it.Parts), len(want))
		}
	}
	// The summary, its fronts read back from the store, is the answer:
	// its text, and each artifact's.
	var text strings.Builder
	if err := sum.EachText(func(art string, cut int, piece string) error {
		text.WriteString(storedFront(t, s, id, art, cut))
		text.WriteString(piece)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if text.String() != srv.Answer {
		t.Errorf("%s: the summary's text read back is %d bytes, not the answer (%d)", mode, text.Len(), len(srv.Answer))
	}
	if len(sum.Artifacts) != len(srv.Answers) {
		t.Fatalf("%s: the summary lists %d artifacts, want %d", mode, len(sum.Artifacts), len(srv.Answers))
	}
	for k, a := range sum.Artifacts {
		cut := sum.TextCut(a.ID)
		if cut == 0 {
			t.Errorf("%s: artifact %s was never held as a window", mode, a.ID)
		}
		if a.ID != loopback.InterleavedID(k) || len(a.Parts) != 1 || storedFront(t, s, id, a.ID, cut)+a.Parts[0].Text != srv.Answers[k] {
			t.Errorf("%s: the summary's artifact %d (%s), its front read back, is not its text", mode, k, a.ID)
		}
	}
}

// storedFront is the first cut bytes of the text of the artifact with
// this id, read from stored context id a piece at a time, as the --json
// result line reads them (cli's frontThenWindow).
func storedFront(t *testing.T, s *Store, id int64, artifactID string, cut int) string {
	t.Helper()
	if cut == 0 {
		return ""
	}
	var front strings.Builder
	errRead := errors.New("read")
	err := s.EachTextPiece(id, "art:"+loopback.TaskID+"/"+artifactID, func(p string) error {
		front.WriteString(p[:min(len(p), cut-front.Len())])
		if front.Len() == cut {
			return errRead
		}
		return nil
	})
	if err != nil && !errors.Is(err, errRead) {
		t.Fatal(err)
	}
	if front.Len() != cut {
		t.Fatalf("the store holds %d bytes of %s's front; %d were let go of", front.Len(), artifactID, cut)
	}
	return front.String()
}
