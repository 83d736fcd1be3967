package a2aclient

import (
	"io"
	"sync"
)

// Stream is a live view of one task (or of a direct message reply). Next
// returns events until the task settles — terminal, or waiting for input
// or auth — or the server closes the stream; then it returns io.EOF. It
// never waits for a dialect's final flag.
type Stream struct {
	src    eventSource
	taskID string

	mu     sync.Mutex
	ended  bool
	closed bool
	// settled is closed once a settled stream's connection is released
	// (stream_settle.go).
	settled chan struct{}
	// reading says which status updates are content, not a new state.
	reading Reading
}

func (c *Client) newStream(src eventSource, taskID string) *Stream {
	return &Stream{src: src, taskID: taskID, reading: c.opts.Reading}
}

// TaskID is the task the stream follows, known once the first task event
// has arrived (or from the start for resubscribe and polling).
func (s *Stream) TaskID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.taskID
}

// Next returns the next event. After a settling event it returns io.EOF.
// An error other than io.EOF means the stream broke; the task may still be
// running and can be followed again with Resubscribe or Watch.
func (s *Stream) Next() (Event, error) {
	for {
		s.mu.Lock()
		if s.ended {
			s.mu.Unlock()
			return Event{}, io.EOF
		}
		s.mu.Unlock()
		ev, err := s.src.next()
		if err != nil {
			s.end()
			return Event{}, err
		}
		if !s.accept(ev) {
			continue
		}
		if settles(s.reading, ev) {
			s.endSettled()
		}
		return ev, nil
	}
}

// accept drops events for other tasks: a confused or hostile server must
// not mix tasks into this one's transcript.
func (s *Stream) accept(ev Event) bool {
	id := ev.TaskID()
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "" {
		return true
	}
	if s.taskID == "" {
		s.taskID = id
		return true
	}
	return id == s.taskID
}

func (s *Stream) end() {
	s.mu.Lock()
	s.ended = true
	s.mu.Unlock()
	s.Close()
}

// Close stops the stream and releases the connection. It is safe to call
// more than once and from another goroutine, to abort a blocked Next.
func (s *Stream) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	return s.src.close()
}

// settles reports whether ev ends the stream: a direct message reply, or
// a task or status in a terminal or interrupted state.
func settles(r Reading, ev Event) bool {
	switch {
	case ev.Message != nil:
		return ev.Message.TaskID == ""
	case ev.Task != nil:
		return ev.Task.Status.State.Settled()
	case ev.Status != nil:
		// A piece of the reply, a thought or a tool call is content: the
		// state it carries is the task's as it was, not a new one.
		// (gemini-cli reports tool calls in input-required while the
		// user confirms one, and goes on once they have.)
		return ev.Status.Status.State.Settled() && ReadStatus(r, ev.Status) == StatusNote
	}
	return false
}
