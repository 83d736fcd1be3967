package session

import (
	"context"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/bench/loopback"
)

// An exchange followed with ReleaseText (parley send's text output)
// ends with a summary that lists none of the answer's settled text
// artifacts, which the text showed as they streamed: the tracker let go
// of them, and the snapshot taken at the end does not copy them back.
// Before, every one of 100,000 artifacts was in it (17 MB of the send's
// heap at its peak, docs/performance.md).
func TestExchangeReleasingTextSummarizesWithoutTheText(t *testing.T) {
	const n = 3000
	srv, err := loopback.Start(loopback.Options{Chunks: n, ChunkSize: 1, Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	client, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	req := a2aclient.SendRequest{Message: a2aclient.Message{ID: "m1", Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart("go")}}}
	for _, release := range []bool{false, true} {
		s, err := Exchange(context.Background(), client, req, FollowOptions{ReleaseText: release})
		if err != nil {
			t.Fatal(err)
		}
		want := n
		if release {
			want = 0
		}
		if s.State != string(a2aclient.StateCompleted) || len(s.Artifacts) != want {
			t.Errorf("ReleaseText %v: the summary, %s, lists %d artifacts; want %d", release, s.State, len(s.Artifacts), want)
		}
		if release && len(s.Text) != n {
			t.Errorf("the released text reads %d characters; want %d", len(s.Text), n)
		}
	}
}
