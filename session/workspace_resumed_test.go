package session

import "testing"

// A task resumed at start for an agent whose conversation is under way
// (more than its first item) leaves that conversation alone, and the
// screen must still be told what changed in it: deciding so may not
// consume the changes the front end has yet to drain.
func TestResumedKeepsTheShownConversationsChanges(t *testing.T) {
	const ref = "http://127.0.0.1:1/"
	w := NewWorkspace(WorkspaceOptions{Directory: testDirectory(DirectoryOptions{})}, []string{ref})
	a := w.Agents()[0]
	a.Conv = NewConversation(nil, "agent", nil)
	a.Conv.Notice("one")
	a.Conv.Notice("two")
	a.Conv.Drain() // the front end has shown both
	a.Conv.Notice("three, not drawn yet")

	resumed := NewConversation(nil, "agent", nil)
	changed := w.Resumed([]*Resumption{{Context: ContextInfo{Agent: AgentInfo{Ref: ref}}, Conversation: resumed}})
	if len(changed) != 0 || a.Conv == resumed {
		t.Fatalf("a conversation under way was replaced by the resumed one")
	}
	got := a.Conv.Drain()
	if len(got) != 1 || got[0].Text != "three, not drawn yet" {
		t.Fatalf("the change not yet drawn was lost: drained %+v", got)
	}
}
