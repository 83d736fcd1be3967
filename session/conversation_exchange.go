package session

import (
	"context"
	"slices"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// The two hooks the context store needs from a Conversation: a watcher
// that can leave, and an exchange run on the caller's goroutine.

// Unwatch removes a watcher, so a closed recorder costs nothing more.
func (c *Conversation) Unwatch(w *Watcher) {
	c.mu.Lock()
	c.watchers = slices.DeleteFunc(c.watchers, func(x *Watcher) bool { return x == w })
	c.mu.Unlock()
}

// Exchange sends msg like Send, but follows the reply on the calling
// goroutine with the caller's options (streaming or not, resume pacing,
// an OnUpdate that hears every event after the conversation applied it)
// and returns how it ended. The headless command line uses it, so that
// what it prints and what the store records come from one exchange.
//
// msg's text parts become the user's line; an empty ContextID or TaskID
// is filled from the conversation (its context, the task waiting for an
// answer), as Send does.
func (c *Conversation) Exchange(ctx context.Context, msg a2aclient.Message, o FollowOptions) (*Summary, error) {
	if msg.ID == "" {
		msg.ID = a2aclient.NewID()
	}
	msg.Role = a2aclient.RoleUser
	var text []string
	for _, p := range msg.Parts {
		if p.Kind == a2aclient.PartText {
			text = append(text, p.Text)
		}
	}
	title := strings.Join(text, "\n")
	ctx, cancel := context.WithCancel(c.traced(ctx))
	defer cancel()

	c.mu.Lock()
	if msg.ContextID == "" {
		msg.ContextID = c.contextID
	}
	if t := c.tasks[c.waiting]; msg.TaskID == "" && t != nil && t.State.Interrupted() {
		msg.TaskID = t.ID
	}
	c.waiting = ""
	c.add(&Item{Key: "user:" + msg.ID, Kind: ItemUser, Text: title, Parts: nonText(msg.Parts), TaskID: msg.TaskID, Done: true})
	req := a2aclient.SendRequest{Message: msg}
	c.lastReq = &req
	id := c.nextID
	c.nextID++
	ex := &exchange{cancel: cancel, taskID: msg.TaskID, userKey: "user:" + msg.ID}
	c.inflight[id] = ex
	client := c.client
	c.mu.Unlock()
	c.notify()

	o.GiveWay = c.paced(o.GiveWay)
	hear := o.OnUpdate
	o.OnUpdate = func(u Update) {
		c.onUpdate(ex, title, u)
		if hear != nil {
			hear(u)
		}
	}
	sum, err := Exchange(ctx, client, req, o)
	c.finish(id, ex, sum, err)
	return sum, err
}
