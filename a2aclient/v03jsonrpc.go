package a2aclient

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"path"
)

// The v0.2 and v0.3 JSON-RPC dialects: message/send and friends, parts
// tagged with "kind", replies that are a bare task or message. One binding
// serves both; they differ in what v0.2 lacks (push-config list and
// delete before v0.2.5, the extended card as a JSON-RPC method), which is
// met by falling back rather than by guessing the minor version. Checked
// against a2aproject/A2A types/src/types.ts at v0.2.0, v0.2.5 and v0.3.0.

func init() {
	f := func(t *transport, iface Interface, _ *Agent) binding {
		return &v03Binding{d: iface.Dialect, taggedTasks: taggedTasks{rpc: &rpc{t: t, url: iface.URL, dialect: iface.Dialect}, from: fromStream}}
	}
	registerBinding(DialectV02, f)
	registerBinding(DialectV03, f)
}

type v03Binding struct {
	d Dialect
	taggedTasks
}

// v03SendParams is MessageSendParams.
type v03SendParams struct {
	Message       taggedMessageOut `json:"message"`
	Configuration v03SendConfig    `json:"configuration"`
	Metadata      map[string]any   `json:"metadata,omitempty"`
}

// v03SendConfig always says whether to block: servers disagree on the
// default. acceptedOutputModes was required in v0.2.0, so v0.2 always
// sends it, empty if need be.
type v03SendConfig struct {
	AcceptedOutputModes    []string          `json:"acceptedOutputModes,omitzero"`
	Blocking               bool              `json:"blocking"`
	HistoryLength          *int              `json:"historyLength,omitempty"`
	PushNotificationConfig *taggedPushConfig `json:"pushNotificationConfig,omitempty"`
}

type v03PushConfigParams struct {
	ID                       string `json:"id"`
	PushNotificationConfigID string `json:"pushNotificationConfigId,omitempty"`
}

type v03SetPushParams struct {
	TaskID                 string            `json:"taskId"`
	PushNotificationConfig *taggedPushConfig `json:"pushNotificationConfig"`
}

func (b *v03Binding) sendParams(req *SendRequest) v03SendParams {
	p := v03SendParams{
		Message: taggedEncodeMessage(req.Message, tagKind),
		Configuration: v03SendConfig{
			AcceptedOutputModes:    req.AcceptedOutputModes,
			Blocking:               !req.NonBlocking,
			HistoryLength:          req.HistoryLength,
			PushNotificationConfig: taggedEncodePush(req.PushConfig, true),
		},
		Metadata: req.Metadata,
	}
	if b.d == DialectV02 && p.Configuration.AcceptedOutputModes == nil {
		p.Configuration.AcceptedOutputModes = []string{}
	}
	return p
}

func (b *v03Binding) send(ctx context.Context, req *SendRequest) (*Result, error) {
	raw, err := b.rpc.call(ctx, "send message", "message/send", b.sendParams(req), !req.NonBlocking)
	if err != nil {
		return nil, err
	}
	return taggedDecodeResult(raw)
}

func (b *v03Binding) stream(ctx context.Context, req *SendRequest) (eventSource, error) {
	s, err := b.rpc.stream(ctx, "stream message", "message/stream", b.sendParams(req), fastKind, taggedResults(b.from))
	if err != nil {
		return nil, err
	}
	return newTaggedEvents(s, req.Message.TaskID, req.Message.ContextID)
}

// taggedTasks is get, cancel and resubscribe as v0.1 and v0.2/v0.3 call
// them alike: the same methods and params, only the stream's events read
// differently (from). Both bindings embed it.
type taggedTasks struct {
	rpc  *rpc
	from resultSource
}

// taggedTaskParams is TaskQueryParams (get) and TaskIdParams (cancel,
// resubscribe) in all three versions.
type taggedTaskParams struct {
	ID            string `json:"id"`
	HistoryLength *int   `json:"historyLength,omitempty"`
}

func (k taggedTasks) get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	return k.taskCall(ctx, "get task", "tasks/get", taggedTaskParams{ID: taskID, HistoryLength: historyLength}, taskID)
}

func (k taggedTasks) cancel(ctx context.Context, taskID string) (*Task, error) {
	return k.taskCall(ctx, "cancel task", "tasks/cancel", taggedTaskParams{ID: taskID}, taskID)
}

// taskCall is a JSON-RPC call that returns a task (get, cancel). Servers
// that leave the id out of the reply get the one asked for.
func (k taggedTasks) taskCall(ctx context.Context, op, method string, params any, taskID string) (*Task, error) {
	raw, err := k.rpc.call(ctx, op, method, params, false)
	if err != nil {
		return nil, err
	}
	t, err := taggedDecodeTaskResult(raw)
	if err != nil {
		return nil, err
	}
	if t.ID == "" {
		t.ID = taskID
	}
	return t, nil
}

func (k taggedTasks) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	s, err := k.rpc.stream(ctx, "resubscribe to task", "tasks/resubscribe", taggedTaskParams{ID: taskID}, fastKind, taggedResults(k.from))
	if err != nil {
		return nil, err
	}
	return newTaggedEvents(s, taskID, "")
}

func (b *v03Binding) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	p := v03SetPushParams{TaskID: cfg.TaskID, PushNotificationConfig: taggedEncodePush(&cfg, true)}
	raw, err := b.rpc.call(ctx, "set the push-notification config", "tasks/pushNotificationConfig/set", p, false)
	if err != nil {
		return nil, err
	}
	return taggedDecodePush(raw, cfg.TaskID, false)
}

// getPushConfig sends the config id only when there is one: v0.2 before
// v0.2.5 knew only the task id.
func (b *v03Binding) getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error) {
	p := v03PushConfigParams{ID: taskID, PushNotificationConfigID: configID}
	raw, err := b.rpc.call(ctx, "get the push-notification config", "tasks/pushNotificationConfig/get", p, false)
	if err != nil {
		return nil, err
	}
	return taggedDecodePush(raw, taskID, false)
}

// listPushConfigs falls back to get on agents older than the list method,
// where a task has one config at most.
func (b *v03Binding) listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	raw, err := b.rpc.call(ctx, "list the push-notification configs", "tasks/pushNotificationConfig/list", v03PushConfigParams{ID: taskID}, false)
	if errors.Is(err, ErrMethodNotFound) {
		cfg, gerr := b.getPushConfig(ctx, taskID, "")
		switch {
		case errors.Is(gerr, ErrMethodNotFound):
			return nil, unsupported(b.d, "push-notification config listing")
		case gerr != nil:
			return nil, gerr
		case cfg.URL == "":
			return nil, nil
		}
		return []PushConfig{*cfg}, nil
	}
	if errors.Is(err, errNoResult) {
		// The spec says an array, but a Go server encodes a task without
		// configs as a nil slice: null (a2a-go/v2's v0.3 layer does).
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return v03DecodePushList(raw, taskID)
}

func v03DecodePushList(raw []byte, taskID string) ([]PushConfig, error) {
	items, err := taggedList(raw)
	if err != nil {
		return nil, err
	}
	out := make([]PushConfig, 0, len(items))
	for _, item := range items {
		cfg, err := taggedDecodePush(item, taskID, false)
		if err != nil {
			return nil, err
		}
		out = append(out, *cfg)
	}
	return out, nil
}

// deletePushConfig accepts the null result the method defines. On an agent
// without the method it reports an unsupported operation rather than a
// missing method, which would send the client looking for another dialect.
func (b *v03Binding) deletePushConfig(ctx context.Context, taskID, configID string) error {
	p := v03PushConfigParams{ID: taskID, PushNotificationConfigID: configID}
	_, err := b.rpc.call(ctx, "delete the push-notification config", "tasks/pushNotificationConfig/delete", p, false)
	switch {
	case errors.Is(err, errNoResult):
		return nil
	case errors.Is(err, ErrMethodNotFound):
		return unsupported(b.d, "push-notification config deletion")
	}
	return err
}

// extendedCard uses the v0.3 method, and the HTTP endpoint v0.2 defined
// when the method is missing or the dialect is v0.2.
func (b *v03Binding) extendedCard(ctx context.Context) (*Agent, error) {
	if b.d != DialectV02 {
		raw, err := b.rpc.call(ctx, "get the extended agent card", "agent/getAuthenticatedExtendedCard", nil, false)
		if err == nil {
			return parseCard(raw, b.rpc.url)
		}
		if !errors.Is(err, ErrMethodNotFound) {
			return nil, err
		}
	}
	return b.extendedCardByGET(ctx)
}

// extendedCardByGET fetches {url}/../agent/authenticatedExtendedCard as
// v0.2.5 specifies, then {url}/agent/authenticatedExtendedCard, which is
// how the spec's own example reads it. A 404 is marked as "no extended
// card", not as a sign that the agent speaks another dialect.
func (b *v03Binding) extendedCardByGET(ctx context.Context) (*Agent, error) {
	const op = "fetch the extended agent card"
	var lastErr error
	for _, u := range v03ExtendedCardURLs(b.rpc.url) {
		resp, err := b.rpc.t.do(ctx, request{op: op, method: http.MethodGet, url: u, header: http.Header{"Accept": {"application/json"}}})
		if err != nil {
			var he *HTTPError
			if errors.As(err, &he) && (he.StatusCode == http.StatusNotFound || he.StatusCode == http.StatusMethodNotAllowed) {
				he.Kind = ErrExtendedCardUnavailable
				lastErr = err
				continue
			}
			return nil, err
		}
		raw, err := b.rpc.t.readBody(op, u, resp)
		if err != nil {
			return nil, err
		}
		return parseCard(raw, u)
	}
	if lastErr == nil {
		lastErr = unsupported(b.d, "authenticated extended card")
	}
	return nil, lastErr
}

func v03ExtendedCardURLs(endpoint string) []string {
	u, err := url.Parse(endpoint)
	if err != nil {
		return nil
	}
	u.RawQuery, u.Fragment = "", ""
	var out []string
	for _, rel := range []string{"../agent/authenticatedExtendedCard", "agent/authenticatedExtendedCard"} {
		v := *u
		v.Path = path.Join("/", u.Path, rel)
		v.RawPath = ""
		if s := v.String(); len(out) == 0 || out[0] != s {
			out = append(out, s)
		}
	}
	return out
}
