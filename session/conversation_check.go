package session

import (
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
)

// EndWithParley records that a task ended because parley stopped (an
// agent running inside parley, as the built-in demo does, stops with
// it): the task is canceled, with note as the one line that says so, and
// nothing will try to resume it at the next start.
func (c *Conversation) EndWithParley(taskID, note string) {
	c.mu.Lock()
	if t := c.tasks[taskID]; t != nil && !t.State.Terminal() {
		t.State, t.Following, t.Updated = a2aclient.StateCanceled, false, c.now()
	}
	c.add(&Item{Kind: ItemNotice, TaskID: taskID, Done: true, Text: note})
	c.mu.Unlock()
	c.notify()
}

// CheckWaiting asks the agent about the task the conversation waits on
// (a reopened one's answer would go to it): a task the agent no longer
// knows (it restarted) ends as unknown with one line that says so
// (ForgetTask), instead of being offered an answer that fails; one it
// knows takes its current state. Any other failure is left for the
// answer to meet. It blocks: call it from a command.
func (c *Conversation) CheckWaiting(ctx context.Context) {
	id, _ := c.Waiting()
	client := c.Client()
	if id == "" || client == nil {
		return
	}
	task, err := client.Get(ctx, id, nil)
	switch {
	case errors.Is(err, a2aclient.ErrTaskNotFound):
		c.ForgetTask(id)
	case err == nil && task != nil && task.ID == id:
		c.mu.Lock()
		c.applyTask(task)
		c.mu.Unlock()
		c.notify()
	}
}
