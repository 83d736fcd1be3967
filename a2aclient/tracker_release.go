package a2aclient

import "slices"

// A tracker that releases text (Tracker.ReleaseText) keeps a window of a
// long answer, not all of it: an artifact of plain text, once sealed and
// read back by the caller (which it has been when the next event
// arrives), leaves the list of builders for a compact entry of its name
// and text. The entry is what a late chunk continues and what Artifact
// still returns; Task and Text leave such artifacts out.

// releasedText is what a tracker keeps of an artifact it released.
type releasedText struct{ name, text string }

// release lets go of the artifact sealed by the last event, if it holds
// plain text alone.
func (t *Tracker) release() {
	b := t.sealedLast
	t.sealedLast = nil
	if b == nil || !b.sealed || b.preview || b.ended || b.released ||
		b.art.Description != "" || len(b.art.Metadata) > 0 {
		return
	}
	b.flush()
	var text string
	switch {
	case len(b.art.Parts) > 1:
		return
	case len(b.art.Parts) == 1:
		p := &b.art.Parts[0]
		if p.Kind != PartText || len(p.Metadata) > 0 {
			return
		}
		text = p.Text
	}
	if t.byID[b.art.ID] != b {
		return // an artifact of the same id before it is the one updated
	}
	if t.released == nil {
		t.released = map[string]releasedText{}
	}
	t.released[b.art.ID] = releasedText{name: b.art.Name, text: text}
	delete(t.byID, b.art.ID)
	*b = artifactBuilder{released: true}
	t.holes++
	if t.holes > len(t.artifacts)/2 {
		t.artifacts = slices.DeleteFunc(t.artifacts, func(b *artifactBuilder) bool { return b.released })
		t.holes = 0
	}
}

// takeBack makes a released artifact a builder again, at the end of the
// list: a chunk for it arrived. Appending continues its text.
func (t *Tracker) takeBack(id string, appendTo bool) *artifactBuilder {
	r, ok := t.released[id]
	if !ok {
		return nil
	}
	delete(t.released, id)
	b := &artifactBuilder{art: Artifact{ID: id, Name: r.name}}
	if appendTo && r.text != "" {
		b.add([]Part{TextPart(r.text)})
	}
	t.artifacts = append(t.artifacts, b)
	t.index(b)
	return b
}

// releasedArtifact is a released artifact as Artifact returns it.
func (t *Tracker) releasedArtifact(id string) (Artifact, bool) {
	r, ok := t.released[id]
	if !ok {
		return Artifact{}, false
	}
	a := Artifact{ID: id, Name: r.name}
	if r.text != "" {
		a.Parts = []Part{TextPart(r.text)}
	}
	return a, true
}
