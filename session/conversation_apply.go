package session

import (
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
)

func (c *Conversation) onUpdate(ex *exchange, title string, u Update) {
	c.mu.Lock()
	switch {
	case u.Resume != nil:
		c.add(&Item{Kind: ItemNotice, TaskID: u.Resume.TaskID, Done: true,
			Text: fmt.Sprintf("Connection lost; resuming task %s (attempt %d of %d)…", short(u.Resume.TaskID), u.Resume.Attempt, u.Resume.Max)})
	case u.Repair != nil:
		c.add(&Item{Kind: ItemNotice, TaskID: u.Repair.TaskID, Done: true,
			Text: fmt.Sprintf("The broken stream lost part of task %s's answer; it now reads as the agent holds it (%s replaced).",
				short(u.Repair.TaskID), plural(len(u.Repair.Artifacts), "artifact"))})
	case u.Event != nil:
		c.applyEvent(ex, title, *u.Event, u.Tracker)
	}
	c.mu.Unlock()
	c.notify()
}

func (c *Conversation) applyEvent(ex *exchange, title string, ev a2aclient.Event, tr *a2aclient.Tracker) {
	switch {
	case ev.Message != nil:
		m := ev.Message
		c.learnContext(m.ContextID)
		if m.TaskID != "" {
			c.task(m.TaskID, title)
		}
		key := "msg:" + m.ID
		if m.ID == "" {
			key = ""
		}
		c.add(&Item{Key: key, Kind: ItemAgent, TaskID: m.TaskID, Text: m.Text(), Parts: nonText(m.Parts), Done: true})
	case ev.Task != nil:
		ex.taskID = ev.Task.ID
		c.applyTask(ev.Task)
		t := c.task(ev.Task.ID, title)
		t.Following = true
		// A snapshot may carry artifacts assembled so far, and the
		// tracker may keep one it holds a window of (see windowText).
		for _, a := range tr.Task().Artifacts {
			c.putArtifact(ev.Task.ID, a, tr.Sealed(a.ID))
			c.windowText(tr, ev.Task.ID, a.ID, tr.TextCut(a.ID) == 0)
		}
	case ev.Status != nil:
		s := ev.Status
		if ex.taskID == "" {
			ex.taskID = s.TaskID
		}
		c.learnContext(s.ContextID)
		t := c.task(s.TaskID, title)
		t.Following = true
		c.applyStatusUpdate(t, s)
	case ev.Artifact != nil:
		a := ev.Artifact
		if ex.taskID == "" {
			ex.taskID = a.TaskID
		}
		c.learnContext(a.ContextID)
		c.task(a.TaskID, title)
		switch art, ok := tr.Artifact(a.Artifact.ID); {
		case tr.Ended(a.Artifact.ID):
			c.endArtifact(a.TaskID, a.Artifact.ID)
		case ok:
			added := c.putArtifact(a.TaskID, art, a.LastChunk)
			c.windowText(tr, a.TaskID, a.Artifact.ID, added || !a.Append)
		}
	}
}

// applyTask folds a task snapshot (send reply, get, poll) into the state.
func (c *Conversation) applyTask(task *a2aclient.Task) {
	c.learnContext(task.ContextID)
	t := c.task(task.ID, "")
	// Artifacts first: a snapshot's state describes the task as it
	// stands, artifacts included, so "completed" reads last.
	for _, a := range task.Artifacts {
		if a2aclient.ReadArtifact(c.reading(), &a2aclient.ArtifactUpdate{TaskID: task.ID, Artifact: a}) == a2aclient.ArtifactPreviewEnd {
			c.endArtifact(task.ID, a.ID) // emptied before this snapshot
			continue
		}
		c.putArtifact(task.ID, a, task.Status.State.Terminal())
	}
	c.applyStatus(t, task.Status)
}

func (c *Conversation) applyStatus(t *TaskInfo, st a2aclient.TaskStatus) {
	text := st.Message.Text()
	changed := t.State != st.State || t.StatusText != text
	t.State, t.StatusText, t.Updated = st.State, text, c.now()
	if st.State.Interrupted() {
		c.waiting = t.ID
		// A tool call the question asks about gets its line after
		// the status's, to be allowed or denied there.
		defer c.noteQuestion(t.ID, st)
	}
	if !changed {
		return
	}
	var parts []a2aclient.Part
	if st.Message != nil {
		parts = nonText(st.Message.Parts)
	}
	if c.sameStatusMessage(t, st, text, parts) {
		return
	}
	// A new state gets a new line; a new message in the same state
	// updates that line in place, unless it is a note of its own (a
	// message id other than the one shown).
	key := fmt.Sprintf("status:%s:%s", t.ID, st.State)
	if it := c.byKey[key]; it != nil && it.Seq == c.seq-1 && !c.anotherNote(t.ID, st.Message) {
		it.Text, it.Parts = text, parts
		c.touch(it)
		c.noteStatusLine(t.ID, it.Key, st.Message)
		return
	}
	// "submitted" followed at once by another state says nothing worth a
	// line of its own: the new state takes its place.
	sub := fmt.Sprintf("status:%s:%s", t.ID, a2aclient.StateSubmitted)
	// The item keeps its key (the UI and the store know it by that);
	// the new state's key becomes an alias for it.
	if it := c.byKey[sub]; it != nil && it.Seq == c.seq-1 && it.State == a2aclient.StateSubmitted && c.byKey[key] == nil {
		it.State, it.Text, it.Parts = st.State, text, parts
		c.byKey[key] = it
		c.touch(it)
		c.noteStatusLine(t.ID, it.Key, st.Message)
		return
	}
	if c.byKey[key] != nil {
		key = fmt.Sprintf("%s:%d", key, c.seq)
	}
	c.add(&Item{Key: key, Kind: ItemStatus, TaskID: t.ID, State: st.State, Text: text, Parts: parts, Done: true})
	c.noteStatusLine(t.ID, key, st.Message)
}

// putArtifact puts the artifact's item in place, whole (see windowText
// for one the tracker holds a window of), and reports whether it is new.
func (c *Conversation) putArtifact(taskID string, a a2aclient.Artifact, done bool) (added bool) {
	key := c.artifactKey(taskID, a.ID)
	if it := c.byKey[key]; it != nil {
		it.Parts, it.Cut, it.Name, it.Done = a.Parts, 0, a.Name, done
		c.touch(it)
		return false
	}
	// Perhaps a late chunk of an artifact let go of (Committed): a
	// newer version of it than the store has.
	c.add(&Item{Key: key, Kind: ItemArtifact, TaskID: taskID, Name: a.Name, Parts: a.Parts, Done: done, Version: c.relVersion})
	return true
}

// endArtifact empties the item of a preview artifact that ended (the
// answer holds its text, or it was temporary): it shows nothing more.
func (c *Conversation) endArtifact(taskID, id string) {
	if it := c.byKey[c.artifactKey(taskID, id)]; it != nil {
		it.Parts, it.Done = nil, true
		c.touch(it)
	}
}

// artifactKey is the item key of an artifact. A stream is thousands of
// chunks of one artifact: the key of the last is kept rather than built
// again for each (a tenth of the conversation's cost per chunk).
func (c *Conversation) artifactKey(taskID, id string) string {
	if k := &c.lastArt; k.taskID != taskID || k.id != id {
		*k = artKey{taskID, id, "art:" + taskID + "/" + id}
	}
	return c.lastArt.key
}

func nonText(parts []a2aclient.Part) []a2aclient.Part {
	var out []a2aclient.Part
	for _, p := range parts {
		if p.Kind != a2aclient.PartText {
			out = append(out, p)
		}
	}
	return out
}
