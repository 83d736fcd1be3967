package interop

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	a2a03 "github.com/a2aproject/a2a-go/a2a"
	srv03 "github.com/a2aproject/a2a-go/a2asrv"
	"github.com/a2aproject/a2a-go/a2asrv/eventqueue"
)

// The scripted agent. Its behaviour is chosen by the first word of the
// user's text, so a test (or a person at parley's prompt) picks a scenario
// just by typing it. The scenario logic is written once, against the small
// emitter interface; one adapter per SDK turns emitter calls into that SDK's
// events, because the two a2a-go majors have different executor APIs
// (v0.3 writes to a queue, v2 yields from an iterator) and different rules
// about the first event.
const (
	scenarioStream  = "stream"  // working, 20 append-chunks of artifact "answer", completed
	scenarioBook    = "book"    // input-required "Where from?"; the next message completes it
	scenarioSlow    = "slow"    // working, then waits until canceled
	scenarioMessage = "message" // a Message reply, no task
	scenarioFail    = "fail"    // working, then failed with a status message
	scenarioCut     = "cut"     // 5 chunks, park until released, 5 more chunks, completed
	scenarioData    = "data"    // working, an artifact with one data part, completed
	scenarioFile    = "file"    // working, an artifact with one inline file part, completed
	scenarioAuth    = "auth"    // auth-required, asking the user to sign in
	scenarioTool    = "tool"    // working, an artifact with an ADK-style tool call, completed
)

// Scripted texts, exported to tests so they can assert on exact content.
const (
	answerArtifactName  = "answer"
	bookingArtifactName = "booking"
	bookQuestion        = "Where from?"
	failText            = "scripted failure: the agent gave up"
	streamChunks        = 20
	cutChunksBefore     = 5
	cutChunksAfter      = 5
	dataArtifactName    = "table"
	fileArtifactName    = "report"
	fileName            = "report.txt"
	fileMime            = "text/plain"
	fileContent         = "line one\nline two\n"
	authText            = "Sign in to the calendar first"
)

// toolCall and toolMeta are the data part and metadata the "tool"
// scenario sends, as ADK agents mark a tool call.
func toolCall() map[string]any {
	return map[string]any{"id": "call-1", "name": "get_weather", "args": map[string]any{"city": "Paris"}}
}

func toolMeta() map[string]any { return map[string]any{"adk_type": "function_call"} }

const toolArtifactName = "tool-call"

// dataValue is the data part the "data" scenario sends.
func dataValue() map[string]any {
	return map[string]any{"city": "Paris", "temperature": 21.5, "sunny": true}
}

// patience bounds how long a helper waits for something the scenario
// guarantees will happen. It is hang protection only; nothing is asserted on
// timing.
const patience = 30 * time.Second

// chunkText is the text of chunk i of the streamed "answer" artifact.
func chunkText(i int) string { return fmt.Sprintf("chunk-%02d ", i) }

// wantAnswer is the "answer" artifact text once n chunks have been appended.
func wantAnswer(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(chunkText(i))
	}
	return b.String()
}

// bookingText is the artifact text that completes a "book" task.
func bookingText(answer string) string { return "Booked a trip from " + answer }

// replyText is the Message sent back by the "message" scenario.
func replyText(userText string) string { return "echo: " + userText }

// helpText answers any text that names no scenario, so a human poking the
// peer learns what it can do.
const helpText = "scripted agent: say stream, book, slow, message, fail, cut, data, file or auth"

// script is the scripted agent's shared state and the test's handle on it.
// One script serves one peer (tests get it as peer.Script).
type script struct {
	parked   chan string // task ids of "cut" executions waiting for release
	stop     chan struct{}
	stopOnce sync.Once

	mu      sync.Mutex
	release map[string]chan struct{} // per "cut" task, closed by ReleaseCut
}

func newScript() *script {
	return &script{
		parked:  make(chan string, 64),
		stop:    make(chan struct{}),
		release: map[string]chan struct{}{},
	}
}

// WaitCutParked waits until a "cut" execution has emitted its first
// cutChunksBefore chunks and is blocked, and returns its task id. After that
// the test may cut the HTTP stream and resubscribe, then call ReleaseCut.
func (s *script) WaitCutParked(t testing.TB) string {
	t.Helper()
	select {
	case id := <-s.parked:
		return id
	case <-time.After(patience):
		t.Fatalf("no %q execution parked", scenarioCut)
		return ""
	}
}

// ReleaseCut lets the parked "cut" execution of taskID send its remaining
// chunks. Releasing is per task so that an execution left parked by a failed
// test cannot take another test's release. Calling it again is harmless.
func (s *script) ReleaseCut(taskID string) {
	ch := s.releaseChan(taskID)
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-ch:
	default:
		close(ch)
	}
}

func (s *script) releaseChan(taskID string) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.release[taskID]
	if !ok {
		ch = make(chan struct{})
		s.release[taskID] = ch
	}
	return ch
}

// shutdown unblocks every waiting execution; the peer calls it on cleanup.
func (s *script) shutdown() { s.stopOnce.Do(func() { close(s.stop) }) }

// taskState is the SDK-neutral subset of states the script uses.
type taskState int

const (
	stateWorking taskState = iota
	stateInputRequired
	stateCompleted
	stateFailed
	stateCanceled
	stateAuthRequired
)

// ends reports whether a status in this state closes the interaction
// (terminal or interrupted), which is what v0.3's final flag means.
func (s taskState) ends() bool { return s != stateWorking }

// turn is what the script needs to know about one incoming message.
type turn struct {
	TaskID   string
	Text     string
	Resuming bool // the message continues a task that is in input-required
}

// emitter is implemented once per SDK. Each call emits one event; an error
// means the server stopped listening and the script must return.
type emitter interface {
	status(ctx context.Context, st taskState, text string) error
	// chunk appends text to the named artifact; the first call for a name
	// opens it (append=false), later ones append; last sets lastChunk.
	chunk(ctx context.Context, name, text string, last bool) error
	// artifact sends a whole one-part artifact in a single event.
	artifact(ctx context.Context, name, text string) error
	// reply answers with a Message and creates no task.
	reply(ctx context.Context, text string) error
	// data sends a whole artifact holding one data part.
	data(ctx context.Context, name string, v, meta map[string]any) error
	// file sends a whole artifact holding one inline file part.
	file(ctx context.Context, name, filename, mime string, content []byte) error
}

func scenarioOf(text string) string {
	fields := strings.Fields(strings.ToLower(text))
	if len(fields) == 0 {
		return ""
	}
	return fields[0]
}

// run executes one turn of the script.
func (s *script) run(ctx context.Context, in turn, e emitter) error {
	if in.Resuming {
		// Any answer to the "book" question completes the booking.
		if err := e.status(ctx, stateWorking, ""); err != nil {
			return err
		}
		if err := e.artifact(ctx, bookingArtifactName, bookingText(in.Text)); err != nil {
			return err
		}
		return e.status(ctx, stateCompleted, "")
	}

	switch scenarioOf(in.Text) {
	case scenarioStream:
		if err := e.status(ctx, stateWorking, ""); err != nil {
			return err
		}
		if err := s.chunks(ctx, e, 0, streamChunks, streamChunks); err != nil {
			return err
		}
		return e.status(ctx, stateCompleted, "")

	case scenarioBook:
		return e.status(ctx, stateInputRequired, bookQuestion)

	case scenarioSlow:
		if err := e.status(ctx, stateWorking, ""); err != nil {
			return err
		}
		// The Cancel method writes the canceled status; the SDK then cancels
		// this context. Nothing more to emit here.
		select {
		case <-ctx.Done():
		case <-s.stop:
		}
		return nil

	case scenarioMessage:
		return e.reply(ctx, replyText(in.Text))

	case scenarioFail:
		if err := e.status(ctx, stateWorking, ""); err != nil {
			return err
		}
		return e.status(ctx, stateFailed, failText)

	case scenarioCut:
		total := cutChunksBefore + cutChunksAfter
		if err := e.status(ctx, stateWorking, ""); err != nil {
			return err
		}
		if err := s.chunks(ctx, e, 0, cutChunksBefore, total); err != nil {
			return err
		}
		release := s.releaseChan(in.TaskID)
		select {
		case s.parked <- in.TaskID:
		case <-ctx.Done():
			return ctx.Err()
		case <-s.stop:
			return nil
		}
		select {
		case <-release:
		case <-ctx.Done():
			return ctx.Err()
		case <-s.stop:
			return nil
		}
		if err := s.chunks(ctx, e, cutChunksBefore, total, total); err != nil {
			return err
		}
		return e.status(ctx, stateCompleted, "")

	case scenarioData, scenarioFile, scenarioTool:
		if err := e.status(ctx, stateWorking, ""); err != nil {
			return err
		}
		var err error
		switch scenarioOf(in.Text) {
		case scenarioData:
			err = e.data(ctx, dataArtifactName, dataValue(), nil)
		case scenarioTool:
			err = e.data(ctx, toolArtifactName, toolCall(), toolMeta())
		default:
			err = e.file(ctx, fileArtifactName, fileName, fileMime, []byte(fileContent))
		}
		if err != nil {
			return err
		}
		return e.status(ctx, stateCompleted, "")

	case scenarioAuth:
		return e.status(ctx, stateAuthRequired, authText)

	default:
		return e.reply(ctx, helpText)
	}
}

// chunks emits chunks [from, to) of the "answer" artifact; the chunk with
// index total-1 is marked last.
func (s *script) chunks(ctx context.Context, e emitter, from, to, total int) error {
	for i := from; i < to; i++ {
		if err := e.chunk(ctx, answerArtifactName, chunkText(i), i == total-1); err != nil {
			return err
		}
	}
	return nil
}

// cancel is the script's answer to a cancel request: move to canceled.
func (s *script) cancel(ctx context.Context, e emitter) error {
	return e.status(ctx, stateCanceled, "")
}

// ---- a2a-go v0.3.15 adapter ----

// v03Executor runs the script as an a2a-go v0.3 AgentExecutor.
type v03Executor struct{ s *script }

var _ srv03.AgentExecutor = v03Executor{}

func (x v03Executor) Execute(ctx context.Context, rc *srv03.RequestContext, q eventqueue.Queue) error {
	in := turn{
		TaskID:   string(rc.TaskID),
		Text:     textOf03(rc.Message),
		Resuming: rc.StoredTask != nil && rc.StoredTask.Status.State == a2a03.TaskStateInputRequired,
	}
	return x.s.run(ctx, in, newV03Emitter(rc, q))
}

func (x v03Executor) Cancel(ctx context.Context, rc *srv03.RequestContext, q eventqueue.Queue) error {
	return x.s.cancel(ctx, newV03Emitter(rc, q))
}

type v03Emitter struct {
	rc        *srv03.RequestContext
	q         eventqueue.Queue
	announce  bool // a new task has not been announced yet
	artifacts map[string]a2a03.ArtifactID
}

func newV03Emitter(rc *srv03.RequestContext, q eventqueue.Queue) *v03Emitter {
	return &v03Emitter{rc: rc, q: q, announce: rc.StoredTask == nil, artifacts: map[string]a2a03.ArtifactID{}}
}

// begin announces a new task the way a2a-go v0.3's AgentExecutor doc
// template does: a "submitted" status-update event, not a Task object. v0.3
// does not require a Task first, so streams from this peer start with a
// status-update: a case a client must handle.
func (e *v03Emitter) begin(ctx context.Context) error {
	if !e.announce {
		return nil
	}
	e.announce = false
	return e.q.Write(ctx, a2a03.NewStatusUpdateEvent(e.rc, a2a03.TaskStateSubmitted, nil))
}

func (e *v03Emitter) status(ctx context.Context, st taskState, text string) error {
	if err := e.begin(ctx); err != nil {
		return err
	}
	var msg *a2a03.Message
	if text != "" {
		msg = a2a03.NewMessageForTask(a2a03.MessageRoleAgent, e.rc, a2a03.TextPart{Text: text})
	}
	ev := a2a03.NewStatusUpdateEvent(e.rc, state03(st), msg)
	// v0.3 servers stop processing after final=true, so the executor must set
	// it on every status that ends the interaction, interrupted ones included.
	ev.Final = st.ends()
	return e.q.Write(ctx, ev)
}

func (e *v03Emitter) chunk(ctx context.Context, name, text string, last bool) error {
	if err := e.begin(ctx); err != nil {
		return err
	}
	var ev *a2a03.TaskArtifactUpdateEvent
	if id, ok := e.artifacts[name]; ok {
		ev = a2a03.NewArtifactUpdateEvent(e.rc, id, a2a03.TextPart{Text: text}) // append=true
	} else {
		ev = a2a03.NewArtifactEvent(e.rc, a2a03.TextPart{Text: text})
		ev.Artifact.Name = name
		e.artifacts[name] = ev.Artifact.ID
	}
	ev.LastChunk = last
	return e.q.Write(ctx, ev)
}

func (e *v03Emitter) artifact(ctx context.Context, name, text string) error {
	if err := e.begin(ctx); err != nil {
		return err
	}
	ev := a2a03.NewArtifactEvent(e.rc, a2a03.TextPart{Text: text})
	ev.Artifact.Name = name
	ev.LastChunk = true
	return e.q.Write(ctx, ev)
}

func (e *v03Emitter) data(ctx context.Context, name string, v, meta map[string]any) error {
	if err := e.begin(ctx); err != nil {
		return err
	}
	ev := a2a03.NewArtifactEvent(e.rc, a2a03.DataPart{Data: v, Metadata: meta})
	ev.Artifact.Name = name
	ev.LastChunk = true
	return e.q.Write(ctx, ev)
}

func (e *v03Emitter) file(ctx context.Context, name, filename, mime string, content []byte) error {
	if err := e.begin(ctx); err != nil {
		return err
	}
	part := a2a03.FilePart{File: a2a03.FileBytes{FileMeta: a2a03.FileMeta{Name: filename, MimeType: mime}, Bytes: base64.StdEncoding.EncodeToString(content)}}
	ev := a2a03.NewArtifactEvent(e.rc, part)
	ev.Artifact.Name = name
	ev.LastChunk = true
	return e.q.Write(ctx, ev)
}

func (e *v03Emitter) reply(ctx context.Context, text string) error {
	msg := a2a03.NewMessage(a2a03.MessageRoleAgent, a2a03.TextPart{Text: text})
	msg.ContextID = e.rc.ContextID
	return e.q.Write(ctx, msg)
}

func state03(st taskState) a2a03.TaskState {
	switch st {
	case stateWorking:
		return a2a03.TaskStateWorking
	case stateInputRequired:
		return a2a03.TaskStateInputRequired
	case stateCompleted:
		return a2a03.TaskStateCompleted
	case stateFailed:
		return a2a03.TaskStateFailed
	case stateCanceled:
		return a2a03.TaskStateCanceled
	case stateAuthRequired:
		return a2a03.TaskStateAuthRequired
	}
	panic(fmt.Sprintf("unknown state %d", st))
}

func textOf03(m *a2a03.Message) string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range m.Parts {
		switch tp := p.(type) {
		case a2a03.TextPart:
			b.WriteString(tp.Text)
		case *a2a03.TextPart:
			b.WriteString(tp.Text)
		}
	}
	return b.String()
}

// ---- a2a-go/v2 v2.4.0 adapter ----
