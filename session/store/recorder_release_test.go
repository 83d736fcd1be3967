package store

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/internal/fakeagent"
	"github.com/parley-a2a/parley/session"
)

// recordDistinct records an exchange with a loopback agent answering n
// distinct one-character artifacts, and returns the conversation, its
// stored context and how much the live heap grew from before the
// exchange (the agent running) to after it, the conversation kept.
func recordDistinct(t *testing.T, s *Store, n int, o session.RecordOptions) (*session.Conversation, *Recorder, int64) {
	t.Helper()
	srv, err := loopback.Start(loopback.Options{Chunks: n, ChunkSize: 1, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	client, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	base := liveHeap()
	conv := session.NewConversation(client, "loopback", nil)
	rec := s.Record(conv, o)
	sum, err := conv.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("go")}}, session.FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if sum.State != string(a2aclient.StateCompleted) {
		t.Fatalf("the exchange ended %s", sum.State)
	}
	sum = nil
	grew := int64(liveHeap()) - int64(base)
	return conv, rec, grew
}

// A recorder that releases (parley send's) leaves the conversation
// holding none of the artifacts it committed once they settled, only
// where each was: the store has them. The conversation kept every artifact's parts and a
// copy of every item for a UI nobody drew, about 500 bytes an artifact:
// 50 MB of parley send's heap for 100,000 of them.
func TestReleasingRecorderLetsGoOfSettledArtifacts(t *testing.T) {
	const n = 20000
	s := openTestStore(t)
	conv, rec, grew := recordDistinct(t, s, n, session.RecordOptions{Delay: time.Millisecond, Release: true})
	id := rec.ID()
	held := 0
	for _, it := range conv.Items() {
		if it.Kind == session.ItemArtifact && len(it.Parts) > 0 {
			held++
		}
	}
	perArtifact := grew / n
	t.Logf("live heap with the conversation: %d bytes an artifact", perArtifact)
	if held > 0 {
		t.Errorf("the conversation still holds the parts of %d of %d settled, committed artifacts", held, n)
	}
	// Nothing stays of each: the store knows a late chunk's place (its
	// key is unique in the context). Its item, parts and index entry
	// made 286 bytes; its key, place, version and time (and the
	// recorder's key of it), 155. What the heap grows by now is the
	// store's and the recorder's own, about 0.6 MB whatever n is.
	if perArtifact > 64 {
		t.Errorf("the conversation and its recorder hold %d bytes for each committed artifact; want nothing (under 64 with their fixed costs)", perArtifact)
	}
	// The recorder keeps no key of what the conversation let go of.
	t.Logf("keys known: %d", len(rec.st.known))
	if k := len(rec.st.known); k > 16 {
		t.Errorf("the recorder knows %d keys after %d artifacts were let go of; want those still held only", k, n)
	}
	// Nothing lost: the store has every artifact whole.
	oc, err := s.OpenContext(id, 0)
	if err != nil {
		t.Fatal(err)
	}
	stored := 0
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact && len(it.Parts) == 1 && len(it.Parts[0].Text) == 1 {
			stored++
		}
	}
	if stored != n {
		t.Errorf("the store holds %d whole artifacts, want %d", stored, n)
	}
	_ = conv.ContextID() // the conversation stays alive to here
	_ = rec.ID()
}

// storedItem reads the item under key from stored context id, and how
// many rows hold that key.
func storedItem(t *testing.T, s *Store, id int64, key string) (session.Item, int) {
	t.Helper()
	var found session.Item
	n := 0
	if err := s.EachItem(id, func(it session.Item) error {
		if it.Key == key {
			found = it
			n++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return found, n
}

// A late chunk of an artifact the conversation let go of (Release) and
// the tracker perhaps too (ReleaseText) continues it in its place: the
// store updates the row it has, at its seq and with its time, as a
// newer version, rather than adding another. Nothing but the store
// kept the artifact in between.
func TestReleasedArtifactComesBackInItsPlace(t *testing.T) {
	for _, releaseText := range []bool{false, true} {
		f := newFakeAgent(t, true)
		f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
			events(w, c, false, task("t1", "working"), chunk("t1", "a0", "x", false, true), chunk("t1", "a1", "other", false, true),
				chunk("t1", "a0", "y", true, true), status("t1", "completed", ""))
		})
		s := openTestStore(t)
		conv := session.NewConversation(client(t, f), "fake", nil)
		rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "fake", Ref: "fake"}, Release: true})
		var before session.Item
		_, err := conv.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("go")}}, session.FollowOptions{
			ReleaseText: releaseText,
			OnUpdate: func(u session.Update) {
				if err := rec.Flush(); err != nil {
					t.Error(err)
				}
				if u.Event == nil || u.Event.Artifact == nil || u.Event.Artifact.Artifact.ID != "a1" {
					return
				}
				before, _ = storedItem(t, s, rec.ID(), "art:t1/a0")
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := rec.Close(); err != nil {
			t.Fatal(err)
		}
		after, rows := storedItem(t, s, rec.ID(), "art:t1/a0")
		if rows != 1 || after.Seq != before.Seq || after.Version <= before.Version || !after.Time.Equal(before.Time) ||
			len(after.Parts) != 1 || after.Parts[0].Text != "xy" {
			t.Errorf("ReleaseText %v: %d rows; the artifact came back as seq %d version %d time %v parts %+v; want one row, seq %d, a version above %d, time %v, text xy",
				releaseText, rows, after.Seq, after.Version, after.Time, after.Parts, before.Seq, before.Version, before.Time)
		}
	}
}

// An answer in one long artifact, recorded by a releasing recorder and
// followed with ReleaseText (parley send's), is held as a window: once
// the store has committed its text, neither the tracker nor the
// conversation holds it whole, only what the store has not yet and a
// bounded tail. The store has it whole. Both held the whole answer (a
// builder, and an item sharing its text) until the artifact settled.
func TestReleasingRecorderHoldsAWindowOfALongArtifact(t *testing.T) {
	const chunks, size = 1000, 1024
	srv, err := loopback.Start(loopback.Options{Chunks: chunks, ChunkSize: size})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	client, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := openTestStore(t)
	conv := session.NewConversation(client, "loopback", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "loopback", Ref: srv.URL}, Release: true})
	w := conv.Watch(func() {}) // what the conversation holds of what changed
	trackerHeld, convHeld := 0, 0
	sum, err := conv.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("go")}}, session.FollowOptions{
		ReleaseText: true,
		OnUpdate: func(u session.Update) {
			// As parley send's gate does, what was heard is committed
			// before more is.
			if err := rec.Flush(); err != nil {
				t.Error(err)
			}
			if u.Event == nil || u.Event.Artifact == nil {
				return
			}
			a, _ := u.Tracker.Artifact(u.Event.Artifact.Artifact.ID)
			trackerHeld = max(trackerHeld, len(a.Text()))
			items, _ := w.Drain()
			for _, it := range items {
				for _, p := range it.Parts {
					convHeld = max(convHeld, len(p.Text))
				}
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
	t.Logf("held at most %d bytes in the tracker, %d in the conversation, of %d", trackerHeld, convHeld, chunks*size)
	const bound = 512 << 10
	if trackerHeld > bound || convHeld > bound {
		t.Errorf("the tracker held up to %d bytes of the artifact's text and the conversation %d; want a window, under %d of %d",
			trackerHeld, convHeld, bound, chunks*size)
	}
	oc, err := s.OpenContext(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	whole := loopback.Answer(chunks * size)
	found := false
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact {
			found = true
			if len(it.Parts) != 1 || it.Parts[0].Text != whole {
				t.Errorf("the store holds the artifact as %d parts, %d bytes; want the whole answer, %d bytes", len(it.Parts), len(it.Parts[0].Text), len(whole))
			}
		}
	}
	if !found {
		t.Error("the store holds no artifact")
	}
}

// An artifact held as a window that changes more than its text (here
// its name, with its last chunk) cannot be stored as one more tail: the
// recorder reads the front of its text back from the store and writes
// it whole, nothing lost.
func TestWindowedArtifactRenamedIsStoredWhole(t *testing.T) {
	const chunks = 600
	piece := strings.Repeat("x", 1023) + "\n"
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		evs := []any{task("t1", "working")}
		for i := range chunks {
			evs = append(evs, chunk("t1", "a", piece, i > 0, false))
		}
		last := chunk("t1", "a", "end", true, true)
		last["artifact"].(map[string]any)["name"] = "renamed"
		evs = append(evs, last, status("t1", "completed", ""))
		events(w, c, false, evs...)
	})
	s := openTestStore(t)
	conv := session.NewConversation(client(t, f), "fake", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "fake", Ref: "fake"}, Release: true})
	cut := 0
	_, err := conv.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("go")}}, session.FollowOptions{
		ReleaseText: true,
		OnUpdate: func(u session.Update) {
			if err := rec.Flush(); err != nil {
				t.Error(err)
			}
			cut = max(cut, u.Tracker.TextCut("a"))
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if cut == 0 {
		t.Fatal("the tracker never let go of the artifact's front; the test proves nothing")
	}
	it, rows := storedItem(t, s, rec.ID(), "art:t1/a")
	want := strings.Repeat(piece, chunks) + "end"
	if rows != 1 || it.Name != "renamed" || len(it.Parts) != 1 || it.Parts[0].Text != want {
		got := 0
		if len(it.Parts) > 0 {
			got = len(it.Parts[0].Text)
		}
		t.Errorf("%d rows; the artifact is stored named %q with %d parts, %d bytes; want one, renamed, %d bytes whole", rows, it.Name, len(it.Parts), got, len(want))
	}
}

// A stream broken mid-answer, after the front of a long artifact was
// let go of, is resumed and the task fetched again: whether the agent's
// task lists the artifact whole or leaves it out, the store keeps it
// whole, with what the resumed stream added.
func TestWindowedArtifactSurvivesAResume(t *testing.T) {
	for _, listed := range []bool{false, true} {
		resumeWindowed(t, listed)
	}
}

func resumeWindowed(t *testing.T, listed bool) {
	const chunks = 600
	piece := strings.Repeat("x", 1023) + "\n"
	f := newFakeAgent(t, true)
	f.On("message/stream", func(w http.ResponseWriter, c rpcCall) {
		evs := []any{task("t1", "working")}
		for i := range chunks {
			evs = append(evs, chunk("t1", "a", piece, i > 0, false))
		}
		events(w, c, true, evs...) // cut
	})
	f.On("tasks/resubscribe", func(w http.ResponseWriter, c rpcCall) {
		events(w, c, false, chunk("t1", "a", "end", true, true), status("t1", "completed", ""))
	})
	f.On("tasks/get", func(w http.ResponseWriter, c rpcCall) {
		got := task("t1", "completed")
		if listed {
			got = task("t1", "completed", fakeagent.Artifact("a", strings.Repeat(piece, chunks)+"end"))
		}
		writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": c.ID, "result": got})
	})
	s := openTestStore(t)
	conv := session.NewConversation(client(t, f), "fake", nil)
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "fake", Ref: "fake"}, Release: true})
	cut := 0
	_, err := conv.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("go")}}, session.FollowOptions{
		ReleaseText: true, ResumeDelay: -1,
		OnUpdate: func(u session.Update) {
			if err := rec.Flush(); err != nil {
				t.Error(err)
			}
			if u.Tracker != nil {
				cut = max(cut, u.Tracker.TextCut("a"))
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if cut == 0 {
		t.Fatal("the tracker never let go of the artifact's front; the test proves nothing")
	}
	it, rows := storedItem(t, s, rec.ID(), "art:t1/a")
	want := strings.Repeat(piece, chunks) + "end"
	if rows != 1 || len(it.Parts) != 1 || it.Parts[0].Text != want {
		got := 0
		if len(it.Parts) > 0 {
			got = len(it.Parts[0].Text)
		}
		t.Errorf("listed %v: %d rows; the artifact is stored as %d parts, %d bytes; want one, %d bytes whole", listed, rows, len(it.Parts), got, len(want))
	}
}
