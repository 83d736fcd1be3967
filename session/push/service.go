package push

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// Service is the receiver and the inbox together, as a front end
// uses them: Watch asks an agent to push a task's changes here, every
// verified push is stored with its task (into an attached conversation
// when one holds it), and subscribers hear of each. The TUI keeps one for
// its lifetime; `parley task watch --push` one for a task.
type Service struct {
	recv  *Receiver
	inbox *Inbox
	fixed bool // the address outlives this process (a fixed port or push_url)

	mu      sync.Mutex
	watched map[session.TaskKey]watch
}

type watch struct {
	client  *a2aclient.Client
	cfgID   string // parley's id for the config
	agentID string // the id the agent knows it by
}

// StartService starts the receiver (see ReceiverOptions; Store
// and OnPush are set here) storing into store (nil: only into attached
// conversations).
func StartService(store *store.Store, o ReceiverOptions) (*Service, error) {
	if store != nil && store.ReadOnly() == nil {
		// Configs no push can come for any more (store_push_prune.go);
		// a failure leaves rows that only cost space.
		_, _ = store.PrunePushRoutes(time.Now())
	}
	p := &Service{inbox: NewInbox(store), watched: map[session.TaskKey]watch{}}
	o.Store, o.OnPush = store, p.inbox.Take
	if o.PublicURL != "" {
		p.fixed = true
	} else if _, port, err := net.SplitHostPort(o.Listen); err == nil && port != "0" {
		p.fixed = true
	}
	recv, err := StartReceiver(o)
	if err != nil {
		return nil, err
	}
	p.recv = recv
	return p, nil
}

// Inbox is where pushes go: Attach open conversations, Subscribe to
// arrivals.
func (p *Service) Inbox() *Inbox { return p.inbox }

// URL is the base address announced to agents.
func (p *Service) URL() string { return p.recv.URL() }

// Stats is what the receiver took and refused.
func (p *Service) Stats() Stats { return p.recv.Stats() }

// Watch asks the agent behind c (named ref) to push taskID's changes to
// this receiver. Agents or dialects without push notifications answer an
// error wrapping a2aclient.ErrPushNotSupported or ErrUnsupportedOperation.
// The route stays under parley's id, in the URL announced, whatever id
// the agent answers with (PushRoute.AgentConfigID keeps that one).
func (p *Service) Watch(ctx context.Context, c *a2aclient.Client, ref, taskID string) (a2aclient.PushConfig, error) {
	cfg, err := p.recv.Register(c.ID(), ref, c.Dialect(), taskID)
	if err != nil {
		return a2aclient.PushConfig{}, err
	}
	got, err := c.SetPushConfig(ctx, cfg)
	if err != nil {
		_ = p.recv.Forget(cfg.ID)
		return a2aclient.PushConfig{}, fmt.Errorf("ask the agent to push task %s's changes: %w", session.ShortID(taskID), err)
	}
	agentID := cfg.ID
	if got != nil && got.ID != "" && got.ID != cfg.ID {
		agentID = got.ID
		_ = p.recv.Renamed(cfg.ID, got.ID)
	}
	p.mu.Lock()
	p.watched[session.TaskKey{Agent: c.ID(), Task: taskID}] = watch{client: c, cfgID: cfg.ID, agentID: agentID}
	p.mu.Unlock()
	return cfg, nil
}

// Watching reports whether Watch registered agent's task in this run.
func (p *Service) Watching(agent a2aclient.AgentID, taskID string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.watched[session.TaskKey{Agent: agent, Task: taskID}]
	return ok
}

// Unwatch removes the config of agent's task, on the agent and here.
func (p *Service) Unwatch(ctx context.Context, agent a2aclient.AgentID, taskID string) error {
	k := session.TaskKey{Agent: agent, Task: taskID}
	p.mu.Lock()
	w, ok := p.watched[k]
	delete(p.watched, k)
	p.mu.Unlock()
	if !ok {
		return nil
	}
	errAgent := w.client.DeletePushConfig(ctx, taskID, w.agentID)
	return errors.Join(errAgent, p.recv.Forget(w.cfgID))
}

// Close stops the receiver. Configs whose address ends with this run (a
// free port) are removed from their agents first; those at a fixed
// address stay, for the next run or 'parley task push listen' to take.
func (p *Service) Close(ctx context.Context) error {
	var errs []error
	if !p.fixed {
		p.mu.Lock()
		var tasks []session.TaskKey
		for k := range p.watched {
			tasks = append(tasks, k)
		}
		p.mu.Unlock()
		for _, k := range tasks {
			errs = append(errs, p.Unwatch(ctx, k.Agent, k.Task))
		}
	}
	errs = append(errs, p.recv.Close(), p.inbox.Close())
	return errors.Join(errs...)
}
