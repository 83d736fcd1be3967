package store

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// testAgentID is the identity of the test agent named ref.
func testAgentID(ref string) a2aclient.AgentID { return a2aclient.AgentID("http://127.0.0.1:1/" + ref) }

// storeTasks records one context per agent with the given tasks.
func storeTasks(t *testing.T, s *Store, ref, contextID string, tasks map[string]a2aclient.State) int64 {
	t.Helper()
	conv := session.NewConversation(nil, ref, nil)
	conv.SetAgent(testAgentID(ref))
	rec := s.Record(conv, session.RecordOptions{Agent: session.AgentInfo{ID: testAgentID(ref), Name: ref, Ref: ref}})
	for id, st := range tasks {
		conv.ApplyPush(a2aclient.Event{Status: &a2aclient.StatusUpdate{TaskID: id, ContextID: contextID, Status: a2aclient.TaskStatus{State: st}}})
	}
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	return rec.ID()
}

func TestHistoryTasksFilters(t *testing.T) {
	s := openTestStore(t)
	a := storeTasks(t, s, "alpha", "ca", map[string]a2aclient.State{"a1": a2aclient.StateCompleted, "a2": a2aclient.StateWorking})
	storeTasks(t, s, "beta", "cb", map[string]a2aclient.State{"b1": a2aclient.StateCompleted})
	ids := func(rows []session.TaskRow) map[string]bool {
		m := map[string]bool{}
		for _, r := range rows {
			m[r.TaskID] = true
		}
		return m
	}
	all, err := s.HistoryTasks(nil, session.TaskFilter{})
	if err != nil || len(all) != 3 {
		t.Fatalf("every agent: %+v (%v)", all, err)
	}
	alpha, _ := s.HistoryTasks([]a2aclient.AgentID{testAgentID("alpha")}, session.TaskFilter{})
	if got := ids(alpha); len(got) != 2 || !got["a1"] || !got["a2"] {
		t.Errorf("alpha's tasks %v", got)
	}
	done, _ := s.HistoryTasks(nil, session.TaskFilter{State: a2aclient.StateCompleted})
	if got := ids(done); len(got) != 2 || !got["a1"] || !got["b1"] {
		t.Errorf("completed tasks %v", got)
	}
	inCtx, _ := s.HistoryTasks([]a2aclient.AgentID{testAgentID("beta")}, session.TaskFilter{ContextID: "cb"})
	if got := ids(inCtx); len(got) != 1 || !got["b1"] {
		t.Errorf("tasks in cb %v", got)
	}
	// A contextId is the agent's own: without the agent it names nothing.
	if rows, err := s.HistoryTasks(nil, session.TaskFilter{ContextID: "cb"}); err == nil {
		t.Errorf("a contextId across every agent listed %+v", rows)
	}
	one, _ := s.HistoryTasks(nil, session.TaskFilter{Limit: 1})
	if len(one) != 1 {
		t.Errorf("limit 1 gave %d", len(one))
	}
	for _, r := range alpha {
		if r.StoreID != a || r.Agent != "alpha" || r.AgentID != testAgentID("alpha") || r.Where() != "parley" {
			t.Errorf("row %+v", r)
		}
	}
	// A ref that is SQL is a ref like any other.
	if rows, err := s.HistoryTasks([]a2aclient.AgentID{"' OR 1=1 --"}, session.TaskFilter{}); err != nil || len(rows) != 0 {
		t.Errorf("an odd ref listed %d (%v)", len(rows), err)
	}
}

// The agent's word on a task's state wins; the history adds the title
// and where it is stored; tasks only one side knows are kept.
func TestMergeTasks(t *testing.T) {
	now := time.Now()
	alpha := testAgentID("alpha")
	server := []session.TaskRow{
		{Agent: "http://127.0.0.1:1/", AgentID: alpha, TaskID: "t1", State: a2aclient.StateCompleted, Updated: now, OnServer: true},
		{Agent: "http://127.0.0.1:1/", AgentID: alpha, TaskID: "t2", State: a2aclient.StateWorking, Updated: now.Add(-time.Hour), OnServer: true},
	}
	local := []session.TaskRow{
		{Agent: "alpha", AgentID: alpha, TaskID: "t1", State: a2aclient.StateWorking, Title: "book it", Updated: now.Add(-time.Minute), StoreID: 7},
		{Agent: "alpha", AgentID: alpha, TaskID: "t3", State: a2aclient.StateFailed, Updated: now.Add(-2 * time.Hour), StoreID: 7},
	}
	got := session.MergeTasks(0, server, local)
	if len(got) != 3 || got[0].TaskID != "t1" || got[1].TaskID != "t2" || got[2].TaskID != "t3" {
		t.Fatalf("merged %+v", got)
	}
	if r := got[0]; r.State != a2aclient.StateCompleted || r.Title != "book it" || r.StoreID != 7 || r.Where() != "both" {
		t.Errorf("t1 merged as %+v", r)
	}
	if got[1].Where() != "server" || got[2].Where() != "parley" {
		t.Errorf("where: %s, %s", got[1].Where(), got[2].Where())
	}
	if n := len(session.MergeTasks(2, server, local)); n != 2 {
		t.Errorf("limit 2 kept %d", n)
	}
}

// A server that hands back the same page token forever does not keep
// parley paging; one that ignores the filters is filtered here.
func TestServerTasksStopsAtALoopingToken(t *testing.T) {
	var calls atomic.Int64
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			writeJSON(w, map[string]any{
				"name": "lister", "description": "d", "version": "1",
				"supportedInterfaces": []any{map[string]any{"url": srv.URL + "/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}},
				"capabilities":        map[string]any{}, "defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"}, "skills": []any{},
			})
			return
		}
		calls.Add(1)
		body, _ := io.ReadAll(r.Body)
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		json.Unmarshal(body, &req)
		writeJSON(w, map[string]any{"jsonrpc": "2.0", "id": req.ID, "result": map[string]any{
			"tasks": []any{
				map[string]any{"id": "t-" + time.Now().Format("150405.000000000"), "contextId": "c1", "status": map[string]any{"state": "TASK_STATE_COMPLETED"}},
				map[string]any{"id": "other", "contextId": "c2", "status": map[string]any{"state": "TASK_STATE_WORKING"}},
			},
			"nextPageToken": "again", "pageSize": 2, "totalSize": 1000,
		}})
	}))
	defer srv.Close()
	c, err := a2aclient.Resolve(context.Background(), srv.URL, a2aclient.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pages, err := session.ServerTasksUpTo(context.Background(), c, srv.URL, session.TaskFilter{ContextID: "c1", State: a2aclient.StateCompleted, Limit: 1000}, "")
	rows, next := pages.Rows, pages.Next
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n > 3 {
		t.Errorf("%d pages asked of a looping server", n)
	}
	for _, r := range rows {
		if r.ContextID != "c1" || r.State != a2aclient.StateCompleted || !r.OnServer {
			t.Errorf("row outside the filter: %+v", r)
		}
	}
	if len(rows) == 0 || next != "again" {
		t.Errorf("%d rows, next %q", len(rows), next)
	}
}
