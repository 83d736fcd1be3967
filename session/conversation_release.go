package session

import (
	"slices"

	"github.com/parley-a2a/parley/a2aclient"
)

// A conversation recorded for a front end that shows nothing of it but
// what it hears as it goes (RecordOptions.Release: parley send) keeps a
// window of an answer, not all of it: the store holds what settled. It
// keeps nothing of an artifact it let go of: a late chunk of one (an
// append after its last chunk, which the specification does not
// forbid) makes a new item under the same key, a newer version than
// any let go of (relVersion), and the store, where the key is unique in
// the context, updates the row it has in its place.

// ReleaseCommitted makes the conversation let go of what the recorder
// has committed and will not change: settled artifacts (Committed),
// and the UI's view of what was published, which no one draws. Items
// and Drain then hold only what is not let go of.
func (c *Conversation) ReleaseCommitted() {
	c.mu.Lock()
	c.release = true
	c.pub.items, c.pub.fresh = map[string]Item{}, map[string]bool{}
	c.mu.Unlock()
}

// Committed tells the conversation that the recorder committed items as
// they are given. Once it releases (ReleaseCommitted), a settled
// artifact among them that has not changed since leaves the
// conversation: its item, its parts and its place in the index. It
// returns the keys of those let go of, which the recorder need not
// remember either.
func (c *Conversation) Committed(items []Item) (released []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.release {
		return nil
	}
	var gone map[*Item]bool
	for i := range items {
		it := &items[i]
		if it.Kind != ItemArtifact || !it.Done {
			continue
		}
		cur := c.byKey[it.Key]
		if cur == nil || cur.Version != it.Version || c.watchedElsewhere(it.Key) {
			continue
		}
		if gone == nil {
			gone = map[*Item]bool{}
		}
		gone[cur] = true
		c.relVersion = max(c.relVersion, cur.Version)
		delete(c.byKey, it.Key)
		released = append(released, it.Key)
	}
	if gone != nil {
		c.items = slices.DeleteFunc(c.items, func(it *Item) bool { return gone[it] })
	}
	return released
}

// watchedElsewhere reports whether a watcher has yet to drain key (one
// other than the gated UI's, which reads what is published): such an
// item stays until it has. Caller holds c.mu.
func (c *Conversation) watchedElsewhere(key string) bool {
	for _, w := range c.watchers {
		if w.dirty[key] {
			return true
		}
	}
	return false
}

// An answer streamed into one long artifact is held as a window: what
// the store has committed of its text (CommittedText), the tracker lets
// go of (a2aclient.Tracker.LetGoOfText) a step at a time, and the item
// holds the rest, with Cut saying how much is missing in front.

// letGoStep is how much committed text a window lets go of at once: its
// rest is copied each time, so a step costs about what it frees.
const letGoStep = 256 << 10

// textWindow follows the one artifact whose text is let go of: the last
// that started afresh (from, the version it started at), and how much
// of its text the store holds (committed).
type textWindow struct {
	key       string
	from      int
	committed int
}

// WindowText makes the conversation hold an answer streamed into one long
// artifact as a window (CommittedText), as one that releases does, while
// it keeps every item and the UI's view of them: the TUI's. Its streams
// follow with ReleaseText, which the window needs of the tracker.
func (c *Conversation) WindowText() {
	c.mu.Lock()
	c.windowing = true
	c.mu.Unlock()
}

// windows says whether the conversation holds a long artifact's text as
// a window. Caller holds c.mu.
func (c *Conversation) windows() bool { return c.release || c.windowing }

// CommittedText tells a conversation that releases (ReleaseCommitted)
// or windows (WindowText) that the store holds the first n bytes of the text of the item under
// key as it was at version, and needs none of them again: the recorder
// calls it once the item's search body is written.
func (c *Conversation) CommittedText(key string, version, n int) {
	c.mu.Lock()
	if c.windows() && key == c.window.key && version >= c.window.from {
		c.window.committed = max(c.window.committed, n)
	}
	c.mu.Unlock()
}

// TextBehind is how many bytes of the text of the artifact held as a
// window the store does not hold yet (0 when none is): what the window
// would shed once the recorder commits.
func (c *Conversation) TextBehind() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.windows() || c.window.key == "" {
		return 0
	}
	it := c.byKey[c.window.key]
	if it == nil || len(it.Parts) != 1 {
		return 0
	}
	return it.Cut + len(it.Parts[0].Text) - c.window.committed
}

// windowText follows an artifact event: the item's text is the
// tracker's window of it, and what the store holds of it is let go of.
// fresh says the artifact started afresh (new, or replaced). Caller
// holds c.mu.
func (c *Conversation) windowText(tr *a2aclient.Tracker, taskID, id string, fresh bool) {
	key := c.artifactKey(taskID, id)
	it := c.byKey[key]
	if it == nil || !c.windows() {
		return
	}
	if fresh {
		c.window = textWindow{key: key, from: it.Version}
	}
	it.Cut = tr.TextCut(id)
	if key != c.window.key || c.window.committed-it.Cut < letGoStep || !tr.LetGoOfText(id, c.window.committed) {
		return
	}
	// The same text, less of it held: no new version.
	if a, ok := tr.Artifact(id); ok {
		it.Parts, it.Cut = a.Parts, tr.TextCut(id)
	}
}
