package session

import (
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

	mu            sync.Mutex
	client        *a2aclient.Client
	agent         a2aclient.AgentID // the identity its contextId and task ids belong to
	agentName     string
	contextID     string
	items         []*Item
	seq           int // items ever added: the next one's Seq (released ones leave items)
	byKey         map[string]*Item
	watchers      []*Watcher
	tasks         map[string]*TaskInfo
	order         []string // task ids, oldest first
	inflight      map[int]*exchange
	nextID        int
	waiting       string // task that asked for input or auth
	lastReq       *a2aclient.SendRequest
	retry         func() // runs again the request that failed last
	lastArt       artKey
	statusReading statusReading
	pub           published                // the UI's view while recorded
	release       bool                     // let go of what is committed (ReleaseCommitted)
	windowing     bool                     // hold long artifacts' text as windows (WindowText)
	windowEach    bool                     // a window for every artifact still streaming (WindowEach)
	stored        atomic.Int64             // the stored context holding it (Stored)
	relVersion    int                      // the highest version of an item let go of (Committed)
	textWindows   map[string]textWindow    // by item key, the artifacts whose text is let go of as it is committed
	textBehind    int                      // their text the store does not hold yet (TextBehind)
	keyboard      atomic.Pointer[Keyboard] // its streams give way to keys typed (SetKeyboard)
	tracing       atomic.Pointer[Tracing]  // whether its turns carry trace context (SetTracing)
	pace          atomic.Pointer[func()]   // its streams wait for the recorder (KeepPace)
}

type artKey struct{ taskID, id, key string }

type exchange struct {
	cancel context.CancelFunc
	taskID string
	again  func() // the same request, to retry it after a failure
	// userKey is the key of the user's message the exchange sent, which
	// keeps the turn's timings.
	userKey string
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

// Restore fills an empty conversation with a stored transcript, or the
// window of its last items, to continue a context after a restart.
// Watchers see the items as changed.
func (c *Conversation) Restore(contextID string, items []Item, tasks []TaskInfo) {
	c.mu.Lock()
	c.contextID = contextID
	for i := range items {
		it := items[i]
		// A window of a long stored transcript keeps its stored
		// positions, so what is read around it later fits in order;
		// items given without them are numbered on.
		it.Seq = max(it.Seq, c.seq)
		c.seq = it.Seq + 1
		c.items = append(c.items, &it)
		c.byKey[it.Key] = &it
		c.markDirty(it.Key)
	}
	// tasks come newest first and order is oldest first: new ids go in
	// front, reversed. Gathered and put in front once: prepending one at
	// a time would be quadratic in a long context's thousands of tasks.
	// The newest task waiting for the user is the one a message answers:
	// its question is the last one asked.
	var fresh []string
	waiting := false
	for i := range tasks {
		t := tasks[i]
		t.Following = false
		if c.tasks[t.ID] == nil {
			fresh = append(fresh, t.ID)
		}
		c.tasks[t.ID] = &t
		if t.State.Interrupted() && !waiting {
			c.waiting, waiting = t.ID, true
		}
	}
	slices.Reverse(fresh)
	c.order = append(fresh, c.order...)
	c.mu.Unlock()
	c.notify()
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
// the caller has put the credential on the client (or the person signed
// in on the agent's page). The transcript records what happened, as
// parley's note: the person signed in and parley asked the agent to go
// on; never the credential, and not as a message the person typed.
func (c *Conversation) SendCredentialTurn(taskID string) {
	c.mu.Lock()
	msg := a2aclient.Message{ID: a2aclient.NewID(), Role: a2aclient.RoleUser, ContextID: c.contextID, TaskID: taskID,
		Parts: []a2aclient.Part{a2aclient.TextPart("Credentials provided.")}}
	c.waiting = ""
	c.add(&Item{Key: "user:" + msg.ID, Kind: ItemNotice, Text: CredentialTurnNote(taskID), TaskID: taskID, Secret: true, Done: true})
	req := a2aclient.SendRequest{Message: msg}
	c.mu.Unlock()
	c.notify()
	c.start(req, "")
}

// CredentialTurnNote is the transcript's note of a sign-in that
// continued task taskID.
func CredentialTurnNote(taskID string) string {
	return "🔒 You signed in; parley asked the agent to go on with task " + ShortID(taskID) + "."
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
	ex := &exchange{cancel: cancel, taskID: req.Message.TaskID, again: func() { c.start(req, title) }, userKey: "user:" + req.Message.ID}
	c.inflight[id] = ex
	client, window := c.client, c.windowing
	c.mu.Unlock()
	ctx = c.traced(ctx)
	go func() {
		defer cancel()
		sum, err := Exchange(ctx, client, req, FollowOptions{ReleaseText: window, GiveWay: c.giveWay(), OnUpdate: func(u Update) { c.onUpdate(ex, title, u) }})
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
	return c.paced(func(ctx context.Context) {
		k := c.keyboard.Load()
		if k == nil {
			return
		}
		if !behind {
			behind = true
			background.Lower()
		}
		k.wait(ctx)
	})
}

// Follow picks up a running task (after a stop or a restart).
func (c *Conversation) Follow(taskID string) { c.FollowFrom(taskID, nil) }

// FollowFrom is Follow starting from the task as just fetched, when it was.
func (c *Conversation) FollowFrom(taskID string, seed *a2aclient.Task) {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	id := c.nextID
	c.nextID++
	ex := &exchange{cancel: cancel, taskID: taskID, again: func() { c.Follow(taskID) }}
	c.inflight[id] = ex
	client, window := c.client, c.windowing
	if t := c.tasks[taskID]; t != nil {
		t.Following = true
	}
	c.mu.Unlock()
	c.notify()
	go func() {
		defer cancel()
		sum, err := Follow(ctx, client, taskID, FollowOptions{Seed: seed, ReleaseText: window, GiveWay: c.giveWay(), OnUpdate: func(u Update) { c.onUpdate(ex, "", u) }})
		c.finish(id, ex, sum, err)
	}()
}

// ForgetTask ends a task the agent no longer knows, with one line that says
// so: there is nothing left to follow, nor to answer (a task that waited
// for input ends too).
func (c *Conversation) ForgetTask(taskID string) {
	c.mu.Lock()
	if t := c.tasks[taskID]; t != nil && !t.State.Terminal() {
		t.State, t.Following, t.Updated = a2aclient.StateUnknown, false, c.now()
	}
	// A note, drawn whole: nothing failed that the person can act on,
	// and an error is cut to its line.
	c.add(&Item{Kind: ItemNotice, TaskID: taskID, Done: true,
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

func (c *Conversation) finish(id int, ex *exchange, sum *Summary, err error) {
	c.mu.Lock()
	delete(c.inflight, id)
	c.sealReply()
	c.keepTurn(ex, sum)
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
				c.dropWindow(it.Key)
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
	it.Seq = c.seq
	c.seq++
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
