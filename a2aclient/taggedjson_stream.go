package a2aclient

import (
	"encoding/json"
	"errors"
	"io"
)

// taggedEvents turns a JSON-RPC stream of the older dialects into events.
// Events of no recognizable kind are skipped (taggedResults), so a server
// speaking a newer minor version cannot break the stream with an event
// parley does not know.
type taggedEvents struct {
	s *rpcStream
	// taskID and contextID fill events that leave them out (v0.1 status
	// events carry no session id).
	taskID, contextID string
	pending           *Event
}

// taggedResults is the decoder of a stream's results for rpc.stream.
func taggedResults(from resultSource) resultDecoder {
	return func(raw json.RawMessage) (Event, bool, error) { return taggedDecodeEvent(raw, from) }
}

// newTaggedEvents wraps s. When the server answered with one JSON body
// instead of an event stream, that body is read at once: an error there
// (streaming not supported, task not found) must reach the caller now, so
// that the client can fall back to polling.
func newTaggedEvents(s *rpcStream, taskID, contextID string) (*taggedEvents, error) {
	e := &taggedEvents{s: s, taskID: taskID, contextID: contextID}
	if s.ps.ch == nil {
		ev, err := e.next()
		switch {
		case err == nil:
			e.pending = &ev
		case !errors.Is(err, io.EOF):
			s.close()
			return nil, err
		}
	}
	return e, nil
}

func (e *taggedEvents) next() (Event, error) {
	if ev := e.pending; ev != nil {
		e.pending = nil
		return *ev, nil
	}
	ev, err := e.s.next()
	if err != nil {
		return Event{}, err
	}
	e.fill(ev)
	return ev, nil
}

func (e *taggedEvents) fill(ev Event) {
	set := func(id, ctx *string) {
		if *id == "" {
			*id = e.taskID
		}
		if *ctx == "" {
			*ctx = e.contextID
		}
	}
	switch {
	case ev.Task != nil:
		set(&ev.Task.ID, &ev.Task.ContextID)
	case ev.Status != nil:
		set(&ev.Status.TaskID, &ev.Status.ContextID)
	case ev.Artifact != nil:
		set(&ev.Artifact.TaskID, &ev.Artifact.ContextID)
	}
}

func (e *taggedEvents) close() error { return e.s.close() }
