package session

import (
	"slices"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
)

func turnItems(question, answer string, state a2aclient.State, final time.Duration) []Item {
	return []Item{
		{Kind: ItemNotice, Text: "welcome"},
		{Kind: ItemUser, Text: question, Turn: &Turn{Timings: Timings{Final: final}}},
		{Kind: ItemStatus, State: a2aclient.StateWorking, Text: "thinking"},
		{Kind: ItemArtifact, Name: "answer", Parts: []a2aclient.Part{a2aclient.TextPart(answer)}},
		{Kind: ItemStatus, State: state, Text: "done"},
	}
}

// A stored conversation is cut into turns at each user message: what the
// agent answered, its last state and the turn's timings.
func TestStoredTurns(t *testing.T) {
	items := append(turnItems("hi", "hello", a2aclient.StateCompleted, 5), Item{Kind: ItemUser, Text: "data?"},
		Item{Kind: ItemAgent, Text: "here"}, Item{Kind: ItemArtifact, Name: "t", Parts: []a2aclient.Part{{Kind: a2aclient.PartData, Data: map[string]any{"k": 1.0}}}})
	turns := StoredTurns(items)
	if len(turns) != 2 {
		t.Fatalf("%d turns, want 2", len(turns))
	}
	if a := turns[0]; a.User.Text != "hi" || a.State != a2aclient.StateCompleted || a.StatusText != "done" || a.Text != "hello" || a.Timings.Final != 5 {
		t.Errorf("turn 1 = %+v", a)
	}
	if b := turns[1]; b.Text != "here" || len(b.Artifacts) != 1 || b.Artifacts[0] != `t: {"k":1}` || b.State != StateMessage {
		t.Errorf("turn 2 = %+v", b)
	}
}

// Two conversations compare turn by turn: the same answers are the same
// whatever the timings; any difference is named; a turn one side lacks
// differs.
func TestCompareTurns(t *testing.T) {
	a := StoredTurns(turnItems("hi", "hello", a2aclient.StateCompleted, 5))
	b := StoredTurns(turnItems("hi", "hello", a2aclient.StateCompleted, 9000))
	pairs, same := CompareTurns(a, b)
	if !same || len(pairs) != 1 || !pairs[0].Same() {
		t.Errorf("equal answers compare as %+v (same %v)", pairs, same)
	}
	c := StoredTurns(append(turnItems("hi", "hullo", a2aclient.StateFailed, 5), turnItems("more", "x", a2aclient.StateCompleted, 1)...))
	pairs, same = CompareTurns(a, c)
	if same || len(pairs) != 2 {
		t.Fatalf("pairs %+v same %v", pairs, same)
	}
	if got := pairs[0].Differs; !slices.Equal(got, []string{"state", "text"}) {
		t.Errorf("turn 1 differs in %q, want state and text", got)
	}
	if pairs[1].A != nil || pairs[1].B == nil || !slices.Equal(pairs[1].Differs, []string{"turn"}) {
		t.Errorf("turn 2 (only in B) = %+v", pairs[1])
	}
}
