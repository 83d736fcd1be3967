package a2aclient

// A preview artifact (ArtifactPreview) holds text streamed ahead of the
// answer: its pieces join whatever the append flag says, and it empties
// once the answer arrives whole in another artifact or the agent ends it
// (ArtifactPreviewEnd). An emptied preview stays findable by its id,
// holding nothing, so a reader that showed it can take it away; it is
// no longer among the task's artifacts.

// applyPreview joins a piece of preview text to its artifact.
func (t *Tracker) applyPreview(u *ArtifactUpdate) {
	b := t.find(u.Artifact.ID)
	if b == nil {
		b = &artifactBuilder{art: Artifact{ID: u.Artifact.ID, Name: u.Artifact.Name, Description: u.Artifact.Description, Metadata: u.Artifact.Metadata}}
		t.artifacts = append(t.artifacts, b)
		t.index(b)
		t.added = true
	}
	if !b.preview || b.ended {
		b.preview, b.ended = true, false
		t.previews++
	}
	t.previewed = true
	for _, p := range u.Artifact.Parts {
		if p.Kind == PartText {
			// The framework marks each piece; the marks would keep
			// the pieces apart.
			p = TextPart(p.Text)
		}
		b.add([]Part{p})
	}
}

// endPreview empties a preview: the answer holds its text, or the agent
// said it was temporary.
func (t *Tracker) endPreview(b *artifactBuilder) {
	if b == nil || b.ended {
		return
	}
	if b.preview {
		t.previews--
	}
	b.art.Parts, b.open = nil, false
	b.tail.Reset()
	b.preview, b.ended, b.sealed = true, true, true
}

// endPreviews empties every preview holding text: content arrived, and
// it gives whole what the previews showed.
func (t *Tracker) endPreviews() {
	if t.previews == 0 {
		return
	}
	for _, b := range t.artifacts[t.head:] {
		if b.preview && !b.ended {
			t.endPreview(b)
		}
	}
}

// Ended reports whether the artifact was a preview that emptied: it is
// no longer part of the task.
func (t *Tracker) Ended(id string) bool {
	if b := t.find(id); b != nil {
		return b.ended
	}
	r, _ := t.released.get(id)
	return r.ended
}

// Previewed reports whether the task had a preview artifact: content
// that arrives then may take the preview's place rather than add to the
// text.
func (t *Tracker) Previewed() bool { return t.previewed }
