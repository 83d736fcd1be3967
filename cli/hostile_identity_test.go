package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/parley-a2a/parley/internal/hostile"
)

// Task ids and context ids are each agent's own: two agents may choose
// the same ("task-1", "1"). These tests are agents that do, on loopback,
// against parley's commands as a person runs them.

// pushOtherAgent is an agent that, given a push config for its task-1,
// pushes task-1 failed with its own text: the id the healthy hostile
// agent gives its task too.
func pushOtherAgent(t *testing.T, agentConfigID string) *hostile.Server {
	s := hostile.Serve(hostile.Fault{Mode: hostile.PushOther, Body: "B was here", Location: agentConfigID,
		Methods: []string{"tasks/get", "tasks/pushNotificationConfig/set", "tasks/pushNotificationConfig/delete"}})
	t.Cleanup(s.Close)
	return s
}

// newIdentityEnv runs parley with a context store of its own.
func newIdentityEnv(t *testing.T) *testEnv {
	e := newEnv(t)
	e.store = filepath.Join(t.TempDir(), "parley.db")
	return e
}

// contextTexts is what each stored conversation says, by its number.
func contextTexts(t *testing.T, e *testEnv) map[string]string {
	t.Helper()
	r := e.run("contexts", "--json")
	wantCode(t, r, exitOK)
	out := map[string]string{}
	if strings.TrimSpace(r.stdout) == "" {
		return out
	}
	for _, c := range jsonLines(t, r) {
		id := fmt.Sprint(c["id"])
		show := e.run("contexts", "show", id)
		wantCode(t, show, exitOK)
		out[id] = show.stdout
	}
	return out
}

// A push from agent B for its task-1 lands in B's conversation, never in
// the stored conversation of agent A, whose task is task-1 too.
func TestAPushForAnotherAgentsTaskIDLandsOnlyWithItsAgent(t *testing.T) {
	a := hostile.Serve()
	defer a.Close()
	b := pushOtherAgent(t, "")
	e := newIdentityEnv(t)
	r := e.run("send", a.URL, "hi")
	wantCode(t, r, exitOK)
	if storedID(t, r) != "1" {
		t.Fatalf("A's conversation is %s, want 1", storedID(t, r))
	}
	r = e.run("task", "watch", "--push", b.URL, hostile.TaskID)
	if !strings.Contains(r.stdout+r.stderr, "B was here") {
		t.Fatalf("B's push did not arrive: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	texts := contextTexts(t, e)
	if a := texts["1"]; !strings.Contains(a, hostile.Answer) || strings.Contains(a, "B was here") || strings.Contains(a, "failed") {
		t.Errorf("agent A's conversation after B's push:\n%s", a)
	}
	var inB bool
	for id, text := range texts {
		if id != "1" && strings.Contains(text, "B was here") {
			inB = true
		}
	}
	if !inB {
		t.Errorf("B's push is in no conversation of B's: %v", texts)
	}
}

// contextOneAgent is a v0.3 agent that names its context "1", as a
// store's first conversation is numbered, and notes the contextId of
// every message it gets.
type contextOneAgent struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []string
}

func newContextOneAgent(t *testing.T) *contextOneAgent {
	a := &contextOneAgent{}
	a.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			json.NewEncoder(w).Encode(map[string]any{
				"name": "ones", "description": "d", "version": "1", "protocolVersion": "0.3.0", "url": a.srv.URL + "/rpc",
				"capabilities": map[string]any{}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"}, "skills": []any{},
			})
			return
		}
		body, _ := io.ReadAll(r.Body)
		var req struct {
			ID     json.RawMessage `json:"id"`
			Params struct {
				Message struct {
					ContextID string `json:"contextId"`
				} `json:"message"`
			} `json:"params"`
		}
		json.Unmarshal(body, &req)
		a.mu.Lock()
		a.seen = append(a.seen, req.Params.Message.ContextID)
		n := len(a.seen)
		a.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{
			"kind": "message", "role": "agent", "messageId": fmt.Sprintf("m%d", n), "contextId": "1",
			"parts": []any{map[string]any{"kind": "text", "text": fmt.Sprintf("reply %d", n)}}}})
	}))
	t.Cleanup(a.srv.Close)
	return a
}

func (a *contextOneAgent) contexts() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.seen...)
}

// An agent whose contextId is "1" continues its own conversation with
// --context-id 1: not parley's conversation 1 with another agent, whose
// contextId it never sees and whose history it never joins.
func TestAContextIDThatLooksLikeAStoreNumberStaysTheAgents(t *testing.T) {
	a := hostile.Serve()
	defer a.Close()
	ones := newContextOneAgent(t)
	e := newIdentityEnv(t)
	r := e.run("send", a.URL, "hi")
	wantCode(t, r, exitOK)
	asked := len(a.Requests())
	r = e.run("send", ones.srv.URL, "first", "--json")
	wantCode(t, r, exitOK)
	res := resultLine(t, r)
	if res["contextId"] != "1" || fmt.Sprint(res["storeId"]) != "2" {
		t.Fatalf("the agent's first answer: %v", res)
	}
	r = e.run("send", ones.srv.URL, "second", "--context-id", "1", "--json")
	wantCode(t, r, exitOK)
	if got := fmt.Sprint(resultLine(t, r)["storeId"]); got != "2" {
		t.Errorf("the agent's contextId 1 continued conversation %s, want its own, 2", got)
	}
	if seen := ones.contexts(); len(seen) != 2 || seen[1] != "1" {
		t.Errorf("the agent was sent contextIds %q, want its own \"1\" the second time", seen)
	}
	if n := len(a.Requests()); n != asked {
		t.Errorf("agent A was asked %d more times; only the first send is its", n-asked)
	}
	texts := contextTexts(t, e)
	if strings.Contains(texts["1"], "second") || !strings.Contains(texts["2"], "second") {
		t.Errorf("the second message went to the wrong conversation:\n1: %s\n2: %s", texts["1"], texts["2"])
	}
}

// A task agent B lists is linked to parley's history with B only: agent
// A's stored task of the same id is not shown as B's, nor its title.
func TestATaskListLinksOnlyTheListingAgentsHistory(t *testing.T) {
	a := hostile.Serve()
	defer a.Close()
	b, _ := pagingAgent(t, func(int64) ([]any, string) {
		return []any{map[string]any{"id": hostile.TaskID, "contextId": "other-ctx", "status": map[string]any{"state": "TASK_STATE_WORKING"}}}, ""
	})
	e := newIdentityEnv(t)
	wantCode(t, e.run("send", a.URL, "secret plans for A"), exitOK)
	for _, args := range [][]string{{"task", "list", b, "--json"}, {"task", "list", "--all", b, "--json"}} {
		r := e.run(args...)
		wantCode(t, r, exitOK)
		var rows []map[string]any
		for _, l := range jsonLines(t, r) {
			if l["type"] == "task" {
				rows = append(rows, l)
			}
		}
		if len(rows) != 1 {
			t.Fatalf("%v listed %v", args, rows)
		}
		if row := rows[0]; row["where"] != "server" || row["storeId"] != nil || row["title"] != nil {
			t.Errorf("%v: B's task is linked to A's history: %v", args, row)
		}
	}
}

// freeLoopbackAddr is a 127.0.0.1 port nothing listens on now.
func freeLoopbackAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// An agent that answers a push config with an id of its own still gets
// its pushes taken: the route stays under parley's id, the one in the
// URL the agent posts to, and both ids are shown.
func TestARenamedPushConfigStillTakesItsPushes(t *testing.T) {
	b := pushOtherAgent(t, "agent-own-id")
	e := newIdentityEnv(t)
	addr := freeLoopbackAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	listening := make(chan result, 1)
	go func() { listening <- e.runCtx(ctx, "task", "push", "listen", "--push-listen", addr, "--json") }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatal("the receiver did not start")
		}
		time.Sleep(5 * time.Millisecond)
	}
	r := e.run("task", "push", "set", b.URL, hostile.TaskID, "--push-listen", addr)
	wantCode(t, r, exitOK)
	if !strings.Contains(r.stdout, "agent-own-id") || !strings.Contains(r.stdout, "parley's id ") {
		t.Errorf("set does not show both ids:\n%s", r.stdout)
	}
	var stored bool
	for time.Now().Before(deadline) && !stored {
		time.Sleep(20 * time.Millisecond)
		for _, text := range contextTexts(t, e) {
			stored = stored || strings.Contains(text, "B was here")
		}
	}
	cancel()
	l := <-listening
	if !stored {
		t.Errorf("the push to parley's URL was not taken:\n%s\n%s", l.stdout, l.stderr)
	}
	if !strings.Contains(l.stderr, "took 1 notification, refused 0") {
		t.Errorf("the receiver says:\n%s", l.stderr)
	}
}

// A push config an agent lists with a password or key in its URL is
// shown with them redacted, as every URL parley prints is.
func TestPushConfigListRedactsTheAgentsURLs(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			json.NewEncoder(w).Encode(map[string]any{
				"name": "lister", "description": "d", "version": "1", "protocolVersion": "0.3.0", "url": "http://" + r.Host + "/rpc",
				"capabilities": map[string]any{"pushNotifications": true}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"}, "skills": []any{},
			})
			return
		}
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		body, _ := io.ReadAll(r.Body)
		json.Unmarshal(body, &req)
		json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": []any{map[string]any{"taskId": "t1",
			"pushNotificationConfig": map[string]any{"id": "c1", "url": "http://user:hunter2@127.0.0.1:9/hook?token=s3cr3t"}}}})
	}))
	defer srv.Close()
	e := newIdentityEnv(t)
	for _, args := range [][]string{{"task", "push", "list", srv.URL, "t1"}, {"task", "push", "list", srv.URL, "t1", "--json"}} {
		r := e.run(args...)
		wantCode(t, r, exitOK)
		if strings.Contains(r.stdout, "hunter2") || strings.Contains(r.stdout, "s3cr3t") || !strings.Contains(r.stdout, "127.0.0.1:9/hook") {
			t.Errorf("%v printed:\n%s", args, r.stdout)
		}
	}
}
