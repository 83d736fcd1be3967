package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
	"github.com/parley-a2a/parley/session"
)

// A stream that arrives faster than SQLite commits it waits for the
// recorder rather than leaving changes piling up uncommitted: nothing
// else holds back `parley send` with text output (the store gate bounds
// only printed bytes, a character an artifact here), and 100,000
// distinct artifacts reached the recorder as one group of tens of
// thousands of items, 44 MB of its heap at its peak. With a grouping
// window longer than the whole stream, every group stays within the
// bound.
func TestRecorderBacklogIsBounded(t *testing.T) {
	const n = 3 * maxBacklog
	srv, err := loopback.Start(loopback.Options{Chunks: n, ChunkSize: 1, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	client, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := openTestStore(t)
	var mu sync.Mutex
	largest, items := 0, 0
	conv := session.NewConversation(client, "loopback", nil)
	rec := s.Record(conv, session.RecordOptions{Delay: time.Minute, OnFlush: func(f session.Flush) {
		mu.Lock()
		largest, items = max(largest, len(f.Items)), items+len(f.Items)
		mu.Unlock()
	}})
	sum, err := conv.Exchange(context.Background(), a2aclient.Message{Parts: []a2aclient.Part{a2aclient.TextPart("go")}}, session.FollowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if sum.State != string(a2aclient.StateCompleted) || items < n {
		t.Fatalf("the exchange ended %s with %d items committed, want completed with at least %d", sum.State, items, n)
	}
	// A group taken just as the bound is passed may hold what arrived
	// while the previous one was written: twice the bound at most.
	if largest > 2*maxBacklog {
		t.Errorf("the recorder committed a group of %d items; want at most %d uncommitted at once", largest, 2*maxBacklog)
	}
}
