package a2aclient

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

// The v1.0 JSON-RPC binding (a2aproject/A2A docs/specification.md §9 at v1.0.0, shapes
// from specification/a2a.proto): PascalCase methods, proto-JSON params and
// results, each SSE data a JSON-RPC response whose result is a
// StreamResponse. Every request says A2A-Version: 1.0, without which a
// v1.0 server assumes 0.3.

func init() { registerBinding(DialectV10, newV10) }

type v10 struct {
	rpc    *rpc
	tenant string
}

func newV10(t *transport, iface Interface, _ *Agent) binding {
	h := http.Header{}
	h.Set("A2A-Version", "1.0")
	return &v10{rpc: &rpc{t: t, url: iface.URL, dialect: DialectV10, header: h}, tenant: iface.Tenant}
}

func (b *v10) dialect() Dialect { return DialectV10 }

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

func (b *v10) call(ctx context.Context, op, method string, params any, blocking bool) (json.RawMessage, error) {
	raw, err := b.rpc.call(ctx, op, method, params, blocking)
	return raw, withReason(err)
}

func (b *v10) sendParams(req *SendRequest) *pjSendRequest {
	p := toPJSendRequest(req, shapeV10)
	p.Tenant = b.tenant
	return p
}

func (b *v10) send(ctx context.Context, req *SendRequest) (*Result, error) {
	raw, err := b.call(ctx, "send message", "SendMessage", b.sendParams(req), !req.NonBlocking)
	if err != nil {
		return nil, err
	}
	return decodeSendResponse(raw, shapeV10)
}

func (b *v10) stream(ctx context.Context, req *SendRequest) (eventSource, error) {
	return b.open(ctx, "stream message", "SendStreamingMessage", b.sendParams(req))
}

func (b *v10) get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	raw, err := b.call(ctx, "get task", "GetTask", v10TaskParams{Tenant: b.tenant, ID: taskID, HistoryLength: historyLength}, false)
	if err != nil {
		return nil, err
	}
	return decodeTask(raw, shapeV10)
}

func (b *v10) cancel(ctx context.Context, taskID string) (*Task, error) {
	raw, err := b.call(ctx, "cancel task", "CancelTask", v10TaskParams{Tenant: b.tenant, ID: taskID}, false)
	if err != nil {
		return nil, err
	}
	return decodeTask(raw, shapeV10)
}

func (b *v10) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	return b.open(ctx, "resubscribe to task", "SubscribeToTask", v10TaskParams{Tenant: b.tenant, ID: taskID})
}

func (b *v10) listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error) {
	p := v10ListParams{Tenant: b.tenant, ContextID: req.ContextID, Status: pjStateName(req.State, shapeV10),
		PageSize: req.PageSize, PageToken: req.PageToken, HistoryLength: req.HistoryLength}
	raw, err := b.call(ctx, "list tasks", "ListTasks", p, false)
	if err != nil {
		return nil, err
	}
	return decodeTaskPage(raw, shapeV10)
}

func (b *v10) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	raw, err := b.call(ctx, "set push notification config", "CreateTaskPushNotificationConfig", toPJPushConfig(cfg, b.tenant), false)
	if err != nil {
		return nil, err
	}
	return decodePushConfig(raw)
}

func (b *v10) getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error) {
	raw, err := b.call(ctx, "get push notification config", "GetTaskPushNotificationConfig", v10PushParams{Tenant: b.tenant, TaskID: taskID, ID: configID}, false)
	if err != nil {
		return nil, err
	}
	return decodePushConfig(raw)
}

func (b *v10) listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	raw, err := b.call(ctx, "list push notification configs", "ListTaskPushNotificationConfigs", v10PushParams{Tenant: b.tenant, TaskID: taskID}, false)
	if err != nil {
		return nil, err
	}
	return decodePushConfigs(raw, taskID)
}

// deletePushConfig accepts a null or missing result: the method returns
// google.protobuf.Empty, which servers write either way.
func (b *v10) deletePushConfig(ctx context.Context, taskID, configID string) error {
	_, err := b.call(ctx, "delete push notification config", "DeleteTaskPushNotificationConfig", v10PushParams{Tenant: b.tenant, TaskID: taskID, ID: configID}, false)
	if errors.Is(err, errNoResult) {
		return nil
	}
	return err
}

// extendedCard always sends params: some servers decode a missing params
// member as invalid JSON.
func (b *v10) extendedCard(ctx context.Context) (*Agent, error) {
	params := struct {
		Tenant string `json:"tenant,omitempty"`
	}{b.tenant}
	raw, err := b.call(ctx, "fetch the extended agent card", "GetExtendedAgentCard", params, false)
	if err != nil {
		return nil, err
	}
	return parseCard(raw, b.rpc.url)
}

func (b *v10) open(ctx context.Context, op, method string, params any) (eventSource, error) {
	s, err := b.rpc.stream(ctx, op, method, params, fastV10, decodeV10Event)
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
