package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/syncbuf"
)

// Issue 32 item 18: `parley mcp` answers every request read before its
// input closes, then exits; a broken config refuses it at start.
func TestMCPAnswersEveryRequestBeforeItsInputCloses(t *testing.T) {
	base := demo(t)
	e := newEnv(t)
	e.writeConfig("[[agents]]\nname = \"demo\"\nurl = \"" + base + "\"\n")
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_agents","arguments":{}}}`,
	}, "\n") + "\n"
	for i := 0; i < 3; i++ {
		var out, errOut syncbuf.Buffer
		env := e.env(&out, &errOut)
		env.Stdin = strings.NewReader(in)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		code := Run(ctx, []string{"mcp"}, env)
		cancel()
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		ids := map[float64]bool{}
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(l), &m) == nil && m["id"] != nil && (m["result"] != nil || m["error"] != nil) {
				ids[m["id"].(float64)] = true
			}
		}
		if len(ids) != 3 {
			t.Fatalf("run %d: %d replies to 3 requests: %q", i, len(ids), out.String())
		}
	}

	e.writeConfig("timeout =\n")
	var out, errOut syncbuf.Buffer
	env := e.env(&out, &errOut)
	env.Stdin = strings.NewReader(in)
	code := Run(context.Background(), []string{"mcp"}, env)
	if code != exitError || !strings.Contains(errOut.String(), e.config+":1: ") || out.String() != "" {
		t.Errorf("broken config: exit %d, stdout %q, stderr %q", code, out.String(), errOut.String())
	}
}
