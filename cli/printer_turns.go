package cli

import (
	"fmt"
	"hash/maphash"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/termsafe"
)

// An agent may stream several artifacts at once, a chunk of each in
// turn (two reports side by side, a log beside an answer). Printed as
// the one joined answer, every chunk that lands before the last
// artifact would have the answer printed again, whole. Once one does,
// the text printer prints the answer an artifact at a time (turns):
// the artifact being printed goes on as its chunks come; the others'
// text waits, and each is printed under a line naming it when its turn
// comes: the one printed settles (its last chunk), or the exchange
// ends. What waits is copied as it arrives, since the tracker's window
// of an artifact (session's windowing) lets go of what the store holds,
// printed or not. Each byte is printed once, and a line a turn.

// turns is the printer's state once it prints an artifact at a time.
type turns struct {
	cur   *turnArt // printed as its chunks come; nil: none is
	last  *turnArt // whose text was printed last
	byID  map[string]*turnArt
	queue []*turnArt // those whose text waits, in the order they began to
	reply *turnArt   // the reply streamed in status messages, if any
}

// turnArt is what the printer knows of one artifact's text (or the
// reply's) once it prints by turns.
type turnArt struct {
	id, name string
	isReply  bool
	printed  int      // bytes of its text printed
	held     heldText // its text not printed yet
	waiting  bool     // in the queue
	sealed   bool     // its last chunk came
	replaced bool     // the agent replaced text of it already printed
	// kept hashes its text printed and held, when whole says it covers
	// all of it from the first byte (none was let go of before the
	// turns began): a snapshot's text is checked against it.
	kept  maphash.Hash
	whole bool
}

// interleaved reports whether u appends text to an artifact before the
// last one of the joined answer, every byte of which was printed: from
// then on the answer is printed by turns (startTurns).
func (p *textPrinter) interleaved(u session.Update) bool {
	a := u.Event.Artifact
	if a == nil || p.held || p.tail == "" || !a.Append || a.Artifact.ID == p.tail || u.Tracker.Added() ||
		!plainText(a.Artifact.Parts) || u.Tracker.Previewed() || u.Tracker.StatusReply() != "" ||
		a2aclient.ReadArtifact(u.Tracker.Reading, a) != a2aclient.ArtifactContent {
		return false
	}
	p.startTurns(u)
	return true
}

// startTurns begins printing by turns: every artifact's text was printed
// but what u just appended; the artifact last printed (the tail) goes on.
func (p *textPrinter) startTurns(u session.Update) {
	t := &turns{byID: map[string]*turnArt{}}
	tr := u.Tracker
	for _, a := range tr.Task().Artifacts {
		e := &turnArt{id: a.ID, name: a.Name, printed: tr.TextCut(a.ID) + textLen(a.Parts), sealed: tr.Sealed(a.ID)}
		if a.ID == u.Event.Artifact.Artifact.ID {
			e.printed -= textLen(u.Event.Artifact.Artifact.Parts)
		}
		if tr.TextCut(a.ID) == 0 {
			e.whole = true
			hashText(&e.kept, a.Parts, e.printed)
		}
		t.byID[a.ID] = e
	}
	if e := t.byID[p.tail]; e != nil && !e.sealed {
		t.cur = e
	}
	t.last = t.byID[p.tail]
	p.turns = t
}

// turnText prints, or keeps for its turn, what u brings of the answer.
func (p *textPrinter) turnText(u session.Update) {
	a := u.Event.Artifact
	if a == nil {
		p.syncTurns(u.Tracker, u.Event.Task != nil) // a snapshot, or a reply in status messages
		p.nextTurn()
		return
	}
	if role := a2aclient.ReadArtifact(u.Tracker.Reading, a); role == a2aclient.ArtifactPreview || role == a2aclient.ArtifactPreviewEnd {
		return // a preview's text: the content that takes its place is printed
	}
	t := p.turns
	id, n := a.Artifact.ID, textLen(a.Artifact.Parts)
	e := t.byID[id]
	if e == nil {
		e = &turnArt{id: id}
		if a.Append {
			// Printed before the turns began, and let go of by the
			// tracker since (a short settled artifact).
			e.printed = max(u.Tracker.TextCut(id)+artifactTextLen(u.Tracker, id)-n, 0)
		}
		t.byID[id] = e
	}
	if a.Artifact.Name != "" {
		e.name = a.Artifact.Name
	}
	if !a.Append && e.printed+e.held.n > 0 {
		e.replace()
		if t.cur == e {
			t.cur = nil // printed again, whole, under its line
		}
	}
	if !a.Append {
		e.whole = true // it starts again from its first byte
	}
	e.sealed = a.LastChunk
	e.keep(a.Artifact.Parts, 0)
	if t.cur == e {
		p.printTurn(e)
	} else {
		t.wait(e)
	}
	if e.sealed && t.cur == e {
		t.cur = nil
	}
	p.nextTurn()
}

// syncTurns keeps for their turns the text the tracker holds of each
// artifact, and of the reply, beyond what was printed or kept: what a
// snapshot (a poll, a resubscription) or a status message brings. Only
// a snapshot may have changed text already kept (check).
func (p *textPrinter) syncTurns(tr *a2aclient.Tracker, check bool) {
	t := p.turns
	for _, a := range tr.Task().Artifacts {
		e := t.byID[a.ID]
		if e == nil {
			e = &turnArt{id: a.ID, name: a.Name, whole: tr.TextCut(a.ID) == 0}
			t.byID[a.ID] = e
		}
		e.sealed = tr.Sealed(a.ID)
		t.sync(e, tr.TextCut(a.ID), a.Parts, check)
	}
	if reply := tr.StatusReply(); reply != "" {
		if t.reply == nil {
			t.reply = &turnArt{isReply: true, whole: true}
		}
		t.sync(t.reply, 0, []a2aclient.Part{a2aclient.TextPart(reply)}, check)
	}
}

// sync keeps what the text of parts (its first cut bytes let go of)
// holds beyond what was printed or kept of e; text shorter than that,
// or (with check, when all of it is known) text that does not begin
// with it, replaced it.
func (t *turns) sync(e *turnArt, cut int, parts []a2aclient.Part, check bool) {
	have, n := e.printed+e.held.n, cut+textLen(parts)
	switch {
	case n < have || check && e.whole && cut == 0 && !e.begins(parts, have):
		e.replace()
		e.whole = cut == 0
		e.keep(parts, 0)
		if t.cur == e {
			t.cur = nil
		}
	case n > have && have >= cut:
		e.keep(parts, have-cut)
	default:
		return
	}
	if t.cur == e {
		return // printed at its next turn line or chunk
	}
	t.wait(e)
}

// replace forgets what was printed and kept of e: the agent sent it anew.
func (e *turnArt) replace() {
	e.held.reset()
	e.kept.Reset()
	e.printed, e.replaced = 0, true
}

// keep holds the text parts' text for e's turn, the first skip bytes
// left out, and adds it to what kept hashes.
func (e *turnArt) keep(parts []a2aclient.Part, skip int) {
	from := len(e.held.pieces)
	e.held.addParts(parts, skip)
	for _, s := range e.held.pieces[from:] {
		e.kept.WriteString(s)
	}
}

// begins reports whether the text of parts begins with e's first n
// bytes printed and kept.
func (e *turnArt) begins(parts []a2aclient.Part, n int) bool {
	var h maphash.Hash
	h.SetSeed(e.kept.Seed())
	hashText(&h, parts, n)
	return h.Sum64() == e.kept.Sum64()
}

// hashText adds the first n bytes of the parts' text to h.
func hashText(h *maphash.Hash, parts []a2aclient.Part, n int) {
	for _, p := range parts {
		if p.Kind != a2aclient.PartText || n <= 0 {
			continue
		}
		s := p.Text[:min(n, len(p.Text))]
		h.WriteString(s)
		n -= len(s)
	}
}

// wait puts e in the queue, unless it is there.
func (t *turns) wait(e *turnArt) {
	if !e.waiting && e.held.n > 0 {
		e.waiting = true
		t.queue = append(t.queue, e)
	}
}

// nextTurn prints, while no artifact is being printed, the text of the
// first that waits, which is then the one printed if more is to come.
func (p *textPrinter) nextTurn() {
	t := p.turns
	if t.cur != nil && t.cur.held.n > 0 {
		p.printTurn(t.cur) // kept by a snapshot
	}
	for t.cur == nil && len(t.queue) > 0 {
		e := t.popQueue()
		p.printTurn(e)
		if !e.sealed {
			t.cur = e
		}
	}
}

// flushTurns prints the text of every artifact that waits: the exchange
// ended, or reached a state that waits for the user.
func (p *textPrinter) flushTurns() {
	t := p.turns
	if t == nil {
		return
	}
	p.nextTurn()
	for len(t.queue) > 0 {
		p.printTurn(t.popQueue())
	}
}

func (t *turns) popQueue() *turnArt {
	e := t.queue[0]
	t.queue[0] = nil
	t.queue = t.queue[1:]
	e.waiting = false
	return e
}

// printTurn prints e's kept text, under a line naming e when the text
// printed last was another's.
func (p *textPrinter) printTurn(e *turnArt) {
	if e.held.n == 0 {
		return
	}
	t := p.turns
	if t.last != e {
		p.endLine()
		fmt.Fprintln(p.w, turnHeading(e))
		e.replaced = false
		t.last = e
	}
	p.closeNote()
	for _, s := range e.held.pieces {
		p.writeAnswer(s)
	}
	e.printed += e.held.n
	e.held.reset()
}

// heldText is text kept for its turn as the pieces it arrived in (the
// chunks' own strings): kept without a copy, and printed a piece at a
// time as it would have been as it came, so that a long artifact's
// turn never makes one answer-sized string, nor a write that size.
type heldText struct {
	pieces []string
	n      int
}

// reset forgets the text kept; a few pieces' room is kept for the next
// chunk of the artifact printed, a long wait's goes.
func (h *heldText) reset() {
	clear(h.pieces)
	h.pieces, h.n = h.pieces[:0], 0
	if cap(h.pieces) > 64 {
		h.pieces = nil
	}
}

// addParts keeps the text parts' text, the first skip bytes left out.
func (h *heldText) addParts(parts []a2aclient.Part, skip int) {
	for _, p := range parts {
		if p.Kind != a2aclient.PartText {
			continue
		}
		s := p.Text[min(skip, len(p.Text)):]
		skip -= len(p.Text) - len(s)
		if s != "" {
			h.pieces = append(h.pieces, s)
			h.n += len(s)
		}
	}
}

// turnHeading is the line above an artifact's text printed in its turn.
func turnHeading(e *turnArt) string {
	label := "artifact " + artifactLabel(e.name, e.id)
	if e.isReply {
		label = "reply"
	}
	switch {
	case e.replaced:
		return "[" + label + ", replaced]"
	case e.printed > 0:
		return "[" + label + ", continued]"
	}
	return "[" + label + "]"
}

// artifactLabel names an artifact on one line: its name, and its id
// beside it when they differ (agents often give several one name).
func artifactLabel(name, id string) string {
	name, id = shortName(name), shortName(id)
	switch {
	case name == "":
		return id
	case id == "" || id == name:
		return name
	}
	return name + " (" + id + ")"
}

// maxName is the most bytes of an agent's name (an artifact's, its id)
// a line of the text output quotes: a name sent once is quoted on every
// line about its artifact, so its length must not multiply the output.
const maxName = 120

// shortName is an agent's name for a line: cut, then cleaned as a label.
func shortName(s string) string {
	if len(s) > maxName {
		s = truncate(s, maxName)
	}
	return termsafe.Line(s)
}

// textLen is the length of the parts' text, as the tracker joins it.
func textLen(parts []a2aclient.Part) int {
	n := 0
	for _, p := range parts {
		if p.Kind == a2aclient.PartText {
			n += len(p.Text)
		}
	}
	return n
}

// artifactTextLen is the length of the text the tracker holds of an
// artifact (after its cut).
func artifactTextLen(tr *a2aclient.Tracker, id string) int {
	a, _ := tr.Artifact(id)
	return textLen(a.Parts)
}

// endTurnsAt prints what waits for its turn when the task reaches a
// state that ends the exchange or waits for the user, before its line.
func (p *textPrinter) endTurnsAt(st a2aclient.State) {
	if st.Terminal() || st.Interrupted() {
		p.flushTurns()
	}
}
