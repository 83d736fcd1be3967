package demoagent

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	pb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	grpcstatus "google.golang.org/grpc/status"
)

// The gRPC front, driven with the generated client straight over the
// wire (no parley code): the card names it, and each call answers as the
// v1.0 JSON-RPC binding does, in protobuf.

func startServed(t *testing.T) (string, pb.A2AServiceClient) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	base, err := New(Options{}).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := grpc.NewClient("passthrough:///"+strings.TrimPrefix(base, "http://"), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return base, pb.NewA2AServiceClient(conn)
}

func grpcCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func userMessage(text string) *pb.Message {
	return &pb.Message{MessageId: "m-" + text, Role: pb.Role_ROLE_USER, Parts: []*pb.Part{{Content: &pb.Part_Text{Text: text}}}}
}

func TestGRPCCardNamesTheService(t *testing.T) {
	base, _ := startServed(t)
	resp, err := http.Get(base + prefixGRPC + "/.well-known/agent-card.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var card struct {
		SupportedInterfaces []struct{ URL, ProtocolBinding, ProtocolVersion string }
	}
	if err := json.NewDecoder(resp.Body).Decode(&card); err != nil {
		t.Fatal(err)
	}
	if len(card.SupportedInterfaces) != 1 || card.SupportedInterfaces[0].URL != base || card.SupportedInterfaces[0].ProtocolBinding != "GRPC" {
		t.Errorf("interfaces %+v, want GRPC at %s", card.SupportedInterfaces, base)
	}
}

func TestGRPCCalls(t *testing.T) {
	base, c := startServed(t)
	ctx := grpcCtx(t)

	// A quick reply is a message.
	res, err := c.SendMessage(ctx, &pb.SendMessageRequest{Message: userMessage("ping")})
	if err != nil {
		t.Fatal(err)
	}
	if res.GetMessage() == nil || res.GetMessage().GetRole() != pb.Role_ROLE_AGENT {
		t.Fatalf("ping: %v", res)
	}

	// A streamed answer: a task, events, completed.
	st, err := c.SendStreamingMessage(ctx, &pb.SendMessageRequest{Message: userMessage("hello")})
	if err != nil {
		t.Fatal(err)
	}
	var taskID string
	var last pb.TaskState
	var chunks int
	for {
		ev, err := st.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case ev.GetTask() != nil:
			taskID = ev.GetTask().GetId()
		case ev.GetStatusUpdate() != nil:
			last = ev.GetStatusUpdate().GetStatus().GetState()
		case ev.GetArtifactUpdate() != nil:
			chunks++
		}
	}
	if taskID == "" || last != pb.TaskState_TASK_STATE_COMPLETED || chunks == 0 {
		t.Fatalf("stream: task %q, last state %v, %d chunks", taskID, last, chunks)
	}
	task, err := c.GetTask(ctx, &pb.GetTaskRequest{Id: taskID})
	if err != nil || task.GetStatus().GetState() != pb.TaskState_TASK_STATE_COMPLETED || len(task.GetArtifacts()) == 0 {
		t.Fatalf("get: %v, %v", task, err)
	}

	// An unknown task is NOT_FOUND with its reason.
	_, err = c.CancelTask(ctx, &pb.CancelTaskRequest{Id: "no-such-task"})
	st2 := grpcstatus.Convert(err)
	reason := ""
	for _, d := range st2.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			reason = info.Reason
		}
	}
	if st2.Code() != codes.NotFound || reason != "TASK_NOT_FOUND" {
		t.Errorf("cancel of an unknown task: %v (reason %q)", err, reason)
	}

	// The extended card is the gRPC card with the extended skill.
	card, err := c.GetExtendedAgentCard(ctx, &pb.GetExtendedAgentCardRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if ifs := card.GetSupportedInterfaces(); len(ifs) != 1 || ifs[0].GetProtocolBinding() != "GRPC" || ifs[0].GetUrl() != base {
		t.Errorf("extended card interfaces %v, want GRPC at %s", ifs, base)
	}
	found := false
	for _, s := range card.GetSkills() {
		found = found || s.GetId() == "extended-hello"
	}
	if !found {
		t.Errorf("extended card skills %v lack extended-hello", card.GetSkills())
	}
}

// Served (gRPC routed on the port), the root card offers gRPC last, at
// the origin, where the service answers; the JSON-RPC interface stays
// first, so a client choosing by the card's order keeps it. Handler
// alone routes no gRPC, and its root card does not name it.
func TestServedRootCardOffersGRPCLast(t *testing.T) {
	base, c := startServed(t)
	card := getJSON(t, base+"/.well-known/agent-card.json")
	ifaces := list(card, "supportedInterfaces")
	must(t, len(ifaces) == 5, "supportedInterfaces %v", ifaces)
	must(t, str(ifaces[0], "url") == base+"/v1.0/jsonrpc" && str(ifaces[0], "protocolBinding") == "JSONRPC", "first interface %v", ifaces[0])
	last := ifaces[len(ifaces)-1]
	must(t, str(last, "url") == base && str(last, "protocolBinding") == "GRPC" && str(last, "protocolVersion") == "1.0", "last interface %v, want GRPC at %s", last, base)
	if _, err := c.SendMessage(grpcCtx(t), &pb.SendMessageRequest{Message: userMessage("ping")}); err != nil {
		t.Fatalf("the gRPC interface the root card names does not answer: %v", err)
	}

	for _, i := range list(getJSON(t, newServer(t).URL+"/.well-known/agent-card.json"), "supportedInterfaces") {
		must(t, str(i, "protocolBinding") != "GRPC", "Handler alone serves no gRPC, yet the root card names it: %v", i)
	}
}

// The gRPC card shows all three things `make run` is to show: it is
// signed (by the key the root's cards are), offers push, and is named so
// the agents pane tells it from the root agent.
func TestGRPCCardSignedWithPushAndNamed(t *testing.T) {
	base, _ := startServed(t)
	card := getJSON(t, base+prefixGRPC+"/.well-known/agent-card.json")
	must(t, str(card, "name") == "parley demo gRPC", "name %q", str(card, "name"))
	must(t, path(card, "capabilities", "pushNotifications") == true && path(card, "capabilities", "streaming") == true, "capabilities %v", card["capabilities"])
	sigs := list(card, "signatures")
	must(t, len(sigs) == 1 && str(sigs[0], "protected") != "" && str(sigs[0], "signature") != "", "signatures %v", card["signatures"])
	root := getJSON(t, base+"/.well-known/agent-card.json")
	must(t, len(list(root, "signatures")) == 1 && str(list(root, "signatures")[0], "protected") == str(sigs[0], "protected"),
		"the gRPC card is signed under another header than the root's:\n%v\n%v", root["signatures"], card["signatures"])
}
