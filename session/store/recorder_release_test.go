package store

import (
	"context"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
)

// recordDistinct records an exchange with a loopback agent answering n
// distinct one-character artifacts, and returns the conversation, its
// stored context and how much the live heap grew from before the
// exchange (the agent running) to after it, the conversation kept.
func recordDistinct(t *testing.T, s *Store, n int, o session.RecordOptions) (*session.Conversation, int64, int64) {
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
	return conv, rec.ID(), int64(liveHeap()) - int64(base)
}

// A recorder that releases (parley send's) leaves the conversation
// holding none of the artifacts it committed once they settled, only
// where each was: the store has them. The conversation kept every artifact's parts and a
// copy of every item for a UI nobody drew, about 500 bytes an artifact:
// 50 MB of parley send's heap for 100,000 of them.
func TestReleasingRecorderLetsGoOfSettledArtifacts(t *testing.T) {
	const n = 20000
	s := openTestStore(t)
	conv, id, grew := recordDistinct(t, s, n, session.RecordOptions{Delay: time.Millisecond, Release: true})
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
	// What stays of each is its key, place, version and time, to put a
	// late chunk back where it was: about 140 bytes. Its item, parts
	// and index entry made 286.
	if perArtifact > 180 {
		t.Errorf("the conversation holds %d bytes for each committed artifact; want its key and place only (under 180)", perArtifact)
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
}
