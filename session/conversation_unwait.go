package session

// Unwait makes the next message start a new task instead of answering
// the task waiting for input, and returns that task's id ("" when none
// waits). The task stays as the agent left it; AnswerTask goes back to it.
func (c *Conversation) Unwait() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	id := ""
	if t := c.tasks[c.waiting]; t != nil && t.State.Interrupted() {
		id = t.ID
	}
	c.waiting = ""
	return id
}

// AnswerTask makes the next message the answer to task id, if that task
// is waiting for input or authentication; it reports whether it is.
func (c *Conversation) AnswerTask(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tasks[id]; t != nil && t.State.Interrupted() {
		c.waiting = id
		return true
	}
	return false
}
