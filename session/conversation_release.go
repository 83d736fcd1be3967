package session

import "slices"

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
		c.dropWindow(it.Key)
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
