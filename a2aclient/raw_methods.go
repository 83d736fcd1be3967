package a2aclient

import "strings"

// The requests a raw console offers on each dialect, named as
// RawRequest and parley raw take them: a JSON-RPC method, a REST
// request's "METHOD /path" with {id} and {configId} for the ids, a gRPC
// method of the service.

// rawOp is one operation as each family of dialects names it; op is the
// operation a dialect's row may lack (0: every dialect has it).
type rawOp struct {
	op              operation
	v01, v02, v10   string // JSON-RPC: v0.1, v0.2/v0.3, v1.0 ("" for none)
	restVerb, rpath string // REST, after the interface's URL (and v0.3's /v1)
}

var rawOps = []rawOp{
	{0, "tasks/send", "message/send", "SendMessage", "POST", "/message:send"},
	{opStream, "tasks/sendSubscribe", "message/stream", "SendStreamingMessage", "POST", "/message:stream"},
	{0, "tasks/get", "tasks/get", "GetTask", "GET", "/tasks/{id}"},
	{opListTasks, "", "", "ListTasks", "GET", "/tasks"},
	{opCancel, "tasks/cancel", "tasks/cancel", "CancelTask", "POST", "/tasks/{id}:cancel"},
	{opResubscribe, "tasks/resubscribe", "tasks/resubscribe", "SubscribeToTask", "POST", "/tasks/{id}:subscribe"},
	{opPushConfigs, "tasks/pushNotification/set", "tasks/pushNotificationConfig/set", "CreateTaskPushNotificationConfig", "POST", "/tasks/{id}/pushNotificationConfigs"},
	{opPushConfigs, "tasks/pushNotification/get", "tasks/pushNotificationConfig/get", "GetTaskPushNotificationConfig", "GET", "/tasks/{id}/pushNotificationConfigs/{configId}"},
	{opPushConfigs, "", "tasks/pushNotificationConfig/list", "ListTaskPushNotificationConfigs", "GET", "/tasks/{id}/pushNotificationConfigs"},
	{opDeletePush, "", "tasks/pushNotificationConfig/delete", "DeleteTaskPushNotificationConfig", "DELETE", "/tasks/{id}/pushNotificationConfigs/{configId}"},
	{opExtendedCard, "", "agent/getAuthenticatedExtendedCard", "GetExtendedAgentCard", "GET", "/extendedAgentCard"},
}

// grpcServices are the gRPC services of the gRPC dialects, as their
// bindings (grpc_v03.go, grpc_v10.go) call them.
var grpcServices = map[Dialect]string{
	DialectV03GRPC: "a2a.v1.A2AService",
	DialectV10GRPC: "lf.a2a.v1.A2AService",
}

// RawMethods names the requests a raw request can make on dialect d,
// leaving out the operations its row lacks: JSON-RPC methods, REST
// "METHOD /path" templates, or every method of the gRPC service. None
// for the gateway dialect, whose requests parley makes alone.
func RawMethods(d Dialect) []string {
	f := facts(d)
	if f.wire == wireGateway {
		return nil
	}
	if f.binding == BindingGRPC {
		return GRPCMethods(grpcServices[d])
	}
	var out []string
	for _, o := range rawOps {
		if f.lacks&o.op != 0 {
			continue
		}
		switch {
		case f.binding == BindingREST:
			path := o.rpath
			if o.op == opExtendedCard && d.Version() != "1.0" {
				path = "/card" // v0.3's name for it (v03rest.go)
			}
			out = append(out, o.restVerb+" "+restPrefix(d)+path)
		case d == DialectV01:
			out = appendName(out, o.v01)
		case strings.HasPrefix(d.Version(), "0."):
			out = appendName(out, o.v02)
		default:
			out = appendName(out, o.v10)
		}
	}
	return out
}

// restPrefix is what a REST dialect puts between the interface's URL and
// an operation's path.
func restPrefix(d Dialect) string {
	if d.Version() == "1.0" {
		return ""
	}
	return "/v1"
}

func appendName(out []string, name string) []string {
	if name == "" {
		return out
	}
	return append(out, name)
}
