package store

import (
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
)

// The TUI's recorder (RecordOptions.Window) holds a window of an answer
// streamed into one long artifact, as parley send's does, but keeps
// every item for the UI: what the UI's view hands the chat is the
// window, with its cut, never the whole text; the store has the whole.
func TestWindowingRecorderHandsTheUIAWindowOfALongArtifact(t *testing.T) {
	const chunks, size = 4000, 1024
	srv, err := loopback.Start(loopback.Options{Chunks: chunks, ChunkSize: size})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	client, err := a2aclient.Resolve(t.Context(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := openTestStore(t)
	changed := make(chan struct{}, 1)
	conv := session.NewConversation(client, "loopback", func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	})
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{Name: "loopback", Ref: srv.URL}, Window: true})
	conv.Send("go")
	held, cut, last := 0, 0, ""
	deadline := time.Now().Add(time.Minute)
	for !strings.HasSuffix(last, loopback.EndMarker+"\n") && time.Now().Before(deadline) {
		select {
		case <-changed:
		case <-time.After(10 * time.Millisecond):
		}
		for _, it := range conv.Drain() {
			if it.Kind != session.ItemArtifact || len(it.Parts) == 0 {
				continue
			}
			held = max(held, len(it.Parts[0].Text))
			cut, last = it.Cut, it.Parts[0].Text
		}
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	whole := loopback.Answer(chunks * size)
	t.Logf("the UI was handed at most %d bytes of the artifact's %d; last a window of %d cut at %d", held, len(whole), len(last), cut)
	const bound = 1 << 20
	if held > bound {
		t.Errorf("the UI's view held up to %d bytes of the artifact's text; want a window, under %d of %d", held, bound, len(whole))
	}
	if cut == 0 || whole[cut:] != last {
		t.Errorf("the last item the UI had is cut at %d and holds %d bytes; want the answer's end after a cut", cut, len(last))
	}
	oc, err := s.OpenContext(rec.ID(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact && (len(it.Parts) != 1 || it.Parts[0].Text != whole) {
			t.Errorf("the store holds the artifact as %d parts; want the whole answer, %d bytes", len(it.Parts), len(whole))
		}
	}
	// The chat reads the front back a range at a time.
	var key string
	for _, it := range oc.Items {
		if it.Kind == session.ItemArtifact {
			key = it.Key
		}
	}
	for _, r := range [][2]int{{0, 1000}, {100000, 300000}, {len(whole) - 10, 100}} {
		got, err := s.TextRange(rec.ID(), key, r[0], r[1])
		if want := whole[r[0]:min(r[0]+r[1], len(whole))]; err != nil || got != want {
			t.Errorf("TextRange(%d, %d) = %d bytes, %v; want %d bytes of the answer from there", r[0], r[1], len(got), err, len(want))
		}
	}
	if conv.Stored() != rec.ID() {
		t.Errorf("the conversation says it is stored as context %d; its recorder wrote %d", conv.Stored(), rec.ID())
	}
	if len(conv.Items()) < 2 {
		t.Errorf("the conversation holds %d items; want the message and the artifact kept for the UI", len(conv.Items()))
	}
}
