package session

import (
	"context"
	"fmt"
	"strings"
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

// A snapshot fetched after a broken stream is compared with an artifact
// held as a window (parley send let go of its front once stored) from
// where the window starts: one that goes on from it is no repair. One
// that leaves the artifact out does not bring the window back as the
// whole artifact: the tracker keeps it as it is.
func TestSnapshotAfterACutComparesTheWindow(t *testing.T) {
	f := newFollower(nil, FollowOptions{ReleaseText: true})
	f.tr.Apply(a2aclient.Event{Task: &a2aclient.Task{ID: "t1", ContextID: "c1", Status: a2aclient.TaskStatus{State: a2aclient.StateWorking}}})
	var whole strings.Builder
	for i := range 100 {
		line := fmt.Sprintf("%03d", i) + strings.Repeat("x", 96) + "\n"
		whole.WriteString(line)
		f.tr.Apply(a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: "t1", Append: i > 0,
			Artifact: a2aclient.Artifact{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(line)}}}})
	}
	if !f.tr.LetGoOfText("a", 5000) {
		t.Fatal("nothing let go of")
	}
	snap := &a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted},
		Artifacts: []a2aclient.Artifact{{ID: "a", Parts: []a2aclient.Part{a2aclient.TextPart(whole.String() + "more")}}}}
	if _, repair := f.applySnapshot(snap); repair != nil {
		t.Errorf("a snapshot going on from the window was taken for a repair: %+v", repair)
	}
	left := &a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: a2aclient.StateCompleted},
		Artifacts: []a2aclient.Artifact{{ID: "z", Parts: []a2aclient.Part{a2aclient.TextPart("Z")}}}}
	merged, _ := f.applySnapshot(left)
	for _, a := range merged.Artifacts {
		if a.ID == "a" {
			t.Errorf("the snapshot leaving it out brought the window back as artifact a (%d bytes)", len(a.Text()))
		}
	}
}
