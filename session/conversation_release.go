package session

// A conversation recorded for a front end that shows nothing of it but
// what it hears as it goes (RecordOptions.Release: parley send) keeps a
// window of an answer, not all of it: the store holds what settled.

// ReleaseCommitted makes the conversation let go of what the recorder
// has committed and will not change: the parts of settled artifacts
// (Committed), and the UI's view of what was published, which no one
// draws.
func (c *Conversation) ReleaseCommitted() {
	c.mu.Lock()
	c.release = true
	c.pub.items, c.pub.fresh = map[string]Item{}, map[string]bool{}
	c.mu.Unlock()
}

// Committed tells the conversation that the recorder committed items as
// they are given. Once it releases (ReleaseCommitted), a settled
// artifact among them that has not changed since lets go of its parts.
func (c *Conversation) Committed(items []Item) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.release {
		return
	}
	for i := range items {
		it := &items[i]
		if it.Kind != ItemArtifact || !it.Done {
			continue
		}
		if cur := c.byKey[it.Key]; cur != nil && cur.Version == it.Version {
			cur.Parts = nil
		}
	}
}
