package store

import (
	"path/filepath"
	"testing"

	"github.com/parley-a2a/parley/internal/sessiontest"
	"github.com/parley-a2a/parley/session"
)

func TestRecorderWaitsForMoreThanANotice(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c, _ := sessiontest.DemoConversation(t, "/v1.0/")
	rec := s.Record(c, session.RecordOptions{Agent: session.AgentInfo{Name: "demo", Ref: "demo"}})
	c.Notice("Welcome to parley.")
	if err := rec.Flush(); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.ListContexts("", ""); len(list) != 0 {
		t.Fatalf("a welcome alone made %d contexts", len(list))
	}
	c.Send("ping")
	sessiontest.WaitIdle(t, c)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	list, _ := s.ListContexts("", "")
	if len(list) != 1 {
		t.Fatalf("contexts after a message: %d", len(list))
	}
	items, err := s.LoadTail(list[0].ID, 0)
	if err != nil || len(items) == 0 || items[0].Kind != session.ItemNotice {
		t.Errorf("the welcome should be kept with the conversation, first item %+v (%v)", items, err)
	}
}

// say adds an agent message to a conversation that has no agent, for
// store tests that need a change worth recording (a notice alone is not).
func say(c *session.Conversation, text string) {
	c.Edit(func(e session.Editor) {
		e.Add(&session.Item{Kind: session.ItemAgent, Text: text, Done: true})
	})
	c.Changed()
}
