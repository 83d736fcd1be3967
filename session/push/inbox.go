package push

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// Inbox stores verified push notifications with their task, whether or
// not anything shows the task now: into a conversation open in this
// process (the TUI's, which records it as it records a stream), else
// into the stored context that holds the task, else into a new context
// for it. Reopening the task later finds it as the agent last told.
//
// It is the receiver's OnPush (Take). The UI subscribes to hear of each
// arrival (to mark the task in the tasks pane and say so in the chat);
// what it shows comes from the conversation or the store, as for any
// other change.
type Inbox struct {
	store *store.Store

	mu   sync.Mutex
	live []*session.Conversation
	open map[session.TaskKey]*pushOpen // stored tasks pushes go to (push_open.go)
	// artifactLimit bounds an artifact pushes grow; 0 is pushArtifactLimit.
	artifactLimit int
	subs          map[int]func(Note)
	next          int
}

// Note tells a subscriber that a notification was stored. Nothing in
// it is cleaned for a terminal: what is shown of it passes termsafe.
type Note struct {
	TaskID   string
	Agent    a2aclient.AgentID // whose task it is
	AgentRef string
	Kind     string          // the event's kind: task, status-update, …
	State    a2aclient.State // the state it brought, if any
	Context  int64           // the stored context it went to; 0 if to a live one
	Live     bool            // it went to a conversation open in this process
	At       time.Time
	Event    a2aclient.Event // what the agent said
}

// NewInbox stores into s (nil keeps only the live conversations).
func NewInbox(s *store.Store) *Inbox {
	return &Inbox{store: s, open: map[session.TaskKey]*pushOpen{}, subs: map[int]func(Note){}}
}

// Attach routes the pushes for conv's tasks to conv itself while it is
// open; the returned function detaches it.
func (in *Inbox) Attach(conv *session.Conversation) (detach func()) {
	in.mu.Lock()
	in.live = append(in.live, conv)
	in.mu.Unlock()
	return func() {
		in.mu.Lock()
		in.live = slices.DeleteFunc(in.live, func(c *session.Conversation) bool { return c == conv })
		in.mu.Unlock()
	}
}

// Subscribe calls fn after each notification is stored, on the
// receiver's goroutine: fn must not block (send a message to the UI).
func (in *Inbox) Subscribe(fn func(Note)) (unsubscribe func()) {
	in.mu.Lock()
	id := in.next
	in.next++
	in.subs[id] = fn
	in.mu.Unlock()
	return func() {
		in.mu.Lock()
		delete(in.subs, id)
		in.mu.Unlock()
	}
}

// Take stores one verified notification (ReceiverOptions.OnPush).
func (in *Inbox) Take(d Delivery) error {
	note := Note{TaskID: d.Route.TaskID, Agent: d.Route.Agent, AgentRef: d.Route.AgentRef, Kind: d.Event.Kind(), State: eventState(d.Event), At: d.At, Event: d.Event}
	if conv := in.liveFor(d.Route.Agent, d.Route.TaskID); conv != nil {
		// Opened since its last push: the open conversation records it
		// from now on, not the inbox's copy.
		if err := in.closeOpen(session.TaskKey{Agent: d.Route.Agent, Task: d.Route.TaskID}); err != nil {
			return fmt.Errorf("store the push for task %s: %w", session.ShortID(d.Route.TaskID), err)
		}
		conv.ApplyPush(d.Event)
		note.Live = true
	} else if in.store != nil {
		in.mu.Lock()
		id, err := in.takeStored(d)
		in.mu.Unlock()
		if err != nil {
			return fmt.Errorf("store the push for task %s: %w", session.ShortID(d.Route.TaskID), err)
		}
		note.Context = id
	}
	in.mu.Lock()
	subs := make([]func(Note), 0, len(in.subs))
	for _, fn := range in.subs {
		subs = append(subs, fn)
	}
	in.mu.Unlock()
	for _, fn := range subs {
		fn(note)
	}
	return nil
}

// liveFor finds the open conversation that holds agent's task.
func (in *Inbox) liveFor(agent a2aclient.AgentID, taskID string) *session.Conversation {
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, c := range in.live {
		if c.HasTask(agent, taskID) {
			return c
		}
	}
	return nil
}
