package a2aclient

import (
	"context"
	"net/http"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
)

// The v1.0 gRPC binding (docs/specification.md §10 at v1.0.0): service
// lf.a2a.v1.A2AService, the same messages the v1.0 HTTP+JSON binding
// sends as ProtoJSON, the tenant as a request field.

func init() { registerBinding(DialectV10GRPC, newV10GRPC) }

type v10GRPC struct {
	e      *grpcEndpoint
	tenant string
}

func newV10GRPC(t *transport, iface Interface, _ *Agent) binding {
	h := http.Header{}
	h.Set("A2A-Version", "1.0")
	return &v10GRPC{e: newGRPCEndpoint(t, iface, "lf.a2a.v1.A2AService", DialectV10GRPC, h), tenant: iface.Tenant}
}

func (b *v10GRPC) dialect() Dialect { return DialectV10GRPC }

func (b *v10GRPC) sendParams(req *SendRequest) *pjSendRequest {
	p := toPJSendRequest(req, shapeV10)
	p.Tenant = b.tenant
	return p
}

func (b *v10GRPC) send(ctx context.Context, req *SendRequest) (*Result, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "send message", method: "SendMessage", body: b.sendParams(req),
		req: &pb.SendMessageRequest{}, out: &pb.SendMessageResponse{}, taskCall: req.Message.TaskID != "", blocking: !req.NonBlocking})
	if err != nil {
		return nil, err
	}
	return decodeSendResponse(data, shapeV10)
}

func (b *v10GRPC) stream(ctx context.Context, req *SendRequest) (eventSource, error) {
	return b.open(ctx, grpcCall{op: "stream message", method: "SendStreamingMessage", body: b.sendParams(req),
		req: &pb.SendMessageRequest{}, taskCall: req.Message.TaskID != ""})
}

func (b *v10GRPC) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	return b.open(ctx, grpcCall{op: "resubscribe to task", method: "SubscribeToTask", body: v10TaskParams{Tenant: b.tenant, ID: taskID},
		req: &pb.SubscribeToTaskRequest{}, taskCall: true})
}

func (b *v10GRPC) open(ctx context.Context, c grpcCall) (eventSource, error) {
	return b.e.open(ctx, c, func() proto.Message { return &pb.StreamResponse{} }, func(data []byte) (Event, bool, error) {
		return decodeStreamResponse(data, shapeV10)
	})
}

func (b *v10GRPC) get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "get task", method: "GetTask", body: v10TaskParams{Tenant: b.tenant, ID: taskID, HistoryLength: historyLength},
		req: &pb.GetTaskRequest{}, out: &pb.Task{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, shapeV10)
}

func (b *v10GRPC) cancel(ctx context.Context, taskID string) (*Task, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "cancel task", method: "CancelTask", body: v10TaskParams{Tenant: b.tenant, ID: taskID},
		req: &pb.CancelTaskRequest{}, out: &pb.Task{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, shapeV10)
}

func (b *v10GRPC) listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error) {
	p := v10ListParams{Tenant: b.tenant, ContextID: req.ContextID, Status: pjStateName(req.State, shapeV10),
		PageSize: req.PageSize, PageToken: req.PageToken, HistoryLength: req.HistoryLength}
	data, err := b.e.unary(ctx, grpcCall{op: "list tasks", method: "ListTasks", body: p,
		req: &pb.ListTasksRequest{}, out: &pb.ListTasksResponse{}})
	if err != nil {
		return nil, err
	}
	return decodeTaskPage(data, shapeV10)
}

func (b *v10GRPC) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "set push notification config", method: "CreateTaskPushNotificationConfig", body: toPJPushConfig(cfg, b.tenant),
		req: &pb.TaskPushNotificationConfig{}, out: &pb.TaskPushNotificationConfig{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (b *v10GRPC) getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "get push notification config", method: "GetTaskPushNotificationConfig", body: v10PushParams{Tenant: b.tenant, TaskID: taskID, ID: configID},
		req: &pb.GetTaskPushNotificationConfigRequest{}, out: &pb.TaskPushNotificationConfig{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (b *v10GRPC) listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "list push notification configs", method: "ListTaskPushNotificationConfigs", body: v10PushParams{Tenant: b.tenant, TaskID: taskID},
		req: &pb.ListTaskPushNotificationConfigsRequest{}, out: &pb.ListTaskPushNotificationConfigsResponse{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfigs(data, taskID)
}

func (b *v10GRPC) deletePushConfig(ctx context.Context, taskID, configID string) error {
	_, err := b.e.unary(ctx, grpcCall{op: "delete push notification config", method: "DeleteTaskPushNotificationConfig", body: v10PushParams{Tenant: b.tenant, TaskID: taskID, ID: configID},
		req: &pb.DeleteTaskPushNotificationConfigRequest{}, out: &emptypb.Empty{}, taskCall: true})
	return err
}

func (b *v10GRPC) extendedCard(ctx context.Context) (*Agent, error) {
	params := struct {
		Tenant string `json:"tenant,omitempty"`
	}{b.tenant}
	data, err := b.e.unary(ctx, grpcCall{op: "fetch the extended agent card", method: "GetExtendedAgentCard", body: params,
		req: &pb.GetExtendedAgentCardRequest{}, out: &pb.AgentCard{}})
	if err != nil {
		return nil, err
	}
	return parseCard(data, b.e.callURL("GetExtendedAgentCard"))
}
