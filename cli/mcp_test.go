package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/parley-a2a/parley/internal/syncbuf"
)

// mcpSession connects the SDK's own client to parley's MCP server, in
// process, with the test environment's config.
func mcpSession(t *testing.T, e *testEnv) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	r := &runner{env: e.env(&syncbuf.Buffer{}, &syncbuf.Buffer{})}
	st, ct := mcp.NewInMemoryTransports()
	if _, err := r.mcpServer().Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool and decodes its JSON text.
func call(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (map[string]any, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	var out map[string]any
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return map[string]any{"text": text}, res.IsError
	}
	return out, res.IsError
}

// The MCP server lists the configured agents with their skills, sends
// and follows with input-required surfaced as a result, answers it,
// gets and cancels tasks, and searches what parley stored.
func TestMCPServer(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"demo\"\nurl = \"" + base + "\"\n")
	cs := mcpSession(t, e)

	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 5 {
		t.Fatalf("tools: %v %v", tools, err)
	}

	out, isErr := call(t, cs, "list_agents", nil)
	b, _ := json.Marshal(out)
	if isErr || !strings.Contains(string(b), `"name":"demo"`) || !strings.Contains(string(b), "Book a flight") {
		t.Errorf("list_agents = %s", b)
	}

	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "demo", "text": "Book a flight to Lisbon"})
	if isErr || out["state"] != "input-required" || !strings.Contains(out["statusText"].(string), "Where are you flying from") || out["next"] == nil {
		t.Fatalf("send_message = %v", out)
	}
	taskID, contextID := out["taskId"].(string), out["contextId"].(string)
	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "demo", "text": "Amsterdam", "task_id": taskID, "context_id": contextID})
	if isErr || out["state"] != "completed" || out["taskId"] != taskID || !strings.Contains(out["text"].(string), "Amsterdam") {
		t.Errorf("the answer = %v", out)
	}

	out, isErr = call(t, cs, "get_task", map[string]any{"agent": "demo", "task_id": taskID})
	if isErr || out["state"] != "completed" || !strings.Contains(out["text"].(string), "Amsterdam") {
		t.Errorf("get_task = %v", out)
	}

	// A slow task outlives the timeout: the error names the task, which
	// cancel_task then cancels.
	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "demo", "text": "Try a slow task", "timeout_seconds": 1})
	slow, _ := out["taskId"].(string)
	if !isErr || slow == "" || out["code"] != "A2ACLI_ERR_TIMEOUT" {
		t.Fatalf("slow send = %v", out)
	}
	out, isErr = call(t, cs, "cancel_task", map[string]any{"agent": "demo", "task_id": slow})
	if isErr || out["state"] != "canceled" {
		t.Errorf("cancel_task = %v", out)
	}

	out, isErr = call(t, cs, "search_conversations", map[string]any{"query": "Amsterdam"})
	if hits, _ := out["hits"].([]any); isErr || len(hits) == 0 {
		t.Errorf("search = %v", out)
	}

	out, isErr = call(t, cs, "get_task", map[string]any{"agent": "demo", "task_id": "no-such-task"})
	if !isErr || out["code"] != "TaskNotFoundError" {
		t.Errorf("unknown task = %v %v", out, isErr)
	}
}

// Only configured agents can be reached: a URL, however local, is
// refused before anything is sent, and so is a flag smuggled in as text.
func TestMCPOnlyConfiguredAgents(t *testing.T) {
	base, sent := recordingDemo(t)
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"demo\"\nurl = \"" + base + "\"\n")
	cs := mcpSession(t, e)
	for _, agent := range []string{base, "other", "", "--header=Authorization: Bearer x"} {
		out, isErr := call(t, cs, "send_message", map[string]any{"agent": agent, "text": "hi"})
		if !isErr || !strings.Contains(out["text"].(string), "not an agent in parley's config") {
			t.Errorf("agent %q: %v %v", agent, out, isErr)
		}
	}
	if strings.Contains(sent(), "message") {
		t.Errorf("something was sent: %s", sent())
	}
	// Text that looks like a flag is text.
	out, isErr := call(t, cs, "send_message", map[string]any{"agent": "demo", "text": "--trust-origin=http://127.0.0.1:9"})
	if isErr || out["state"] != "completed" || !strings.Contains(sent(), `--trust-origin=http://127.0.0.1:9`) {
		t.Errorf("flag-like text: %v", out)
	}
}

// `parley mcp` as a process speaks MCP on its standard input and output,
// and sends a message through it.
func TestMCPOverStdio(t *testing.T) {
	base := demo(t)
	home := t.TempDir()
	e := newEnv(t)
	e.config = home + "/config/parley/config.toml"
	if err := os.MkdirAll(home+"/config/parley", 0o755); err != nil {
		t.Fatal(err)
	}
	e.writeConfig("[[agents]]\nname = \"demo\"\nurl = \"" + base + "\"\n")
	cmd := exec.Command(os.Args[0], "mcp")
	cmd.Env = append(os.Environ(), asParleyEnv+"=1", "XDG_CONFIG_HOME="+home+"/config", "XDG_DATA_HOME="+home+"/data")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	out, isErr := call(t, cs, "send_message", map[string]any{"agent": "demo", "text": "ping"})
	if isErr || out["state"] != "message" || !strings.Contains(out["text"].(string), "pong") {
		t.Errorf("send over stdio = %v", out)
	}
}
