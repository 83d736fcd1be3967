package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// pagingAgent is a v1.0 agent on loopback whose task listing answers
// page n (from 1) with page(n): its tasks and the next page's token. It
// returns the agent's URL and the count of pages asked for.
func pagingAgent(t *testing.T, page func(n int64) (tasks []any, next string)) (string, *atomic.Int64) {
	t.Helper()
	var calls atomic.Int64
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			json.NewEncoder(w).Encode(map[string]any{
				"name": "pager", "description": "d", "version": "1",
				"supportedInterfaces": []any{map[string]any{"url": srv.URL + "/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}},
				"capabilities":        map[string]any{}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"}, "skills": []any{},
			})
			return
		}
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &req)
		tasks, next := page(calls.Add(1))
		if tasks == nil {
			tasks = []any{}
		}
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{
			"tasks": tasks, "nextPageToken": next, "pageSize": len(tasks), "totalSize": 1 << 20,
		}})
	}))
	t.Cleanup(srv.Close)
	return srv.URL, &calls
}

// An agent that answers every listing with an empty page and a new token
// was followed 178 times in 8 seconds, and with --timeout 0 would be
// followed forever. parley stops after a few empty pages in a row and
// says so, offering the token to go on from.
func TestTaskListStopsOnEmptyPagesWithNewTokens(t *testing.T) {
	url, calls := pagingAgent(t, func(n int64) ([]any, string) { return nil, fmt.Sprintf("tok-%d", n) })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second) // only if parley never stops
	defer cancel()
	e := newEnv(t)
	r := e.runCtx(ctx, "task", "list", url, "--timeout", "0")
	if ctx.Err() != nil {
		t.Fatalf("parley task list was still paging after 20 s (%d pages)", calls.Load())
	}
	if n := calls.Load(); n != 3 || r.code != exitOK {
		t.Errorf("%d pages asked, exit %d; want 3 empty pages, then stop", n, r.code)
	}
	if !strings.Contains(r.stderr, "parley: stopped after 3 empty pages") || !strings.Contains(r.stderr, "--page tok-3") {
		t.Errorf("stderr does not say why it stopped and how to go on: %s", r.stderr)
	}
}

// However many pages an agent has, one command follows at most
// maxListPages of them, says so, and offers the token to go on from.
func TestTaskListStopsAfterMaxPages(t *testing.T) {
	url, calls := pagingAgent(t, func(n int64) ([]any, string) {
		task := map[string]any{"id": fmt.Sprintf("t-%d", n), "contextId": "c", "status": map[string]any{"state": "TASK_STATE_COMPLETED"}}
		return []any{task}, fmt.Sprintf("tok-%d", n)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	e := newEnv(t)
	r := e.runCtx(ctx, "task", "list", url, "--limit", "100000", "--timeout", "0", "--json")
	if ctx.Err() != nil {
		t.Fatalf("parley task list was still paging after 20 s (%d pages)", calls.Load())
	}
	const want = 50
	if n := calls.Load(); n != want || r.code != exitOK {
		t.Errorf("%d pages asked, exit %d; want %d", n, r.code, want)
	}
	lines := jsonLines(t, r)
	res := lines[len(lines)-1]
	if res["count"] != float64(want) || res["nextPageToken"] != fmt.Sprintf("tok-%d", want) || !strings.HasPrefix(fmt.Sprint(res["stopped"]), "stopped after 50 pages") {
		t.Errorf("the result line = %v", res)
	}
	if !strings.Contains(r.stderr, "parley: stopped after 50 pages") || !strings.Contains(r.stderr, "--page tok-50") {
		t.Errorf("stderr does not say parley stopped: %s", r.stderr)
	}
}

// The command offered for the next page holds the agent's token as one
// shell word: a token such as ;$(…) pasted unquoted would run.
func TestTaskListQuotesTheOfferedPageToken(t *testing.T) {
	const token = "x;$(touch /tmp/parley-pwned)"
	url, _ := pagingAgent(t, func(n int64) ([]any, string) {
		if n > 1 {
			return nil, ""
		}
		task := map[string]any{"id": "t-1", "contextId": "c", "status": map[string]any{"state": "TASK_STATE_COMPLETED"}}
		return []any{task}, token
	})
	r := newEnv(t).run("task", "list", url, "--limit", "1")
	if want := "--page 'x;$(touch /tmp/parley-pwned)'"; r.code != exitOK || !strings.Contains(r.stderr, want) {
		t.Errorf("exit %d; stderr does not offer %s:\n%s", r.code, want, r.stderr)
	}
}
