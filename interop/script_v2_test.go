package interop

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"

	a2a2 "github.com/a2aproject/a2a-go/v2/a2a"
	srv2 "github.com/a2aproject/a2a-go/v2/a2asrv"
)

var _ srv2.AgentExecutor = v2Executor{}

// errStopped means the v2 server stopped consuming events (yield returned
// false); the script unwinds and the iterator returns quietly.
var errStopped = errors.New("event consumer stopped")

// v2Executor runs the script as an a2a-go/v2 AgentExecutor. The same
// executor backs the v1.0 bindings and the v0.3 compatibility bindings: the
// compat layer converts at the transport, not in the executor.
type v2Executor struct{ s *script }

func (x v2Executor) Execute(ctx context.Context, ec *srv2.ExecutorContext) iter.Seq2[a2a2.Event, error] {
	return func(yield func(a2a2.Event, error) bool) {
		in := turn{
			TaskID:   string(ec.TaskID),
			Text:     textOf2(ec.Message),
			Resuming: ec.StoredTask != nil && ec.StoredTask.Status.State == a2a2.TaskStateInputRequired,
		}
		if err := x.s.run(ctx, in, newV2Emitter(ec, yield)); err != nil && !errors.Is(err, errStopped) {
			yield(nil, err)
		}
	}
}

func (x v2Executor) Cancel(ctx context.Context, ec *srv2.ExecutorContext) iter.Seq2[a2a2.Event, error] {
	return func(yield func(a2a2.Event, error) bool) {
		if err := x.s.cancel(ctx, newV2Emitter(ec, yield)); err != nil && !errors.Is(err, errStopped) {
			yield(nil, err)
		}
	}
}

type v2Emitter struct {
	ec        *srv2.ExecutorContext
	yield     func(a2a2.Event, error) bool
	announce  bool
	artifacts map[string]a2a2.ArtifactID
}

func newV2Emitter(ec *srv2.ExecutorContext, yield func(a2a2.Event, error) bool) *v2Emitter {
	return &v2Emitter{ec: ec, yield: yield, announce: ec.StoredTask == nil, artifacts: map[string]a2a2.ArtifactID{}}
}

func (e *v2Emitter) emit(ev a2a2.Event) error {
	if !e.yield(ev, nil) {
		return errStopped
	}
	return nil
}

// begin announces a new task. a2a-go/v2 rejects any task event before a Task
// ("first event must be a Task or a message"), so unlike v0.3 the first
// event of every new task from a v2 peer is a submitted Task.
func (e *v2Emitter) begin() error {
	if !e.announce {
		return nil
	}
	e.announce = false
	return e.emit(a2a2.NewSubmittedTask(e.ec, e.ec.Message))
}

func (e *v2Emitter) status(_ context.Context, st taskState, text string) error {
	if err := e.begin(); err != nil {
		return err
	}
	var msg *a2a2.Message
	if text != "" {
		msg = a2a2.NewMessageForTask(a2a2.MessageRoleAgent, e.ec, a2a2.NewTextPart(text))
	}
	// v1.0 status events have no final flag; the server ends the stream on
	// terminal and interrupted states by itself.
	return e.emit(a2a2.NewStatusUpdateEvent(e.ec, state2(st), msg))
}

func (e *v2Emitter) chunk(_ context.Context, name, text string, last bool) error {
	if err := e.begin(); err != nil {
		return err
	}
	var ev *a2a2.TaskArtifactUpdateEvent
	if id, ok := e.artifacts[name]; ok {
		ev = a2a2.NewArtifactUpdateEvent(e.ec, id, a2a2.NewTextPart(text)) // append=true
	} else {
		ev = a2a2.NewArtifactEvent(e.ec, a2a2.NewTextPart(text))
		ev.Artifact.Name = name
		e.artifacts[name] = ev.Artifact.ID
	}
	ev.LastChunk = last
	return e.emit(ev)
}

func (e *v2Emitter) artifact(_ context.Context, name, text string) error {
	if err := e.begin(); err != nil {
		return err
	}
	ev := a2a2.NewArtifactEvent(e.ec, a2a2.NewTextPart(text))
	ev.Artifact.Name = name
	ev.LastChunk = true
	return e.emit(ev)
}

func (e *v2Emitter) data(_ context.Context, name string, v, meta map[string]any) error {
	if err := e.begin(); err != nil {
		return err
	}
	part := a2a2.NewDataPart(v)
	part.Metadata = meta
	ev := a2a2.NewArtifactEvent(e.ec, part)
	ev.Artifact.Name = name
	ev.LastChunk = true
	return e.emit(ev)
}

func (e *v2Emitter) file(_ context.Context, name, filename, mime string, content []byte) error {
	if err := e.begin(); err != nil {
		return err
	}
	part := a2a2.NewRawPart(content)
	part.Filename, part.MediaType = filename, mime
	ev := a2a2.NewArtifactEvent(e.ec, part)
	ev.Artifact.Name = name
	ev.LastChunk = true
	return e.emit(ev)
}

func (e *v2Emitter) reply(_ context.Context, text string) error {
	msg := a2a2.NewMessage(a2a2.MessageRoleAgent, a2a2.NewTextPart(text))
	msg.ContextID = e.ec.ContextID
	return e.emit(msg)
}

func state2(st taskState) a2a2.TaskState {
	switch st {
	case stateWorking:
		return a2a2.TaskStateWorking
	case stateInputRequired:
		return a2a2.TaskStateInputRequired
	case stateCompleted:
		return a2a2.TaskStateCompleted
	case stateFailed:
		return a2a2.TaskStateFailed
	case stateCanceled:
		return a2a2.TaskStateCanceled
	case stateAuthRequired:
		return a2a2.TaskStateAuthRequired
	}
	panic(fmt.Sprintf("unknown state %d", st))
}

func textOf2(m *a2a2.Message) string {
	if m == nil {
		return ""
	}
	var b strings.Builder
	for _, p := range m.Parts {
		if p != nil {
			b.WriteString(p.Text())
		}
	}
	return b.String()
}
