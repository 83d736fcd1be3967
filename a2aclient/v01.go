package a2aclient

import "context"

// The v0.1 dialect: JSON-RPC tasks/send and friends, a task id chosen by
// the client, sessionId for the conversation, parts tagged with "type",
// artifacts addressed by index. Replies are always tasks; there is no
// listing and no extended card. Checked against a2aproject/A2A v0.1.0
// docs/specification.md and specification/json/a2a.json.

func init() {
	registerBinding(DialectV01, func(t *transport, iface Interface, _ *Agent) binding {
		return &v01Binding{taggedTasks{rpc: &rpc{t: t, url: iface.URL, dialect: DialectV01}, from: fromV01Stream}}
	})
}

// v01Binding takes get, cancel and resubscribe from taggedTasks.
type v01Binding struct {
	taggedTasks
}

// v01SendParams is TaskSendParams. acceptedOutputModes is not in the
// v0.1.0 schema but was in the first published spec and its samples.
type v01SendParams struct {
	ID                  string            `json:"id"`
	SessionID           string            `json:"sessionId"`
	Message             taggedMessageOut  `json:"message"`
	AcceptedOutputModes []string          `json:"acceptedOutputModes,omitempty"`
	HistoryLength       *int              `json:"historyLength,omitempty"`
	PushNotification    *taggedPushConfig `json:"pushNotification,omitempty"`
	Metadata            map[string]any    `json:"metadata,omitempty"`
}

type v01PushParams struct {
	ID                     string            `json:"id"`
	PushNotificationConfig *taggedPushConfig `json:"pushNotificationConfig"`
}

// sendParams picks the task and session ids: the ones the message
// continues, or new ones, since in v0.1 the client names the task.
func (b *v01Binding) sendParams(req *SendRequest) v01SendParams {
	p := v01SendParams{
		ID:                  req.Message.TaskID,
		SessionID:           req.Message.ContextID,
		Message:             taggedEncodeMessage(req.Message, tagType),
		AcceptedOutputModes: req.AcceptedOutputModes,
		HistoryLength:       req.HistoryLength,
		PushNotification:    taggedEncodePush(req.PushConfig, false),
		Metadata:            req.Metadata,
	}
	if p.ID == "" {
		p.ID = NewID()
	}
	if p.SessionID == "" {
		p.SessionID = NewID()
	}
	return p
}

// adopt records the chosen ids in the request once the agent accepted
// it, so the stream follows that task. Not before: if the agent turns
// out to speak another dialect, the retry must not name a task that only
// parley has heard of.
func (b *v01Binding) adopt(req *SendRequest, p v01SendParams) {
	req.Message.TaskID, req.Message.ContextID = p.ID, p.SessionID
}

func (b *v01Binding) send(ctx context.Context, req *SendRequest) (*Result, error) {
	p := b.sendParams(req)
	// v0.1 has no way to ask for a prompt reply: tasks/send may hold the
	// response until the task settles, so the wait is never cut short.
	raw, err := b.rpc.call(ctx, "send message", "tasks/send", p, true)
	if err != nil {
		return nil, err
	}
	b.adopt(req, p)
	res, err := taggedDecodeResult(raw)
	if err != nil {
		return nil, err
	}
	if t := res.Task; t != nil {
		if t.ID == "" {
			t.ID = p.ID
		}
		if t.ContextID == "" {
			t.ContextID = p.SessionID
		}
	}
	return res, nil
}

func (b *v01Binding) stream(ctx context.Context, req *SendRequest) (eventSource, error) {
	p := b.sendParams(req)
	s, err := b.rpc.stream(ctx, "stream message", "tasks/sendSubscribe", p, fastKind, taggedResults(b.from))
	if err != nil {
		return nil, err
	}
	src, err := newTaggedEvents(s, p.ID, p.SessionID)
	if err != nil {
		return nil, err
	}
	b.adopt(req, p)
	return src, nil
}

func (b *v01Binding) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	p := v01PushParams{ID: cfg.TaskID, PushNotificationConfig: taggedEncodePush(&cfg, false)}
	return b.pushCall(ctx, "set the push-notification config", "tasks/pushNotification/set", p, cfg.TaskID)
}

// getPushConfig ignores configID: a v0.1 task has at most one config.
func (b *v01Binding) getPushConfig(ctx context.Context, taskID, _ string) (*PushConfig, error) {
	return b.pushCall(ctx, "get the push-notification config", "tasks/pushNotification/get", taggedTaskParams{ID: taskID}, taskID)
}

func (b *v01Binding) pushCall(ctx context.Context, op, method string, params any, taskID string) (*PushConfig, error) {
	raw, err := b.rpc.call(ctx, op, method, params, false)
	if err != nil {
		return nil, err
	}
	return taggedDecodePush(raw, taskID, true)
}

// listPushConfigs returns the task's one config, if it has one.
func (b *v01Binding) listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	cfg, err := b.getPushConfig(ctx, taskID, "")
	if err != nil {
		return nil, err
	}
	if cfg.URL == "" {
		return nil, nil
	}
	return []PushConfig{*cfg}, nil
}
