package session

import (
	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
)

// ApplyPush folds a push notification into the conversation, as a
// stream's event would be: a status line, an artifact grown or replaced,
// a whole task. An appended chunk grows the artifact as the conversation
// holds it (restored from the store, or shown so far). While a stream
// follows the task, its artifact chunks are left to the stream: an agent
// that pushes and streams the same chunk must not show it twice; states
// are taken from either, since a state seen twice is shown once.
func (c *Conversation) ApplyPush(ev a2aclient.Event) {
	c.ApplyPushTracked(ev, &a2aclient.Tracker{Reading: frameworks.Reading{}})
}

// ApplyPushTracked is ApplyPush with the tracker that assembles the task's
// artifacts: a fresh one, or one kept across a task's pushes (the
// inbox's), so that an append costs what it adds.
func (c *Conversation) ApplyPushTracked(ev a2aclient.Event, tr *a2aclient.Tracker) {
	taskID := ev.TaskID()
	if taskID == "" {
		return
	}
	c.mu.Lock()
	following := c.followingLocked(taskID)
	if following && ev.Artifact != nil {
		c.mu.Unlock()
		return
	}
	if u := ev.Artifact; u != nil && u.Append {
		if _, known := tr.Artifact(u.Artifact.ID); !known {
			if it := c.byKey[c.artifactKey(taskID, u.Artifact.ID)]; it != nil {
				// What the conversation holds so far, as the start the
				// append grows.
				tr.Apply(a2aclient.Event{Artifact: &a2aclient.ArtifactUpdate{TaskID: taskID,
					Artifact: a2aclient.Artifact{ID: u.Artifact.ID, Name: it.Name, Parts: it.Parts}}})
			}
		}
	}
	tr.Apply(ev)
	c.applyEvent(&exchange{}, "", ev, tr)
	if t := c.tasks[taskID]; t != nil && !following {
		t.Following = false
	}
	c.mu.Unlock()
	c.notify()
}

// HasTask reports whether the conversation holds agent's task: a task
// id is the agent's choice, and another agent may use the same.
func (c *Conversation) HasTask(agent a2aclient.AgentID, taskID string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return agent != "" && c.agent == agent && c.tasks[taskID] != nil
}

// followingLocked reports whether an exchange in flight follows the
// task. Caller holds c.mu.
func (c *Conversation) followingLocked(taskID string) bool {
	for _, ex := range c.inflight {
		if ex.taskID == taskID {
			return true
		}
	}
	return false
}
