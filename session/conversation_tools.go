package session

import (
	"fmt"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
)

// toolCall is a tool call the conversation was told of, and its task.
type toolCall struct {
	call   frameworks.ToolCall
	taskID string
}

// reading is how the conversation reads its agent's framework.
// Caller holds c.mu.
func (c *Conversation) reading() a2aclient.Reading { return readingOf(c.client) }

// readingOf is how session reads an agent's framework: as its client
// does, so that what ends a stream and what the transcript shows agree
// (the Directory gives every client frameworks.Reading; one made with
// none reads by the specification alone). A conversation with no client
// (push only) reads every framework parley knows.
func readingOf(cl *a2aclient.Client) a2aclient.Reading {
	if cl != nil {
		return cl.Reading()
	}
	return frameworks.Reading{}
}

// putToolCall shows a tool call, one item per call updated as it goes.
// Caller holds c.mu.
func (c *Conversation) putToolCall(taskID string, m *a2aclient.Message) {
	tc, ok := frameworks.ReadToolCall(m)
	if !ok {
		c.add(&Item{Kind: ItemTool, TaskID: taskID, Text: m.Text(), Parts: nonText(m.Parts), Done: true})
		return
	}
	c.noteToolCall(taskID, tc)
	key := "tool:" + taskID + "/" + tc.ID
	if it := c.byKey[key]; it != nil {
		it.Text, it.Name, it.Detail = tc.Line(), tc.ID, tc.Output
		c.touch(it)
		return
	}
	c.add(&Item{Key: key, Kind: ItemTool, TaskID: taskID, Name: tc.ID, Text: tc.Line(), Detail: tc.Output, Done: true})
}

// noteToolCall remembers a call, to answer it if it awaits approval: one
// reported as a tool call (gemini-cli), or asked in an interrupted
// task's status message (ADK's long-running tools). Caller holds c.mu.
func (c *Conversation) noteToolCall(taskID string, tc frameworks.ToolCall) {
	r := &c.statusReading
	if r.calls == nil {
		r.calls = map[string]toolCall{}
	}
	r.calls[tc.ID] = toolCall{call: tc, taskID: taskID}
	if tc.AwaitsApproval() {
		r.awaiting = tc.ID
	}
}

// noteQuestion shows and remembers a tool call an interrupted task's
// status message asks the user to approve (ADK's long-running tools,
// Mastra's approvals), as a tool call item like those reported on their
// own (gemini-cli): the chat allows or denies it there. Caller holds c.mu.
func (c *Conversation) noteQuestion(taskID string, st a2aclient.TaskStatus) {
	tc, ok := frameworks.ReadToolCall(st.Message)
	if !ok || !tc.AwaitsApproval() {
		return
	}
	c.noteToolCall(taskID, tc)
	key := "tool:" + taskID + "/" + tc.ID
	if it := c.byKey[key]; it != nil {
		it.Text = tc.Line()
		c.touch(it)
		return
	}
	c.add(&Item{Key: key, Kind: ItemTool, TaskID: taskID, Name: tc.ID, Text: tc.Line(), Done: true})
}

// ConfirmTool answers a tool call the agent asked the user to confirm:
// allow (once) or deny. The answer, in the form of the agent's
// framework, goes to the task waiting for it.
func (c *Conversation) ConfirmTool(callID string, allow bool) error {
	c.mu.Lock()
	tc, known := c.statusReading.calls[callID]
	t := c.tasks[tc.taskID]
	if !known || t == nil || !t.State.Interrupted() {
		c.mu.Unlock()
		return fmt.Errorf("the agent is not waiting for an answer about tool call %s", short(callID))
	}
	part, ok := frameworks.Answer(tc.call, allow)
	if !ok {
		c.mu.Unlock()
		return fmt.Errorf("tool call %s came in a form parley cannot answer", short(callID))
	}
	what := "Allowed"
	if !allow {
		what = "Denied"
	}
	msg := a2aclient.Message{ID: a2aclient.NewID(), Role: a2aclient.RoleUser, ContextID: c.contextID, TaskID: t.ID,
		Parts: []a2aclient.Part{part}}
	c.waiting = ""
	c.statusReading.awaiting = ""
	text := what + ": " + strings.TrimSuffix(tc.call.Line(), " · awaiting approval")
	if it := c.byKey["tool:"+t.ID+"/"+callID]; it != nil {
		text = what + ": " + strings.TrimSuffix(it.Text, " · awaiting approval")
		// Answered: it no longer waits, until the agent says more of it.
		tc.call.Status = strings.ToLower(what)
		c.statusReading.calls[callID] = tc
		it.Text = tc.call.Line()
		c.touch(it)
	}
	c.add(&Item{Key: "user:" + msg.ID, Kind: ItemUser, Text: text, TaskID: t.ID, Done: true})
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
	tc, ok := c.statusReading.calls[c.statusReading.awaiting]
	if !ok || tc.taskID != t.ID || !tc.call.AwaitsApproval() {
		return "", ""
	}
	if it := c.byKey["tool:"+t.ID+"/"+tc.call.ID]; it != nil {
		return tc.call.ID, it.Text
	}
	return tc.call.ID, tc.call.Line()
}
