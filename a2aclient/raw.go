package a2aclient

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/emptypb"
)

// A raw request is one request written as the client's interface's
// binding has it, sent through the same transport as every other call
// (the configured headers, the credentials on trusted origins only), its
// reply handed back as it came: the raw console (`parley raw`) and parley
// doctor's malformed requests use it.

// RawRequest is one request in the binding's own form.
type RawRequest struct {
	// Method is the JSON-RPC method ("tasks/get"), the REST request's
	// HTTP method ("GET"), or the gRPC method ("GetTask").
	Method string
	// Path is, for REST, the path after the interface's URL
	// ("/tasks/abc"), with its query.
	Path string
	// Body is the JSON-RPC params, the REST body, or the gRPC request
	// message as ProtoJSON; empty for none.
	Body []byte
	// Whole says Body is, for JSON-RPC, the whole request, sent as it
	// is, with no envelope added (so it may be malformed on purpose).
	Whole bool
	// AnyMethod sends, over gRPC, a method the service does not have,
	// with an empty message (to see UNIMPLEMENTED).
	AnyMethod bool
}

// RawInputError is a raw request that cannot be sent as written: params
// that are not JSON, a gRPC method the service lacks, a message that is
// not the method's. Nothing was sent.
type RawInputError struct{ Err error }

func (e *RawInputError) Error() string { return e.Err.Error() }
func (e *RawInputError) Unwrap() error { return e.Err }

// RawReply is how a raw request was answered.
type RawReply struct {
	// URL is where the request went.
	URL string
	// Status is the HTTP status (for gRPC, the HTTP status its code maps
	// to; 200 for OK).
	Status int
	// GRPCCode is the gRPC status code's name ("OK", "NOT_FOUND"), and
	// GRPCMessage its message; empty over HTTP.
	GRPCCode, GRPCMessage string
	// GRPCReasons are the reasons of the google.rpc.ErrorInfo details
	// of a gRPC status, "domain/REASON" ("a2a-protocol.org/TASK_NOT_FOUND").
	GRPCReasons []string
	// ContentType is the reply's, over HTTP.
	ContentType string
	// Body is a reply that is one body (nil for a stream), secrets
	// redacted.
	Body []byte
	// Events counts the stream's events, each handed to the callback.
	Events int
}

// Raw sends req on the client's current interface and returns the reply
// whatever its status; each event of a stream goes to event, secrets
// redacted, valid only during the call. The error is the transport's
// (unreachable, refused to encode, too large), never the agent's answer.
func (c *Client) Raw(ctx context.Context, req RawRequest, event func([]byte)) (*RawReply, error) {
	if event == nil {
		event = func([]byte) {}
	}
	iface := c.Endpoint()
	switch iface.Dialect.Binding() {
	case BindingJSONRPC:
		return c.rawJSONRPC(ctx, iface, req, event)
	case BindingREST:
		return c.rawHTTP(ctx, iface, strings.ToUpper(req.Method), strings.TrimSuffix(iface.URL, "/")+req.Path, req.Body, event)
	case BindingGRPC:
		return c.rawGRPC(ctx, req, event)
	}
	return nil, fmt.Errorf("parley cannot send a raw request over %s", iface.Binding)
}

func (c *Client) rawJSONRPC(ctx context.Context, iface Interface, req RawRequest, event func([]byte)) (*RawReply, error) {
	body := req.Body
	if !req.Whole {
		env := map[string]any{"jsonrpc": "2.0", "id": NewID(), "method": req.Method}
		if len(strings.TrimSpace(string(req.Body))) > 0 {
			if !json.Valid(req.Body) {
				return nil, &RawInputError{errors.New("the params are not valid JSON")}
			}
			env["params"] = json.RawMessage(req.Body)
		}
		body, _ = json.Marshal(env)
	}
	return c.rawHTTP(ctx, iface, http.MethodPost, iface.URL, body, event)
}

// rawHTTP sends one HTTP request with the dialect's headers and reads
// the reply: one body, or the data of each SSE event.
func (c *Client) rawHTTP(ctx context.Context, iface Interface, method, u string, body []byte, event func([]byte)) (*RawReply, error) {
	if method == "" {
		return nil, &RawInputError{errors.New("no HTTP method given")}
	}
	h := versionHeader(iface.Dialect)
	if h == nil {
		h = http.Header{}
	}
	h.Set("Accept", "application/json, text/event-stream")
	if body != nil {
		h.Set("Content-Type", "application/json")
	}
	c.t.setExtensions(h, iface.Dialect)
	r := request{op: "send the raw request", method: method, url: u, body: body, header: h, stream: true}
	hreq, err := c.t.newRequest(ctx, r)
	if err != nil {
		return nil, err
	}
	c.learnSecrets(hreq)
	resp, err := c.t.roundTrip(hreq, r)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	out := &RawReply{URL: redactURL(u), Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type")}
	br := bufio.NewReaderSize(resp.Body, 4096)
	if !isEventStream(out.ContentType, br) || resp.StatusCode >= 300 {
		b, err := io.ReadAll(io.LimitReader(br, int64(c.t.maxEvent)+1))
		if err != nil {
			return nil, &TransportError{Op: r.op, URL: u, Err: err}
		}
		if len(b) > c.t.maxEvent {
			return nil, &EventTooLargeError{Limit: c.t.maxEvent}
		}
		out.Body = c.redact(b)
		return out, nil
	}
	sr := newSSEReader(br, c.t.maxEvent)
	buf := make([]byte, 32<<10)
	var evs [][]byte
	for {
		evs, err = sr.read(buf, evs[:0])
		for _, ev := range evs {
			out.Events++
			event(c.redact(ev))
		}
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, &TransportError{Op: "read the event stream", URL: u, Err: err}
		}
	}
}

// rawGRPC calls one method of the interface's gRPC service, its request
// read from ProtoJSON into the method's message.
func (c *Client) rawGRPC(ctx context.Context, req RawRequest, event func([]byte)) (*RawReply, error) {
	var e *grpcEndpoint
	switch b := c.binding().(type) {
	case *v10GRPC:
		e = b.e
	case *v03GRPC:
		e = b.e
	default:
		return nil, errors.New("the interface has no gRPC endpoint")
	}
	name := strings.TrimPrefix(req.Method, "/")
	name = strings.TrimPrefix(name, e.service+"/")
	name = strings.TrimPrefix(name, e.service+".")
	var in, outMsg protoreflect.ProtoMessage = &emptypb.Empty{}, &emptypb.Empty{}
	streams := false
	if md, err := GRPCMethod(e.service, name); err == nil {
		it, err1 := protoregistry.GlobalTypes.FindMessageByName(md.Input().FullName())
		ot, err2 := protoregistry.GlobalTypes.FindMessageByName(md.Output().FullName())
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("the messages of %s are not known to parley", name)
		}
		in, outMsg, streams = it.New().Interface(), ot.New().Interface(), md.IsStreamingServer()
		if len(strings.TrimSpace(string(req.Body))) > 0 {
			if err := protojson.Unmarshal(req.Body, in); err != nil {
				return nil, &RawInputError{fmt.Errorf("the request is not a %s in ProtoJSON: %w", md.Input().Name(), err)}
			}
		}
	} else if !req.AnyMethod {
		return nil, &RawInputError{err}
	}
	conn, err := e.dial()
	if err != nil {
		return nil, err
	}
	const op = "send the raw request"
	md, h, secrets, err := e.outgoing(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	c.t.sentSecrets.learnRequest(&http.Request{Header: h, URL: &url.URL{}}, secrets, nil)
	cctx, cancel := context.WithCancel(metadata.NewOutgoingContext(ctx, md))
	defer cancel()
	full := "/" + e.service + "/" + name
	out := &RawReply{URL: redactURL(e.callURL(name))}
	var hdr, trl metadata.MD
	if streams {
		cs, err := conn.NewStream(cctx, &grpc.StreamDesc{StreamName: name, ServerStreams: true}, full)
		if err == nil {
			err = cs.SendMsg(in)
		}
		if err == nil {
			err = cs.CloseSend()
		}
		for err == nil {
			m := outMsg.ProtoReflect().New().Interface()
			if err = cs.RecvMsg(m); err == nil {
				b, _ := protojson.Marshal(m)
				out.Events++
				event(c.redact(b))
			}
		}
		if errors.Is(err, io.EOF) {
			err = nil
		}
	} else {
		err = conn.Invoke(cctx, full, in, outMsg, grpc.Header(&hdr), grpc.Trailer(&trl))
		if err == nil {
			b, _ := protojson.Marshal(outMsg)
			out.Body = c.redact(b)
		}
	}
	st, ok := status.FromError(err)
	if !ok {
		return nil, &TransportError{Op: op, URL: e.url, Err: err}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	out.GRPCCode, out.GRPCMessage = grpcCodeName(st.Code()), c.redactString(st.Message())
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			out.GRPCReasons = append(out.GRPCReasons, info.Domain+"/"+info.Reason)
		}
	}
	out.Status = http.StatusOK
	if st.Code() != codes.OK {
		out.Status = grpcHTTPStatus(st.Code())
	}
	return out, nil
}

// GRPCMethod is the descriptor of a method of a gRPC service parley
// knows (the A2A services of v0.3 and v1.0).
func GRPCMethod(service, method string) (protoreflect.MethodDescriptor, error) {
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if err != nil || !ok {
		return nil, fmt.Errorf("parley does not know the gRPC service %s", service)
	}
	if md := sd.Methods().ByName(protoreflect.Name(method)); md != nil {
		return md, nil
	}
	return nil, fmt.Errorf("the gRPC service %s has no method %q; it has %s", service, method, strings.Join(GRPCMethods(service), ", "))
}

// GRPCMethods lists the methods of a gRPC service parley knows.
func GRPCMethods(service string) []string {
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if err != nil || !ok {
		return nil
	}
	var out []string
	for i := 0; i < sd.Methods().Len(); i++ {
		out = append(out, string(sd.Methods().Get(i).Name()))
	}
	return out
}

// GRPCService is the gRPC service the client's interface speaks, ""
// when it is no gRPC interface.
func (c *Client) GRPCService() string {
	switch b := c.binding().(type) {
	case *v10GRPC:
		return b.e.service
	case *v03GRPC:
		return b.e.service
	}
	return ""
}

func (c *Client) binding() binding {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b
}

// learnSecrets remembers the credential values on a request, so that a
// reply echoing them shows REDACTED (the transport learns them only when
// a wire observer is set).
func (c *Client) learnSecrets(hreq *http.Request) {
	creds, _ := hreq.Context().Value(credHeadersKey{}).(*credHeaderSet)
	query, _ := hreq.Context().Value(credQueryKey{}).(*credHeaderSet)
	if creds == nil || query == nil {
		return
	}
	c.t.sentSecrets.learnRequest(hreq, creds.list(), query.list())
}

// redact is b with the credential values sent and secret-named members
// replaced, as the wire view shows them; always a copy.
func (c *Client) redact(b []byte) []byte {
	return append([]byte(nil), redactSecretMembers(scrub(b, c.t.sentSecrets.list()))...)
}

func (c *Client) redactString(s string) string { return scrubString(s, c.t.sentSecrets.list()) }

// Redact is s with every credential value the client has sent (and
// learnt, which needs a wire observer or a raw request) replaced by
// REDACTED: for text built from an agent's answers, such as an error
// that reflects the token it was sent.
func (c *Client) Redact(s string) string { return c.redactString(s) }
