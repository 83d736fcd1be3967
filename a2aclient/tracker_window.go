package a2aclient

// An answer streamed into one long artifact is held as a window by a
// tracker that releases text (Tracker.ReleaseText): once the caller has
// put the front of the artifact's text where it keeps it (parley send:
// the store committed it and the output printed it), LetGoOfText lets
// the tracker drop it. The artifact then reads as its text from the cut
// on (Artifact, Task, Text); TextCut says how much is missing in front.
// Only an artifact whose parts are one plain text still streaming is
// cut, and only while nothing needs its whole text to compare (a
// preview, a reply in status messages).

// LetGoOfText drops the first n bytes of the text of the artifact with
// this id, if the tracker releases text and the artifact is one plain
// text part; n is cut back to a rune's start. It reports whether it
// let go of anything.
func (t *Tracker) LetGoOfText(id string, n int) bool {
	b := t.find(id)
	if !t.ReleaseText || b == nil || !b.windowed() || t.previews > 0 || t.previewed || t.reply.Len() > 0 {
		return false
	}
	have := b.tail.String()
	drop := n - b.cut
	if drop <= 0 {
		return false
	}
	drop = min(drop, len(have))
	for drop > 0 && drop < len(have) && !isRuneStart(have[drop]) {
		drop--
	}
	if drop == 0 {
		return false
	}
	// A fresh builder: the old one's buffer, the answer so far, goes
	// once no one holds the strings read from it.
	b.tail.Reset()
	b.tail.Grow(max(2*(len(have)-drop), 64<<10))
	b.tail.WriteString(have[drop:])
	b.cut += drop
	t.cut += drop
	return true
}

// windowed reports whether the artifact may be cut: its parts are one
// plain text, the open tail, and it is no preview.
func (b *artifactBuilder) windowed() bool {
	return b.open && len(b.art.Parts) == 0 && !b.preview && !b.ended
}

// TextCut is how many bytes in front of the text of the artifact with
// this id the tracker let go of (LetGoOfText): its first part's text as
// Artifact returns it starts that far into the artifact's.
func (t *Tracker) TextCut(id string) int {
	if b := t.find(id); b != nil {
		return b.cut
	}
	return 0
}

// TextCutTotal is how many bytes of the artifacts' text the tracker let
// go of (LetGoOfText): Text leaves them out. Each was let go of once
// the caller had it, so all of them are before what it has of the text.
func (t *Tracker) TextCutTotal() int { return t.cut }

// EachText hands fn the pieces Text joins, in order, each with the id
// of the artifact it is text of ("" for text released whole and the
// reply) and the bytes let go of in front of it (TextCut): Text for a
// tracker that let go of some, whose caller reads those bytes back
// where it keeps them.
func (t *Tracker) EachText(fn func(id string, cut int, text string) error) error {
	if t.cut == 0 {
		return fn("", 0, t.Text())
	}
	done, at := t.done.String(), uint32(0)
	for _, r := range t.reopened {
		if err := fn("", 0, done[at:r.start]); err != nil {
			return err
		}
		if err := r.b.eachText(fn); err != nil {
			return err
		}
		at = r.end
	}
	if err := fn("", 0, done[at:]); err != nil {
		return err
	}
	for _, b := range t.artifacts[t.head:] {
		if err := b.eachText(fn); err != nil {
			return err
		}
	}
	return fn("", 0, t.reply.String())
}

// eachText hands fn the artifact's text parts, as addText adds them;
// the cut is the first part's, which was the open tail when it was cut.
func (b *artifactBuilder) eachText(fn func(id string, cut int, text string) error) error {
	cut := b.cut
	for _, p := range b.art.Parts {
		if p.Kind == PartText {
			if err := fn(b.art.ID, cut, p.Text); err != nil {
				return err
			}
		}
		cut = 0
	}
	if b.open {
		return fn(b.art.ID, cut, b.tail.String())
	}
	return nil
}

func isRuneStart(c byte) bool { return c&0xc0 != 0x80 }

// keepCut returns the artifacts held as a window that a snapshot leaves
// out: they stay as they are, after its own, since their front is no
// longer here to be given to anyone (see session's applySnapshot, which
// leaves them to the tracker). Those it lists it replaces whole.
func (t *Tracker) keepCut(task *Task) []*artifactBuilder {
	if t.cut == 0 {
		return nil
	}
	var kept []*artifactBuilder
	for _, b := range t.artifacts[t.head:] {
		if b.cut == 0 || t.byID[b.art.ID] != b {
			continue
		}
		listed := false
		for i := range task.Artifacts {
			listed = listed || task.Artifacts[i].ID == b.art.ID
		}
		if !listed {
			kept = append(kept, b)
		}
	}
	return kept
}
