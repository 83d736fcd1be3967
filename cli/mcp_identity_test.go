package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parley-a2a/parley/internal/hostile"
)

// An agent whose contextId is "1" and a model that passes it back as
// the tool asks: send_message's context_id is that agent's, looked up
// with it, never parley's conversation 1 with another agent; the
// conversation field takes parley's numbers, and its agent only.
func TestMCPContextIDIsTheAgentsOwn(t *testing.T) {
	a := hostile.Serve()
	defer a.Close()
	ones := hostile.Serve(hostile.Fault{Mode: hostile.ContextOne, Methods: []string{"message/stream", "message/send"}})
	defer ones.Close()
	e := newEnv(t)
	e.store = filepath.Join(t.TempDir(), "parley.db")
	e.writeConfig(fmt.Sprintf("[[agents]]\nname = \"a\"\nurl = %q\n\n[[agents]]\nname = \"ones\"\nurl = %q\n", a.URL, ones.URL))
	cs := mcpSession(t, e)

	out, isErr := call(t, cs, "send_message", map[string]any{"agent": "a", "text": "for a only"})
	if isErr || fmt.Sprint(out["storeId"]) != "1" {
		t.Fatalf("send to a = %v", out)
	}
	asked := len(a.Requests())
	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "ones", "text": "first"})
	if isErr || out["contextId"] != "1" || fmt.Sprint(out["storeId"]) != "2" {
		t.Fatalf("send to ones = %v", out)
	}
	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "ones", "text": "second", "context_id": "1"})
	if isErr || fmt.Sprint(out["storeId"]) != "2" {
		t.Errorf("ones's contextId 1 went to conversation %v, want its own, 2: %v", out["storeId"], out)
	}
	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "ones", "text": "third", "conversation": 1})
	if !isErr || !strings.Contains(fmt.Sprint(out), "onversation 1 is with the agent at") || out["code"] != "A2ACLI_ERR_USAGE" {
		t.Errorf("conversation 1, which is a's, sent to ones: %v", out)
	}
	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "ones", "text": "fourth", "conversation": 2, "context_id": "1"})
	if !isErr || !strings.Contains(fmt.Sprint(out), "not both") {
		t.Errorf("both fields: %v", out)
	}
	if n := len(a.Requests()); n != asked {
		t.Errorf("agent a was asked %d more times", n-asked)
	}
	out, isErr = call(t, cs, "send_message", map[string]any{"agent": "a", "text": "again", "conversation": 1})
	if isErr || fmt.Sprint(out["storeId"]) != "1" {
		t.Errorf("a's own conversation 1 = %v", out)
	}
}
