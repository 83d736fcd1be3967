package session

import "github.com/parley-a2a/parley/a2aclient"

// LoadTask fills a new conversation with a task fetched from the agent
// (GetTask with its history), one parley never saw or no longer holds:
// the messages of its history as the transcript, then its artifacts and
// state, in the task's context, so that what the user sends next
// continues that context (and answers the task, when it waits for
// input). An agent that keeps no history shows the artifacts and state
// only. Nothing follows the task: the user resubscribes if they want to.
func (c *Conversation) LoadTask(task *a2aclient.Task) {
	if task == nil || task.ID == "" {
		return
	}
	c.mu.Lock()
	c.learnContext(task.ContextID)
	title := ""
	for _, m := range task.History {
		it := &Item{Kind: ItemAgent, TaskID: task.ID, Text: m.Text(), Parts: nonText(m.Parts), Done: true}
		if m.ID != "" {
			it.Key = "msg:" + m.ID
		}
		if m.Role == a2aclient.RoleUser {
			it.Kind = ItemUser
			if m.ID != "" {
				it.Key = "user:" + m.ID
			}
			if title == "" {
				title = Title(m.Text())
			}
		}
		if it.Key != "" && c.byKey[it.Key] != nil {
			continue // an agent that lists one message twice
		}
		c.add(it)
	}
	t := c.task(task.ID, title)
	t.ContextID = task.ContextID
	c.applyTask(task)
	t.Following = false
	c.mu.Unlock()
	c.notify()
}
