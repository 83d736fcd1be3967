package interop

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestSmokeResubscribeAfterCut(t *testing.T) {
	forEachBinding(t, func(t *testing.T, b binding) {
		p := b.Peer
		s := b.stream(t, userMsg{Text: scenarioCut})
		before := s.until(t, func(ev wireEvent) bool { return ev.Kind == kindArtifact && ev.Text == chunkText(cutChunksBefore-1) })
		artifactID := before[len(before)-1].ArtifactID
		id := p.Script.WaitCutParked(t)
		if id != before[0].TaskID {
			t.Fatalf("parked task %s, streamed task %s", id, before[0].TaskID)
		}

		// Cut the connection: the reader gets an error, not a clean EOF.
		// (CutStreams may count more than one: the handler of a stream the
		// client has already seen end can still be on its way out.)
		if n := p.CutStreams(); n < 1 {
			t.Fatalf("cut %d streams, want at least 1", n)
		}
		if _, _, err := s.next(t); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("read after cut: %v, want unexpected EOF", err)
		}

		// Resubscribe. go-v03 does not flush the response headers until the
		// first event, so the request cannot complete before the agent
		// continues: open it in the background.
		type opening struct {
			s   *eventStream
			err error
		}
		opened := make(chan opening, 1)
		go func() {
			s, err := b.openResubscribe(t.Context(), id)
			opened <- opening{s, err}
		}()
		p.WaitResubscribed(t, id)
		p.Script.ReleaseCut(id)
		o := <-opened // openStream's watchdog bounds this wait
		if o.err != nil {
			t.Fatalf("resubscribe: %v", o.err)
		}
		t.Cleanup(o.s.close)
		after := o.s.rest(t)

		// Observed: go-v03 sends no snapshot, only the events emitted after
		// the subscription attached: here exactly chunks 5-9 and completed
		// (final:true). go-v2 starts with a Task snapshot read when the
		// stream starts, which can be after the agent went on: it holds the
		// chunks so far merged into one artifact (5 or more), and only
		// events newer than the snapshot follow (a completed snapshot ends
		// the stream by itself). A client must take the snapshot's artifacts
		// as the new base and apply the appends that follow.
		text := wantAnswer(cutChunksBefore) // what the client had before the cut
		state := "working"
		if !b.isGoV03() {
			if len(after) == 0 {
				t.Fatal("no events after resubscribe")
			}
			snap := after[0]
			after = after[1:]
			if snap.Kind != kindTask || len(snap.Artifacts) != 1 || !strings.HasPrefix(snap.Artifacts[0].Text, wantAnswer(cutChunksBefore)) {
				t.Fatalf("snapshot = %+v", snap)
			}
			text, state = snap.Artifacts[0].Text, snap.State
		} else if len(after) != cutChunksAfter+1 {
			t.Fatalf("%d events after resubscribe, want %d: %+v", len(after), cutChunksAfter+1, after)
		}
		for _, ev := range after {
			switch ev.Kind {
			case kindArtifact:
				last := ev.Text == chunkText(cutChunksBefore+cutChunksAfter-1)
				if !ev.Append || ev.ArtifactID != artifactID || ev.LastChunk != last {
					t.Errorf("chunk after resubscribe = %+v", ev)
				}
				text += ev.Text
			case kindStatus:
				state = ev.State
			default:
				t.Errorf("unexpected event after resubscribe: %+v", ev)
			}
		}
		if text != wantAnswer(cutChunksBefore+cutChunksAfter) || state != "completed" {
			t.Errorf("after resubscribe: state %s, answer %q", state, text)
		}
		checkFinalFlags(t, b, after)

		task, werr := b.get(t, id)
		if werr != nil || task.State != "completed" || len(task.Artifacts) != 1 || task.Artifacts[0].Text != wantAnswer(cutChunksBefore+cutChunksAfter) {
			t.Errorf("get after completion = %+v, %s", task, werr)
		}

		// Once the execution is over there is nothing to resubscribe to: the
		// peers answer task-not-found although tasks/get still finds the
		// task. Right after the terminal event the execution may still be
		// registered for a moment; then go-v2 answers with the terminal Task
		// snapshot and closes. A client must accept both.
		late := b.resubscribe(t, id)
		for {
			ev, werr, err := late.next(t)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("late resubscribe: %v", err)
			}
			if werr != nil {
				checkStreamError(t, b, werr, -32001, http.StatusNotFound, "NOT_FOUND", "TASK_NOT_FOUND")
				continue
			}
			if !isEnd(ev) || ev.State != "completed" {
				t.Errorf("late resubscribe event = %+v", ev)
			}
		}
	})
}

func TestSmokeKeepAlive(t *testing.T) {
	// withKeepAlive makes the peers write SSE comment lines between events;
	// observed bytes: ": keep-alive\n\n".
	for _, p := range []peer{startGoV03(t, withKeepAlive(time.Millisecond)), startGoV2(t, withKeepAlive(time.Millisecond))} {
		b := bindingsOf(p)[0]
		t.Run(b.Name(), func(t *testing.T) {
			s := b.stream(t, userMsg{Text: scenarioSlow})
			evs := s.until(t, func(ev wireEvent) bool { return ev.State == "working" })
			if c := s.nextComment(t); c != ": keep-alive" {
				t.Errorf("comment = %q", c)
			}
			if _, werr := b.cancel(t, evs[0].TaskID); werr != nil {
				t.Fatalf("cancel: %s", werr)
			}
		})
	}
}

func TestPeerRequestLog(t *testing.T) {
	// The request log sees what a client put on the wire: tests of parley's
	// client use it to check which dialect it chose and which headers it sent.
	p := startGoV2Compat03(t)
	bs := bindingsOf(p)
	for _, b := range bs {
		if _, werr := b.send(t, userMsg{Text: "message"}); werr != nil {
			t.Fatalf("%s: %s", b.Name(), werr)
		}
	}
	reqs := p.Requests()
	if len(reqs) != len(bs) {
		t.Fatalf("%d requests logged, want %d: %+v", len(reqs), len(bs), reqs)
	}
	want := []peerRequest{
		{HTTPMethod: "POST", Path: pathJSONRPC03, RPCMethod: "message/send", ContentType: "application/json", Accept: "application/json"},
		{HTTPMethod: "POST", Path: pathREST03 + "/v1/message:send", ContentType: "application/json", Accept: "application/json"},
		{HTTPMethod: "POST", Path: pathJSONRPC, RPCMethod: "SendMessage", ContentType: "application/json", Accept: "application/json", A2AVersion: "1.0"},
		{HTTPMethod: "POST", Path: pathREST + "/message:send", ContentType: "application/a2a+json", Accept: "application/json", A2AVersion: "1.0"},
	}
	for i := range want {
		if reqs[i] != want[i] {
			t.Errorf("request %d = %+v, want %+v", i, reqs[i], want[i])
		}
	}
	if p.CountRPC("SendMessage") != 1 || p.CountRPC("message/send") != 1 {
		t.Errorf("CountRPC: SendMessage %d, message/send %d", p.CountRPC("SendMessage"), p.CountRPC("message/send"))
	}
}

func TestCompatSharedTasks(t *testing.T) {
	// All bindings of the compat peer share one task store: a task made over
	// v0.3 JSON-RPC is visible, in each binding's own spelling, over the
	// others (RawState "failed" vs "TASK_STATE_FAILED").
	p := startGoV2Compat03(t)
	bs := bindingsOf(p)
	task, werr := bs[0].send(t, userMsg{Text: scenarioFail})
	if werr != nil {
		t.Fatal(werr)
	}
	for _, b := range bs {
		got, werr := b.get(t, task.TaskID)
		wantRaw := "TASK_STATE_FAILED"
		if b.Dialect == jsonrpc03 {
			wantRaw = "failed"
		}
		if werr != nil || got.RawState != wantRaw || got.Text != failText {
			t.Errorf("%s: get = %+v, %s", b.Name(), got, werr)
		}
	}
}

func TestV2IgnoresA2AVersionHeader(t *testing.T) {
	// Observed: a2a-go/v2 v2.4.0 does not look at A2A-Version: a v1.0
	// request succeeds without it or with "0.3", and never gets -32009
	// (VersionNotSupported). The endpoint alone decides the dialect.
	p := startGoV2(t)
	for _, version := range []string{"", "0.3", "1.0"} {
		body := `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m-` + version +
			`","role":"ROLE_USER","parts":[{"text":"message"}]}}}`
		req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, p.JSONRPC10, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		if version != "" {
			req.Header.Set("A2A-Version", version)
		}
		resp, err := p.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(data), `"result":{"message":`) {
			t.Errorf("A2A-Version %q: %s", version, data)
		}
	}
}
