package session

import (
	"encoding/json"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session/a2ui"
)

// A2UIAnswer builds the message parts that carry a button's userAction
// (v0.8) or action (v0.9) to an agent of dialect d: one part, or one per
// A2UI message where the dialect's data parts hold only objects; and the
// message metadata that carries the data models v0.9's sendDataModel asks
// for (nil when no surface asks). parley send --action and the TUI's
// forms both answer with it.
func A2UIAnswer(d a2aclient.Dialect, action a2aclient.Part, ss *a2ui.Surfaces) ([]a2aclient.Part, map[string]any) {
	parts := []a2aclient.Part{action}
	if d.DataMustBeObject() {
		parts = a2ui.OneObjectEach(action)
	}
	var meta map[string]any
	if ss != nil {
		if dm := ss.ClientDataModel(); dm != nil {
			// A copy of its own: the message is sent on another
			// goroutine while the user may go on typing into the form.
			var own map[string]any
			if b, err := json.Marshal(dm); err == nil && json.Unmarshal(b, &own) == nil {
				meta = map[string]any{"a2uiClientDataModel": own}
			}
		}
	}
	return parts, meta
}

// SendA2UIAction sends what pressing a form's button built (A2UIAnswer's
// parts and metadata) on task taskID, continuing it when it waits for
// input. A task that ended takes no more messages: the press is refused
// with the sentence the CLI gives, and nothing is sent. The transcript
// keeps the press as the user's turn: note (what was pressed and the
// values sent, in short) and the parts themselves, so the stored
// conversation holds the values and a replay sends them again. The reply
// is followed like any other.
func (c *Conversation) SendA2UIAction(taskID string, parts []a2aclient.Part, meta map[string]any, note string) error {
	if len(parts) == 0 {
		return nil
	}
	c.mu.Lock()
	if t := c.tasks[taskID]; t != nil && t.State.Terminal() {
		c.mu.Unlock()
		return fmt.Errorf("task %s is %s and takes no more messages; start a new task", taskID, t.State)
	}
	msg := a2aclient.Message{ID: a2aclient.NewID(), Role: a2aclient.RoleUser, Parts: parts, ContextID: c.contextID, TaskID: taskID, Metadata: meta}
	if taskID == "" {
		// A form that came in a message, not on a task: it answers the
		// task that waits, as typed text would.
		if t := c.tasks[c.waiting]; t != nil && t.State.Interrupted() {
			msg.TaskID = t.ID
		}
	}
	if msg.TaskID == c.waiting {
		c.waiting = "" // answered; another task that waits still does
	}
	c.add(&Item{Key: "user:" + msg.ID, Kind: ItemUser, Text: note, Parts: parts, TaskID: msg.TaskID, Done: true})
	req := a2aclient.SendRequest{Message: msg}
	c.lastReq = &req
	c.mu.Unlock()
	c.notify()
	c.start(req, note)
	return nil
}

// Dialect is the dialect the conversation's agent speaks.
func (c *Conversation) Dialect() a2aclient.Dialect {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.client.Dialect()
}
