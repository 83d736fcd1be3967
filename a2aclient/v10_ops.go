package a2aclient

import (
	"context"
	"errors"
	"net/http"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/protobuf/types/known/emptypb"
)

// v10Ops is the v1.0 operations written once for both bindings that send
// them as method calls with the same params: JSON-RPC (v10.go) and gRPC
// (grpc_v10.go). Each operation is a grpcCall: the method, its ProtoJSON
// params, and the generated request and response messages that only the
// gRPC binding reads. The binding supplies unary and open, and the URL
// the extended card is parsed against.
type v10Ops struct {
	tenant  string
	unary   func(ctx context.Context, c grpcCall) ([]byte, error)
	open    func(ctx context.Context, c grpcCall) (eventSource, error)
	cardURL string
}

// versionHeader is what every request of dialect d says of its version
// (its row's versionHeader), nil for none.
func versionHeader(d Dialect) http.Header {
	v := facts(d).versionHeader
	if v == "" {
		return nil
	}
	h := http.Header{}
	h.Set("A2A-Version", v)
	return h
}

func (o *v10Ops) sendParams(req *SendRequest) *protoSendRequest {
	p := toProtoSendRequest(req, shapeV10)
	p.Tenant = o.tenant
	return p
}

func (o *v10Ops) send(ctx context.Context, req *SendRequest) (*Result, error) {
	data, err := o.unary(ctx, grpcCall{op: "send message", method: "SendMessage", body: o.sendParams(req),
		req: &pb.SendMessageRequest{}, out: &pb.SendMessageResponse{}, taskCall: req.Message.TaskID != "", blocking: !req.NonBlocking})
	if err != nil {
		return nil, err
	}
	return decodeSendResponse(data, shapeV10)
}

func (o *v10Ops) stream(ctx context.Context, req *SendRequest) (eventSource, error) {
	return o.open(ctx, grpcCall{op: "stream message", method: "SendStreamingMessage", body: o.sendParams(req),
		req: &pb.SendMessageRequest{}, taskCall: req.Message.TaskID != ""})
}

func (o *v10Ops) resubscribe(ctx context.Context, taskID string) (eventSource, error) {
	return o.open(ctx, grpcCall{op: "resubscribe to task", method: "SubscribeToTask", body: v10TaskParams{Tenant: o.tenant, ID: taskID},
		req: &pb.SubscribeToTaskRequest{}, taskCall: true})
}

func (o *v10Ops) get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	data, err := o.unary(ctx, grpcCall{op: "get task", method: "GetTask", body: v10TaskParams{Tenant: o.tenant, ID: taskID, HistoryLength: historyLength},
		req: &pb.GetTaskRequest{}, out: &pb.Task{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, shapeV10)
}

func (o *v10Ops) cancel(ctx context.Context, taskID string) (*Task, error) {
	data, err := o.unary(ctx, grpcCall{op: "cancel task", method: "CancelTask", body: v10TaskParams{Tenant: o.tenant, ID: taskID},
		req: &pb.CancelTaskRequest{}, out: &pb.Task{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodeTask(data, shapeV10)
}

func (o *v10Ops) listTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error) {
	p := v10ListParams{Tenant: o.tenant, ContextID: req.ContextID, Status: protoStateName(req.State, shapeV10),
		PageSize: req.PageSize, PageToken: req.PageToken, HistoryLength: req.HistoryLength}
	data, err := o.unary(ctx, grpcCall{op: "list tasks", method: "ListTasks", body: p,
		req: &pb.ListTasksRequest{}, out: &pb.ListTasksResponse{}})
	if err != nil {
		return nil, err
	}
	return decodeTaskPage(data, shapeV10)
}

func (o *v10Ops) setPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	data, err := o.unary(ctx, grpcCall{op: "set push notification config", method: "CreateTaskPushNotificationConfig", body: toProtoPushConfig(cfg, o.tenant),
		req: &pb.TaskPushNotificationConfig{}, out: &pb.TaskPushNotificationConfig{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (o *v10Ops) getPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error) {
	data, err := o.unary(ctx, grpcCall{op: "get push notification config", method: "GetTaskPushNotificationConfig", body: v10PushParams{Tenant: o.tenant, TaskID: taskID, ID: configID},
		req: &pb.GetTaskPushNotificationConfigRequest{}, out: &pb.TaskPushNotificationConfig{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfig(data)
}

func (o *v10Ops) listPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	data, err := o.unary(ctx, grpcCall{op: "list push notification configs", method: "ListTaskPushNotificationConfigs", body: v10PushParams{Tenant: o.tenant, TaskID: taskID},
		req: &pb.ListTaskPushNotificationConfigsRequest{}, out: &pb.ListTaskPushNotificationConfigsResponse{}, taskCall: true})
	if err != nil {
		return nil, err
	}
	return decodePushConfigs(data, taskID)
}

// deletePushConfig accepts a null or missing JSON-RPC result: the method
// returns google.protobuf.Empty, which servers write either way.
func (o *v10Ops) deletePushConfig(ctx context.Context, taskID, configID string) error {
	_, err := o.unary(ctx, grpcCall{op: "delete push notification config", method: "DeleteTaskPushNotificationConfig", body: v10PushParams{Tenant: o.tenant, TaskID: taskID, ID: configID},
		req: &pb.DeleteTaskPushNotificationConfigRequest{}, out: &emptypb.Empty{}, taskCall: true})
	if errors.Is(err, errNoResult) {
		return nil
	}
	return err
}

// extendedCard always sends params: some JSON-RPC servers decode a
// missing params member as invalid JSON.
func (o *v10Ops) extendedCard(ctx context.Context) (*Agent, error) {
	params := struct {
		Tenant string `json:"tenant,omitempty"`
	}{o.tenant}
	data, err := o.unary(ctx, grpcCall{op: "fetch the extended agent card", method: "GetExtendedAgentCard", body: params,
		req: &pb.GetExtendedAgentCardRequest{}, out: &pb.AgentCard{}})
	if err != nil {
		return nil, err
	}
	return parseCard(data, o.cardURL)
}
