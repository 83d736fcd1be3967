package session

import "github.com/parley-a2a/parley/a2aclient"

// Edit changes the conversation as an agent's events would, without an
// agent: f runs holding the conversation's lock; call Changed after to
// tell its watchers. The tests of the store and the push inbox, in
// packages of their own, build transcripts with it; a front end has no
// use for it.
func (c *Conversation) Edit(f func(Editor)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f(Editor{c})
}

// Changed tells the conversation's watchers that it changed (after
// Edit).
func (c *Conversation) Changed() { c.notify() }

// Editor changes a conversation inside Edit.
type Editor struct{ c *Conversation }

// Add appends an item to the transcript; an empty key is made up.
func (e Editor) Add(it *Item) { e.c.add(it) }

// Task is the task with id, made (with title) if the conversation has
// none yet.
func (e Editor) Task(id, title string) *TaskInfo { return e.c.task(id, title) }

// PutArtifact sets an artifact of task taskID to a, whole; done says
// whether it is complete.
func (e Editor) PutArtifact(taskID string, a a2aclient.Artifact, done bool) {
	e.c.putArtifact(taskID, a, done)
}

// Follows makes the conversation follow task taskID as a stream would,
// with nothing behind it: its pushed chunks are then left to the stream.
func (e Editor) Follows(taskID string) {
	e.c.inflight[len(e.c.inflight)] = &exchange{taskID: taskID, cancel: func() {}}
}
