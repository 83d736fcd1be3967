package interop

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// sseFrame is one dispatched server-sent event.
type sseFrame struct {
	ID, Event string
	Data      string   // data lines joined with "\n"
	Comments  []string // comment lines (": keep-alive") seen before it
}

// eventStream reads A2A events from an SSE response.
type eventStream struct {
	b      binding
	rpcID  int64
	Resp   *http.Response
	sse    *bufio.Reader
	Frames []sseFrame // every frame read so far, for wire-shape checks

	cancel  context.CancelFunc
	idle    *time.Timer // the watchdog, reset by every line read
	stalled atomic.Bool
}

func (s *eventStream) close() {
	s.idle.Stop()
	s.cancel()
	if s.Resp != nil {
		s.Resp.Body.Close()
	}
}

// explain names a watchdog expiry, which otherwise reads "context canceled".
func (s *eventStream) explain(err error) error {
	if s.stalled.Load() {
		return fmt.Errorf("peer sent nothing for %v: %w", patience, err)
	}
	return err
}

// readFrame reads one SSE event: lines end in \n or \r\n, ":" starts a
// comment, "field: value" loses one leading space, several data lines are
// joined. bufio.Reader.ReadString has no line-length limit.
func (s *eventStream) readFrame() (sseFrame, error) {
	var f sseFrame
	var data []string
	for {
		line, err := s.readLine()
		if err != nil {
			partial := len(data) > 0 || f.ID != "" || f.Event != ""
			if err == io.EOF && partial {
				// A frame cut before its blank line is not an event.
				err = io.ErrUnexpectedEOF
			}
			return f, err
		}
		if line == "" {
			if len(data) == 0 && f.ID == "" && f.Event == "" {
				continue // nothing to dispatch (e.g. the blank after a comment)
			}
			f.Data = strings.Join(data, "\n")
			s.Frames = append(s.Frames, f)
			return f, nil
		}
		if strings.HasPrefix(line, ":") {
			f.Comments = append(f.Comments, line)
			continue
		}
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch name {
		case "data":
			data = append(data, value)
		case "id":
			f.ID = value
		case "event":
			f.Event = value
		}
	}
}

// readLine returns one line without its terminator. io.EOF means the body
// ended cleanly between lines; a line cut short is io.ErrUnexpectedEOF.
func (s *eventStream) readLine() (string, error) {
	line, err := s.sse.ReadString('\n')
	if err != nil {
		if err == io.EOF && line != "" {
			err = io.ErrUnexpectedEOF
		}
		return "", s.explain(err)
	}
	s.idle.Reset(patience)
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), nil
}

// nextComment reads raw lines until a comment line (": keep-alive") and
// returns it; it fails the test if an event line comes first.
func (s *eventStream) nextComment(t testing.TB) string {
	t.Helper()
	for {
		line, err := s.readLine()
		if err != nil {
			t.Fatalf("stream ended before a comment line: %v", err)
		}
		if strings.HasPrefix(line, ":") {
			return line
		}
		if line != "" {
			t.Fatalf("want a comment line, got %q", line)
		}
	}
}

// next returns the next A2A event, or an error event from the peer, or a
// transport error (io.EOF when the peer closed the stream cleanly).
func (s *eventStream) next(t testing.TB) (wireEvent, *wireError, error) {
	t.Helper()
	f, err := s.readFrame()
	if err != nil {
		return wireEvent{}, nil, err
	}
	payload := []byte(f.Data)
	if s.b.Dialect.isJSONRPC() {
		res, werr := parseRPCEnvelope(t, payload, s.rpcID)
		if werr != nil {
			werr.HTTPStatus = s.Resp.StatusCode
			return wireEvent{}, werr, nil
		}
		payload = res
	} else if bytes.HasPrefix(bytes.TrimSpace(payload), []byte(`{"error"`)) {
		return wireEvent{}, restError(t, rawResponse{Status: s.Resp.StatusCode, Body: payload}), nil
	}
	return parseEvent(t, s.b.Dialect, payload), nil, nil
}

// rest reads events until the peer closes the stream. A peer error event or
// a transport error other than a clean close fails the test.
func (s *eventStream) rest(t testing.TB) []wireEvent {
	t.Helper()
	var evs []wireEvent
	for {
		ev, werr, err := s.next(t)
		if err == io.EOF {
			return evs
		}
		if err != nil {
			t.Fatalf("stream broke after %d events: %v", len(evs), err)
		}
		if werr != nil {
			t.Fatalf("stream error event after %d events: %s", len(evs), werr)
		}
		evs = append(evs, ev)
	}
}

// until reads events until one satisfies stop, and returns them all.
func (s *eventStream) until(t testing.TB, stop func(wireEvent) bool) []wireEvent {
	t.Helper()
	var evs []wireEvent
	for {
		ev, werr, err := s.next(t)
		if err != nil {
			t.Fatalf("stream ended before the awaited event (after %d events): %v", len(evs), err)
		}
		if werr != nil {
			t.Fatalf("stream error event after %d events: %s", len(evs), werr)
		}
		evs = append(evs, ev)
		if stop(ev) {
			return evs
		}
	}
}

// Event kinds of wireEvent.
const (
	kindTask     = "task"
	kindMessage  = "message"
	kindStatus   = "status-update"
	kindArtifact = "artifact-update"
)

// wireEvent is a send result or stream event, normalised across dialects.
type wireEvent struct {
	Kind      string
	TaskID    string
	ContextID string
	State     string // task/status: normalised to v0.3 spelling ("input-required")
	RawState  string // as on the wire
	Text      string // message text, status message text, or artifact chunk text
	Role      string // message role as on the wire
	Final     *bool  // status-update "final" if the field is on the wire

	ArtifactID   string
	ArtifactName string
	Append       bool
	LastChunk    bool

	Artifacts []wireArtifact // task: its artifacts
	History   int            // task: number of history messages

	Raw json.RawMessage
}

type wireArtifact struct{ ID, Name, Text string }

// The JSON of each object, as a union of the field names of all dialects.
type (
	rawPart struct {
		Kind string  `json:"kind"`
		Text *string `json:"text"`
	}
	rawMessage struct {
		Kind      string    `json:"kind"`
		MessageID string    `json:"messageId"`
		ContextID string    `json:"contextId"`
		TaskID    string    `json:"taskId"`
		Role      string    `json:"role"`
		Parts     []rawPart `json:"parts"`
		Content   []rawPart `json:"content"` // v0.3 REST (proto-JSON) name of parts
	}
	rawStatus struct {
		State   string      `json:"state"`
		Message *rawMessage `json:"message"`
	}
	rawArtifact struct {
		ArtifactID string    `json:"artifactId"`
		Name       string    `json:"name"`
		Parts      []rawPart `json:"parts"`
	}
	rawTask struct {
		Kind      string        `json:"kind"`
		ID        string        `json:"id"`
		ContextID string        `json:"contextId"`
		Status    rawStatus     `json:"status"`
		Artifacts []rawArtifact `json:"artifacts"`
		History   []rawMessage  `json:"history"`
	}
	rawStatusUpdate struct {
		Kind      string    `json:"kind"`
		TaskID    string    `json:"taskId"`
		ContextID string    `json:"contextId"`
		Status    rawStatus `json:"status"`
		Final     *bool     `json:"final"`
	}
	rawArtifactUpdate struct {
		Kind      string      `json:"kind"`
		TaskID    string      `json:"taskId"`
		ContextID string      `json:"contextId"`
		Artifact  rawArtifact `json:"artifact"`
		Append    bool        `json:"append"`
		LastChunk bool        `json:"lastChunk"`
	}
)

func partsText(ps []rawPart) string {
	var b strings.Builder
	for _, p := range ps {
		if p.Text != nil {
			b.WriteString(*p.Text)
		}
	}
	return b.String()
}

func (m *rawMessage) text() string {
	if m == nil {
		return ""
	}
	return partsText(m.Parts) + partsText(m.Content)
}

// normState maps every spelling to v0.3's: TASK_STATE_INPUT_REQUIRED and
// input-required both become "input-required"; CANCELLED becomes canceled.
func normState(s string) string {
	s = strings.ToLower(strings.TrimPrefix(s, "TASK_STATE_"))
	s = strings.ReplaceAll(s, "_", "-")
	if s == "cancelled" {
		s = "canceled"
	}
	return s
}

// parseEvent decodes a send result or stream event of the dialect. v0.3
// JSON-RPC objects say what they are in "kind"; every other dialect wraps
// the object in a single key.
func parseEvent(t testing.TB, d dialect, data []byte) wireEvent {
	t.Helper()
	var kind string
	var obj json.RawMessage
	if d == jsonrpc03 {
		var k struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal(data, &k); err != nil {
			t.Fatalf("%s event is not a JSON object: %v: %s", d, err, data)
		}
		kind, obj = k.Kind, data
	} else {
		var wrapper map[string]json.RawMessage
		if err := json.Unmarshal(data, &wrapper); err != nil {
			t.Fatalf("%s event is not a JSON object: %v: %s", d, err, data)
		}
		if len(wrapper) != 1 {
			t.Fatalf("%s event: want exactly one wrapper key, got %s", d, data)
		}
		for k, v := range wrapper {
			kind = map[string]string{"task": kindTask, "message": kindMessage, "statusUpdate": kindStatus, "artifactUpdate": kindArtifact}[k]
			if kind == "" {
				t.Fatalf("%s event: unknown wrapper key %q: %s", d, k, data)
			}
			obj = v
		}
	}
	ev := decodeAs(t, kind, obj)
	ev.Raw = append(json.RawMessage(nil), data...)
	return ev
}

// parseTaskResult decodes a tasks/get or tasks/cancel result: a bare Task in
// every dialect (no wrapper, and no "kind" check outside v0.3 JSON-RPC).
func parseTaskResult(t testing.TB, d dialect, data []byte) wireEvent {
	t.Helper()
	ev := decodeAs(t, kindTask, data)
	if d == jsonrpc03 {
		var k struct {
			Kind string `json:"kind"`
		}
		_ = json.Unmarshal(data, &k)
		if k.Kind != "task" {
			t.Errorf("%s task result kind = %q, want task", d, k.Kind)
		}
	}
	ev.Raw = append(json.RawMessage(nil), data...)
	return ev
}

func decodeAs(t testing.TB, kind string, obj json.RawMessage) wireEvent {
	t.Helper()
	ev := wireEvent{Kind: kind}
	var err error
	switch kind {
	case kindTask:
		var x rawTask
		if err = json.Unmarshal(obj, &x); err == nil {
			ev.TaskID, ev.ContextID = x.ID, x.ContextID
			ev.RawState, ev.State = x.Status.State, normState(x.Status.State)
			ev.Text = x.Status.Message.text()
			ev.History = len(x.History)
			for _, a := range x.Artifacts {
				ev.Artifacts = append(ev.Artifacts, wireArtifact{ID: a.ArtifactID, Name: a.Name, Text: partsText(a.Parts)})
			}
		}
	case kindMessage:
		var x rawMessage
		if err = json.Unmarshal(obj, &x); err == nil {
			ev.TaskID, ev.ContextID, ev.Role, ev.Text = x.TaskID, x.ContextID, x.Role, x.text()
		}
	case kindStatus:
		var x rawStatusUpdate
		if err = json.Unmarshal(obj, &x); err == nil {
			ev.TaskID, ev.ContextID, ev.Final = x.TaskID, x.ContextID, x.Final
			ev.RawState, ev.State = x.Status.State, normState(x.Status.State)
			ev.Text = x.Status.Message.text()
		}
	case kindArtifact:
		var x rawArtifactUpdate
		if err = json.Unmarshal(obj, &x); err == nil {
			ev.TaskID, ev.ContextID = x.TaskID, x.ContextID
			ev.ArtifactID, ev.ArtifactName = x.Artifact.ArtifactID, x.Artifact.Name
			ev.Append, ev.LastChunk = x.Append, x.LastChunk
			ev.Text = partsText(x.Artifact.Parts)
		}
	default:
		err = errors.New("unknown kind")
	}
	if err != nil {
		t.Fatalf("decode %q event: %v: %s", kind, err, obj)
	}
	return ev
}

// isEnd reports whether an event ends a stream, as the A2A spec has it: a Message,
// or a task/status in a terminal or interrupted state.
func isEnd(ev wireEvent) bool {
	switch ev.Kind {
	case kindMessage:
		return true
	case kindTask, kindStatus:
		switch ev.State {
		case "completed", "canceled", "failed", "rejected", "input-required", "auth-required":
			return true
		}
	}
	return false
}
