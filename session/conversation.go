package session

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/background"
	"github.com/parley-a2a/parley/termsafe"
)

// Conversation is the live state of one context with one agent: its
// transcript, its tasks, and the exchanges in flight. It is the domain
// state the UI shows; it knows nothing of Bubble Tea.
//
// Exchanges run on their own goroutines and change the conversation under
// its lock; each change calls the notify hook, which the UI debounces. The
// UI then takes only what changed with Drain, so the cost of an update
// does not grow with the length of the conversation.
type Conversation struct {
	now func() time.Time
	ui  *Watcher // the default consumer, behind Drain

	mu        sync.Mutex
	client    *a2aclient.Client
	agent     a2aclient.AgentID // the identity its contextId and task ids belong to
	agentName string
	contextID string
	items     []*Item
	byKey     map[string]*Item
	watchers  []*Watcher
	tasks     map[string]*TaskInfo
	order     []string // task ids, oldest first
	inflight  map[int]*exchange
	nextID    int
	waiting   string // task that asked for input or auth
	lastReq   *a2aclient.SendRequest
	retry     func() // runs again the request that failed last
	lastArt   artKey
	reading   statusReading
	pub       published                // the UI's view while recorded
	keyboard  atomic.Pointer[Keyboard] // its streams give way to keys typed (SetKeyboard)
}

type artKey struct{ taskID, id, key string }

type exchange struct {
	cancel context.CancelFunc
	taskID string
	again  func() // the same request, to retry it after a failure
}

// NewConversation starts an empty conversation with an agent. notify is
// called after every change, from any goroutine; it must not block.
func NewConversation(client *a2aclient.Client, agentName string, notify func()) *Conversation {
	c := &Conversation{
		now: time.Now, client: client, agent: identityOf(client), agentName: agentName,
		byKey: map[string]*Item{}, tasks: map[string]*TaskInfo{},
		inflight: map[int]*exchange{},
	}
	c.ui = c.Watch(notify)
	return c
}

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
				items = append(items, *c.byKey[key])
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

// Restore fills an empty conversation with a stored transcript, to
// continue a context after a restart. Watchers see the items as changed.
func (c *Conversation) Restore(contextID string, items []Item, tasks []TaskInfo) {
	c.mu.Lock()
	c.contextID = contextID
	for i := range items {
		it := items[i]
		it.Seq = len(c.items)
		c.items = append(c.items, &it)
		c.byKey[it.Key] = &it
		c.markDirty(it.Key)
	}
	// tasks come newest first and order is oldest first: new ids go in
	// front, reversed. Gathered and put in front once: prepending one at
	// a time was quadratic, 40 ms for the 2,500 tasks of a long context.
	var fresh []string
	for i := range tasks {
		t := tasks[i]
		t.Following = false
		if c.tasks[t.ID] == nil {
			fresh = append(fresh, t.ID)
		}
		c.tasks[t.ID] = &t
		if t.State.Interrupted() {
			c.waiting = t.ID
		}
	}
	slices.Reverse(fresh)
	c.order = append(fresh, c.order...)
	c.mu.Unlock()
	c.notify()
}

// AgentName is the agent's display name.
func (c *Conversation) AgentName() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.agentName
}

// Client is the agent's client.
func (c *Conversation) Client() *a2aclient.Client {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.client
}

// SetClient replaces the client, e.g. after the user gave credentials.
func (c *Conversation) SetClient(cl *a2aclient.Client) {
	c.mu.Lock()
	c.client = cl
	c.mu.Unlock()
}

// ContextID is the agent's context id, empty until the agent assigns one.
func (c *Conversation) ContextID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.contextID
}

// Waiting returns the task waiting for the user's answer and its state,
// or "" when the next message starts a new task.
func (c *Conversation) Waiting() (taskID string, state a2aclient.State) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tasks[c.waiting]; t != nil && t.State.Interrupted() {
		return t.ID, t.State
	}
	return "", ""
}

// Busy reports whether an exchange is in flight.
func (c *Conversation) Busy() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.inflight) > 0
}

// Notice adds parley's own note to the transcript.
func (c *Conversation) Notice(text string) {
	c.mu.Lock()
	c.add(&Item{Kind: ItemNotice, Text: text, Done: true})
	c.mu.Unlock()
	c.notify()
}

// Send sends text (and attachments) to the agent and follows the reply in
// the background. A task waiting for input gets the message as its answer.
func (c *Conversation) Send(text string, attachments ...a2aclient.Part) {
	parts := make([]a2aclient.Part, 0, 1+len(attachments))
	if strings.TrimSpace(text) != "" {
		parts = append(parts, a2aclient.TextPart(text))
	}
	parts = append(parts, attachments...)
	if len(parts) == 0 {
		return
	}
	c.mu.Lock()
	msg := a2aclient.Message{ID: a2aclient.NewID(), Role: a2aclient.RoleUser, Parts: parts, ContextID: c.contextID}
	if t := c.tasks[c.waiting]; t != nil && t.State.Interrupted() {
		msg.TaskID = t.ID
	}
	c.waiting = ""
	c.add(&Item{Key: "user:" + msg.ID, Kind: ItemUser, Text: text, Parts: attachments, TaskID: msg.TaskID, Done: true})
	req := a2aclient.SendRequest{Message: msg}
	c.lastReq = &req
	c.mu.Unlock()
	c.notify()
	c.start(req, text)
}

// SendCredentialTurn continues a task that asked for authentication, after
// the caller has put the credential on the client. The transcript records
// that a credential was given, never the credential.
func (c *Conversation) SendCredentialTurn(taskID string) {
	c.mu.Lock()
	msg := a2aclient.Message{ID: a2aclient.NewID(), Role: a2aclient.RoleUser, ContextID: c.contextID, TaskID: taskID,
		Parts: []a2aclient.Part{a2aclient.TextPart("Credentials provided.")}}
	c.waiting = ""
	c.add(&Item{Key: "user:" + msg.ID, Kind: ItemUser, Text: "🔒 credentials provided", TaskID: taskID, Secret: true, Done: true})
	req := a2aclient.SendRequest{Message: msg}
	c.mu.Unlock()
	c.notify()
	c.start(req, "")
}

// Retry runs again the request that failed last (a send, a stream
// followed, a task fetched or canceled), else sends the last message
// again; e.g. after signing in.
func (c *Conversation) Retry() bool {
	c.mu.Lock()
	again, req := c.retry, c.lastReq
	c.retry = nil
	c.mu.Unlock()
	if again != nil {
		again()
		return true
	}
	if req == nil {
		return false
	}
	r := *req
	c.start(r, r.Message.Text())
	return true
}

func (c *Conversation) start(req a2aclient.SendRequest, title string) {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	id := c.nextID
	c.nextID++
	ex := &exchange{cancel: cancel, taskID: req.Message.TaskID, again: func() { c.start(req, title) }}
	c.inflight[id] = ex
	client := c.client
	c.mu.Unlock()
	go func() {
		defer cancel()
		sum, err := Exchange(ctx, client, req, FollowOptions{GiveWay: c.giveWay(), OnUpdate: func(u Update) { c.onUpdate(ex, title, u) }})
		c.finish(id, ex, sum, err)
	}()
}

// SetKeyboard makes the conversation's streams give way to keys typed
// (see Keyboard); the TUI sets its one keyboard on each conversation.
// Streams already under way (resumed at start) heed it from their next
// event.
func (c *Conversation) SetKeyboard(k *Keyboard) { c.keyboard.Store(k) }

// giveWay is the GiveWay of one stream of c, run on its goroutine. Once
// the conversation has a keyboard (the TUI's), the stream runs behind
// it: on a thread of its own at a lower priority for the rest of the
// stream (internal/background), and waiting a moment after each key
// (Keyboard). Without one (parley send) it is one atomic load an event.
func (c *Conversation) giveWay() func(ctx context.Context) {
	behind := false
	return func(ctx context.Context) {
		k := c.keyboard.Load()
		if k == nil {
			return
		}
		if !behind {
			behind = true
			background.Lower()
		}
		k.wait(ctx)
	}
}

// Follow picks up a running task (after a stop or a restart).
func (c *Conversation) Follow(taskID string) { c.follow(taskID, nil) }

// follow is Follow starting from the task as just fetched, when it was.
func (c *Conversation) follow(taskID string, seed *a2aclient.Task) {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	id := c.nextID
	c.nextID++
	ex := &exchange{cancel: cancel, taskID: taskID, again: func() { c.Follow(taskID) }}
	c.inflight[id] = ex
	client := c.client
	if t := c.tasks[taskID]; t != nil {
		t.Following = true
	}
	c.mu.Unlock()
	c.notify()
	go func() {
		defer cancel()
		sum, err := Follow(ctx, client, taskID, FollowOptions{Seed: seed, GiveWay: c.giveWay(), OnUpdate: func(u Update) { c.onUpdate(ex, "", u) }})
		c.finish(id, ex, sum, err)
	}()
}

// forget ends a task the agent no longer knows, with one line that says
// so: there is nothing left to follow.
func (c *Conversation) forget(taskID string) {
	c.mu.Lock()
	if t := c.tasks[taskID]; t != nil && !t.State.Settled() {
		t.State, t.Following, t.Updated = a2aclient.StateUnknown, false, c.now()
	}
	err := fmt.Errorf("task %s: %w", short(taskID), a2aclient.ErrTaskNotFound)
	c.add(&Item{Kind: ItemError, TaskID: taskID, Done: true, Err: err,
		Text: fmt.Sprintf("The agent no longer knows task %s (it may have restarted); it ends as unknown.", short(taskID))})
	c.mu.Unlock()
	c.notify()
}

// Stop stops following every exchange in flight and returns the ids of
// tasks that may still be running on the agent.
func (c *Conversation) Stop() []string {
	c.mu.Lock()
	var running []string
	for _, ex := range c.inflight {
		ex.cancel()
		if ex.taskID != "" {
			if t := c.tasks[ex.taskID]; t == nil || !t.State.Settled() {
				running = append(running, ex.taskID)
			}
		}
	}
	c.mu.Unlock()
	return running
}

// Cancel asks the agent to cancel a task. It blocks: call it from a
// command, not from the UI's update.
func (c *Conversation) Cancel(ctx context.Context, taskID string) error {
	task, err := c.Client().Cancel(ctx, taskID)
	if err != nil {
		c.fail(taskID, fmt.Errorf("cancel task %s: %w", short(taskID), err), func() { c.retryBlocking(func(ctx context.Context) { _ = c.Cancel(ctx, taskID) }) })
		return err
	}
	if task != nil && task.ID != "" {
		c.mu.Lock()
		c.applyTask(task)
		c.mu.Unlock()
		c.notify()
	}
	return nil
}

// Refresh fetches a task's current state. It blocks, like Cancel.
func (c *Conversation) Refresh(ctx context.Context, taskID string) error {
	task, err := c.Client().Get(ctx, taskID, nil)
	if err != nil {
		c.fail(taskID, fmt.Errorf("refresh task %s: %w", short(taskID), err), func() { c.retryBlocking(func(ctx context.Context) { _ = c.Refresh(ctx, taskID) }) })
		return err
	}
	c.mu.Lock()
	c.applyTask(task)
	c.mu.Unlock()
	c.notify()
	return nil
}

func (c *Conversation) onUpdate(ex *exchange, title string, u Update) {
	c.mu.Lock()
	switch {
	case u.Resume != nil:
		c.add(&Item{Kind: ItemNotice, TaskID: u.Resume.TaskID, Done: true,
			Text: fmt.Sprintf("Connection lost; resuming task %s (attempt %d of %d)…", short(u.Resume.TaskID), u.Resume.Attempt, u.Resume.Max)})
	case u.Repair != nil:
		c.add(&Item{Kind: ItemNotice, TaskID: u.Repair.TaskID, Done: true,
			Text: fmt.Sprintf("The broken stream lost part of task %s's answer; it now reads as the agent holds it (%s replaced).",
				short(u.Repair.TaskID), plural(len(u.Repair.Artifacts), "artifact"))})
	case u.Event != nil:
		c.applyEvent(ex, title, *u.Event, u.Tracker)
	}
	c.mu.Unlock()
	c.notify()
}

func (c *Conversation) applyEvent(ex *exchange, title string, ev a2aclient.Event, tr *a2aclient.Tracker) {
	switch {
	case ev.Message != nil:
		m := ev.Message
		c.learnContext(m.ContextID)
		if m.TaskID != "" {
			c.task(m.TaskID, title)
		}
		key := "msg:" + m.ID
		if m.ID == "" {
			key = ""
		}
		c.add(&Item{Key: key, Kind: ItemAgent, TaskID: m.TaskID, Text: m.Text(), Parts: nonText(m.Parts), Done: true})
	case ev.Task != nil:
		ex.taskID = ev.Task.ID
		c.applyTask(ev.Task)
		t := c.task(ev.Task.ID, title)
		t.Following = true
		// A snapshot may carry artifacts assembled so far.
		for _, a := range tr.Task().Artifacts {
			c.putArtifact(ev.Task.ID, a, tr.Sealed(a.ID))
		}
	case ev.Status != nil:
		s := ev.Status
		if ex.taskID == "" {
			ex.taskID = s.TaskID
		}
		c.learnContext(s.ContextID)
		t := c.task(s.TaskID, title)
		t.Following = true
		c.applyStatusUpdate(t, s)
	case ev.Artifact != nil:
		a := ev.Artifact
		if ex.taskID == "" {
			ex.taskID = a.TaskID
		}
		c.learnContext(a.ContextID)
		c.task(a.TaskID, title)
		if art, ok := tr.Artifact(a.Artifact.ID); ok {
			c.putArtifact(a.TaskID, art, a.LastChunk)
		}
	}
}

// applyTask folds a task snapshot (send reply, get, poll) into the state.
func (c *Conversation) applyTask(task *a2aclient.Task) {
	c.learnContext(task.ContextID)
	t := c.task(task.ID, "")
	// Artifacts first: a snapshot's state describes the task as it
	// stands, artifacts included, so "completed" reads last.
	for _, a := range task.Artifacts {
		c.putArtifact(task.ID, a, task.Status.State.Terminal())
	}
	c.applyStatus(t, task.Status)
}

func (c *Conversation) applyStatus(t *TaskInfo, st a2aclient.TaskStatus) {
	text := st.Message.Text()
	changed := t.State != st.State || t.StatusText != text
	t.State, t.StatusText, t.Updated = st.State, text, c.now()
	if st.State.Interrupted() {
		c.waiting = t.ID
	}
	if !changed {
		return
	}
	var parts []a2aclient.Part
	if st.Message != nil {
		parts = nonText(st.Message.Parts)
	}
	if c.sameStatusMessage(t, st, text, parts) {
		return
	}
	// A new state gets a new line; a new message in the same state
	// updates that line in place, unless it is a note of its own (a
	// message id other than the one shown).
	key := fmt.Sprintf("status:%s:%s", t.ID, st.State)
	if it := c.byKey[key]; it != nil && it.Seq == len(c.items)-1 && !c.anotherNote(t.ID, st.Message) {
		it.Text, it.Parts = text, parts
		c.touch(it)
		c.noteStatusLine(t.ID, it.Key, st.Message)
		return
	}
	// "submitted" followed at once by another state says nothing worth a
	// line of its own: the new state takes its place.
	sub := fmt.Sprintf("status:%s:%s", t.ID, a2aclient.StateSubmitted)
	// The item keeps its key (the UI and the store know it by that);
	// the new state's key becomes an alias for it.
	if it := c.byKey[sub]; it != nil && it.Seq == len(c.items)-1 && it.State == a2aclient.StateSubmitted && c.byKey[key] == nil {
		it.State, it.Text, it.Parts = st.State, text, parts
		c.byKey[key] = it
		c.touch(it)
		c.noteStatusLine(t.ID, it.Key, st.Message)
		return
	}
	if c.byKey[key] != nil {
		key = fmt.Sprintf("%s:%d", key, len(c.items))
	}
	c.add(&Item{Key: key, Kind: ItemStatus, TaskID: t.ID, State: st.State, Text: text, Parts: parts, Done: true})
	c.noteStatusLine(t.ID, key, st.Message)
}

func (c *Conversation) putArtifact(taskID string, a a2aclient.Artifact, done bool) {
	key := c.artifactKey(taskID, a.ID)
	if it := c.byKey[key]; it != nil {
		it.Parts, it.Name, it.Done = a.Parts, a.Name, done
		c.touch(it)
		return
	}
	c.add(&Item{Key: key, Kind: ItemArtifact, TaskID: taskID, Name: a.Name, Parts: a.Parts, Done: done})
}

// artifactKey is the item key of an artifact. A stream is thousands of
// chunks of one artifact: the key of the last is kept rather than built
// again for each (a tenth of the conversation's cost per chunk).
func (c *Conversation) artifactKey(taskID, id string) string {
	if k := &c.lastArt; k.taskID != taskID || k.id != id {
		*k = artKey{taskID, id, "art:" + taskID + "/" + id}
	}
	return c.lastArt.key
}

func (c *Conversation) finish(id int, ex *exchange, sum *Summary, err error) {
	c.mu.Lock()
	delete(c.inflight, id)
	c.sealReply()
	taskID := ex.taskID
	if sum != nil && sum.TaskID != "" {
		taskID = sum.TaskID
	}
	if t := c.tasks[taskID]; t != nil {
		t.Following = false
		// Artifacts still open when the stream ended will not grow.
		for _, it := range c.items {
			if it.Kind == ItemArtifact && it.TaskID == taskID && !it.Done && t.State.Settled() {
				it.Done = true
				c.touch(it)
			}
		}
	}
	switch {
	case err == nil:
	case errors.Is(err, context.Canceled):
		if taskID != "" {
			if t := c.tasks[taskID]; t == nil || !t.State.Settled() {
				c.add(&Item{Kind: ItemNotice, TaskID: taskID, Done: true,
					Text: fmt.Sprintf("Stopped following task %s; it may still be running on the agent.", short(taskID))})
			}
		}
	default:
		c.retry = ex.again
		c.addError(taskID, err)
		if errors.Is(err, a2aclient.ErrTaskNotFound) {
			// The agent no longer knows the task (it restarted, or
			// forgot old tasks): nothing is left to follow, and the next
			// start must not try again and add the same error.
			if t := c.tasks[taskID]; t != nil && !t.State.Settled() {
				t.State, t.Updated = a2aclient.StateUnknown, time.Now()
			}
		}
	}
	c.mu.Unlock()
	c.notify()
}

func (c *Conversation) fail(taskID string, err error, again func()) {
	c.mu.Lock()
	c.retry = again
	c.addError(taskID, err)
	c.mu.Unlock()
	c.notify()
}

// retryBlocking runs a blocking call (get, cancel) again in the
// background, as the UI's commands did the first time.
func (c *Conversation) retryBlocking(call func(ctx context.Context)) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		call(ctx)
	}()
}

func (c *Conversation) addError(taskID string, err error) {
	c.add(&Item{Kind: ItemError, TaskID: taskID, Text: termsafe.Line(err.Error()), Detail: a2aclient.Hint(err), Err: err, Done: true})
}

func (c *Conversation) learnContext(id string) {
	if c.contextID == "" && id != "" {
		c.contextID = id
	}
}

func (c *Conversation) task(id, title string) *TaskInfo {
	if t := c.tasks[id]; t != nil {
		if t.Title == "" && title != "" {
			t.Title = title
		}
		return t
	}
	now := c.now()
	t := &TaskInfo{ID: id, ContextID: c.contextID, Title: title, Started: now, Updated: now}
	c.tasks[id] = t
	c.order = append(c.order, id)
	return t
}

// add appends an item and marks it changed. Caller holds c.mu.
func (c *Conversation) add(it *Item) {
	it.Seq = len(c.items)
	if it.Key == "" {
		it.Key = fmt.Sprintf("item:%d", it.Seq)
	}
	if it.Time.IsZero() {
		it.Time = c.now()
	}
	c.items = append(c.items, it)
	c.byKey[it.Key] = it
	c.touch(it)
}

func (c *Conversation) touch(it *Item) {
	it.Version++
	c.markDirty(it.Key)
}

func (c *Conversation) markDirty(key string) {
	for _, w := range c.watchers {
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
// at once, in map order: an insertion sort made opening a 10,000-item
// context take a second.
func sortItems(items []Item) {
	slices.SortFunc(items, func(a, b Item) int { return cmp.Compare(a.Seq, b.Seq) })
}

func nonText(parts []a2aclient.Part) []a2aclient.Part {
	var out []a2aclient.Part
	for _, p := range parts {
		if p.Kind != a2aclient.PartText {
			out = append(out, p)
		}
	}
	return out
}

// short abbreviates an id for display.
func short(id string) string { return ShortID(id) }

// ShortID is the one short form of a task or context id shown to the
// user, its start and end ("3672…13d"), so the chat, the dialogs and the
// task list name a task alike.
func ShortID(id string) string {
	if len(id) <= 8 {
		return id
	}
	return id[:4] + "…" + id[len(id)-3:]
}
