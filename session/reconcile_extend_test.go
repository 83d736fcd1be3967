package session

import (
	"reflect"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A snapshot fetched after a broken stream is a repair only where it
// replaces or corrects what was shown. One that only goes on from it
// (the same text and more, the same parts split differently, artifacts
// the stream had not reached yet) is the answer continuing, and a note
// that the conversation was repaired would be false.
func TestSnapshotThatExtendsWhatStreamedIsNoRepair(t *testing.T) {
	text := func(s ...string) []a2aclient.Part {
		var ps []a2aclient.Part
		for _, x := range s {
			ps = append(ps, a2aclient.TextPart(x))
		}
		return ps
	}
	data := func(v string) a2aclient.Part {
		return a2aclient.Part{Kind: a2aclient.PartData, Data: map[string]any{"v": v}}
	}
	art := func(id string, parts ...a2aclient.Part) a2aclient.Artifact {
		return a2aclient.Artifact{ID: id, Parts: parts}
	}
	for _, tc := range []struct {
		name     string
		streamed []a2aclient.Artifact
		fetched  []a2aclient.Artifact
		replaced []string // nil: no repair
	}{
		{"same text", []a2aclient.Artifact{art("a", text("chunk-1 chunk-2 ")...)},
			[]a2aclient.Artifact{art("a", text("chunk-1 ", "chunk-2 ")...)}, nil},
		{"same text and more", []a2aclient.Artifact{art("a", text("chunk-1 ")...)},
			[]a2aclient.Artifact{art("a", text("chunk-1 ", "chunk-2 ")...)}, nil},
		{"more parts after the same", []a2aclient.Artifact{art("a", text("table:")...)},
			[]a2aclient.Artifact{art("a", append(text("table: here"), data("x"))...)}, nil},
		{"a further artifact", []a2aclient.Artifact{art("a", text("one")...)},
			[]a2aclient.Artifact{art("a", text("one")...), art("b", text("two")...)}, nil},
		{"an artifact the stream had not reached", nil,
			[]a2aclient.Artifact{art("a", text("one")...)}, nil},
		{"an artifact left out", []a2aclient.Artifact{art("a", text("one")...), art("b", text("two")...)},
			[]a2aclient.Artifact{art("b", text("two")...)}, nil},

		{"text with a hole", []a2aclient.Artifact{art("a", text("chunk-1 chunk-3 ")...)},
			[]a2aclient.Artifact{art("a", text("chunk-1 ", "chunk-2 ", "chunk-3 ")...)}, []string{"a"}},
		{"shorter text", []a2aclient.Artifact{art("a", text("hello world")...)},
			[]a2aclient.Artifact{art("a", text("hello")...)}, []string{"a"}},
		{"other text", []a2aclient.Artifact{art("a", text("hello")...)},
			[]a2aclient.Artifact{art("a", text("howdy, and more")...)}, []string{"a"}},
		{"a part before the text differs", []a2aclient.Artifact{art("a", data("x"), a2aclient.TextPart("t"))},
			[]a2aclient.Artifact{art("a", data("y"), a2aclient.TextPart("t and more"))}, []string{"a"}},
		{"one of two corrected", []a2aclient.Artifact{art("a", text("one")...), art("b", text("two")...)},
			[]a2aclient.Artifact{art("a", text("one more")...), art("b", text("TWO")...)}, []string{"b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFollower(nil, FollowOptions{})
			f.tr.Apply(a2aclient.Event{Task: &a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: "working"}, Artifacts: tc.streamed}})
			merged, repair := f.applySnapshot(&a2aclient.Task{ID: "t1", Status: a2aclient.TaskStatus{State: "completed"}, Artifacts: tc.fetched})
			switch {
			case tc.replaced == nil && repair != nil:
				t.Errorf("repair %+v; the snapshot only goes on from what streamed", *repair)
			case tc.replaced != nil && repair == nil:
				t.Errorf("no repair; the snapshot replaces %v", tc.replaced)
			case tc.replaced != nil && (len(repair.Artifacts) != len(tc.replaced) || repair.Artifacts[0] != tc.replaced[0]):
				t.Errorf("repair names %v; want %v", repair.Artifacts, tc.replaced)
			}
			// Either way the agent's copy is what is kept.
			for _, want := range tc.fetched {
				found := false
				for _, got := range merged.Artifacts {
					found = found || got.ID == want.ID && reflect.DeepEqual(got.Parts, want.Parts)
				}
				if !found {
					t.Errorf("artifact %s is not the agent's in %+v", want.ID, merged.Artifacts)
				}
			}
		})
	}
}
