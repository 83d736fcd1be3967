package store

import (
	"cmp"
	"slices"
	"sync"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// Recorder writes a conversation's changes to the store as they happen.
// Changes are grouped: the first change of a group waits a few
// milliseconds for more, then the group is written in one transaction.
// A stream of thousands of chunks that grow one artifact costs one
// appended tail per group (the text the group added, see store_tails.go),
// not a write per chunk nor a rewrite of the artifact, and what the UI
// shows (after its own debounce of tens of milliseconds) is already
// committed.
type Recorder struct {
	s    *Store
	conv *session.Conversation
	w    *session.Watcher
	o    session.RecordOptions

	kick chan struct{}
	quit chan struct{}
	done chan struct{}
	once sync.Once

	mu      sync.Mutex // one group at a time; guards what follows
	st      recState
	pending map[string]session.Item
	tasks   []session.TaskInfo
	err     error
	wrote   int // bytes written by the last group
}

// maxBacklog bounds the items changed and not yet committed: past it,
// the stream that changes them commits them itself before taking its
// next event (see keepUp).
const maxBacklog = 2048

// maxTextBehind bounds the text of a long artifact held as a window
// (Conversation.WindowText) that the store does not have yet: past it,
// a stream commits before its next event, so a fast agent cannot make
// the window the whole answer (see keepUp).
const maxTextBehind = 256 << 10

// Record starts recording conv. A conversation continued from the store
// must be restored (Restore) before Record and before it changes, so the
// restored items are known as the stored ones they are.
func (s *Store) Record(conv *session.Conversation, o session.RecordOptions) *Recorder {
	if o.Delay <= 0 {
		o.Delay = 5 * time.Millisecond
	}
	r := &Recorder{
		s: s, conv: conv, o: o,
		kick: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{}),
		st:      recState{id: o.Context, known: map[string]bool{}, remap: map[string]string{}, streams: map[string]streamed{}},
		pending: map[string]session.Item{},
	}
	r.w = conv.Watch(r.notify)
	if o.Release {
		conv.ReleaseCommitted()
	}
	if o.Window {
		conv.WindowText()
	}
	if o.Context != 0 {
		conv.SetStored(o.Context)
	}
	if o.Context == 0 {
		conv.GateUI(nil, nil)
	} else {
		restored, tasks := r.w.Drain()
		conv.GateUI(restored, tasks) // stored already
		for _, it := range restored {
			r.st.known[it.Key] = true
		}
		// Running tasks may have moved on since they were stored; ended
		// ones cannot, and writing back the thousands a long context
		// holds made reopening it cost a transaction of no-op upserts.
		for _, t := range tasks {
			if !t.State.Terminal() {
				r.tasks = append(r.tasks, t)
			}
		}
	}
	conv.KeepPace(r.keepUp)
	go r.run()
	r.notify()
	return r
}

func (r *Recorder) notify() {
	select {
	case r.kick <- struct{}{}:
	default:
	}
}

// run writes a group after the first change of each, until Close.
func (r *Recorder) run() {
	defer close(r.done)
	for {
		select {
		case <-r.kick:
		case <-r.quit:
			r.flush(true)
			return
		}
		t := time.NewTimer(r.delay())
		select {
		case <-t.C:
		case <-r.quit:
			t.Stop()
		}
		// The TUI's conversation runs its writes behind the keys, like
		// its streams (the recorders of every conversation share one
		// lowered thread).
		r.conv.BehindKeys(func() { r.flush(false) })
	}
}

// delay is the grouping window. A group that wrote a lot (a long item
// written whole, a burst of text) stretches the next window in
// proportion, so that writing costs a bounded rate whatever changes; it
// never exceeds a quarter second.
func (r *Recorder) delay() time.Duration {
	r.mu.Lock()
	wrote := r.wrote
	r.mu.Unlock()
	const rate = 16 << 20 // bytes per second worth rewriting
	d := time.Duration(int64(wrote) * int64(time.Second) / rate)
	return min(max(d, r.o.Delay), 250*time.Millisecond)
}

// Flush writes what has changed now, without waiting for the group.
func (r *Recorder) Flush() error {
	r.flush(false)
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// flush writes the group. settle, as the recorder closes, also settles
// the items still streaming (or left so by a stream that stopped), so
// that none is left unindexed.
func (r *Recorder) flush(settle bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.o.Hold != nil {
		// Released on every way out: once written, or when nothing
		// taken needed writing.
		defer r.o.Hold()()
	}
	items, tasks := r.w.Drain()
	// What was taken reaches the UI once written, or once there is
	// nothing more to do for it (see conversation_published.go).
	var show []session.Item
	defer func() { r.conv.Publish(show, tasks, tasks != nil) }()
	for _, it := range items {
		r.pending[it.Key] = it
	}
	if settle {
		for k, st := range r.st.streams {
			if _, ok := r.pending[k]; !ok {
				r.pending[k] = st.it
			}
		}
	}
	if tasks != nil {
		r.tasks = tasks
	}
	if len(r.pending) == 0 && r.tasks == nil {
		return
	}
	g := group{agent: r.o.Agent, contextID: r.conv.ContextID(), now: time.Now(), tasks: r.tasks, settle: settle}
	g.items = make([]session.Item, 0, len(r.pending))
	for _, it := range r.pending {
		g.items = append(g.items, it)
	}
	// In transcript order: the pending map hands them over in map order.
	slices.SortFunc(g.items, func(a, b session.Item) int { return cmp.Compare(a.Seq, b.Seq) })
	show = g.items
	if r.st.id == 0 && !saysSomething(g.items) {
		return // nothing said yet (at most parley's own notes): no context to show
	}
	d, err := r.s.writeGroup(&r.st, g)
	if err != nil {
		r.err = err
		if r.o.OnError != nil {
			r.o.OnError(err)
		}
		return
	}
	r.st.apply(d)
	r.conv.SetStored(r.st.id)
	for _, k := range r.conv.Committed(g.items) {
		delete(r.st.known, k) // let go of: a late chunk finds its row (mine)
	}
	if r.o.Release || r.o.Window {
		r.committedText(g.items)
	}
	r.err, r.wrote = nil, d.wrote
	clear(r.pending)
	r.tasks = nil
	if r.o.OnFlush != nil {
		r.o.OnFlush(session.Flush{Context: r.st.id, Items: g.items, Tasks: g.tasks})
	}
}

// committedText tells the conversation how much of the text of each
// item still streaming the store now holds, once its search body is
// written (the body needs the text's front): it may let go of that.
func (r *Recorder) committedText(items []session.Item) {
	for i := range items {
		it := &items[i]
		st, ok := r.st.streams[it.Key]
		if ok && st.indexed && len(it.Parts) == 1 && it.Parts[0].Kind == a2aclient.PartText {
			r.conv.CommittedText(it.Key, it.Version, it.Cut+len(it.Parts[0].Text))
		}
	}
}

// keepUp runs on a stream's goroutine between two events: past
// maxBacklog uncommitted items, it commits them before the stream goes
// on. A stream of many small artifacts (a character each, whose printed
// text never fills the output's own bound) otherwise outran SQLite and
// left tens of thousands of items to one group.
func (r *Recorder) keepUp() {
	select {
	case <-r.quit:
		return // closing: its last group is the run's
	default:
	}
	if r.w.Pending() > maxBacklog || r.conv.TextBehind() > maxTextBehind {
		r.conv.BehindKeys(func() { r.flush(false) })
	}
}

// ID is the stored context's id, 0 until the first change is written.
func (r *Recorder) ID() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.st.id
}

// Err is the last write's error, nil once a write succeeds again.
func (r *Recorder) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Close writes everything still pending and stops recording. It returns
// the error of the last write, if it failed.
func (r *Recorder) Close() error {
	r.once.Do(func() {
		close(r.quit)
		<-r.done
		r.conv.KeepPace(nil)
		r.conv.Unwatch(r.w)
		r.conv.UngateUI()
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// saysSomething reports whether a new conversation's first changes are
// worth a context: anything but parley's own notices (a welcome alone
// would leave an empty "(untitled)" conversation behind each start).
// The notices are kept pending and written with the first real item.
func saysSomething(items []session.Item) bool {
	for _, it := range items {
		if it.Kind != session.ItemNotice {
			return true
		}
	}
	return false
}
