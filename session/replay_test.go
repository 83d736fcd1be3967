package session

import (
	"errors"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/a2aclient"
)

// A stored conversation's user messages, in order, with their files and
// data, and which of them answered a question.
func TestReplayTurnsReadsTheUsersMessages(t *testing.T) {
	file := a2aclient.Part{Kind: a2aclient.PartFile, File: &a2aclient.File{Name: "a.csv", Bytes: []byte("x")}}
	items := []Item{
		{Kind: ItemUser, Text: "Book a flight", Parts: []a2aclient.Part{file}},
		{Kind: ItemStatus, TaskID: "t1", State: a2aclient.StateInputRequired},
		{Kind: ItemUser, Text: "From Berlin", TaskID: "t1"},
		{Kind: ItemArtifact, TaskID: "t1"},
		{Kind: ItemUser, Text: "🔒 credentials provided", TaskID: "t1", Secret: true},
	}
	turns := ReplayTurns(items)
	if len(turns) != 3 {
		t.Fatalf("%d turns, want 3", len(turns))
	}
	if p := turns[0].Parts; len(p) != 2 || p[0].Text != "Book a flight" || p[1].File.Name != "a.csv" || turns[0].Answer {
		t.Errorf("turn 1 = %+v", turns[0])
	}
	if !turns[1].Answer || turns[1].N != 2 {
		t.Errorf("turn 2 = %+v, want an answer", turns[1])
	}
	if !turns[2].Secret {
		t.Errorf("turn 3 = %+v, want the credential turn", turns[2])
	}
}

// Before each turn the new run must be where the old one was: asking
// when the old message answered, not asking when it did not.
func TestReplayCheckSaysWhereTheRunsDepart(t *testing.T) {
	c, _ := demoConversation(t, "/v0.3/")
	err := c.ReplayCheck(ReplayTurn{N: 2, Answer: true, Parts: []a2aclient.Part{a2aclient.TextPart("From Berlin")}})
	var stop *ReplayStop
	if !errors.As(err, &stop) || stop.Asked || !strings.Contains(err.Error(), "message 2") {
		t.Errorf("an answer with nothing asked: %v", err)
	}
	c.Send("Book a flight to Lisbon")
	waitIdle(t, c)
	err = c.ReplayCheck(ReplayTurn{N: 2, Parts: []a2aclient.Part{a2aclient.TextPart("hello")}})
	if !errors.As(err, &stop) || !stop.Asked || !strings.Contains(err.Error(), "asks") {
		t.Errorf("a question the old run did not have: %v", err)
	}
	if err := c.ReplayCheck(ReplayTurn{N: 2, Answer: true}); err != nil {
		t.Errorf("an answer to a question asked: %v", err)
	}
	err = c.ReplayCheck(ReplayTurn{N: 3, Secret: true, Answer: true})
	if !errors.As(err, &stop) || !strings.Contains(err.Error(), "credential") {
		t.Errorf("a credential turn: %v", err)
	}
}
