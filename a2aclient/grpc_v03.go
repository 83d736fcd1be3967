package a2aclient

import (
	"context"
	"errors"

	pb "github.com/a2aproject/a2a-go/a2apb"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/emptypb"
)

// The v0.3 gRPC binding (docs/specification.md §3.2.1 at v0.3.0, service
// a2a.v1.A2AService in specification/grpc/a2a.proto): resource names
// ("tasks/{id}") instead of ids, the messages the v0.3 HTTP+JSON binding
// sends as ProtoJSON. The spec named a message's parts "content" and
// a2a-go's generated code "parts"; both are field 5 on the wire, so the
// request is written with the generated code's name.

func init() { registerBinding(DialectV03GRPC, newV03GRPC) }

type v03GRPC struct{ e *grpcEndpoint }

func newV03GRPC(t *transport, iface Interface, _ *Agent) binding {
	e := newGRPCEndpoint(t, iface, "a2a.v1.A2AService", DialectV03GRPC, nil)
	e.alias = map[string]string{"a2a-extensions": "x-a2a-extensions"}
	return &v03GRPC{e: e}
}

// v03Name is a request naming one resource ("tasks/{id}").
type v03Name struct {
	Name          string `json:"name"`
	HistoryLength *int   `json:"historyLength,omitempty"`
}

func sendParams03(req *SendRequest) *protoSendRequest {
	p := toProtoSendRequest(req, shapeV03)
	p.Message.Parts, p.Message.Content = p.Message.Content, nil
	return p
}

func (b *v03GRPC) send(ctx context.Context, req *SendRequest) (*Result, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "send message", method: "SendMessage", body: sendParams03(req),
		req: &pb.SendMessageRequest{}, out: &pb.SendMessageResponse{}, taskCall: req.Message.TaskID != "", blocking: !req.NonBlocking})
	if err != nil {
		return nil, err
	}
	return decodeSendResponse(data, shapeV03)
}

func (b *v03GRPC) stream(ctx context.Context, req *SendRequest) (eventSource, error) {
	return b.open(ctx, grpcCall{op: "stream message", method: "SendStreamingMessage", body: sendParams03(req),
		req: &pb.SendMessageRequest{}, taskCall: req.Message.TaskID != ""})
}

func (b *v03GRPC) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	name, err := v03TaskName(grpcV03, taskID)
	if err != nil {
		return nil, err
	}
	return b.open(ctx, grpcCall{op: "resubscribe to task", method: "TaskSubscription", body: v03Name{Name: name},
		req: &pb.TaskSubscriptionRequest{}, taskCall: true})
}

func (b *v03GRPC) open(ctx context.Context, c grpcCall) (eventSource, error) {
	return b.e.open(ctx, c, func() proto.Message { return &pb.StreamResponse{} }, func(data []byte) (Event, bool, error) {
		return decodeStreamResponse(data, shapeV03)
	})
}

func (b *v03GRPC) get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	name, err := v03TaskName(grpcV03, taskID)
	if err != nil {
		return nil, err
	}
	data, err := b.e.unary(ctx, grpcCall{op: "get task", method: "GetTask", body: v03Name{Name: name, HistoryLength: historyLength},
		req: &pb.GetTaskRequest{}, out: &pb.Task{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, shapeV03)
}

func (b *v03GRPC) cancel(ctx context.Context, taskID string) (*Task, error) {
	name, err := v03TaskName(grpcV03, taskID)
	if err != nil {
		return nil, err
	}
	data, err := b.e.unary(ctx, grpcCall{op: "cancel task", method: "CancelTask", body: v03Name{Name: name},
		req: &pb.CancelTaskRequest{}, out: &pb.Task{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, shapeV03)
}

// listTasks calls ListTasks, which a2a-go's v0.3 proto has and the v0.3.0
// spec's does not: a server without it answers UNIMPLEMENTED, which means
// "no listing here", not "wrong dialect".
func (b *v03GRPC) listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error) {
	p := struct {
		ContextID string `json:"contextId,omitempty"`
		Status    string `json:"status,omitempty"`
		PageSize  int    `json:"pageSize,omitempty"`
		PageToken string `json:"pageToken,omitempty"`
	}{req.ContextID, protoStateName(req.State, shapeV03), req.PageSize, req.PageToken}
	data, err := b.e.unary(ctx, grpcCall{op: "list tasks", method: "ListTasks", body: p,
		req: &pb.ListTasksRequest{}, out: &pb.ListTasksResponse{}})
	if err != nil {
		var he *HTTPError
		if errors.As(err, &he) && he.GRPCCode == "UNIMPLEMENTED" {
			return nil, unsupported(DialectV03GRPC, "task listing")
		}
		return nil, err
	}
	return decodeTaskPage(data, shapeV03)
}

func (b *v03GRPC) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	body, err := toProtoCreatePush03(grpcV03, cfg)
	if err != nil {
		return nil, err
	}
	data, err := b.e.unary(ctx, grpcCall{op: "set push notification config", method: "CreateTaskPushNotificationConfig", body: body,
		req: &pb.CreateTaskPushNotificationConfigRequest{}, out: &pb.TaskPushNotificationConfig{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (b *v03GRPC) getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error) {
	name, err := v03ConfigName(grpcV03, taskID, configID)
	if err != nil {
		return nil, err
	}
	data, err := b.e.unary(ctx, grpcCall{op: "get push notification config", method: "GetTaskPushNotificationConfig", body: v03Name{Name: name},
		req: &pb.GetTaskPushNotificationConfigRequest{}, out: &pb.TaskPushNotificationConfig{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (b *v03GRPC) listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	parent, err := v03TaskName(grpcV03, taskID)
	if err != nil {
		return nil, err
	}
	body := struct {
		Parent string `json:"parent"`
	}{parent}
	data, err := b.e.unary(ctx, grpcCall{op: "list push notification configs", method: "ListTaskPushNotificationConfig", body: body,
		req: &pb.ListTaskPushNotificationConfigRequest{}, out: &pb.ListTaskPushNotificationConfigResponse{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfigs(data, taskID)
}

func (b *v03GRPC) deletePushConfig(ctx context.Context, taskID, configID string) error {
	name, err := v03ConfigName(grpcV03, taskID, configID)
	if err != nil {
		return err
	}
	_, err = b.e.unary(ctx, grpcCall{op: "delete push notification config", method: "DeleteTaskPushNotificationConfig", body: v03Name{Name: name},
		req: &pb.DeleteTaskPushNotificationConfigRequest{}, out: &emptypb.Empty{}, taskCall: true})
	return err
}

// extendedCard calls GetAgentCard, v0.3's way to the authenticated card.
func (b *v03GRPC) extendedCard(ctx context.Context) (*Agent, error) {
	data, err := b.e.unary(ctx, grpcCall{op: "fetch the extended agent card", method: "GetAgentCard", body: struct{}{},
		req: &pb.GetAgentCardRequest{}, out: &pb.AgentCard{}})
	if err != nil {
		return nil, err
	}
	return parseCard(data, b.e.callURL("GetAgentCard"))
}
