package interop

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Smoke tests: every scenario of the scripted agent, on every binding of
// every peer, spoken over raw HTTP. They pin down the wire each peer really
// produces; the comments record what was observed.

// forEachBinding runs fn as a subtest on every binding of a fresh set of
// peers. Subtests are sequential: bindings of one peer share its script.
func forEachBinding(t *testing.T, fn func(t *testing.T, b binding)) {
	for _, p := range []peer{startGoV03(t), startGoV2(t), startGoV2Compat03(t)} {
		for _, b := range bindingsOf(p) {
			t.Run(b.Name(), func(t *testing.T) { fn(t, b) })
		}
	}
}

// isGoV03 tells the native v0.3 peer from the v2 ones: they differ in what
// starts a new task's stream.
func (b binding) isGoV03() bool { return b.Peer.Name == peerGoV03Name }

func TestPeerCards(t *testing.T) {
	fetch := func(t *testing.T, p peer) map[string]any {
		t.Helper()
		resp, err := p.Client().Get(p.CardURL)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
			t.Fatalf("card: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		var card map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&card); err != nil {
			t.Fatal(err)
		}
		return card
	}
	ifaces := func(card map[string]any) []string {
		var out []string
		list, _ := card["supportedInterfaces"].([]any)
		for _, x := range list {
			m := x.(map[string]any)
			out = append(out, m["protocolBinding"].(string)+" "+m["protocolVersion"].(string)+" "+m["url"].(string))
		}
		return out
	}

	t.Run("go-v03", func(t *testing.T) {
		// Observed: a plain v0.3 card. protocolVersion is "0.3.0" (three
		// parts), url is the JSON-RPC endpoint, preferredTransport
		// "JSONRPC", no additionalInterfaces, no supportedInterfaces.
		p := startGoV03(t)
		card := fetch(t, p)
		want := map[string]any{"url": p.JSONRPC03, "protocolVersion": "0.3.0", "preferredTransport": "JSONRPC"}
		for k, v := range want {
			if card[k] != v {
				t.Errorf("card[%q] = %v, want %v", k, card[k], v)
			}
		}
		if _, ok := card["supportedInterfaces"]; ok {
			t.Errorf("v0.3 card has supportedInterfaces")
		}
		if caps, _ := card["capabilities"].(map[string]any); caps["streaming"] != true {
			t.Errorf("capabilities = %v", card["capabilities"])
		}
	})

	t.Run("go-v2", func(t *testing.T) {
		// Observed: a pure v1.0 card: supportedInterfaces in preference
		// order with protocolBinding "JSONRPC"/"HTTP+JSON" and
		// protocolVersion "1.0"; no url, protocolVersion or
		// preferredTransport at the top level.
		p := startGoV2(t)
		card := fetch(t, p)
		want := []string{"JSONRPC 1.0 " + p.JSONRPC10, "HTTP+JSON 1.0 " + p.REST10}
		if got := ifaces(card); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("supportedInterfaces = %q, want %q", got, want)
		}
		for _, k := range []string{"url", "protocolVersion", "preferredTransport", "additionalInterfaces"} {
			if _, ok := card[k]; ok {
				t.Errorf("v1.0 card has top-level %q", k)
			}
		}
	})

	t.Run("go-v2-compat03", func(t *testing.T) {
		// Observed: a2av0's hybrid card (pretty-printed JSON). It keeps all of
		// supportedInterfaces (v1.0 and "0.3" entries alike) and adds the
		// v0.3 fields: url = the FIRST interface whose protocolVersion is
		// "0.3" (not the first interface), protocolVersion "0.3" (two
		// parts), preferredTransport of that interface, and
		// additionalInterfaces = the OTHER "0.3" interfaces only (the
		// preferred one is not repeated; v1.0 ones are left out).
		p := startGoV2Compat03(t)
		card := fetch(t, p)
		want := []string{"JSONRPC 1.0 " + p.JSONRPC10, "HTTP+JSON 1.0 " + p.REST10,
			"JSONRPC 0.3 " + p.JSONRPC03, "HTTP+JSON 0.3 " + p.REST03}
		if got := ifaces(card); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("supportedInterfaces = %q, want %q", got, want)
		}
		if card["url"] != p.JSONRPC03 || card["protocolVersion"] != "0.3" || card["preferredTransport"] != "JSONRPC" {
			t.Errorf("v0.3 fields: url=%v protocolVersion=%v preferredTransport=%v", card["url"], card["protocolVersion"], card["preferredTransport"])
		}
		add, _ := json.Marshal(card["additionalInterfaces"])
		if wantAdd := `[{"transport":"HTTP+JSON","url":"` + p.REST03 + `"}]`; string(add) != wantAdd {
			t.Errorf("additionalInterfaces = %s, want %s", add, wantAdd)
		}
	})

	t.Run("go-v2-compat03-only", func(t *testing.T) {
		// Observed: even with no v1.0 binding the hybrid card carries
		// supportedInterfaces (all "0.3"). "supportedInterfaces present"
		// therefore does not mean v1.0: look at each protocolVersion.
		p := startGoV2Compat03(t, withV03Only())
		card := fetch(t, p)
		want := []string{"JSONRPC 0.3 " + p.JSONRPC03, "HTTP+JSON 0.3 " + p.REST03}
		if got := ifaces(card); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("supportedInterfaces = %q, want %q", got, want)
		}
		if card["url"] != p.JSONRPC03 || card["protocolVersion"] != "0.3" {
			t.Errorf("url=%v protocolVersion=%v", card["url"], card["protocolVersion"])
		}
	})
}

func TestSmokeContentTypes(t *testing.T) {
	// Observed Content-Type of non-streaming replies:
	//   go-v03 JSON-RPC:            text/plain; charset=utf-8, results and errors
	//                               (the handler never sets one; Go sniffs).
	//   go-v2 JSON-RPC 1.0:         application/json, results and errors.
	//   go-v2 compat JSON-RPC 0.3:  application/json for results but
	//                               text/plain; charset=utf-8 for errors.
	//   go-v2 REST 1.0:             application/json (not application/a2a+json),
	//                               errors too.
	//   go-v2 compat REST 0.3:      application/json; errors application/problem+json.
	// Streams are text/event-stream everywhere, HTTP 200 even when the only
	// event is an error. So: never gate on Content-Type.
	forEachBinding(t, func(t *testing.T, b binding) {
		var ok, bad rawResponse
		if b.Dialect.isJSONRPC() {
			method := map[dialect]string{jsonrpc03: "message/send", jsonrpc10: "SendMessage"}[b.Dialect]
			_, _, ok = b.rpc(t, method, b.sendParams(userMsg{Text: "message"}))
			getMethod := map[dialect]string{jsonrpc03: "tasks/get", jsonrpc10: "GetTask"}[b.Dialect]
			_, _, bad = b.rpc(t, getMethod, map[string]any{"id": "no-such-task"})
		} else {
			ok = b.roundTrip(t, http.MethodPost, b.restPath("/message:send"), b.sendParams(userMsg{Text: "message"}))
			bad = b.roundTrip(t, http.MethodGet, b.restPath("/tasks/no-such-task"), nil)
		}
		want := map[string][2]string{
			"go-v03 jsonrpc-0.3": {"text/plain; charset=utf-8", "text/plain; charset=utf-8"},
			"go-v2 jsonrpc-1.0":  {"application/json", "application/json"},
			"go-v2 rest-1.0":     {"application/json", "application/json"},
			"go-v2 jsonrpc-0.3":  {"application/json", "text/plain; charset=utf-8"},
			"go-v2 rest-0.3":     {"application/json", "application/problem+json"},
		}[sdkKey(b)]
		if ok.ContentType != want[0] || bad.ContentType != want[1] {
			t.Errorf("Content-Type result %q error %q, want %q %q", ok.ContentType, bad.ContentType, want[0], want[1])
		}
	})
}

// sdkKey names a binding by SDK and dialect, merging the v2 peers.
func sdkKey(b binding) string {
	if b.isGoV03() {
		return "go-v03 " + b.Dialect.String()
	}
	return "go-v2 " + b.Dialect.String()
}

func TestSmokeBlockingSend(t *testing.T) {
	forEachBinding(t, func(t *testing.T, b binding) {
		// The blocking send of a streamed answer returns the final Task with
		// the 20 appended chunks merged server-side into ONE artifact.
		task, werr := b.send(t, userMsg{Text: scenarioStream})
		if werr != nil {
			t.Fatalf("send: %s", werr)
		}
		if task.Kind != kindTask || task.State != "completed" || task.TaskID == "" || task.ContextID == "" {
			t.Fatalf("result = %+v", task)
		}
		if len(task.Artifacts) != 1 || task.Artifacts[0].Name != answerArtifactName || task.Artifacts[0].Text != wantAnswer(streamChunks) {
			t.Errorf("artifacts = %+v", task.Artifacts)
		}
		if task.History != 1 {
			t.Errorf("history has %d messages, want the user's 1", task.History)
		}

		failed, werr := b.send(t, userMsg{Text: scenarioFail})
		if werr != nil {
			t.Fatalf("send: %s", werr)
		}
		if failed.Kind != kindTask || failed.State != "failed" || failed.Text != failText {
			t.Errorf("fail result = %+v", failed)
		}
	})
}

func TestSmokeMessageReply(t *testing.T) {
	forEachBinding(t, func(t *testing.T, b binding) {
		// A Message result: no task is created, so no taskId; the reply
		// carries the server-chosen contextId; role "agent" in v0.3
		// JSON-RPC, "ROLE_AGENT" elsewhere.
		msg, werr := b.send(t, userMsg{Text: "message hello"})
		if werr != nil {
			t.Fatalf("send: %s", werr)
		}
		wantRole := "ROLE_AGENT"
		if b.Dialect == jsonrpc03 {
			wantRole = "agent"
		}
		if msg.Kind != kindMessage || msg.Text != replyText("message hello") || msg.TaskID != "" || msg.ContextID == "" || msg.Role != wantRole {
			t.Errorf("result = %+v", msg)
		}

		// Streaming the same: a single message event, then the peer closes.
		evs := b.stream(t, userMsg{Text: "message hello"}).rest(t)
		if len(evs) != 1 || evs[0].Kind != kindMessage || evs[0].Text != replyText("message hello") {
			t.Errorf("stream = %+v", evs)
		}
	})
}

func TestSmokeStreamOrder(t *testing.T) {
	forEachBinding(t, func(t *testing.T, b binding) {
		s := b.stream(t, userMsg{Text: scenarioStream})
		evs := s.rest(t)
		// SSE framing, all peers: "id: <random UUID>\ndata: <one-line
		// JSON>\n\n". No "event:" field. The ids are fresh UUIDs per
		// frame, not a sequence: there is no Last-Event-ID resumption, a
		// cut stream is resumed with the resubscribe method.
		seen := map[string]bool{}
		for _, f := range s.Frames {
			if len(f.ID) != 36 || seen[f.ID] || f.Event != "" || strings.Contains(f.Data, "\n") {
				t.Errorf("frame id %q event %q data %.40q", f.ID, f.Event, f.Data)
			}
			seen[f.ID] = true
		}
		// Observed order:
		//   go-v03:  status-update submitted (final:false), status-update
		//            working (final:false), 20 artifact-updates, status-update
		//            completed (final:true). NO Task object anywhere: the
		//            first event is a status-update.
		//   go-v2 (all four bindings): Task (submitted, history = the user
		//            message), statusUpdate working, 20 artifactUpdates,
		//            statusUpdate completed. v1.0 status events have no
		//            "final"; v0.3 JSON-RPC via compat has final false/true;
		//            v0.3 REST via compat omits final:false (proto-JSON
		//            drops defaults) but sends final:true on terminal states
		//            (see checkFinalFlags for input-required).
		// The peer closes the stream right after the terminal event.
		want := 1 + 1 + streamChunks + 1
		if len(evs) != want {
			t.Fatalf("%d events, want %d: %+v", len(evs), want, evs)
		}
		first := evs[0]
		if b.isGoV03() {
			if first.Kind != kindStatus || first.State != "submitted" {
				t.Errorf("first event = %+v, want status-update submitted", first)
			}
		} else if first.Kind != kindTask || first.State != "submitted" || first.History != 1 {
			t.Errorf("first event = %+v, want Task submitted", first)
		}
		if evs[1].Kind != kindStatus || evs[1].State != "working" {
			t.Errorf("second event = %+v, want status working", evs[1])
		}
		artifactID := evs[2].ArtifactID
		for i := range streamChunks {
			ev := evs[2+i]
			if ev.Kind != kindArtifact || ev.ArtifactID != artifactID || ev.Text != chunkText(i) ||
				ev.Append != (i > 0) || ev.LastChunk != (i == streamChunks-1) {
				t.Errorf("chunk %d = %+v", i, ev)
			}
			// Only the first chunk names the artifact.
			if wantName := map[bool]string{true: answerArtifactName}[i == 0]; ev.ArtifactName != wantName {
				t.Errorf("chunk %d name = %q, want %q", i, ev.ArtifactName, wantName)
			}
		}
		last := evs[len(evs)-1]
		if last.Kind != kindStatus || last.State != "completed" {
			t.Errorf("last event = %+v", last)
		}
		for _, ev := range evs {
			if ev.TaskID != first.TaskID || ev.ContextID != first.ContextID || ev.TaskID == "" {
				t.Errorf("ids differ: %+v vs %+v", ev, first)
			}
		}
		checkFinalFlags(t, b, evs)
	})
}

// checkFinalFlags pins where each dialect puts "final" on status events.
func checkFinalFlags(t *testing.T, b binding, evs []wireEvent) {
	t.Helper()
	for _, ev := range evs {
		if ev.Kind != kindStatus {
			continue
		}
		ends := isEnd(ev)
		switch b.Dialect {
		case jsonrpc03:
			if ev.Final == nil || *ev.Final != ends {
				t.Errorf("%s status %s: final = %v, want present and %v", b.Dialect, ev.State, ev.Final, ends)
			}
		case rest03:
			// The compat REST binding computes final from the state alone:
			// true only for terminal states, NOT for input-required (unlike
			// its JSON-RPC sibling), and proto-JSON omits false.
			terminal := ends && ev.State != "input-required" && ev.State != "auth-required"
			if terminal != (ev.Final != nil && *ev.Final) || (!terminal && ev.Final != nil) {
				t.Errorf("%s status %s: final = %v, want %v (omitted when false)", b.Dialect, ev.State, ev.Final, terminal)
			}
		default:
			if ev.Final != nil {
				t.Errorf("%s status %s has final = %v; v1.0 has no final", b.Dialect, ev.State, *ev.Final)
			}
		}
	}
}

func TestSmokeInputRequired(t *testing.T) {
	forEachBinding(t, func(t *testing.T, b binding) {
		// Turn 1, streamed: the stream ends at input-required (the peer
		// closes it), the question is the status message.
		evs := b.stream(t, userMsg{Text: scenarioBook}).rest(t)
		last := evs[len(evs)-1]
		if last.Kind != kindStatus || last.State != "input-required" || last.Text != bookQuestion {
			t.Fatalf("last event = %+v", last)
		}
		checkFinalFlags(t, b, evs)

		// Turn 2, blocking, on the same task and context.
		done, werr := b.send(t, userMsg{Text: "Lisbon", TaskID: last.TaskID, ContextID: last.ContextID})
		if werr != nil {
			t.Fatalf("second turn: %s", werr)
		}
		if done.Kind != kindTask || done.TaskID != last.TaskID || done.State != "completed" ||
			len(done.Artifacts) != 1 || done.Artifacts[0].Name != bookingArtifactName || done.Artifacts[0].Text != bookingText("Lisbon") {
			t.Fatalf("second turn = %+v", done)
		}

		// Observed history: user "book", agent "Where from?" (the old
		// status message is moved into history), user "Lisbon" = 3.
		got, werr := b.get(t, last.TaskID)
		if werr != nil {
			t.Fatalf("get: %s", werr)
		}
		if got.State != "completed" || got.History != 3 {
			t.Errorf("get = state %s, %d history messages; want completed, 3", got.State, got.History)
		}

		// A third message to the completed task is refused as invalid
		// params: -32602, or REST 400 INVALID_ARGUMENT.
		_, werr = b.send(t, userMsg{Text: "again", TaskID: last.TaskID, ContextID: last.ContextID})
		checkError(t, b, werr, -32602, http.StatusBadRequest, "INVALID_ARGUMENT", "INVALID_PARAMS")
	})
}

func TestSmokeCancel(t *testing.T) {
	forEachBinding(t, func(t *testing.T, b binding) {
		s := b.stream(t, userMsg{Text: scenarioSlow})
		evs := s.until(t, func(ev wireEvent) bool { return ev.Kind == kindStatus && ev.State == "working" })
		id := evs[0].TaskID

		// Cancel answers with the canceled Task ...
		task, werr := b.cancel(t, id)
		if werr != nil {
			t.Fatalf("cancel: %s", werr)
		}
		if task.Kind != kindTask || task.TaskID != id || task.State != "canceled" {
			t.Errorf("cancel result = %+v", task)
		}
		// ... and the open stream gets the canceled status, then closes.
		rest := s.rest(t)
		if len(rest) != 1 || rest[0].Kind != kindStatus || rest[0].State != "canceled" {
			t.Errorf("stream after cancel = %+v", rest)
		}
		checkFinalFlags(t, b, rest)

		// Canceling again returns the canceled task again.
		if again, werr := b.cancel(t, id); werr != nil || again.State != "canceled" {
			t.Errorf("second cancel = %+v, %s", again, werr)
		}

		// A task in another terminal state is not cancelable: JSON-RPC
		// -32002; REST 400 FAILED_PRECONDITION, reason TASK_NOT_CANCELABLE.
		failed, werr := b.send(t, userMsg{Text: scenarioFail})
		if werr != nil {
			t.Fatalf("send: %s", werr)
		}
		_, werr = b.cancel(t, failed.TaskID)
		checkError(t, b, werr, -32002, http.StatusBadRequest, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE")
	})
}

// checkError checks an error in the binding's dialect: a JSON-RPC code
// (with HTTP 200), or a REST HTTP status + google.rpc status + reason. v2
// peers add an ErrorInfo reason on JSON-RPC too (error.data is a list of
// typed details); go-v03's error.data is {"error": "<detail>"}.
func checkError(t *testing.T, b binding, werr *wireError, rpcCode, restCode int, status, reason string) {
	t.Helper()
	checkErr(t, b, werr, rpcCode, restCode, status, reason, false)
}

// checkStreamError is checkError for an error event inside an SSE stream:
// the HTTP status is 200 in every dialect, and on REST error.code keeps the
// HTTP status the error would have had (404 for task not found).
func checkStreamError(t *testing.T, b binding, werr *wireError, rpcCode, restCode int, status, reason string) {
	t.Helper()
	checkErr(t, b, werr, rpcCode, restCode, status, reason, true)
}

func checkErr(t *testing.T, b binding, werr *wireError, rpcCode, restCode int, status, reason string, inStream bool) {
	t.Helper()
	if werr == nil {
		t.Fatalf("no error, want %d / %d %s", rpcCode, restCode, reason)
	}
	if b.Dialect.isJSONRPC() {
		if werr.Code != rpcCode || werr.HTTPStatus != http.StatusOK {
			t.Errorf("error = %s, want code %d over HTTP 200", werr, rpcCode)
		}
		wantReason := reason
		if b.isGoV03() {
			wantReason = ""
		}
		if werr.Reason != wantReason {
			t.Errorf("error reason = %q, want %q (data %s)", werr.Reason, wantReason, werr.Data)
		}
		return
	}
	wantHTTP := restCode
	if inStream {
		wantHTTP = http.StatusOK
	}
	if werr.HTTPStatus != wantHTTP || werr.Code != restCode || werr.Status != status || werr.Reason != reason {
		t.Errorf("error = %s, want HTTP %d, code %d %s %s", werr, wantHTTP, restCode, status, reason)
	}
}

func TestSmokeErrors(t *testing.T) {
	forEachBinding(t, func(t *testing.T, b binding) {
		_, werr := b.get(t, "no-such-task")
		checkError(t, b, werr, -32001, http.StatusNotFound, "NOT_FOUND", "TASK_NOT_FOUND")
		_, werr = b.cancel(t, "no-such-task")
		checkError(t, b, werr, -32001, http.StatusNotFound, "NOT_FOUND", "TASK_NOT_FOUND")

		// Resubscribing to an unknown task: HTTP 200 text/event-stream whose
		// single event is the error, then the peer closes.
		s := b.resubscribe(t, "no-such-task")
		_, werr, err := s.next(t)
		if err != nil {
			t.Fatalf("resubscribe: %v", err)
		}
		checkStreamError(t, b, werr, -32001, http.StatusNotFound, "NOT_FOUND", "TASK_NOT_FOUND")
		if _, _, err := s.next(t); err != io.EOF {
			t.Errorf("after the error event: %v, want EOF", err)
		}

		if b.Dialect.isJSONRPC() {
			// Unknown methods are -32601, including the other version's
			// method names: that is how a client probes the dialect.
			other := map[dialect]string{jsonrpc03: "SendMessage", jsonrpc10: "message/send"}[b.Dialect]
			for _, method := range []string{"tasks/frobnicate", other} {
				_, werr, _ := b.rpc(t, method, map[string]any{})
				checkError(t, b, werr, -32601, 0, "", "METHOD_NOT_FOUND")
			}
		} else {
			// An unknown REST route is Go's mux 404, plain text.
			raw := b.roundTrip(t, http.MethodGet, b.restPath("/frobnicate"), nil)
			if raw.Status != http.StatusNotFound || !strings.HasPrefix(raw.ContentType, "text/plain") {
				t.Errorf("unknown route: %d %q %s", raw.Status, raw.ContentType, raw.Body)
			}
		}
	})
}
