package session

import (
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
)

// statusReading is what the conversation keeps to show status messages
// the way a2aclient.ReadStatus reads them: pieces of a reply grow one
// agent message, thoughts and tool calls get items of their own.
type statusReading struct {
	// reply is the agent message growing from status deltas; it grows
	// while it is the last item, and the next delta after anything else
	// starts a new one.
	reply     *Item
	replyText strings.Builder
	// shown maps a task to its last status line and the id of the
	// message on it: the same message again (an agent that sends task
	// snapshots, VoltAgent) updates that line rather than adding one.
	shown map[string]shownStatus
	// calls are the tool calls the agent reported, by call id, and
	// awaiting the id of the last that waited for the user's approval.
	calls    map[string]toolCall
	awaiting string
}

type shownStatus struct{ key, messageID string }

// applyStatusUpdate folds a status-update event into the transcript.
// Caller holds c.mu.
func (c *Conversation) applyStatusUpdate(t *TaskInfo, s *a2aclient.StatusUpdate) {
	role := a2aclient.ReadStatus(c.reading(), s)
	if role == a2aclient.StatusNote {
		c.applyStatus(t, s.Status)
		return
	}
	// The task's state moves on; its status text (a question, a
	// reason) is not a piece of the reply, a thought or a tool call.
	if t.State != s.Status.State {
		c.applyStatus(t, a2aclient.TaskStatus{State: s.Status.State, Timestamp: s.Status.Timestamp})
	}
	t.Updated = c.now()
	m := s.Status.Message
	switch role {
	case a2aclient.StatusReply:
		c.appendReply(t.ID, m)
	case a2aclient.StatusThought:
		c.add(&Item{Kind: ItemThought, TaskID: t.ID, Text: frameworks.ReadThought(m), Done: true})
	case a2aclient.StatusToolCall:
		c.putToolCall(t.ID, m)
	}
}

// appendReply adds a piece of the reply to the agent message growing at
// the end of the transcript, or starts one.
func (c *Conversation) appendReply(taskID string, m *a2aclient.Message) {
	r := &c.statusReading
	if r.reply == nil || r.reply.TaskID != taskID || c.byKey[r.reply.Key] != r.reply || r.reply.Seq != c.seq-1 {
		c.sealReply()
		r.reply = &Item{Key: fmt.Sprintf("reply:%s:%d", taskID, c.seq), Kind: ItemAgent, TaskID: taskID}
		r.replyText.Reset()
		c.add(r.reply)
	}
	for _, p := range m.Parts {
		if p.Kind == a2aclient.PartText {
			// A builder: each piece is copied once, not the whole reply
			// again for every piece.
			r.replyText.WriteString(p.Text)
		} else {
			r.reply.Parts = append(r.reply.Parts, p)
		}
	}
	r.reply.Text = r.replyText.String()
	c.touch(r.reply)
}

// sealReply marks the growing reply done: nothing more is added to it.
func (c *Conversation) sealReply() {
	r := &c.statusReading
	if r.reply != nil && !r.reply.Done {
		r.reply.Done = true
		c.touch(r.reply)
	}
	r.reply = nil
}

// sameStatusMessage updates the task's last status line in place when
// the new status carries the message that line shows already (same
// message id): a task snapshot repeats its message with each state, and
// the reply would otherwise show once as working and again as completed.
// Caller holds c.mu.
func (c *Conversation) sameStatusMessage(t *TaskInfo, st a2aclient.TaskStatus, text string, parts []a2aclient.Part) bool {
	r := &c.statusReading
	if st.Message == nil || st.Message.ID == "" {
		return false
	}
	shown, ok := r.shown[t.ID]
	if !ok || shown.messageID != st.Message.ID {
		return false
	}
	it := c.byKey[shown.key]
	if it == nil || it.Kind != ItemStatus {
		return false
	}
	if it.State != st.State {
		key := fmt.Sprintf("status:%s:%s", t.ID, st.State)
		if c.byKey[key] == nil {
			c.byKey[key] = it // the new state's key names the same line
		}
	}
	it.State, it.Text, it.Parts = st.State, text, parts
	c.touch(it)
	return true
}

// noteStatusLine remembers which line shows a task's status message.
func (c *Conversation) noteStatusLine(taskID, key string, m *a2aclient.Message) {
	r := &c.statusReading
	if m == nil || m.ID == "" {
		delete(r.shown, taskID)
		return
	}
	if r.shown == nil {
		r.shown = map[string]shownStatus{}
	}
	r.shown[taskID] = shownStatus{key: key, messageID: m.ID}
}

// anotherNote reports whether m is a separate note from the message the
// task's status line shows: both have ids, and they differ. Progress
// notes ("Searching…", "Found 3 results") then read as lines of their own.
func (c *Conversation) anotherNote(taskID string, m *a2aclient.Message) bool {
	shown, ok := c.statusReading.shown[taskID]
	return ok && m != nil && m.ID != "" && shown.messageID != "" && shown.messageID != m.ID
}
