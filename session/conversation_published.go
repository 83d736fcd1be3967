package session

// While a conversation is recorded, what the UI draws must already be in
// the store: a crash at any moment leaves on disk at least what was on
// screen. So the default watcher (Drain, Items, Tasks: the UI's view)
// sees the conversation as the recorder last committed it, not as it is
// this instant. The recorder publishes each group it has taken once the
// group is written (or could not be: a full disk must not hide the
// answer), and parley's own notices that wait for the first real item
// before they are stored.

// published is the UI's view of a recorded conversation.
type published struct {
	on    bool
	items map[string]Item // every item as last published, by its key
	fresh map[string]bool // keys published since the UI's last Drain
	tasks []TaskInfo
	// tasksFresh says the task list changed since the UI's last Drain.
	tasksFresh bool
}

// GateUI makes the UI see only what the recorder publishes, starting
// from the items and tasks given (restored ones, stored already).
func (c *Conversation) GateUI(items []Item, tasks []TaskInfo) {
	c.mu.Lock()
	c.pub = published{on: true, items: map[string]Item{}, fresh: map[string]bool{}}
	c.mu.Unlock()
	c.Publish(items, tasks, true)
}

// UngateUI shows the conversation live again, once it is no longer
// recorded: everything is marked changed for the UI.
func (c *Conversation) UngateUI() {
	c.mu.Lock()
	c.pub = published{}
	for _, it := range c.items {
		if c.release {
			break // no UI draws it (ReleaseCommitted)
		}
		c.ui.dirty[it.Key] = true
	}
	c.ui.tasks = true
	c.mu.Unlock()
	c.ui.notify()
}

// Publish hands the UI the items and tasks of a group the recorder has
// committed; tasks nil means the task list did not change.
func (c *Conversation) Publish(items []Item, tasks []TaskInfo, tasksChanged bool) {
	if len(items) == 0 && !tasksChanged {
		return
	}
	c.mu.Lock()
	if !c.pub.on {
		c.mu.Unlock()
		return
	}
	for _, it := range items {
		if c.release {
			break // no UI draws it (ReleaseCommitted)
		}
		if old, ok := c.pub.items[it.Key]; ok && old.Version > it.Version {
			continue
		}
		c.pub.items[it.Key] = it
		c.pub.fresh[it.Key] = true
	}
	if tasksChanged {
		c.pub.tasks = tasks
		c.pub.tasksFresh = true
	}
	c.mu.Unlock()
	c.ui.notify()
}

// drainPublished is Drain for the gated UI. Caller holds c.mu.
func (c *Conversation) drainPublished() ([]Item, []TaskInfo) {
	var items []Item
	if len(c.pub.fresh) > 0 {
		items = make([]Item, 0, len(c.pub.fresh))
		for key := range c.pub.fresh {
			items = append(items, c.pub.items[key])
		}
		sortItems(items)
		clear(c.pub.fresh)
	}
	clear(c.ui.dirty)
	var tasks []TaskInfo
	if c.pub.tasksFresh {
		tasks = append([]TaskInfo(nil), c.pub.tasks...)
		c.pub.tasksFresh = false
	}
	c.ui.tasks = false
	return items, tasks
}

// publishedItems is Items for the gated UI: the transcript in order, each
// item as last published, those never published left out. Caller holds
// c.mu.
func (c *Conversation) publishedItems() []Item {
	out := make([]Item, 0, len(c.pub.items))
	for _, it := range c.items {
		if p, ok := c.pub.items[it.Key]; ok {
			out = append(out, p)
		}
	}
	clear(c.pub.fresh)
	clear(c.ui.dirty)
	return out
}
