package session

import (
	"cmp"
	"slices"
)

// Watcher is one consumer of a conversation's changes (the UI, the
// context store), each with its own record of what it has not seen.
type Watcher struct {
	c      *Conversation
	notify func()
	dirty  map[string]bool
	tasks  bool
}

// Watch adds a consumer. notify is called after every change, from any
// goroutine, and must not block; the consumer then calls Drain.
func (c *Conversation) Watch(notify func()) *Watcher {
	if notify == nil {
		notify = func() {}
	}
	w := &Watcher{c: c, notify: notify, dirty: map[string]bool{}}
	c.mu.Lock()
	for _, it := range c.items {
		w.dirty[it.Key] = true
	}
	w.tasks = len(c.order) > 0
	c.watchers = append(c.watchers, w)
	c.mu.Unlock()
	return w
}

// Drain returns copies of the items changed since this watcher's last
// Drain, in transcript order, and the task list if it changed (else nil).
func (w *Watcher) Drain() ([]Item, []TaskInfo) {
	c := w.c
	c.mu.Lock()
	defer c.mu.Unlock()
	if w == c.ui && c.pub.on {
		return c.drainPublished()
	}
	var items []Item
	if len(w.dirty) > 0 {
		items = make([]Item, 0, len(w.dirty))
		if len(w.dirty)*4 >= len(c.items) {
			// Much changed (a restored context): walk the transcript,
			// which is in order already.
			for _, it := range c.items {
				if w.dirty[it.Key] && c.byKey[it.Key] == it {
					items = append(items, *it)
				}
			}
		} else {
			for key := range w.dirty {
				if it := c.byKey[key]; it != nil { // nil: let go of (Committed)
					items = append(items, *it)
				}
			}
			sortItems(items)
		}
		clear(w.dirty)
	}
	var tasks []TaskInfo
	if w.tasks {
		tasks = c.tasksLocked()
		w.tasks = false
	}
	return items, tasks
}

// notify tells every watcher that something changed. The task list is
// flagged on every change: it is small, and most changes touch a task.
func (c *Conversation) notify() {
	// Called for every streamed chunk: the copy of the watchers (the UI,
	// the recorder) stays on the stack.
	var few [4]*Watcher
	c.mu.Lock()
	c.markTasks()
	ws := append(few[:0], c.watchers...)
	c.mu.Unlock()
	for _, w := range ws {
		w.notify()
	}
}

func (c *Conversation) touch(it *Item) {
	it.Version++
	c.markDirty(it.Key)
}

func (c *Conversation) markDirty(key string) {
	for _, w := range c.watchers {
		if w == c.ui && c.pub.on {
			// The gated UI reads what is published, never these; it
			// is shown everything again when ungated (UngateUI).
			continue
		}
		w.dirty[key] = true
	}
}

// markTasks flags the task list as changed for every watcher. Task
// changes are frequent but the list is small, so it is sent whole.
func (c *Conversation) markTasks() {
	for _, w := range c.watchers {
		w.tasks = true
	}
}

// Drain returns the items changed since the UI's last Drain, in
// transcript order.
func (c *Conversation) Drain() []Item {
	items, _ := c.ui.Drain()
	return items
}

// Items returns a copy of the whole transcript, e.g. to open a context.
func (c *Conversation) Items() []Item {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pub.on {
		return c.publishedItems()
	}
	out := make([]Item, len(c.items))
	for i, it := range c.items {
		out[i] = *it
	}
	clear(c.ui.dirty)
	return out
}

// Tasks returns the conversation's tasks, newest first.
func (c *Conversation) Tasks() []TaskInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.pub.on {
		return append([]TaskInfo(nil), c.pub.tasks...)
	}
	return c.tasksLocked()
}

func (c *Conversation) tasksLocked() []TaskInfo {
	out := make([]TaskInfo, 0, len(c.order))
	for i := len(c.order) - 1; i >= 0; i-- {
		out = append(out, *c.tasks[c.order[i]])
	}
	return out
}

// sortItems puts items in transcript order. Drain usually returns a
// handful, but a restored or reopened context hands over all of its items
// at once, in map order, so the sort must be O(n log n).
func sortItems(items []Item) {
	slices.SortFunc(items, func(a, b Item) int { return cmp.Compare(a.Seq, b.Seq) })
}
