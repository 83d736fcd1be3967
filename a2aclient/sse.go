package a2aclient

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
)

// payloadStream yields the JSON payloads of a streamed reply, one per SSE
// event. Servers that answer a stream request with a single JSON body
// (an error, or a server without streaming) yield that body once.
//
// A goroutine reads the SSE body and hands payloads over a channel, so
// that close from another goroutine can abort a blocked read safely.
type payloadStream struct {
	t    *transport
	url  string
	body io.ReadCloser
	ch   chan payload
	quit chan struct{}
	once sync.Once
	// single holds a non-SSE body, returned once.
	single []byte
	done   bool
}

type payload struct {
	data []byte
	err  error
}

// openStream starts a streaming request.
func (t *transport) openStream(ctx context.Context, req request, raw bool) (*payloadStream, *http.Response, error) {
	if req.header == nil {
		req.header = http.Header{}
	}
	req.header.Set("Accept", "text/event-stream, application/json")
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
	ps := &payloadStream{t: t, url: req.url, body: resp.Body, quit: make(chan struct{})}
	br := bufio.NewReaderSize(resp.Body, 4096)
	// An error status carries an error body, whatever type it claims.
	if resp.StatusCode >= 300 || !isEventStream(resp.Header.Get("Content-Type"), br) {
		body, err := t.readBody(req.op, req.url, &http.Response{StatusCode: resp.StatusCode, Header: resp.Header, Body: readCloser{br, resp.Body}})
		if err != nil {
			return nil, nil, err
		}
		ps.single = body
		return ps, resp, nil
	}
	t.observe(WireRecord{Kind: WireResponse, URL: req.url, Status: resp.StatusCode, Header: resp.Header})
	ps.ch = make(chan payload, 1)
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
	events := newSSEReader(r, s.t.maxEvent)
	for {
		var p payload
		data, err := events.next()
		if err == io.EOF {
			return
		}
		if err != nil {
			p.err = s.readError(err)
		} else {
			data = bytes.TrimSpace(data)
			if len(data) == 0 {
				continue // keep-alives and empty events
			}
			s.t.observe(WireRecord{Kind: WireEvent, URL: s.url, Body: data})
			p.data = data
		}
		select {
		case s.ch <- p:
		case <-s.quit:
			return
		}
		if err != nil {
			return
		}
	}
}

func (s *payloadStream) readError(err error) error {
	var tooLarge *EventTooLargeError
	if errors.As(err, &tooLarge) {
		return err
	}
	return &TransportError{Op: "read the event stream", URL: s.url, Err: err}
}

// nextPayload returns the next non-empty data payload, io.EOF when the
// stream ended cleanly.
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
	select {
	case p, ok := <-s.ch:
		if !ok {
			s.done = true
			return nil, io.EOF
		}
		if p.err != nil {
			s.done = true
		}
		return p.data, p.err
	case <-s.quit:
		s.done = true
		return nil, io.EOF
	}
}

// close may be called from any goroutine, more than once.
func (s *payloadStream) close() error {
	var err error
	s.once.Do(func() {
		close(s.quit)
		err = s.body.Close()
	})
	return err
}
