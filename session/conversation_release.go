package session

import (
	"cmp"
	"slices"
	"time"
)

// A conversation recorded for a front end that shows nothing of it but
// what it hears as it goes (RecordOptions.Release: parley send) keeps a
// window of an answer, not all of it: the store holds what settled.

// droppedItem is what a conversation keeps of an artifact it let go of:
// enough to put a late chunk of it back in its place, as a newer
// version of the same stored item.
// Kept small: a long answer leaves one per artifact.
type droppedItem struct {
	seq, version int32
	at           int64 // Item.Time, Unix nanoseconds
}

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
// conversation: its item, its parts and its place in the index.
func (c *Conversation) Committed(items []Item) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.release {
		return
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
		if c.dropped == nil {
			c.dropped = map[string]droppedItem{}
		}
		gone[cur] = true
		c.dropped[it.Key] = droppedItem{seq: int32(cur.Seq), version: int32(cur.Version), at: cur.Time.UnixNano()}
		delete(c.byKey, it.Key)
	}
	if gone != nil {
		c.items = slices.DeleteFunc(c.items, func(it *Item) bool { return gone[it] })
	}
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

// takeBack puts an artifact let go of back in its place, as a newer
// version of the same item: a late chunk of it arrived. Caller holds
// c.mu.
func (c *Conversation) takeBack(key string, d droppedItem, it *Item) {
	delete(c.dropped, key)
	it.Key, it.Seq, it.Version, it.Time = key, int(d.seq), int(d.version), time.Unix(0, d.at)
	i, _ := slices.BinarySearchFunc(c.items, it.Seq, func(x *Item, seq int) int { return cmp.Compare(x.Seq, seq) })
	c.items = slices.Insert(c.items, i, it)
	c.byKey[key] = it
	c.touch(it)
}
