package a2aclient

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
)

// payloadStream yields the JSON payloads of a streamed reply, one per SSE
// event. Servers that answer a stream request with a single JSON body
// (an error, or a server without streaming) yield that body once.
//
// A goroutine reads the SSE body and hands payloads over a channel, so
// that close from another goroutine can abort a blocked read safely. It
// hands them over a block at a time — every event one read of the body
// completed — so a fast stream pays for the channel once per few hundred
// events, not once per event.
//
// With a decoder (decode), the goroutine also decodes each payload into
// an Event (see nextEvent), so that decoding a block overlaps with what
// the consumer does with the one before: on two cores a long stream is
// taken in by both.
type payloadStream struct {
	t      *transport
	op     string // what the request was for, e.g. "stream message"
	url    string
	body   io.ReadCloser
	decode eventDecoder
	ch     chan *sseBatch
	// free takes batches the consumer is done with back to the reader;
	// batches counts those the reader has taken from the pool.
	free    chan *sseBatch
	batches int
	quit    chan struct{}
	closed  atomic.Bool
	once    sync.Once
	// cur is the batch being handed out, from its event pos.
	cur *sseBatch
	pos int
	// single holds a non-SSE body, returned once.
	single []byte
	done   bool
}

// sseBatch is what one read of the body gave: the events it completed,
// which may point into buf, or with a decoder those events decoded; and
// the error the stream ended with, if any.
type sseBatch struct {
	buf     []byte
	events  [][]byte
	decoded []decodedEvent
	err     error
}

// eventDecoder turns one payload into an event: ok=false for a payload
// that carries none (the caller goes on to the next). What it returns
// must not point into data, which lives in a block read into again.
type eventDecoder func(data []byte) (ev Event, ok bool, err error)

// decodedEvent is one payload decoded: an event or an error, which the
// consumer meets in the order of the payloads.
type decodedEvent struct {
	ev  Event
	err error
}

// sseBatches keeps blocks from stream to stream: a short reply should not
// cost a fresh 64 KB block, nor a long one a few of them.
var sseBatches = sync.Pool{New: func() any { return &sseBatch{buf: make([]byte, 0, sseBlockSize)} }}

// maxBatches bounds the blocks of one stream: one being read into, one
// waiting in the channel, one the consumer is reading, one to spare; the
// reader waits for a block back rather than take more than it can use.
const maxBatches = 4

// release gives b back to the pool, keeping no event alive there.
func (b *sseBatch) release() {
	clear(b.events)
	clear(b.decoded)
	b.events, b.decoded, b.err = b.events[:0], b.decoded[:0], nil
	sseBatches.Put(b)
}

// openStream starts a streaming request. With a decoder, the stream is
// read with nextEvent, otherwise with nextPayload.
func (t *transport) openStream(ctx context.Context, req request, raw bool, decode eventDecoder) (*payloadStream, *http.Response, error) {
	if req.header == nil {
		req.header = http.Header{}
	}
	req.header.Set("Accept", "text/event-stream, application/json")
	req.stream = true
	var resp *http.Response
	var err error
	if raw {
		resp, err = t.doRaw(ctx, req)
	} else {
		resp, err = t.do(ctx, req)
	}
	if err != nil {
		return nil, nil, err
	}
	ps := &payloadStream{t: t, op: req.op, url: req.url, body: resp.Body, decode: decode, quit: make(chan struct{})}
	br := bufio.NewReaderSize(resp.Body, 4096)
	// An error status carries an error body, whatever type it claims.
	if resp.StatusCode >= 300 || !isEventStream(resp.Header.Get("Content-Type"), br) {
		// One body, not a stream: it must arrive whole in time.
		if tb, ok := resp.Body.(*timedBody); ok {
			tb.whole(t.bodyTimeout)
		}
		body, err := t.readBody(req.op, req.url, &http.Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: readCloser{br, resp.Body}})
		if err != nil {
			return nil, nil, err
		}
		ps.single = body
		return ps, resp, nil
	}
	t.observe(WireRecord{Kind: WireResponse, URL: req.url, Status: resp.StatusCode, Header: resp.Header})
	ps.ch = make(chan *sseBatch, 1)
	ps.free = make(chan *sseBatch, maxBatches)
	go ps.read(br)
	return ps, resp, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// isEventStream decides whether a reply is SSE. Content-Type is not to be
// trusted (some servers send JSON-RPC as text/plain), so without an SSE
// type the first bytes decide: a JSON value starts with '{' or '['.
func isEventStream(contentType string, br *bufio.Reader) bool {
	if strings.Contains(strings.ToLower(contentType), "event-stream") {
		return true
	}
	for {
		b, err := br.Peek(1)
		if err != nil {
			return false
		}
		switch b[0] {
		case ' ', '\t', '\r', '\n':
			br.ReadByte()
			continue
		case '{', '[':
			return false
		}
		return true
	}
}

// read parses the SSE body until it ends, fails or the stream is closed.
func (s *payloadStream) read(r io.Reader) {
	defer close(s.ch)
	defer s.recycle()
	events := newSSEReader(r, s.t.maxEvent)
	b, ok := s.batch()
	for ok {
		evs, err := events.read(b.buf, b.events[:0])
		b.events = evs[:0]
		clear(b.decoded) // a batch given back holds events the consumer took
		b.decoded = b.decoded[:0]
		for _, data := range evs {
			data = trimPayload(data)
			if len(data) == 0 {
				continue // keep-alives and empty events
			}
			if s.t.wire != nil {
				s.t.observe(WireRecord{Kind: WireEvent, URL: s.url, Body: data})
			}
			if s.decode == nil {
				b.events = append(b.events, data)
				continue
			}
			if ev, ok, err := s.decode(data); ok || err != nil {
				b.decoded = append(b.decoded, decodedEvent{ev, err})
			}
		}
		if err != nil && err != io.EOF {
			b.err = s.readError(err)
		}
		if len(b.events) == 0 && len(b.decoded) == 0 && b.err == nil {
			if err == nil {
				continue // nothing yet: read into the same block again
			}
			b.release()
			return
		}
		select {
		case s.ch <- b:
		case <-s.quit:
			b.release()
			return
		}
		if err != nil {
			return
		}
		b, ok = s.batch()
	}
}

// batch is a block the consumer gave back or, while the stream has fewer
// than maxBatches, one from the pool. ok=false when the stream closed.
func (s *payloadStream) batch() (b *sseBatch, ok bool) {
	if s.batches < maxBatches {
		select {
		case b = <-s.free:
		default:
			s.batches++
			b = sseBatches.Get().(*sseBatch)
		}
		return b, true
	}
	select {
	case b = <-s.free:
		return b, true
	case <-s.quit:
		return nil, false
	}
}

// recycle pools the blocks the consumer gave back. Those it still holds,
// or has not received, are left to the collector: only the consumer
// knows when it is done with them.
func (s *payloadStream) recycle() {
	for {
		select {
		case b := <-s.free:
			b.release()
		default:
			return
		}
	}
}

func (s *payloadStream) readError(err error) error {
	var tooLarge *EventTooLargeError
	if errors.As(err, &tooLarge) {
		s.t.noteOverLimit("An event in the agent's stream for the request to "+s.op, "it or the rest of the stream", s.url, "sent no error")
		return err
	}
	return &TransportError{Op: "read the event stream", URL: s.url, Err: err}
}

// nextPayload returns the next non-empty data payload, io.EOF when the
// stream ended cleanly. The payload is valid until the next call: it may
// point into a block the reader reads into again.
func (s *payloadStream) nextPayload() ([]byte, error) {
	if s.done {
		return nil, io.EOF
	}
	if s.ch == nil {
		s.done = true
		b := s.single
		s.single = nil
		return b, nil
	}
	for {
		if s.closed.Load() {
			s.done = true
			return nil, io.EOF
		}
		if b := s.cur; b != nil && s.pos < len(b.events) {
			s.pos++
			return b.events[s.pos-1], nil
		}
		if err := s.nextBatch(); err != nil {
			return nil, err
		}
	}
}

// nextEvent returns the next event of a stream opened with a decoder, or
// the error of the payload or of the stream where it comes; io.EOF when
// the stream ended cleanly. A single body is decoded here: it is the
// only payload, so nothing is gained by decoding it ahead.
func (s *payloadStream) nextEvent() (Event, error) {
	if s.ch == nil {
		for {
			data, err := s.nextPayload()
			if err != nil {
				return Event{}, err
			}
			if ev, ok, err := s.decode(data); ok || err != nil {
				return ev, err
			}
		}
	}
	if s.done {
		return Event{}, io.EOF
	}
	for {
		if s.closed.Load() {
			s.done = true
			return Event{}, io.EOF
		}
		if b := s.cur; b != nil && s.pos < len(b.decoded) {
			s.pos++
			d := &b.decoded[s.pos-1]
			return d.ev, d.err
		}
		if err := s.nextBatch(); err != nil {
			return Event{}, err
		}
	}
}

// nextBatch moves on from the batch handed out, every event of which was
// taken: it returns the batch's error, or takes the next batch from the
// reader; io.EOF when the stream ended or was closed.
func (s *payloadStream) nextBatch() error {
	if b := s.cur; b != nil {
		if b.err != nil {
			s.done = true
			return b.err
		}
		s.cur = nil
		select {
		case s.free <- b:
		default:
		}
	}
	select {
	case b, ok := <-s.ch:
		if !ok {
			s.done = true
			return io.EOF
		}
		s.cur, s.pos = b, 0
		return nil
	case <-s.quit:
		s.done = true
		return io.EOF
	}
}

// close may be called from any goroutine, more than once.
func (s *payloadStream) close() error {
	var err error
	s.once.Do(func() {
		s.closed.Store(true)
		close(s.quit)
		err = s.body.Close()
	})
	return err
}
