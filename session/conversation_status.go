package session

import (
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
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
}

type shownStatus struct{ key, messageID string }

// applyStatusUpdate folds a status-update event into the transcript.
// Caller holds c.mu.
func (c *Conversation) applyStatusUpdate(t *TaskInfo, s *a2aclient.StatusUpdate) {
	role := a2aclient.ReadStatus(s)
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
		c.add(&Item{Kind: ItemThought, TaskID: t.ID, Text: ReadThought(m), Done: true})
	case a2aclient.StatusToolCall:
		c.putToolCall(t.ID, m)
	}
}

// appendReply adds a piece of the reply to the agent message growing at
// the end of the transcript, or starts one.
func (c *Conversation) appendReply(taskID string, m *a2aclient.Message) {
	r := &c.reading
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
	r := &c.reading
	if r.reply != nil && !r.reply.Done {
		r.reply.Done = true
		c.touch(r.reply)
	}
	r.reply = nil
}

// putToolCall shows a tool call, one item per call updated as it goes.
func (c *Conversation) putToolCall(taskID string, m *a2aclient.Message) {
	tc, ok := ReadToolCall(m)
	if !ok {
		c.add(&Item{Kind: ItemTool, TaskID: taskID, Text: m.Text(), Parts: nonText(m.Parts), Done: true})
		return
	}
	key := "tool:" + taskID + "/" + tc.ID
	if it := c.byKey[key]; it != nil {
		it.Text, it.Name, it.Detail = tc.Line(), tc.ID, tc.Output
		c.touch(it)
		return
	}
	c.add(&Item{Key: key, Kind: ItemTool, TaskID: taskID, Name: tc.ID, Text: tc.Line(), Detail: tc.Output, Done: true})
}

// sameStatusMessage updates the task's last status line in place when
// the new status carries the message that line shows already (same
// message id): a task snapshot repeats its message with each state, and
// the reply would otherwise show once as working and again as completed.
// Caller holds c.mu.
func (c *Conversation) sameStatusMessage(t *TaskInfo, st a2aclient.TaskStatus, text string, parts []a2aclient.Part) bool {
	r := &c.reading
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
	r := &c.reading
	if m == nil || m.ID == "" {
		delete(r.shown, taskID)
		return
	}
	if r.shown == nil {
		r.shown = map[string]shownStatus{}
	}
	r.shown[taskID] = shownStatus{key: key, messageID: m.ID}
}

// ConfirmTool answers a tool call the agent asked the user to confirm:
// allow (once) or deny. The answer goes to the task waiting for it.
func (c *Conversation) ConfirmTool(callID string, allow bool) error {
	c.mu.Lock()
	var taskID string
	for _, it := range c.items {
		if it.Kind == ItemTool && it.Name == callID {
			taskID = it.TaskID
		}
	}
	t := c.tasks[taskID]
	if t == nil || !t.State.Interrupted() {
		c.mu.Unlock()
		return fmt.Errorf("the agent is not waiting for an answer about tool call %s", short(callID))
	}
	outcome, what := ToolProceedOnce, "Allowed"
	if !allow {
		outcome, what = ToolCancel, "Denied"
	}
	msg := a2aclient.Message{ID: a2aclient.NewID(), Role: a2aclient.RoleUser, ContextID: c.contextID, TaskID: taskID,
		Parts: []a2aclient.Part{ToolConfirmation(callID, outcome)}}
	c.waiting = ""
	text := what + " the tool call"
	if it := c.byKey["tool:"+taskID+"/"+callID]; it != nil {
		text = what + ": " + strings.TrimSuffix(it.Text, " · awaiting approval")
	}
	c.add(&Item{Key: "user:" + msg.ID, Kind: ItemUser, Text: text, TaskID: taskID, Done: true})
	req := a2aclient.SendRequest{Message: msg}
	c.lastReq = &req
	c.mu.Unlock()
	c.notify()
	c.start(req, "")
	return nil
}

// PendingTool is the tool call the agent waits for the user to confirm,
// "" if none.
func (c *Conversation) PendingTool() (callID, line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.tasks[c.waiting]
	if t == nil || !t.State.Interrupted() {
		return "", ""
	}
	for i := len(c.items) - 1; i >= 0; i-- {
		it := c.items[i]
		if it.Kind == ItemTool && it.TaskID == t.ID && strings.HasSuffix(it.Text, "· awaiting approval") {
			return it.Name, it.Text
		}
	}
	return "", ""
}

// anotherNote reports whether m is a separate note from the message the
// task's status line shows: both have ids, and they differ. Progress
// notes ("Searching…", "Found 3 results") then read as lines of their own.
func (c *Conversation) anotherNote(taskID string, m *a2aclient.Message) bool {
	shown, ok := c.reading.shown[taskID]
	return ok && m != nil && m.ID != "" && shown.messageID != "" && shown.messageID != m.ID
}
