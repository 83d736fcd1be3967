package session

import "github.com/parley-a2a/parley/a2aclient"

// An answer streamed into long artifacts is held as windows: what the
// store has committed of an artifact's text (CommittedText), the
// tracker lets go of (a2aclient.Tracker.LetGoOfText) a step at a time,
// and the item holds the rest, with Cut saying how much is missing in
// front. For a front end that never needs an artifact's front from the
// tracker again (the TUI's chat and parley send's --json result line
// read it back from the store by its key; send's text printer keeps
// what it has yet to print itself: WindowEach), every artifact still
// streaming has its window, so an agent that streams several at once,
// a chunk of each in turn (two reports side by side, a log beside an
// answer), is held no more whole than one that streams one. Otherwise
// only the last artifact that started afresh has one.

// letGoStep is how much committed text a window lets go of at once: its
// rest is copied each time, so a step costs about what it frees.
const letGoStep = 256 << 10

// textWindow is what the conversation follows of one artifact whose
// text is let go of: the version it started afresh at (from), how much
// of its text the store holds (committed), and how far its text goes
// (end: the cut and what the item holds), which TextBehind sums.
type textWindow struct {
	from      int
	committed int
	end       int
}

// behind is the window's text the store does not hold yet.
func (w textWindow) behind() int { return max(w.end-w.committed, 0) }

// WindowText makes the conversation hold an answer streamed into long
// artifacts as a window of each (CommittedText), as one that releases
// does, while it keeps every item and the UI's view of them: the TUI's.
// Its streams follow with ReleaseText, which the window needs of the
// tracker.
func (c *Conversation) WindowText() {
	c.mu.Lock()
	c.windowing = true
	c.mu.Unlock()
}

// WindowEach makes a conversation that releases (ReleaseCommitted) hold
// every long artifact still streaming as a window, not only the last
// that started: for a front end that never needs an artifact's front
// from the tracker's joined text again (parley send, text and --json).
// A conversation that windows (WindowText) does so anyway.
func (c *Conversation) WindowEach() {
	c.mu.Lock()
	c.windowEach = true
	c.mu.Unlock()
}

// windows says whether the conversation holds long artifacts' text as
// windows. Caller holds c.mu.
func (c *Conversation) windows() bool { return c.release || c.windowing }

// eachWindow says whether every artifact still streaming may have a
// window, not only the last that started. Caller holds c.mu.
func (c *Conversation) eachWindow() bool { return c.windowEach || c.windowing }

// CommittedText tells a conversation that releases (ReleaseCommitted)
// or windows (WindowText) that the store holds the first n bytes of the
// text of the item under key as it was at version, and needs none of
// them again: the recorder calls it once the item's search body is
// written.
func (c *Conversation) CommittedText(key string, version, n int) {
	c.mu.Lock()
	if w, ok := c.textWindows[key]; ok && c.windows() && version >= w.from {
		w.committed = max(w.committed, n)
		c.setWindow(key, w)
	}
	c.mu.Unlock()
}

// TextBehind is how many bytes of the text of the artifacts held as
// windows the store does not hold yet (0 when none is): what the
// windows would shed once the recorder commits.
func (c *Conversation) TextBehind() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.windows() {
		return 0
	}
	return c.textBehind
}

// windowText follows an artifact event: the item's text is the
// tracker's window of it, and what the store holds of it is let go of.
// fresh says the artifact started afresh (new, or replaced): its window
// starts again. Caller holds c.mu.
func (c *Conversation) windowText(tr *a2aclient.Tracker, taskID, id string, fresh bool) {
	key := c.artifactKey(taskID, id)
	it := c.byKey[key]
	if it == nil || !c.windows() {
		return
	}
	it.Cut = tr.TextCut(id)
	w, ok := c.textWindows[key]
	if fresh {
		if !c.eachWindow() {
			c.dropWindowsBut(key) // only the last that started afresh
		}
		w, ok = textWindow{from: it.Version}, true
	}
	if !ok {
		return
	}
	if w.committed-it.Cut >= letGoStep && tr.LetGoOfText(id, w.committed) {
		// The same text, less of it held: no new version.
		if a, ok := tr.Artifact(id); ok {
			it.Parts, it.Cut = a.Parts, tr.TextCut(id)
		}
	}
	if it.Done {
		c.dropWindow(key) // settled: it grows no more
		return
	}
	w.end = 0
	if len(it.Parts) == 1 {
		w.end = it.Cut + len(it.Parts[0].Text)
	}
	c.setWindow(key, w)
}

// setWindow keeps w as the window of the item under key. Caller holds
// c.mu.
func (c *Conversation) setWindow(key string, w textWindow) {
	if c.textWindows == nil {
		c.textWindows = map[string]textWindow{}
	}
	c.textBehind += w.behind() - c.textWindows[key].behind()
	c.textWindows[key] = w
}

// dropWindow forgets the window of the item under key, if it has one:
// its artifact settled, or was let go of. Caller holds c.mu.
func (c *Conversation) dropWindow(key string) {
	if w, ok := c.textWindows[key]; ok {
		c.textBehind -= w.behind()
		delete(c.textWindows, key)
	}
}

// dropWindowsBut forgets every window but that of the item under key.
// Caller holds c.mu.
func (c *Conversation) dropWindowsBut(key string) {
	for k := range c.textWindows {
		if k != key {
			c.dropWindow(k)
		}
	}
}
