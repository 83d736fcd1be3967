package interop

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/cli"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
)

// The context store against a2a-go (issue 4): parley records a
// conversation while a "cut" task runs, quits in the middle of it, and on
// the next start resumes the task from the store — by resubscribing where
// the agent streams, by polling where it does not — until it completes
// and the store holds the whole answer.

// clFollowMode is how the resumed task must be followed.
type clFollowMode string

const (
	clByResubscribe clFollowMode = "resubscribe"
	// clByPolling serves the peer's card with streaming:false, so parley
	// must send without streaming and follow with get: the way parley
	// meets an agent that cannot stream, against the same real server.
	clByPolling clFollowMode = "poll"
	// clEndedWhileAway lets the task complete while parley is not
	// running: the resume must find it done, without resubscribing.
	clEndedWhileAway clFollowMode = "ended-while-away"
)

func TestStoreResumesTaskAfterQuit(t *testing.T) {
	t.Parallel()
	targets := clTargets(t)
	for _, tg := range targets {
		for _, mode := range []clFollowMode{clByResubscribe, clByPolling, clEndedWhileAway} {
			t.Run(tg.Name+"/"+string(mode), func(t *testing.T) { clResumeAfterQuit(t, tg, mode) })
		}
	}
}

func clResumeAfterQuit(t *testing.T, tg clTarget, mode clFollowMode) {
	ref := tg.Peer.BaseURL
	if mode == clByPolling {
		ref = clCardWithoutStreaming(t, tg.Peer)
	}
	dir := clDirectory(tg, ref)
	path := filepath.Join(t.TempDir(), "parley.db")

	// First run: the task starts and half the answer is on disk.
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	client, err := dir.Client(clCtx(t), ref, session.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	clWant(t, "dialect", client.Dialect(), tg.Dialect)
	clWant(t, "streaming on the card", client.Agent().Capabilities.Streaming, mode != clByPolling)
	half := make(chan struct{})
	conv := session.NewConversation(client, client.Agent().Name, nil)
	rec := st.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(ref, client), OnFlush: func(f session.Flush) {
		for _, it := range f.Items {
			if it.Kind == session.ItemArtifact && clPartsText(it.Parts) == wantAnswer(cutChunksBefore) {
				select {
				case <-half:
				default:
					close(half)
				}
			}
		}
	}})
	conv.Send(scenarioCut)
	taskID := tg.Peer.Script.WaitCutParked(t)
	clWait(t, half, "the first half of the answer on disk")

	// Quit: stop following, flush, close the store.
	running := conv.Stop()
	clIdle(t, conv)
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	contextID := rec.ID()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	if len(running) != 1 || running[0] != taskID {
		t.Fatalf("running at quit: %v, want %s", running, taskID)
	}

	// Next start: a fresh directory and store find the task and follow it.
	st, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	pending, err := st.PendingTasks()
	if err != nil {
		t.Fatal(err)
	}
	if len(pending) != 1 || pending[0].Task.ID != taskID || pending[0].Waiting() || pending[0].Context.Agent.Ref != ref {
		t.Fatalf("pending = %+v", pending)
	}
	if mode == clEndedWhileAway {
		tg.Peer.Script.ReleaseCut(taskID)
		clPoll(t, "the task to complete on the agent", func() bool {
			task, err := client.Get(clCtx(t), taskID, nil)
			return err == nil && task.Status.State == a2aclient.StateCompleted
		})
	}
	requestsBefore := len(tg.Peer.Requests())
	resumed, err := st.ResumePending(clCtx(t), clDirectory(tg, ref), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(resumed) != 1 || resumed[0].Err != nil || resumed[0].Conversation == nil ||
		len(resumed[0].Tasks) != 1 || resumed[0].Tasks[0].ID != taskID {
		t.Fatalf("resumed = %+v", resumed)
	}
	r := resumed[0]
	// Release the rest of the answer only once parley is following the
	// running task, so what follows is resuming, not reading a result.
	switch mode {
	case clByResubscribe:
		tg.Peer.WaitResubscribed(t, taskID)
	case clByPolling:
		clWaitRequest(t, tg.Peer, requestsBefore, "get")
	}
	tg.Peer.Script.ReleaseCut(taskID)
	clIdle(t, r.Conversation)
	if err := r.Recorder.Close(); err != nil {
		t.Fatal(err)
	}

	after := tg.Peer.Requests()[requestsBefore:]
	gets, subs := clCount(after, "get"), clCount(after, "subscribe")
	switch mode {
	case clByResubscribe:
		clWant(t, "resubscriptions", subs, 1)
	case clByPolling:
		clWant(t, "resubscriptions", subs, 0)
		if gets == 0 {
			t.Error("the task was not polled")
		}
	case clEndedWhileAway:
		clWant(t, "resubscriptions", subs, 0)
		clWant(t, "gets", gets, 1)
	}

	// The store holds the completed task and the whole answer, once.
	if p, err := st.PendingTasks(); err != nil || len(p) != 0 {
		t.Errorf("still pending: %+v %v", p, err)
	}
	info, err := st.Context(contextID)
	if err != nil {
		t.Fatal(err)
	}
	clWant(t, "last state", info.LastState, string(a2aclient.StateCompleted))
	tasks, err := st.Tasks(contextID)
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) != 1 || tasks[0].ID != taskID || tasks[0].State != a2aclient.StateCompleted {
		t.Errorf("stored tasks = %+v", tasks)
	}
	items, err := st.LoadTail(contextID, 0)
	if err != nil {
		t.Fatal(err)
	}
	var answers []string
	for _, it := range items {
		if it.Kind == session.ItemArtifact {
			answers = append(answers, clPartsText(it.Parts))
			if !it.Done {
				t.Errorf("artifact %s not sealed", it.Key)
			}
		}
	}
	if len(answers) != 1 || answers[0] != wantAnswer(cutChunksBefore+cutChunksAfter) {
		t.Errorf("stored answers = %q, want the ten chunks once", answers)
	}
}

// clDirectory reaches ref with the target's binding: a config entry
// forces the dialect where the card prefers another, as a user would.
func clDirectory(tg clTarget, ref string) *session.Directory {
	cfg := &config.Config{}
	if tg.Force {
		cfg.Agents = []config.Agent{{Name: "interop-peer", URL: ref, Dialect: string(tg.Dialect)}}
	}
	hc := tg.Peer.Client()
	return session.NewDirectory(session.DirectoryOptions{Config: cfg, Client: a2aclient.Options{
		HTTPClient: hc, PollInterval: 5 * time.Millisecond,
	}, Auth: cli.Credentials("", nil, hc)})
}

// clCardWithoutStreaming serves p's card, changed only to say the agent
// cannot stream, from a server of its own, and returns that server's URL.
// The card's endpoints still point at p.
func clCardWithoutStreaming(t *testing.T, p peer) string {
	t.Helper()
	resp, err := p.Client().Get(p.CardURL)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	var card map[string]any
	if err := json.Unmarshal(raw, &card); err != nil {
		t.Fatal(err)
	}
	caps, _ := card["capabilities"].(map[string]any)
	if caps == nil {
		caps = map[string]any{}
	}
	caps["streaming"] = false
	card["capabilities"] = caps
	body, err := json.Marshal(card)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != wellKnownCardPath {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// clKind sorts a peer request into "get" (read a task), "subscribe"
// (resubscribe to one) or "" for anything else, across bindings.
func clKind(r peerRequest) string {
	switch r.RPCMethod {
	case "tasks/get", "GetTask":
		return "get"
	case "tasks/resubscribe", "SubscribeToTask", "TaskSubscription":
		return "subscribe"
	}
	if r.RPCMethod != "" {
		return ""
	}
	switch {
	case strings.HasSuffix(r.Path, ":subscribe"):
		return "subscribe"
	case r.HTTPMethod == http.MethodGet && strings.Contains(r.Path, "/tasks/") && !strings.Contains(r.Path, "pushNotificationConfigs"):
		return "get"
	}
	return ""
}

func clCount(reqs []peerRequest, kind string) int {
	n := 0
	for _, r := range reqs {
		if clKind(r) == kind {
			n++
		}
	}
	return n
}

// clWaitRequest waits until the peer has received a request of kind
// after the first `from` requests.
func clWaitRequest(t *testing.T, p peer, from int, kind string) {
	t.Helper()
	clPoll(t, "a "+kind+" request", func() bool { return clCount(p.Requests()[from:], kind) > 0 })
}

// clIdle waits until the conversation follows nothing any more.
func clIdle(t *testing.T, c *session.Conversation) {
	t.Helper()
	clPoll(t, "the conversation to settle", func() bool { return !c.Busy() })
}

// clPoll checks cond every few milliseconds until it holds, bounded by
// the test's patience.
func clPoll(t *testing.T, what string, cond func() bool) {
	t.Helper()
	ctx := clCtx(t)
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

func clPartsText(parts []a2aclient.Part) string {
	var b strings.Builder
	for _, p := range parts {
		if p.Kind == a2aclient.PartText {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}
