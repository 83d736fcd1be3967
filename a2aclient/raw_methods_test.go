package a2aclient

import (
	"slices"
	"testing"
)

// Each HTTP dialect offers the requests it has, as parley raw takes
// them, and none it lacks; v1.0's JSON-RPC names are its gRPC service's.
func TestRawMethodsByDialect(t *testing.T) {
	cases := []struct {
		d         Dialect
		has, lack []string
	}{
		{DialectV01, []string{"tasks/send", "tasks/sendSubscribe", "tasks/get", "tasks/pushNotification/set"}, []string{"message/send", "ListTasks"}},
		{DialectV03, []string{"message/send", "message/stream", "tasks/get", "tasks/resubscribe", "tasks/pushNotificationConfig/delete", "agent/getAuthenticatedExtendedCard"}, []string{"ListTasks", "tasks/list"}},
		{DialectV10, []string{"SendMessage", "SendStreamingMessage", "GetTask", "ListTasks", "GetExtendedAgentCard"}, []string{"message/send"}},
		{DialectV03REST, []string{"POST /v1/message:send", "GET /v1/tasks/{id}", "POST /v1/tasks/{id}:cancel", "GET /v1/card"}, []string{"GET /v1/extendedAgentCard"}},
		{DialectV10REST, []string{"POST /message:send", "GET /tasks/{id}", "GET /tasks", "DELETE /tasks/{id}/pushNotificationConfigs/{configId}", "GET /extendedAgentCard"}, []string{"GET /card"}},
	}
	for _, c := range cases {
		got := RawMethods(c.d)
		for _, m := range c.has {
			if !slices.Contains(got, m) {
				t.Errorf("%s: %q not offered; got %q", c.d, m, got)
			}
		}
		for _, m := range c.lack {
			if slices.Contains(got, m) {
				t.Errorf("%s offers %q, which it lacks", c.d, m)
			}
		}
	}
	grpc := GRPCMethods("lf.a2a.v1.A2AService")
	if len(grpc) == 0 {
		t.Fatal("no methods for the v1.0 gRPC service")
	}
	for _, m := range RawMethods(DialectV10) {
		if !slices.Contains(grpc, m) {
			t.Errorf("v1.0 JSON-RPC offers %q, which its gRPC service does not have", m)
		}
	}
	if got := RawMethods(DialectV10GRPC); !slices.Equal(got, grpc) {
		t.Errorf("v1.0 gRPC offers %q, want its service's %q", got, grpc)
	}
	if got := RawMethods(DialectV03GRPC); !slices.Contains(got, "SendMessage") {
		t.Errorf("v0.3 gRPC offers %q, no SendMessage", got)
	}
	if got := RawMethods(DialectGateway); got != nil {
		t.Errorf("the gateway dialect offers %q; parley sends it no raw request", got)
	}
}
