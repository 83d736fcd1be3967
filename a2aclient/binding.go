package a2aclient

import (
	"context"
	"fmt"
	"sync"
)

// binding is one dialect's wire code for one endpoint. Each dialect file
// registers a constructor in bindingFactories; nothing outside a2aclient
// sees a binding or a wire type. Every dialect sends and gets tasks; the
// operations a dialect may lack (dialect_ops.go) are interfaces of their
// own, which its binding implements unless its row in dialectTable
// lacks them (TestBindingsHaveWhatTheTableSays).
type binding interface {
	// send delivers a message and returns the task or message replied.
	// req.Message has its ID, Role and (for v0.1) task id filled in.
	send(ctx context.Context, req *SendRequest) (*Result, error)
	get(ctx context.Context, taskID string, historyLength *int) (*Task, error)
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

// unsupported is the error for an operation a dialect does not have, or
// that an agent of the dialect answered it does not have.
func unsupported(d Dialect, op string) error {
	return fmt.Errorf("%s has no %s: %w", d.Label(), op, ErrUnsupportedOperation)
}
