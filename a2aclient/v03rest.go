package a2aclient

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
)

// The v0.3 HTTP+JSON binding (a2aproject/A2A docs/specification.md §3.2.3 and §7 at
// v0.3.0; paths from specification/grpc/a2a.proto): routes under /v1,
// bodies in the v0.3 ProtoJSON shape (message parts under "content",
// file and data parts wrapped), SSE data a bare StreamResponse.

func init() { registerBinding(DialectV03REST, newV03REST) }

// v03REST takes send, stream, get and the push-config reads from the
// endpoint it embeds; what differs from v1.0 is below.
type v03REST struct{ *restEndpoint }

func newV03REST(t *transport, iface Interface, _ *Agent) binding {
	return &v03REST{&restEndpoint{
		t: t, base: strings.TrimRight(iface.URL, "/") + "/v1", dialect: DialectV03REST, shape: shapeV03,
		contentType: "application/json",
		accept:      "application/json",
	}}
}

// cancel sends the body the spec shows, {"name": "tasks/{id}"}. The
// name is checked apart from the path: a server may read either.
func (b *v03REST) cancel(ctx context.Context, taskID string) (*Task, error) {
	name, err := v03TaskName(restV03, taskID)
	if err != nil {
		return nil, err
	}
	return b.cancelTask(ctx, taskID, map[string]string{"name": name})
}

func (b *v03REST) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	name, err := v03TaskName(restV03, taskID)
	if err != nil {
		return nil, err
	}
	return b.subscribe(ctx, "/tasks/"+url.PathEscape(taskID)+":subscribe", taskID, map[string]string{"name": name})
}

// listTasks uses GET /v1/tasks, which the v0.3 method table lists but its
// proto does not define; a server without it answers 404, 405 or 501, and
// that means "no listing here", not "wrong dialect".
func (b *v03REST) listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error) {
	page, err := b.restEndpoint.listTasks(ctx, req)
	var he *HTTPError
	if errors.As(err, &he) && he.Kind == nil {
		switch he.StatusCode {
		case http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusNotImplemented:
			return nil, unsupported(DialectV03REST, "task listing")
		}
	}
	return page, err
}

// setPushConfig posts a CreateTaskPushNotificationConfigRequest.
func (b *v03REST) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	body, err := toProtoCreatePush03(restV03, cfg)
	if err != nil {
		return nil, err
	}
	return b.postPushConfig(ctx, cfg.TaskID, body)
}

func (b *v03REST) extendedCard(ctx context.Context) (*Agent, error) {
	return b.card(ctx, "/card")
}
