package a2aclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"
)

// rpcIDs numbers JSON-RPC requests; ids need only be unique per client.
var rpcIDs atomic.Int64

type rpcRequest struct {
	JSONRPC string `json:"jsonrpc"`
	ID      string `json:"id"`
	Method  string `json:"method"`
	Params  any    `json:"params,omitempty"`
}

type rpcErrorObject struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

type rpcResponse struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *rpcErrorObject `json:"error"`
}

// rpc is one JSON-RPC endpoint of one dialect.
type rpc struct {
	t       *transport
	url     string
	dialect Dialect
	header  http.Header // extra headers, e.g. A2A-Version
}

// call performs a JSON-RPC call and returns the raw result.
func (c *rpc) call(ctx context.Context, op, method string, params any, blocking bool) (json.RawMessage, error) {
	id, body, err := c.encode(method, params)
	if err != nil {
		return nil, fmt.Errorf("%s: encode request: %w", op, err)
	}
	resp, err := c.t.doRaw(ctx, request{op: op, method: http.MethodPost, url: c.url, body: body, header: c.headers(), noTimeout: blocking})
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		return nil, statusError(c.url, resp, b)
	}
	data, err := c.t.readBody(op, c.url, resp)
	if err != nil {
		return nil, err
	}
	result, rerr := c.decode(data, id)
	redactRPCError(rerr, resp.Request)
	if rerr != nil && resp.StatusCode >= 300 {
		if _, isRPC := rerr.(*RPCError); !isRPC {
			return nil, statusError(c.url, resp, data)
		}
	}
	return result, rerr
}

// stream performs a streaming JSON-RPC call; each payload is a JSON-RPC
// response whose result the dialect decodes with result, unless the fast
// path of shape reads it first. Both run on the stream's reader goroutine.
func (c *rpc) stream(ctx context.Context, op, method string, params any, shape fastShape, result resultDecoder) (*rpcStream, error) {
	id, body, err := c.encode(method, params)
	if err != nil {
		return nil, fmt.Errorf("%s: encode request: %w", op, err)
	}
	d := &rpcEventDecoder{rpc: c, id: id, shape: shape, result: result}
	ps, resp, err := c.t.openStream(ctx, request{op: op, method: http.MethodPost, url: c.url, body: body, header: c.headers()}, true, d.decode)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		b, _ := ps.nextPayload()
		ps.close()
		return nil, statusError(c.url, resp, b)
	}
	if resp.StatusCode >= 300 {
		b, _ := ps.nextPayload()
		ps.close()
		if _, rerr := c.decode(b, id); rerr != nil {
			redactRPCError(rerr, resp.Request)
			if _, isRPC := rerr.(*RPCError); isRPC {
				return nil, rerr
			}
		}
		return nil, statusError(c.url, resp, b)
	}
	if ps.ch == nil {
		// One JSON body instead of a stream: servers answer a streaming
		// call they refuse with a plain error reply, under HTTP 200
		// (a2a-go sends "method not found" so). The error belongs to the
		// call, not to a stream, so the client can fall back to another
		// dialect rather than confirm this one.
		if _, rerr := c.decode(ps.single, id); rerr != nil {
			if _, isRPC := rerr.(*RPCError); isRPC {
				ps.close()
				return nil, rerr
			}
		}
	}
	return &rpcStream{ps: ps, rpc: c, id: id}, nil
}

func (c *rpc) headers() http.Header {
	h := c.header.Clone()
	if h == nil {
		h = http.Header{}
	}
	h.Set("Content-Type", "application/json")
	c.t.setExtensions(h, c.dialect)
	return h
}

func (c *rpc) encode(method string, params any) (string, []byte, error) {
	id := strconv.FormatInt(rpcIDs.Add(1), 10)
	body, err := json.Marshal(rpcRequest{JSONRPC: "2.0", ID: id, Method: method, Params: params})
	return id, body, err
}

// decode checks a JSON-RPC response envelope: valid JSON, our id (or
// null, which some servers send on errors), exactly one of result and
// error.
func (c *rpc) decode(data []byte, wantID string) (json.RawMessage, error) {
	var r rpcResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, &ProtocolError{What: "reply is not valid JSON", Err: err}
	}
	if !idMatches(r.ID, wantID) {
		return nil, &ProtocolError{What: fmt.Sprintf("reply is for request id %s, not %s", truncate(string(r.ID), 40), wantID)}
	}
	hasResult := len(r.Result) > 0 && !bytes.Equal(r.Result, []byte("null"))
	if r.Error != nil && hasResult {
		return nil, &ProtocolError{What: "reply has both a result and an error"}
	}
	if r.Error != nil {
		var data any
		if len(r.Error.Data) > 0 {
			_ = json.Unmarshal(r.Error.Data, &data)
		}
		return nil, &RPCError{Code: r.Error.Code, Message: r.Error.Message, Data: data, Dialect: c.dialect, Kind: rpcCodeKind(c.dialect, r.Error.Code)}
	}
	if !hasResult {
		return nil, &ProtocolError{What: "reply has neither a result nor an error", Err: errNoResult}
	}
	return r.Result, nil
}

// errNoResult marks a reply whose result is null or missing. Methods whose
// result is null by design (deleting a push config) test for it.
var errNoResult = errors.New("null or missing result")

// idMatches accepts our id as a string or a number, and a null or missing
// id (servers send null when they could not read ours).
func idMatches(raw json.RawMessage, want string) bool {
	s := string(bytes.TrimSpace(raw))
	if s == "" || s == "null" {
		return true
	}
	if s == want {
		return true
	}
	var str string
	if json.Unmarshal(raw, &str) == nil {
		return str == want
	}
	return false
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// rpcStream yields the results of a streamed JSON-RPC call.
type rpcStream struct {
	ps  *payloadStream
	rpc *rpc
	id  string
}

// next returns the next event, io.EOF at the end of the stream.
func (s *rpcStream) next() (Event, error) { return s.ps.nextEvent() }

func (s *rpcStream) close() error { return s.ps.close() }

// resultDecoder is a dialect's decoder of one streamed result.
type resultDecoder func(raw json.RawMessage) (Event, bool, error)

// rpcEventDecoder decodes the payloads of one JSON-RPC stream, in order:
// a plain text artifact update on the fast path (fastevents.go), any
// other payload through the envelope and the dialect's result decoder.
// fast is its own, so it needs no lock: one goroutine decodes a stream.
type rpcEventDecoder struct {
	rpc    *rpc
	id     string
	shape  fastShape
	result resultDecoder
	fast   fastStrings
}

func (d *rpcEventDecoder) decode(data []byte) (Event, bool, error) {
	if ev, ok := fastArtifactUpdate(data, d.id, d.shape, &d.fast); ok {
		return ev, true, nil
	}
	raw, err := d.rpc.decode(data, d.id)
	if err != nil {
		return Event{}, false, err
	}
	return d.result(raw)
}
