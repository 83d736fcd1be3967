package a2aclient

import "time"

// settleWait bounds how long a settled stream's connection is read on,
// in the background, for the server to end its response.
const settleWait = 2 * time.Second

// settler is an event source that can read the rest of its response.
type settler interface{ settle(limit time.Duration) }

// detacher is a settler whose read is cut when the caller's context is
// (gRPC): detach, called before Next returns the settling event, keeps
// the caller's cancel from cutting the read settle then does.
type detacher interface{ detach() }

// endSettled ends a stream whose task settled. The consumer is done, but
// the connection is worth keeping: its response is read to the end in
// the background (servers end it right after the settling event) before
// it is closed, so the connection goes back to the pool instead of being
// cut. gemini-cli's agent takes a cut connection for the user leaving:
// it cancels the turn, and with it the tool call the user is about to
// allow.
func (s *Stream) endSettled() {
	st, ok := s.src.(settler)
	s.mu.Lock()
	s.ended = true
	if !ok || s.closed {
		s.mu.Unlock()
		s.Close()
		return
	}
	s.closed = true // Close from now on is a no-op: the goroutine closes
	s.settled = make(chan struct{})
	s.mu.Unlock()
	if d, ok := s.src.(detacher); ok {
		d.detach()
	}
	go func() {
		defer close(s.settled)
		st.settle(settleWait)
		_ = s.src.close()
	}()
}

// settle reads and drops what is left of the response, until it ends or
// limit passes.
func (s *payloadStream) settle(limit time.Duration) {
	if s.single != nil || s.done {
		return
	}
	t := time.NewTimer(limit)
	defer t.Stop()
	for {
		select {
		case b, ok := <-s.ch:
			if !ok {
				return
			}
			select {
			case s.free <- b: // the reader may wait for a block
			default:
			}
		case <-t.C:
			return
		}
	}
}

func (s *rpcStream) settle(limit time.Duration)    { s.ps.settle(limit) }
func (e *taggedEvents) settle(limit time.Duration) { e.s.settle(limit) }
func (e *v10Events) settle(limit time.Duration)    { e.s.settle(limit) }
func (s *restEvents) settle(limit time.Duration)   { s.ps.settle(limit) }
