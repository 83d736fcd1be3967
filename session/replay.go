package session

import (
	"fmt"
	"slices"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/a2ui"
	"github.com/parley-a2a/parley/termsafe"
)

// ReplayTurn is one user message of a stored conversation, to be sent
// again (parley contexts replay).
type ReplayTurn struct {
	N     int              // which user message it was, from 1
	Parts []a2aclient.Part // its text, files and data, as sent
	// Answer: it answered a question the agent asked (the task was
	// waiting for input or authentication).
	Answer bool
	// Secret: it gave a credential, which parley never kept.
	Secret bool
}

// ReplayTurns reads the user's messages of a stored conversation, in
// order.
func ReplayTurns(items []Item) []ReplayTurn {
	var out []ReplayTurn
	for _, it := range items {
		if it.Kind != ItemUser {
			continue
		}
		t := ReplayTurn{N: len(out) + 1, Answer: it.TaskID != "", Secret: it.Secret}
		// A form's answer was sent as its action parts alone; its text is
		// parley's summary of them.
		if it.Text != "" && !it.Secret && !slices.ContainsFunc(it.Parts, a2ui.IsPart) {
			t.Parts = append(t.Parts, a2aclient.TextPart(it.Text))
		}
		t.Parts = append(t.Parts, it.Parts...)
		out = append(out, t)
	}
	return out
}

// ReplayStop says where a replay stopped: the new run departed from the
// old one before message N.
type ReplayStop struct {
	N int
	// Asked: the new run asks something (Question) the old one did not;
	// otherwise the old message answered a question the new run did not
	// ask, or gave a credential (Secret).
	Asked    bool
	Question string
	Secret   bool
}

func (e *ReplayStop) Error() string {
	switch {
	case e.Secret:
		return fmt.Sprintf("replay stopped before message %d: it gave the agent a credential, which parley does not keep; sign in and continue the new conversation with parley send --context", e.N)
	case e.Asked && e.Question != "":
		return fmt.Sprintf("replay stopped before message %d: the new run asks something the old one did not (%q)", e.N, termsafe.Line(e.Question))
	case e.Asked:
		return fmt.Sprintf("replay stopped before message %d: the new run asks something the old one did not", e.N)
	}
	return fmt.Sprintf("replay stopped before message %d: it answered a question, and the new run asked none", e.N)
}

// ReplayCheck reports whether turn t can be sent on c as the old run
// sent it: an answer only to a question asked, a new message only when
// nothing is asked, and no credential at all. A *ReplayStop says why not.
func (c *Conversation) ReplayCheck(t ReplayTurn) error {
	if t.Secret {
		return &ReplayStop{N: t.N, Secret: true}
	}
	taskID, _ := c.Waiting()
	switch {
	case t.Answer && taskID == "":
		return &ReplayStop{N: t.N}
	case !t.Answer && taskID != "":
		return &ReplayStop{N: t.N, Asked: true, Question: c.question(taskID)}
	}
	return nil
}

// question is what the task waiting asked, "" if it said nothing.
func (c *Conversation) question(taskID string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tasks[taskID]; t != nil {
		return t.StatusText
	}
	return ""
}
