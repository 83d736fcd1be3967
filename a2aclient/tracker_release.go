package a2aclient

import (
	"cmp"
	"slices"
	"strings"
)

// A tracker that releases text (Tracker.ReleaseText) keeps a window of a
// long answer, not a builder for each of its artifacts: the artifacts at
// the front of the list that are sealed plain text (or emptied
// previews), once the caller has read them back (which it has when the
// next event arrives), leave the list. Their text joins one buffer in
// order, and each keeps an entry of its name and place in it, so that
// Text and Artifact answer as before and a late chunk continues the
// artifact. Task leaves them out: the caller needs at the end only the
// artifacts holding something else.

// releasedArt is what a tracker keeps of an artifact it released (in
// a releasedSet, which keeps it in less room): its text is
// done[start:end]; its name is relName unless named says it is in
// relNames, as a long answer's artifacts mostly share a name.
type releasedArt struct {
	start, end uint32
	ended      bool // an emptied preview (Ended)
	named      bool
}

// maxReleased bounds the released text, so its places fit releasedArt.
const maxReleased = 1<<32 - 1

// maxReleasedArt is the longest text an artifact is released with: one
// joins the others' in done, a copy, which for a long answer in one
// artifact would be a second answer-sized buffer. A long artifact costs
// its text whatever is done with it; the builders of many short ones are
// what releasing saves.
const maxReleasedArt = 4 << 10

// reopenedArt is a released artifact a late chunk made whole again,
// with the place its text had in done.
type reopenedArt struct {
	b          *artifactBuilder
	start, end uint32
}

// release lets go of the settled artifacts at the front of the list.
func (t *Tracker) release() {
	for t.head < len(t.artifacts) {
		b := t.artifacts[t.head]
		text, ok := releasable(b)
		if !ok || len(text) > maxReleasedArt || t.byID[b.art.ID] != b || t.done.Len()+len(text) > maxReleased || !t.released.room(len(b.art.ID)) {
			return
		}
		start := t.done.Len()
		t.done.WriteString(text)
		r := releasedArt{start: uint32(start), end: uint32(t.done.Len()), ended: b.ended}
		if t.released.len() == 0 {
			t.relName = b.art.Name
		}
		if b.art.Name != t.relName {
			if t.relNames == nil {
				t.relNames = map[string]string{}
			}
			t.relNames[b.art.ID], r.named = b.art.Name, true
		}
		t.released.add(b.art.ID, r)
		delete(t.byID, b.art.ID)
		t.artifacts[t.head] = nil
		t.head++
	}
	if t.head >= 64 && t.head > len(t.artifacts)/2 {
		n := copy(t.artifacts, t.artifacts[t.head:])
		clear(t.artifacts[n:])
		t.artifacts, t.head = t.artifacts[:n], 0
	}
}

// releasable returns the text of a settled artifact of plain text, or
// "" for an emptied preview; ok is false for anything else.
func releasable(b *artifactBuilder) (text string, ok bool) {
	if b.ended {
		return "", true
	}
	if !b.sealed || b.preview || b.cut > 0 || b.art.Description != "" || len(b.art.Metadata) > 0 {
		return "", false
	}
	if len(b.art.Parts) == 0 {
		// An empty artifact stays: the store leaves it out of what it
		// reads back (session.Item.Emptied).
		return b.tail.String(), b.tail.Len() > 0
	}
	b.flush()
	if len(b.art.Parts) > 1 || b.art.Parts[0].Kind != PartText || len(b.art.Parts[0].Metadata) > 0 {
		return "", false
	}
	return b.art.Parts[0].Text, true
}

// releasedName is the name of a released artifact.
func (t *Tracker) releasedName(id string, r releasedArt) string {
	if r.named {
		return t.relNames[id]
	}
	return t.relName
}

// Released reports whether the tracker let go of the artifact with this
// id (ReleaseText): Task leaves it out, and a reader that wants it reads
// it where the caller kept it. An emptied preview is not.
func (t *Tracker) Released(id string) bool {
	r, ok := t.released.get(id)
	return ok && !r.ended
}

// ReleasedAny reports whether the tracker let go of any artifact.
func (t *Tracker) ReleasedAny() bool { return t.released.len() > 0 }

// releasedText is the text of a released artifact.
func (t *Tracker) releasedText(r releasedArt) string {
	return t.done.String()[r.start:r.end]
}

// takeBack makes a released artifact a builder again, in its place: a
// chunk for it arrived. Nil if id was not released.
func (t *Tracker) takeBack(id string, appendTo bool) *artifactBuilder {
	r, ok := t.released.get(id)
	if !ok {
		return nil
	}
	t.released.remove(id)
	b := &artifactBuilder{art: Artifact{ID: id, Name: t.releasedName(id, r)}}
	delete(t.relNames, id)
	if appendTo {
		if text := t.releasedText(r); text != "" {
			b.add([]Part{TextPart(text)})
		}
	}
	i, _ := slices.BinarySearchFunc(t.reopened, r.start, func(x reopenedArt, start uint32) int { return cmp.Compare(x.start, start) })
	t.reopened = slices.Insert(t.reopened, i, reopenedArt{b: b, start: r.start, end: r.end})
	t.index(b)
	return b
}

// releasedArtifact is a released artifact as Artifact returns it.
func (t *Tracker) releasedArtifact(id string) (Artifact, bool) {
	r, ok := t.released.get(id)
	if !ok {
		return Artifact{}, false
	}
	a := Artifact{ID: id, Name: t.releasedName(id, r)}
	if text := t.releasedText(r); text != "" {
		a.Parts = []Part{TextPart(text)}
	}
	return a, true
}

// keepReleased keeps what was released, in front of the snapshot's
// artifacts, when the snapshot leaves all of it out (as the artifacts a
// snapshot leaves out are kept when nothing was released: see
// session's applySnapshot); otherwise the snapshot replaces it.
func (t *Tracker) keepReleased(task *Task) {
	if t.released.len() == 0 {
		return
	}
	keep := len(t.reopened) == 0
	for i := 0; keep && i < len(task.Artifacts); i++ {
		_, listed := t.released.get(task.Artifacts[i].ID)
		keep = !listed
	}
	if !keep {
		t.forget()
	}
}

// forget drops everything released: a task snapshot replaces the
// artifacts.
func (t *Tracker) forget() {
	t.released.reset()
	t.relName, t.relNames = "", nil
	t.done = strings.Builder{}
	t.reopened, t.head = nil, 0
}

// addReleasedText adds the released text and the reopened artifacts'
// to j, in their order.
func (t *Tracker) addReleasedText(j *joined) {
	done, at := t.done.String(), uint32(0)
	for _, r := range t.reopened {
		j.add(done[at:r.start])
		r.b.addText(j)
		at = r.end
	}
	j.add(done[at:])
}

// addText adds the artifact's text parts to j.
func (b *artifactBuilder) addText(j *joined) {
	for _, p := range b.art.Parts {
		if p.Kind == PartText {
			j.add(p.Text)
		}
	}
	if b.open {
		j.add(b.tail.String())
	}
}
