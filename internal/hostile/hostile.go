// Package hostile is a misbehaving A2A agent for tests: a v0.3 JSON-RPC
// server with one Mode per fault a server or a network can commit, so the
// client's answer to each can be checked on a real HTTP connection.
//
// A healthy reply is a task ("task-1" in context "ctx-1") whose answer,
// the artifact "answer", reads "Hello world": message/send returns it
// completed; message/stream streams submitted, working, "Hello " and
// "world" as two chunks, then completed; tasks/resubscribe streams the
// rest of it; tasks/get returns it completed. A fault replaces that reply
// for the methods it is set for, as often as Times says, then the server
// turns healthy, which is how recovery (resume, retry) is tested.
//
// Nothing here imports parley: the wire is written by hand so that the
// client under test is checked against an independent encoding.
package hostile

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Mode is one fault.
type Mode string

const (
	Healthy        Mode = "healthy"
	Status         Mode = "status"           // Options.Status with Options.Body (HTML 500, 429, 503)
	InvalidJSON    Mode = "invalid-json"     // a reply or event that is not JSON
	WrongID        Mode = "wrong-id"         // a JSON-RPC reply for another request id
	ResultAndError Mode = "result-and-error" // both members in one reply
	UnknownThings  Mode = "unknown"          // unknown states, part kinds and fields, then completed
	OtherTask      Mode = "other-task"       // events for another task mixed into the stream
	AppendMissing  Mode = "append-missing"   // appends to an artifact that was never started
	InvalidUTF8    Mode = "invalid-utf8"     // raw invalid UTF-8 inside JSON strings
	HugeLine       Mode = "huge-line"        // one SSE data line of Options.HugeSize bytes
	KeepAlives     Mode = "keep-alives"      // SSE comments and empty events, forever
	Silent         Mode = "silent"           // reads the request, never answers
	SilentStream   Mode = "silent-stream"    // SSE headers, then nothing
	SlowStream     Mode = "slow-stream"      // the first event, Options.Pause, then the rest
	CutStream      Mode = "cut-stream"       // the first events, then the connection drops mid-event
	Unsupported    Mode = "unsupported"      // JSON-RPC "method not found"
	Redirect       Mode = "redirect"         // Fault.Status (default 307) to Fault.Location + the request path
	Hostile        Mode = "hostile-text"     // terminal escape sequences in every string
	// PushOther takes a push config for its task-1 (which it reports
	// working), answers with an id of its own (Fault.Location, when set),
	// then pushes task-1 failed with Fault.Body as its status text and
	// answer: an id another agent may have used too (push.go).
	PushOther Mode = "push-other"
	// ContextOne answers every message with a message in context "1",
	// an id that reads like parley's number for a conversation (ids.go).
	ContextOne Mode = "context-one"
	// Reflect answers with Fault.Status (default 500) and an error body
	// that quotes back the request's Authorization and X-Api-Key headers,
	// as a careless server's error page does.
	Reflect Mode = "reflect"
)

// Fault is one misbehaviour and where it applies.
type Fault struct {
	Mode Mode
	// Methods the fault applies to: JSON-RPC method names, or "card" for
	// a GET of the agent card; empty means every JSON-RPC method.
	Methods []string
	// Times the fault fires before it is spent; 0 is always.
	Times int
	// Status, RetryAfter, Location, ContentType and Body make the Status
	// and Redirect replies.
	Status      int
	RetryAfter  string
	Location    string
	ContentType string
	Body        string
	// HugeSize is the length of the HugeLine event; default 50 MB.
	HugeSize int
	// Pause is how long SlowStream waits between its events.
	Pause time.Duration
}

// Options configure a Server.
type Options struct {
	// Faults are tried in order: a request gets the first one that
	// applies to it and is not spent; with none, a healthy reply.
	Faults []Fault
	// NoStreaming says in the card that the agent cannot stream.
	NoStreaming bool
}

// Request is one request the server saw.
type Request struct {
	Time   time.Time
	Method string // HTTP method
	Path   string
	RPC    string // JSON-RPC method, "" for the card
	Header http.Header
	Query  string
	Faulty bool // answered with the fault
	// ClientCert says a TLS client presented a certificate (Site only).
	ClientCert bool
}

// Server is a running hostile agent.
type Server struct {
	*httptest.Server
	o Options

	mu     sync.Mutex
	reqs   []Request
	fired  []int // per fault, how often it fired
	faults int
	sent   atomic.Int64 // bytes written by KeepAlives and HugeLine
}

// Serve starts an agent with these faults on loopback over plain HTTP.
func Serve(faults ...Fault) *Server { return New(Options{Faults: faults}) }

// New starts a hostile agent on loopback over plain HTTP.
func New(o Options) *Server {
	s := &Server{o: o, fired: make([]int, len(o.Faults))}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// NewTLS starts it over HTTPS with httptest's self-signed certificate,
// which no default client trusts.
func NewTLS(o Options) *Server {
	s := &Server{o: o, fired: make([]int, len(o.Faults))}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	// A refused certificate is the point of the test, not news.
	s.Config.ErrorLog = log.New(io.Discard, "", 0)
	s.StartTLS()
	return s
}

// Requests returns what the server has seen so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Faults is how many replies so far were a fault.
func (s *Server) Faults() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.faults
}

// Sent is how many bytes the endless and huge replies have written.
func (s *Server) Sent() int64 { return s.sent.Load() }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	rec := Request{Time: time.Now(), Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Query: r.URL.RawQuery}
	var call rpcCall
	if r.Method == http.MethodPost {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		_ = json.Unmarshal(body, &call)
		rec.RPC = call.Method
	}
	name := rec.RPC
	if r.Method == http.MethodGet {
		name = "card"
	}
	if call.ID == nil {
		call.ID = json.RawMessage("null")
	}
	f := s.take(name)
	rec.Faulty = f != nil
	s.mu.Lock()
	s.reqs = append(s.reqs, rec)
	s.mu.Unlock()
	switch {
	case f != nil:
		s.fault(w, r, call, f)
	case name == "card":
		s.card(w, r)
	default:
		healthy(w, call)
	}
}

// take picks the fault this request gets, if any, and counts it.
func (s *Server) take(name string) *Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.o.Faults {
		f := &s.o.Faults[i]
		applies := slices.Contains(f.Methods, name) || len(f.Methods) == 0 && name != "card"
		if !applies || f.Times > 0 && s.fired[i] >= f.Times {
			continue
		}
		s.fired[i]++
		s.faults++
		return f
	}
	return nil
}

// card serves a v0.3 card naming this server's /rpc endpoint.
func (s *Server) card(w http.ResponseWriter, r *http.Request) {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	card := map[string]any{
		"name": "hostile", "description": "An agent that misbehaves on purpose.", "version": "1",
		"protocolVersion": "0.3.0", "url": fmt.Sprintf("%s://%s/rpc", scheme, r.Host),
		"preferredTransport": "JSONRPC",
		"capabilities":       map[string]any{"streaming": !s.o.NoStreaming, "pushNotifications": s.pushes()},
		"defaultInputModes":  []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
		"skills": []any{map[string]any{"id": "s", "name": "misbehave", "description": "d", "tags": []string{"t"}}},
	}
	writeJSON(w, card)
}

type rpcCall struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
