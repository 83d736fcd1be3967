package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/parley-a2a/parley/a2aclient"
)

// A malformed request is sent as the binding writes requests (through
// Client.Raw) and its answer judged against the binding's error shapes
// and codes (spec.go names the sections). The
// requests are built from the binding check's GetTask, as the client
// sent it (recorded by the wire observer), so the doctor needs no table
// of method names or paths of its own: a JSON-RPC GetTask's method, a
// REST interface's base path (/v1 for v0.3, the tenant), a gRPC
// service's method.

// malformed is one malformed request and what the binding must answer.
type malformed struct {
	what string // "a parse error", for the detail
	want string // "-32700", what the binding answers
	req  a2aclient.RawRequest
	// judge is "" when the reply is right, else what was wrong.
	judge func(*a2aclient.RawReply) string
}

// errorShapes checks malformed requests get the binding's errors.
func (o *on) errorShapes(ctx context.Context) {
	if !o.answered {
		o.result("errors", Skip, upper(o.why)+".", 0)
		return
	}
	probes, section := o.malformedRequests()
	if len(probes) == 0 {
		o.result("errors", Skip, "parley has no malformed requests for this binding.", 0)
		return
	}
	var bad, good []string
	took := o.within(ctx, func(ctx context.Context) {
		for _, p := range probes {
			rep, err := o.c.Raw(ctx, p.req, nil)
			switch {
			case err != nil:
				bad = append(bad, fmt.Sprintf("%s failed: %v", p.what, err))
			default:
				if why := p.judge(rep); why != "" {
					bad = append(bad, p.what+": "+why)
				} else {
					got := p.want
					if rep.GRPCCode != "" {
						got = rep.GRPCCode
					}
					good = append(good, p.what+" "+got)
				}
			}
		}
	})
	if len(bad) > 0 {
		o.result("errors", Fail, clean(upper(strings.Join(bad, "; "))+" ("+section+")."), took)
		return
	}
	o.result("errors", Pass, clean("Malformed requests get the binding's errors: "+strings.Join(good, ", ")+"."), took)
}

// malformedRequests are the requests for the interface's binding, and
// the spec's section on its errors.
func (o *on) malformedRequests() ([]malformed, string) {
	got := o.getRequest
	if got == nil {
		return nil, ""
	}
	switch o.i.Dialect.Binding() {
	case a2aclient.BindingJSONRPC:
		return rpcMalformed(got.Body), o.cite(specRPCErrors) + ", JSON-RPC 2.0 §5.1"
	case a2aclient.BindingREST:
		// The error body is v1.0's (AIP-193); v0.3 and the gateway
		// name none.
		return restMalformed(o.i.URL, got.URL, o.i.Dialect.Version() == "1.0"), o.cite(specRESTErrors) + ", AIP-193"
	case a2aclient.BindingGRPC:
		return grpcMalformed(got.URL), o.cite(specGRPCErrors)
	}
	return nil, ""
}

const probeID = "parley-doctor"

// rpcMalformed: a parse error, an invalid request, an unknown method,
// and GetTask with an id that is not a string.
func rpcMalformed(getTask []byte) []malformed {
	var env struct {
		Method string `json:"method"`
	}
	_ = json.Unmarshal(getTask, &env)
	bad, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": probeID, "method": env.Method, "params": map[string]any{"id": map[string]any{"parley": "doctor"}}})
	out := []malformed{
		{what: "a parse error", want: "-32700", req: a2aclient.RawRequest{Whole: true, Body: []byte(`{"jsonrpc": "2.0", "id": "` + probeID + `", "method": `)}, judge: rpcCode(-32700, true)},
		{what: "a request without a method", want: "-32600", req: a2aclient.RawRequest{Whole: true, Body: []byte(`{"jsonrpc": "2.0", "id": "` + probeID + `", "params": {}}`)}, judge: rpcCode(-32600, true)},
		{what: "an unknown method", want: "-32601", req: a2aclient.RawRequest{Whole: true, Body: []byte(`{"jsonrpc": "2.0", "id": "` + probeID + `", "method": "parley/doctor-unknown", "params": {}}`)}, judge: rpcCode(-32601, false)},
	}
	if env.Method != "" {
		out = append(out, malformed{what: env.Method + " with an id that is not a string", want: "-32602", req: a2aclient.RawRequest{Whole: true, Body: bad}, judge: rpcCode(-32602, false)})
	}
	return out
}

// rpcCode judges a JSON-RPC error reply: a response object with the
// request's id (or null where the server may not have read it), no
// result, and an error with the code and a message.
func rpcCode(code int, nullID bool) func(*a2aclient.RawReply) string {
	return func(r *a2aclient.RawReply) string {
		var resp struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Result  json.RawMessage `json:"result"`
			Error   *struct {
				Code    *int    `json:"code"`
				Message *string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(r.Body, &resp); err != nil {
			return fmt.Sprintf("got HTTP %d with %s, expected a JSON-RPC error %d", r.Status, excerpt(r), code)
		}
		switch {
		case resp.Error == nil || resp.Error.Code == nil:
			return fmt.Sprintf("got HTTP %d with no JSON-RPC error object, expected %d", r.Status, code)
		case *resp.Error.Code != code:
			return fmt.Sprintf("got error %d, expected %d", *resp.Error.Code, code)
		case resp.Error.Message == nil:
			return fmt.Sprintf("error %d has no message", code)
		case resp.JSONRPC != "2.0":
			return fmt.Sprintf("error %d is not a JSON-RPC 2.0 response (no \"jsonrpc\": \"2.0\")", code)
		case resp.Result != nil:
			return fmt.Sprintf("error %d comes with a result", code)
		}
		id := string(bytes.TrimSpace(resp.ID))
		if id != `"`+probeID+`"` && (!nullID || (id != "null" && id != "")) {
			return fmt.Sprintf("error %d has id %s, expected the request's %q", code, truncate(id), probeID)
		}
		return ""
	}
}

// restMalformed: an unknown task, a body that is no JSON, and a path
// the binding does not have; base comes from GetTask's URL. aip193 says
// the error body must be AIP-193's.
func restMalformed(ifaceURL, getTask string, aip193 bool) []malformed {
	base, _, ok := strings.Cut(getTask, "/tasks/")
	if !ok {
		return nil
	}
	prefix := strings.TrimPrefix(base, strings.TrimSuffix(ifaceURL, "/"))
	return []malformed{
		{what: "GetTask of an unknown task", want: "404", req: a2aclient.RawRequest{Method: http.MethodGet, Path: prefix + "/tasks/" + probeID + "-" + url.PathEscape(a2aclient.NewID())}, judge: restStatus(http.StatusNotFound, aip193)},
		{what: "SendMessage with a body that is no JSON", want: "400", req: a2aclient.RawRequest{Method: http.MethodPost, Path: prefix + "/message:send", Body: []byte(`{"message": `)}, judge: restStatus(http.StatusBadRequest, aip193)},
		{what: "a path the binding does not have", want: "404", req: a2aclient.RawRequest{Method: http.MethodGet, Path: prefix + "/" + probeID + "-unknown"}, judge: restStatus(http.StatusNotFound, false)},
	}
}

// restStatus judges a REST error reply: the status, and, when body is
// set, a JSON error body (AIP-193: {"error": {"code", "message"}}).
func restStatus(status int, body bool) func(*a2aclient.RawReply) string {
	return func(r *a2aclient.RawReply) string {
		if r.Status != status {
			return fmt.Sprintf("got HTTP %d, expected %d", r.Status, status)
		}
		if !body {
			return ""
		}
		var e struct {
			Error *struct {
				Code    *int    `json:"code"`
				Message *string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(r.Body, &e); err != nil || e.Error == nil || e.Error.Message == nil {
			return fmt.Sprintf("HTTP %d came with %s, expected the error body {\"error\": {\"code\", \"message\"}}", status, excerpt(r))
		}
		return ""
	}
}

// grpcMalformed: a method the service does not have, and GetTask of no
// task.
func grpcMalformed(getTask string) []malformed {
	i := strings.LastIndex(getTask, "/")
	if i < 0 {
		return nil
	}
	method := getTask[i+1:]
	return []malformed{
		{what: "an unknown method", want: "UNIMPLEMENTED", req: a2aclient.RawRequest{Method: "ParleyDoctorUnknown", AnyMethod: true}, judge: grpcCode("UNIMPLEMENTED")},
		{what: method + " of no task (an empty request)", want: "INVALID_ARGUMENT", req: a2aclient.RawRequest{Method: method, Body: []byte("{}")}, judge: grpcCode("INVALID_ARGUMENT", "NOT_FOUND")},
	}
}

func grpcCode(codes ...string) func(*a2aclient.RawReply) string {
	return func(r *a2aclient.RawReply) string {
		for _, c := range codes {
			if r.GRPCCode == c {
				return ""
			}
		}
		return fmt.Sprintf("got %s, expected %s", r.GRPCCode, strings.Join(codes, " or "))
	}
}

// excerpt names a reply's body for a detail.
func excerpt(r *a2aclient.RawReply) string {
	b := bytes.TrimSpace(r.Body)
	if len(b) == 0 {
		return "an empty body"
	}
	return fmt.Sprintf("the body %q", truncate(string(b)))
}

func truncate(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
