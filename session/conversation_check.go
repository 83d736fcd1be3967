package session

import (
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
)

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
