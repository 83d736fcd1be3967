package a2aclient

import (
	"context"
	"net/url"
	"strings"
)

// The v1.0 HTTP+JSON binding (docs/specification.md §11 at v1.0.0):
// ProtoJSON bodies under /message:…, /tasks…, /extendedAgentCard, with
// the tenant as the first path segment when the interface names one.
// Both HTTP+JSON bindings run on restEndpoint (rest_endpoint.go; its
// paths in rest_paths.go, the error bodies it reads in rest_errors.go);
// the v0.3 binding in v03rest.go uses it with the /v1 prefix.

func init() { registerBinding(DialectV10REST, newV10REST) }

// v10REST takes send, stream, get, listTasks and the push-config reads
// from the endpoint it embeds; what differs from v0.3 is below.
type v10REST struct{ *restEndpoint }

func newV10REST(t *transport, iface Interface, _ *Agent) binding {
	base := strings.TrimRight(iface.URL, "/")
	var bad error
	if iface.Tenant != "" {
		base += "/" + escapePath(iface.Tenant)
		bad = checkPathID("tenant", iface.Tenant, true)
	}
	return &v10REST{&restEndpoint{
		t: t, base: base, bad: bad, dialect: DialectV10REST, shape: shapeV10,
		contentType: "application/a2a+json",
		accept:      "application/a2a+json, application/json",
		version:     facts(DialectV10REST).versionHeader,
	}}
}

func (b *v10REST) cancel(ctx context.Context, taskID string) (*Task, error) {
	return b.cancelTask(ctx, taskID, map[string]string{"id": taskID})
}

func (b *v10REST) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	return b.subscribe(ctx, "/tasks/"+url.PathEscape(taskID)+":subscribe", taskID, map[string]string{"id": taskID})
}

func (b *v10REST) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	return b.postPushConfig(ctx, cfg.TaskID, toProtoPushConfig(cfg, ""))
}

func (b *v10REST) extendedCard(ctx context.Context) (*Agent, error) {
	return b.card(ctx, "/extendedAgentCard")
}
