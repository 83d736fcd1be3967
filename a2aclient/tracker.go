package a2aclient

import "strings"

// Tracker assembles a task from stream events: status changes replace the
// status, artifact chunks append to or replace artifacts, and a task
// snapshot replaces everything. It is not safe for concurrent use.
//
// Text chunks appended to an artifact are joined in a builder, so taking
// in n chunks costs O(total size), not O(n²).
type Tracker struct {
	// Reading reads what the agent's framework means beyond the wire:
	// status messages that are pieces of the reply, preview artifacts
	// (Reading). Nil reads by the specification alone.
	Reading Reading
	// ReleaseText lets go of the artifacts that settled as plain text
	// (tracker_release.go): for a caller that shows the text as it
	// streams and needs of Task at the end only the artifacts holding
	// something else (parley send's text output).
	ReleaseText bool

	task      Task
	seen      bool
	artifacts []*artifactBuilder
	// byID finds an artifact's builder at once, so a stream of many
	// artifacts costs in their number, not its square.
	byID    map[string]*artifactBuilder
	message *Message
	// reply is the text of status messages read as pieces of the reply
	// (ReadStatus), joined: an agent that streams its answer that way
	// (gemini-cli) has it read as one message.
	reply strings.Builder
	// previews counts the preview artifacts that hold text, so that
	// content arriving empties them without a look at every artifact.
	previews int
	// previewed says a preview arrived since the last task snapshot.
	previewed bool
	// added says the last event brought an artifact not known before.
	added bool
	// head is the first artifact not released; those before it are nil.
	head int
	// released, done and reopened are what is kept of the artifacts
	// released (ReleaseText): by id; their text, in order; those a late
	// chunk made whole again, by their place in done.
	released releasedSet
	relName  string            // the name most released artifacts have
	relNames map[string]string // the names of those named otherwise
	done     strings.Builder
	reopened []reopenedArt
	// cut is the bytes of text the builders let go of
	// (LetGoOfText, tracker_window.go).
	cut int
	// lookups counts the steps taken to find artifacts, for the test
	// that the cost of a stream grows with its length, not faster.
	lookups int
}

type artifactBuilder struct {
	art    Artifact // parts before the open text tail
	tail   strings.Builder
	open   bool // the last part is text still being appended to
	sealed bool
	// cut is how much of the front of the text was let go of
	// (LetGoOfText): tail holds the rest.
	cut int
	// preview marks a temporary artifact (ArtifactPreview); ended, one
	// emptied, which is no longer part of the task.
	preview, ended bool
}

// Apply folds one event into the tracked task.
func (t *Tracker) Apply(ev Event) {
	if t.ReleaseText && t.head < len(t.artifacts) {
		t.release() // the caller has read the last event's artifacts
	}
	t.added = false
	switch {
	case ev.Task != nil:
		t.applyTask(ev.Task)
	case ev.Message != nil:
		t.message = ev.Message
		if ev.Message.TaskID != "" && t.task.ID == "" {
			t.task.ID = ev.Message.TaskID
			t.task.ContextID = ev.Message.ContextID
		}
	case ev.Status != nil:
		t.adopt(ev.Status.TaskID, ev.Status.ContextID)
		t.task.Status = ev.Status.Status
		if role := ReadStatus(t.Reading, ev.Status); role != StatusNote {
			// Not a note: the status has no message worth showing as
			// the task's (a question, a reason); the text goes where
			// it belongs.
			t.task.Status.Message = nil
			if role == StatusReply {
				for _, p := range ev.Status.Status.Message.Parts {
					if p.Kind == PartText {
						t.reply.WriteString(p.Text)
					}
				}
			}
		}
	case ev.Artifact != nil:
		t.adopt(ev.Artifact.TaskID, ev.Artifact.ContextID)
		switch ReadArtifact(t.Reading, ev.Artifact) {
		case ArtifactPreview:
			t.applyPreview(ev.Artifact)
		case ArtifactPreviewEnd:
			t.endPreview(t.find(ev.Artifact.Artifact.ID))
		default:
			t.endPreviews()
			t.applyArtifact(ev.Artifact)
		}
	}
}

func (t *Tracker) adopt(taskID, contextID string) {
	t.seen = true
	if t.task.ID == "" {
		t.task.ID = taskID
	}
	if t.task.ContextID == "" {
		t.task.ContextID = contextID
	}
}

func (t *Tracker) applyTask(task *Task) {
	t.seen = true
	keepHistory := t.task.History
	t.task = *task
	if len(task.History) == 0 {
		t.task.History = keepHistory
	}
	kept := t.keepCut(task)
	clear(t.artifacts)
	t.artifacts, t.head, t.cut = t.artifacts[:0], 0, 0
	t.keepReleased(task)
	t.previews, t.previewed = 0, false
	clear(t.byID)
	for _, a := range task.Artifacts {
		b := &artifactBuilder{}
		b.add(a.Parts)
		b.art.ID, b.art.Name, b.art.Description, b.art.Metadata = a.ID, a.Name, a.Description, a.Metadata
		t.artifacts = append(t.artifacts, b)
		t.index(b)
		if ReadArtifact(t.Reading, &ArtifactUpdate{TaskID: task.ID, Artifact: a}) == ArtifactPreviewEnd {
			// A preview the agent emptied before this snapshot: it
			// holds nothing, as if streamed.
			t.endPreview(b)
		}
	}
	for _, b := range kept {
		t.artifacts = append(t.artifacts, b)
		t.index(b)
		t.cut += b.cut
	}
	t.task.Artifacts = nil
}

func (t *Tracker) applyArtifact(u *ArtifactUpdate) {
	b := t.find(u.Artifact.ID)
	if b == nil && t.released.len() > 0 {
		b = t.takeBack(u.Artifact.ID, u.Append)
	}
	if b == nil || !u.Append {
		nb := &artifactBuilder{}
		if b != nil {
			t.cut -= b.cut
			*b = *nb
		} else {
			b = nb
			t.artifacts = append(t.artifacts, b)
			t.added = true
		}
		b.art = Artifact{ID: u.Artifact.ID}
		t.index(b)
	}
	if u.Artifact.Name != "" {
		b.art.Name = u.Artifact.Name
	}
	if u.Artifact.Description != "" {
		b.art.Description = u.Artifact.Description
	}
	if u.Artifact.Metadata != nil {
		b.art.Metadata = u.Artifact.Metadata
	}
	b.add(u.Artifact.Parts)
	b.sealed = u.LastChunk
}

// find returns the first artifact with this id.
func (t *Tracker) find(id string) *artifactBuilder {
	t.lookups++
	return t.byID[id]
}

// index makes b findable by its id, unless an artifact before it has
// that id (a task may list two of one id; the first is the one updated).
func (t *Tracker) index(b *artifactBuilder) {
	if t.byID == nil {
		t.byID = map[string]*artifactBuilder{}
	}
	if _, ok := t.byID[b.art.ID]; !ok {
		t.byID[b.art.ID] = b
	}
}

// add appends parts, joining consecutive text into the open tail.
func (b *artifactBuilder) add(parts []Part) {
	for _, p := range parts {
		if p.Kind == PartText && len(p.Metadata) == 0 {
			b.open = true
			// Grow doubles the builder when it is full. Left to append,
			// a large buffer grows by a quarter at a time, which copied a
			// long answer about five times over on its way in.
			b.tail.Grow(len(p.Text))
			b.tail.WriteString(p.Text)
			continue
		}
		b.flush()
		b.art.Parts = append(b.art.Parts, p)
	}
}

// joinText makes a fetched task's artifacts read as the stream assembles
// them (artifactBuilder.add): an agent that streamed an answer in
// appended chunks keeps a part a chunk, and its consecutive plain text
// parts are one text. A nil task is left alone.
func joinText(task *Task) {
	if task == nil {
		return
	}
	for i := range task.Artifacts {
		a := &task.Artifacts[i]
		b := artifactBuilder{}
		b.add(a.Parts)
		b.flush()
		a.Parts = b.art.Parts
	}
}

func (b *artifactBuilder) flush() {
	if b.open {
		b.art.Parts = append(b.art.Parts, TextPart(b.tail.String()))
		b.tail = strings.Builder{}
		b.open = false
	}
}

func (b *artifactBuilder) artifact() Artifact {
	a := b.art
	if b.open {
		a.Parts = append(a.Parts[:len(a.Parts):len(a.Parts)], TextPart(b.tail.String()))
	}
	return a
}

// Added reports whether the last event brought an artifact the tracker
// did not know, which it put last in the task.
func (t *Tracker) Added() bool { return t.added }

// Seen reports whether any task event arrived.
func (t *Tracker) Seen() bool { return t.seen }

// Task returns a snapshot of the assembled task. Snapshots share text
// with the tracker but are never changed by later events. Artifacts
// released (ReleaseText) are left out.
func (t *Tracker) Task() Task {
	out := t.task
	out.Artifacts = make([]Artifact, 0, len(t.reopened)+len(t.artifacts)-t.head)
	for _, r := range t.reopened {
		if !r.b.ended {
			out.Artifacts = append(out.Artifacts, r.b.artifact())
		}
	}
	for _, b := range t.artifacts[t.head:] {
		if !b.ended {
			out.Artifacts = append(out.Artifacts, b.artifact())
		}
	}
	return out
}

// Artifact returns the assembled artifact with this id.
func (t *Tracker) Artifact(id string) (Artifact, bool) {
	if b := t.find(id); b != nil {
		return b.artifact(), true
	}
	return t.releasedArtifact(id)
}

// Sealed reports whether the artifact's last chunk has arrived.
func (t *Tracker) Sealed(id string) bool {
	if b := t.find(id); b != nil {
		return b.sealed
	}
	_, ok := t.released.get(id)
	return ok
}

// Message returns the last direct message received, if any.
func (t *Tracker) Message() *Message { return t.message }

// State is the task's current state.
func (t *Tracker) State() State { return t.task.Status.State }

// Text joins the text of every artifact in order, or of the reply message
// when the agent answered with a message.
func (t *Tracker) Text() string {
	if !t.seen && t.message != nil {
		return t.message.Text()
	}
	// One piece of text (a streamed answer) is returned as it is: a
	// copy would be a second answer-sized buffer at the end of a send.
	var j joined
	t.addReleasedText(&j)
	for _, a := range t.artifacts[t.head:] {
		a.addText(&j)
	}
	j.add(t.reply.String())
	if j.n == 0 && t.seen && t.task.Status.Message.Text() == "" {
		return historyReply(t.task.History)
	}
	return j.String()
}

// joined joins strings, copying only once there are two.
type joined struct {
	n     int // non-empty pieces added
	first string
	b     strings.Builder
}

func (j *joined) add(s string) {
	if s == "" {
		return
	}
	j.n++
	switch j.n {
	case 1:
		j.first = s
		return
	case 2:
		j.b.WriteString(j.first)
	}
	j.b.WriteString(s)
}

func (j *joined) String() string {
	if j.n <= 1 {
		return j.first
	}
	return j.b.String()
}

// historyReply is the reply of a task whose only words are in its
// history: the text of the agent's messages after the user's last one.
// gemini-cli answers a blocking send (and a get) that way, its streamed
// deltas kept as one history message each; they join back into the reply.
func historyReply(history []Message) string {
	start := len(history)
	for start > 0 && history[start-1].Role == RoleAgent {
		start--
	}
	if start == 0 && len(history) > 0 && history[0].Role == RoleAgent {
		return "" // no user turn: not a reply to anything parley sent
	}
	var b strings.Builder
	for _, m := range history[start:] {
		b.WriteString(m.Text())
	}
	return b.String()
}

// StatusReply is the reply streamed as status messages so far (see
// ReadStatus), "" when there was none.
func (t *Tracker) StatusReply() string { return t.reply.String() }
