// Package loopback is the benchmarks' own A2A agent: it answers every
// streaming request with one long answer, pre-encoded, so that the server
// is never what a measurement measures. The A2A SDK servers slow down
// quadratically with the number of chunks; this one writes a byte slice
// built before the first request.
package loopback

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
)

// Dialect is a wire form the server speaks.
type Dialect string

const (
	// V03 is v0.3 JSON-RPC: message/stream, results told apart by "kind".
	V03 Dialect = "v0.3"
	// V10 is v1.0 JSON-RPC: SendStreamingMessage, results wrapped in
	// {"artifactUpdate":…} and friends.
	V10 Dialect = "v1.0"
)

// Options shape the answer.
type Options struct {
	Dialect Dialect
	// Chunks is how many artifact-update events carry the answer.
	Chunks int
	// ChunkSize is the bytes of answer text per chunk.
	ChunkSize int
	// Distinct sends each chunk as an artifact of its own (IDs a0, a1,
	// …), whole and sealed, rather than appending to one.
	Distinct bool
	// Form is how each event is framed: OneLine (the default) or
	// MultiLine.
	Form Form
	// Interleave, above 1, streams that many artifacts at once (IDs
	// InterleavedID(0), InterleavedID(1), …), Chunks chunks each, a
	// chunk of each in turn: two long reports side by side. Artifact k
	// carries Answers[k].
	Interleave int
}

// Form is the framing of the SSE events.
type Form string

const (
	// OneLine is what parley's own fast path expects: each event one
	// "data:" line of compact JSON and a blank line, ended by LF.
	OneLine Form = "one-line"
	// MultiLine is what agents built on other SDKs send: lines ended by
	// CRLF, a comment, an event name and an event id before the data,
	// and the JSON indented by two spaces, one "data:" line per line of
	// it (as an SSE writer sends a payload with line breaks).
	MultiLine Form = "multi-line"
)

// Server is a running loopback agent.
type Server struct {
	// URL is the agent's base URL; its card is at the well-known path.
	URL string
	// Answer is the whole text the stream carries: with Interleave,
	// the artifacts' texts joined in their order, as parley prints it.
	Answer string
	// Answers is each artifact's text, with Interleave; nil without.
	Answers []string

	o    Options
	ln   net.Listener
	srv  *http.Server
	card []byte

	// body answers request id "1" (what curl and a fresh parley
	// send); segs is the same body cut around each id, to answer any
	// other id with no encoding: segs[0] id segs[1] id … segs[n].
	body []byte
	segs [][]byte

	streams atomic.Int64
	// onStream, when set, hears each stream start and end (true, false).
	onStream func(start bool)
}

// TaskID and ContextID are what every answer belongs to.
const (
	TaskID    = "bench-task"
	ContextID = "bench-context"
	// ArtifactID names the one artifact the answer streams into (but
	// with Interleave: InterleavedID).
	ArtifactID = "answer"
	// EndMarker ends every answer, so a reader can tell the last chunk
	// arrived and was drawn.
	EndMarker = "ENDOFBENCHANSWER"
)

// Start listens on a free loopback port and serves until Close.
func Start(o Options) (*Server, error) {
	if o.Dialect == "" {
		o.Dialect = V03
	}
	if o.Chunks <= 0 || o.ChunkSize <= 0 {
		return nil, fmt.Errorf("loopback: chunks and chunk size must be positive")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{o: o, ln: ln, URL: "http://" + ln.Addr().String()}
	if o.Interleave > 1 && o.Distinct {
		return nil, fmt.Errorf("loopback: interleaved artifacts are not distinct ones")
	}
	if o.Interleave > 1 && o.Chunks*o.ChunkSize < 64+len(answerHead(o.Interleave)) {
		return nil, fmt.Errorf("loopback: interleaved answers must be at least %d bytes", 64+len(answerHead(o.Interleave)))
	}
	s.Answer = Answer(o.Chunks * o.ChunkSize)
	if o.Interleave > 1 {
		for k := range o.Interleave {
			s.Answers = append(s.Answers, InterleavedAnswer(k, o.Chunks*o.ChunkSize))
		}
		s.Answer = strings.Join(s.Answers, "")
	}
	s.card = s.buildCard()
	s.body = s.buildStream(`"1"`)
	s.segs = bytes.Split(s.buildStream(idHole), []byte(idHole))
	s.srv = &http.Server{Handler: s}
	go s.srv.Serve(ln)
	return s, nil
}

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

// Streams is how many streams the server has answered.
func (s *Server) Streams() int64 { return s.streams.Load() }

// OnStream sets a hook called when a stream starts (true) and when its
// last byte is written (false). Set it before any request arrives.
func (s *Server) OnStream(f func(start bool)) { s.onStream = f }

// StreamBody is the SSE body answering request id "1", as curl reads it.
func (s *Server) StreamBody() []byte { return s.body }

// idHole stands for the request id in the cut body; it cannot occur in
// the JSON the server writes.
const idHole = "\x00id\x00"

// StreamRequest is a streaming request with id "1", for curl.
func (s *Server) StreamRequest() []byte {
	method := "message/stream"
	msg := `{"kind":"message","messageId":"m1","role":"user","parts":[{"kind":"text","text":"go"}]}`
	if s.o.Dialect == V10 {
		method = "SendStreamingMessage"
		msg = `{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"go"}]}`
	}
	return []byte(`{"jsonrpc":"2.0","id":"1","method":"` + method + `","params":{"message":` + msg + `}}`)
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		if strings.HasPrefix(r.URL.Path, "/.well-known/") {
			w.Header().Set("Content-Type", "application/json")
			w.Write(s.card)
			return
		}
		http.NotFound(w, r)
		return
	}
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	id := string(req.ID)
	if id == "" {
		id = "null"
	}
	switch req.Method {
	case "message/stream", "SendStreamingMessage", "tasks/resubscribe", "SubscribeToTask":
	default:
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"the loopback agent only streams"}}`, id)
		return
	}
	s.streams.Add(1)
	if s.onStream != nil {
		s.onStream(true)
		defer s.onStream(false)
	}
	holes := len(s.segs) - 1
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Content-Length", strconv.Itoa(len(s.body)+holes*(len(id)-len(`"1"`))))
	w.WriteHeader(http.StatusOK)
	if id == `"1"` {
		w.Write(s.body)
		return
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	for i, seg := range s.segs {
		if i > 0 {
			bw.WriteString(id)
		}
		bw.Write(seg)
	}
	bw.Flush()
}

func (s *Server) buildCard() []byte {
	card := map[string]any{
		"name":               "Loopback bench agent",
		"description":        "Streams one long pre-encoded answer.",
		"version":            "1.0.0",
		"capabilities":       map[string]any{"streaming": true},
		"defaultInputModes":  []string{"text/plain"},
		"defaultOutputModes": []string{"text/markdown"},
		"skills":             []map[string]any{{"id": "stream", "name": "Stream", "description": "A long answer.", "tags": []string{"bench"}}},
	}
	if s.o.Dialect == V10 {
		card["supportedInterfaces"] = []map[string]any{{"url": s.URL + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}}
	} else {
		card["url"] = s.URL + "/"
		card["protocolVersion"] = "0.3.0"
		card["preferredTransport"] = "JSONRPC"
	}
	b, _ := json.Marshal(card)
	return b
}

// buildStream encodes the whole SSE body for one request id: the task,
// the chunks (the first replaces, the rest append, the last seals), and
// the completed status.
func (s *Server) buildStream(id string) []byte {
	var buf bytes.Buffer
	buf.Grow(s.o.Chunks * max(s.o.Interleave, 1) * (s.o.ChunkSize + 256))
	n := 0
	event := func(result string) {
		n++
		if s.o.Form == MultiLine {
			s.multiLineEvent(&buf, n, id, result)
			return
		}
		buf.WriteString(`data: {"jsonrpc":"2.0","id":`)
		buf.WriteString(id)
		buf.WriteString(`,"result":`)
		buf.WriteString(result)
		buf.WriteString("}\n\n")
	}
	v10 := s.o.Dialect == V10
	if v10 {
		event(`{"task":{"id":"` + TaskID + `","contextId":"` + ContextID + `","status":{"state":"TASK_STATE_WORKING"}}}`)
	} else {
		event(`{"kind":"task","id":"` + TaskID + `","contextId":"` + ContextID + `","status":{"state":"working"}}`)
	}
	for i := 0; i < s.o.Chunks*max(s.o.Interleave, 1); i++ {
		c, answer, artifactID := i, s.Answer, ArtifactID
		if s.o.Interleave > 1 {
			k := i % s.o.Interleave
			c, answer, artifactID = i/s.o.Interleave, s.Answers[k], InterleavedID(k)
		}
		text, _ := json.Marshal(answer[c*s.o.ChunkSize : (c+1)*s.o.ChunkSize])
		appendChunk := c > 0
		last := c == s.o.Chunks-1
		if s.o.Distinct {
			appendChunk, last, artifactID = false, true, "a"+strconv.Itoa(i)
		}
		if v10 {
			event(fmt.Sprintf(`{"artifactUpdate":{"taskId":"%s","contextId":"%s","artifact":{"artifactId":"%s","name":"answer","parts":[{"text":%s}]},"append":%t,"lastChunk":%t}}`,
				TaskID, ContextID, artifactID, text, appendChunk, last))
		} else {
			event(fmt.Sprintf(`{"kind":"artifact-update","taskId":"%s","contextId":"%s","artifact":{"artifactId":"%s","name":"answer","parts":[{"kind":"text","text":%s}]},"append":%t,"lastChunk":%t}`,
				TaskID, ContextID, artifactID, text, appendChunk, last))
		}
	}
	if v10 {
		event(`{"statusUpdate":{"taskId":"` + TaskID + `","contextId":"` + ContextID + `","status":{"state":"TASK_STATE_COMPLETED"}}}`)
	} else {
		event(`{"kind":"status-update","taskId":"` + TaskID + `","contextId":"` + ContextID + `","status":{"state":"completed"},"final":true}`)
	}
	return buf.Bytes()
}

// idStandIn holds the request id's place while a payload is indented:
// a JSON string (json.Indent takes only valid JSON, and the id hole is
// not), replaced by the id once indented.
const idStandIn = `"\u0000id\u0000"`

// multiLineEvent writes event n in the MultiLine form.
func (s *Server) multiLineEvent(buf *bytes.Buffer, n int, id, result string) {
	var indented bytes.Buffer
	if err := json.Indent(&indented, []byte(`{"jsonrpc":"2.0","id":`+idStandIn+`,"result":`+result+`}`), "", "  "); err != nil {
		panic("loopback: a payload of our own is not JSON: " + err.Error())
	}
	payload := bytes.Replace(indented.Bytes(), []byte(idStandIn), []byte(id), 1)
	buf.WriteString(": chunk " + strconv.Itoa(n) + "\r\n")
	buf.WriteString("event: message\r\n")
	buf.WriteString("id: " + strconv.Itoa(n) + "\r\n")
	for _, line := range bytes.Split(payload, []byte("\n")) {
		buf.WriteString("data: ")
		buf.Write(line)
		buf.WriteString("\r\n")
	}
	buf.WriteString("\r\n")
}
