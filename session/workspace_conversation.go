package session

import (
	"context"
	"errors"

	"github.com/parley-a2a/parley/a2aclient"
)

// Resolve fetches the card of the agent named ref and returns its
// client. It blocks; the owner applies the result with Resolved.
func (w *Workspace) Resolve(ctx context.Context, ref string) (*a2aclient.Client, error) {
	return w.dir.Client(ctx, ref, Overrides{})
}

// Resolved applies a resolution of agent a: its client, or why there is
// none. A client whose endpoint is on an untrusted origin, or whose card
// did not verify, is kept to name the agent and show why, not to send.
// An agent reached for the first time starts a conversation, recorded;
// started says so.
func (w *Workspace) Resolved(a *Agent, cl *a2aclient.Client, err error) (started bool) {
	if err != nil {
		a.Status, a.Err = AgentFailed, err
		if keepsClient(err) {
			a.Client = cl
		}
		return false
	}
	a.Status, a.Client, a.Err = AgentReady, cl, nil
	if a.Conv != nil {
		return false
	}
	w.NewConversation(a)
	return true
}

// NewConversation starts a fresh conversation with agent a, recorded;
// an earlier one stays in the store.
func (w *Workspace) NewConversation(a *Agent) *Conversation {
	var conv *Conversation
	conv = NewConversation(a.Client, w.Label(a), w.notifier(&conv))
	conv.SetKeyboard(w.o.Keyboard)
	conv.SetTracing(w.tracing(a))
	a.Conv = conv
	w.record(conv, a)
	return conv
}

// notifier is the listener of a conversation the workspace makes: it
// tells WorkspaceOptions.Notify that *conv changed. *conv is set once the
// conversation is made; a notification before names none, which a front
// end reads as "the one shown".
func (w *Workspace) notifier(conv **Conversation) func() {
	notify := w.o.Notify
	return func() {
		if notify != nil {
			notify(*conv)
		}
	}
}

// record starts recording a new conversation into the store.
func (w *Workspace) record(conv *Conversation, a *Agent) {
	st := w.o.Store
	if st == nil || st.ReadOnly() != nil {
		return
	}
	w.recs = append(w.recs, st.Keep(conv, RecordOptions{Agent: AgentInfoOf(a.Ref, a.Client), OnError: w.o.RecordError, Window: true}))
}

// Opening is a stored conversation made ready to continue, off the
// owner's loop; Opened applies it.
type Opening struct {
	Context *OpenedContext
	Conv    *Conversation // restored, recording into the context
	Client  *a2aclient.Client
	rec     Recording
	// Offline says why the agent could not be reached; the conversation
	// is shown all the same.
	Offline error
}

// OpenStored loads stored context id to continue it (its last
// OpenWindow items), and a client for its agent. running, when set, may
// hand over the live conversation of a context whose task is being
// resumed. It blocks.
func (w *Workspace) OpenStored(ctx context.Context, id int64, running func(*OpenedContext) *Conversation) (*Opening, error) {
	st := w.o.Store
	oc, err := st.OpenContext(id, OpenWindow)
	if err != nil {
		return nil, err
	}
	if running != nil {
		if conv := running(oc); conv != nil {
			return &Opening{Context: oc, Conv: conv, Client: conv.Client()}, nil
		}
	}
	client, err := ClientFor(ctx, w.dir, oc.Info)
	var offline error
	if err != nil {
		// Show the transcript anyway; sending fails until the agent is
		// back, and says so.
		if client, offline = StoredClient(w.dir, oc.Info.Agent); offline == nil {
			offline, err = err, nil
		}
	}
	if err != nil {
		return nil, err
	}
	// Restoring a long transcript is real work: done here, off the loop.
	// Notifications before conv is set name no conversation, which a
	// front end reads as "the one shown".
	var conv *Conversation
	conv, rec := st.Reopen(oc, client, w.notifier(&conv))
	conv.SetKeyboard(w.o.Keyboard)
	return &Opening{Context: oc, Conv: conv, Client: client, rec: rec, Offline: offline}, nil
}

// Opened lists the agent of an opened stored conversation (ForStored)
// and makes the conversation its own.
func (w *Workspace) Opened(o *Opening) *Agent {
	a := w.ForStored(o.Context.Info.Agent, o.Client)
	if o.rec != nil { // a live conversation's recorder is kept already
		w.recs = append(w.recs, o.rec)
	}
	a.Conv = o.Conv
	a.Conv.SetTracing(w.tracing(a))
	return a
}

// Resumed takes the tasks picked up again at start: each resumed
// conversation goes to its agent (listed if it was not), unless that
// agent has a conversation under way. It returns the agents whose
// conversation changed.
func (w *Workspace) Resumed(res []*Resumption) (changed []*Agent) {
	for _, r := range res {
		if r.Err != nil || r.Conversation == nil {
			continue
		}
		w.recs = append(w.recs, r.Recorder)
		r.Conversation.SetKeyboard(w.o.Keyboard)
		a := w.ForStored(r.Context.Agent, r.Conversation.Client())
		if a.Conv == nil || a.Conv.itemCount() <= 1 {
			a.Conv = r.Conversation
			a.Conv.SetTracing(w.tracing(a))
			changed = append(changed, a)
		}
	}
	return changed
}

// itemCount is how many items c's transcript holds. Items would copy
// them all, and take the changes the front end has yet to drain with
// it: asking whether a conversation is under way must do neither.
func (c *Conversation) itemCount() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seq
}

// ResumePending follows the tasks that were running when parley last
// stopped. It blocks; the owner applies the result with Resumed.
func (w *Workspace) ResumePending(ctx context.Context, notify func()) ([]*Resumption, error) {
	return w.o.Store.ResumePending(ctx, w.dir, notify)
}

// Resume follows the tasks left running in stored context id (parley
// contexts resume). It blocks.
func (w *Workspace) Resume(ctx context.Context, st History, id int64, notify func()) (*Resumption, error) {
	return st.Resume(ctx, w.dir, id, notify)
}

// RememberDialect returns, once per client, the write that records the
// dialect agent a has answered in, so that the next start goes straight
// to it; nil when there is nothing new to record. The write blocks.
func (w *Workspace) RememberDialect(a *Agent) func() {
	if a == nil || a.Conv == nil {
		return nil
	}
	cl := a.Conv.Client()
	if cl == nil || cl == a.remembered {
		return nil
	}
	if _, ok := cl.Learned(); !ok {
		return nil
	}
	a.remembered = cl
	dir := w.dir
	return func() { dir.Remember(cl) }
}

// Close writes what the recorders hold and releases every agent's
// connections; called when the front end ends.
func (w *Workspace) Close() {
	for _, r := range w.recs {
		r.Close()
	}
	for _, a := range w.agents {
		for _, c := range a.clients() {
			_ = c.Close()
		}
	}
}

// keepsClient says whether a failed resolution's client is kept: an
// endpoint on an untrusted origin, or a card that did not verify, still
// names the agent and shows why; it is not used to send.
func keepsClient(err error) bool {
	return errors.As(err, new(*a2aclient.ForeignOriginError)) || errors.As(err, new(*a2aclient.UnverifiedCardError))
}
