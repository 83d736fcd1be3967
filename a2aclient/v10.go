package a2aclient

import (
	"context"
	"encoding/json"
	"errors"
)

// The v1.0 JSON-RPC binding (a2aproject/A2A docs/specification.md §9 at v1.0.0, shapes
// from specification/a2a.proto): PascalCase methods, ProtoJSON params and
// results, each SSE data a JSON-RPC response whose result is a
// StreamResponse. Every request says A2A-Version: 1.0, without which a
// v1.0 server assumes 0.3.

func init() { registerBinding(DialectV10, newV10) }

// v10 takes every operation from v10Ops; it supplies the JSON-RPC call
// and stream underneath.
type v10 struct {
	rpc *rpc
	v10Ops
}

func newV10(t *transport, iface Interface, _ *Agent) binding {
	b := &v10{rpc: &rpc{t: t, url: iface.URL, dialect: DialectV10, header: versionHeader(DialectV10)}}
	b.v10Ops = v10Ops{tenant: iface.Tenant, unary: b.call, open: b.open, cardURL: iface.URL}
	return b
}

// v10TaskParams serves GetTask, CancelTask and SubscribeToTask.
type v10TaskParams struct {
	Tenant        string `json:"tenant,omitempty"`
	ID            string `json:"id"`
	HistoryLength *int   `json:"historyLength,omitempty"`
}

// v10PushParams serves Get/List/DeleteTaskPushNotificationConfig.
type v10PushParams struct {
	Tenant string `json:"tenant,omitempty"`
	TaskID string `json:"taskId"`
	ID     string `json:"id,omitempty"`
}

type v10ListParams struct {
	Tenant        string `json:"tenant,omitempty"`
	ContextID     string `json:"contextId,omitempty"`
	Status        string `json:"status,omitempty"`
	PageSize      int    `json:"pageSize,omitempty"`
	PageToken     string `json:"pageToken,omitempty"`
	HistoryLength *int   `json:"historyLength,omitempty"`
}

// call and open carry a v10Ops call as a JSON-RPC request: its method,
// params and whether it blocks (the generated messages are gRPC's).
func (b *v10) call(ctx context.Context, c grpcCall) ([]byte, error) {
	raw, err := b.rpc.call(ctx, c.op, c.method, c.body, c.blocking)
	return raw, withReason(err)
}

func (b *v10) open(ctx context.Context, c grpcCall) (eventSource, error) {
	s, err := b.rpc.stream(ctx, c.op, c.method, c.body, fastV10, decodeV10Event)
	if err != nil {
		return nil, withReason(err)
	}
	return &v10Events{s: s}, nil
}

// v10Events yields the StreamResponse results of a v1.0 stream.
type v10Events struct {
	s *rpcStream
}

func decodeV10Event(raw json.RawMessage) (Event, bool, error) {
	return decodeStreamResponse(raw, shapeV10)
}

func (e *v10Events) next() (Event, error) {
	ev, err := e.s.next()
	if err != nil {
		return Event{}, withReason(err)
	}
	return ev, nil
}

func (e *v10Events) close() error { return e.s.close() }

// withReason names an RPCError whose code parley does not know from the
// google.rpc.ErrorInfo reason v1.0 puts in error.data.
func withReason(err error) error {
	var re *RPCError
	if !errors.As(err, &re) || re.Kind != nil {
		return err
	}
	list, _ := re.Data.([]any)
	for _, d := range list {
		m, _ := d.(map[string]any)
		if r, ok := m["reason"].(string); ok {
			re.Kind = reasonKinds[normalizeReason(r)]
			break
		}
	}
	return err
}
