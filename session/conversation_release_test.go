package session

import (
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// An artifact let go of once committed comes back under its key, as a
// newer version than any it had, when a late chunk of it arrives: the
// store then updates the item it has, in its place, rather than adding
// another (see the store's TestReleasedArtifactComesBackInItsPlace).
// The conversation keeps nothing of it in between.
func TestReleasedArtifactComesBackAsANewerVersion(t *testing.T) {
	c := NewConversation(nil, "agent", nil)
	c.ReleaseCommitted()
	art := func(text string) a2aclient.Artifact {
		return a2aclient.Artifact{ID: "a0", Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(text)}}
	}
	c.mu.Lock()
	c.putArtifact("t1", art("x"), true)
	c.add(&Item{Kind: ItemNotice, Text: "after", Done: true})
	c.mu.Unlock()
	first := c.Items()
	c.Committed(first)
	if got := c.Items(); len(got) != 1 || got[0].Kind != ItemNotice {
		t.Fatalf("after the commit the conversation holds %+v, want the notice only", got)
	}
	c.mu.Lock()
	c.putArtifact("t1", art("xy"), true)
	c.mu.Unlock()
	got := c.Items()
	if len(got) != 2 {
		t.Fatalf("after a late chunk the conversation holds %d items, want 2", len(got))
	}
	a := got[1] // its place is the store's: the conversation adds it
	if a.Key != first[0].Key || a.Version <= first[0].Version || a.Parts[0].Text != "xy" {
		t.Errorf("the artifact came back as %+v; want key %s, a version above %d, text xy", a, first[0].Key, first[0].Version)
	}
	// Without ReleaseCommitted nothing is let go of.
	k := NewConversation(nil, "agent", nil)
	k.mu.Lock()
	k.putArtifact("t1", art("x"), true)
	k.mu.Unlock()
	k.Committed(k.Items())
	if got := k.Items(); len(got) != 1 || len(got[0].Parts) != 1 {
		t.Errorf("a conversation that does not release let go of %+v", got)
	}
}
