package a2aclient

import (
	"context"
	"fmt"
	"sync"
)

// binding is one dialect's wire code for one endpoint. Each dialect file
// registers a constructor in bindingFactories; nothing outside a2aclient
// sees a binding or a wire type.
type binding interface {
	// send delivers a message and returns the task or message replied.
	// req.Message has its ID, Role and (for v0.1) task id filled in.
	send(ctx context.Context, req *SendRequest) (*Result, error)
	// stream delivers a message and streams the reply. Dialects without
	// streaming return ErrStreamingNotSupported.
	stream(ctx context.Context, req *SendRequest) (eventSource, error)
	get(ctx context.Context, taskID string, historyLength *int) (*Task, error)
	cancel(ctx context.Context, taskID string) (*Task, error)
	resubscribe(ctx context.Context, taskID string) (eventSource, error)
	listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error)
	setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error)
	getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error)
	listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error)
	deletePushConfig(ctx context.Context, taskID, configID string) error
	extendedCard(ctx context.Context) (*Agent, error)
}

// eventSource yields decoded stream events; next returns io.EOF when the
// server closed the stream.
type eventSource interface {
	next() (Event, error)
	close() error
}

// bindingFactory builds a binding for one interface of an agent.
type bindingFactory func(t *transport, iface Interface, agent *Agent) binding

var (
	factoriesMu      sync.Mutex
	bindingFactories = map[Dialect]bindingFactory{}
)

// registerBinding is called from each dialect file's init.
func registerBinding(d Dialect, f bindingFactory) {
	factoriesMu.Lock()
	defer factoriesMu.Unlock()
	bindingFactories[d] = f
}

func newBinding(t *transport, iface Interface, agent *Agent) (binding, error) {
	factoriesMu.Lock()
	f := bindingFactories[iface.Dialect]
	factoriesMu.Unlock()
	if f == nil {
		return nil, fmt.Errorf("%w: %s", ErrNoSupportedInterface, iface.Dialect.Label())
	}
	return f(t, iface, agent), nil
}

// unsupported is the error for an operation a dialect does not have.
func unsupported(d Dialect, op string) error {
	return fmt.Errorf("%s has no %s: %w", d.Label(), op, ErrUnsupportedOperation)
}
