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
	// v1.0 requires an A2A error to carry a google.rpc.ErrorInfo naming
	// it (§9.5, §10.6, §11.6 at v1.0.0); v0.3 knew none.
	v10 := o.i.Dialect.Version() == "1.0"
	switch o.i.Dialect.Binding() {
	case a2aclient.BindingJSONRPC:
		return rpcMalformed(got.Body, v10), o.cite(specRPCErrors) + ", JSON-RPC 2.0 §5.1"
	case a2aclient.BindingREST:
		// The error body is v1.0's (AIP-193); v0.3 and the gateway
		// name none.
		return restMalformed(o.i.URL, got.URL, v10), o.cite(specRESTErrors) + ", AIP-193"
	case a2aclient.BindingGRPC:
		return grpcMalformed(got.URL, got.Body, v10), o.cite(specGRPCErrors)
	}
	return nil, ""
}

const probeID = "parley-doctor"

// rpcMalformed: a parse error, an invalid request, an unknown method,
// GetTask with an id that is not a string and, for v1.0, GetTask of an
// unknown task, whose error must carry ErrorInfo TASK_NOT_FOUND.
func rpcMalformed(getTask []byte, v10 bool) []malformed {
	var env struct {
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
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
	if env.Method != "" && v10 {
		unknown, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": probeID, "method": env.Method, "params": env.Params})
		code := rpcCode(-32001, false)
		out = append(out, malformed{what: env.Method + " of an unknown task", want: "-32001 with ErrorInfo TASK_NOT_FOUND", req: a2aclient.RawRequest{Whole: true, Body: unknown},
			judge: func(r *a2aclient.RawReply) string {
				if why := code(r); why != "" {
					return why
				}
				var resp struct {
					Error struct {
						Data json.RawMessage `json:"data"`
					} `json:"error"`
				}
				_ = json.Unmarshal(r.Body, &resp)
				return errorInfo(resp.Error.Data, "error.data")
			}})
	}
	return out
}

// errorInfo says what is wrong with details, a JSON array of
// google.protobuf.Any that must hold a google.rpc.ErrorInfo with reason
// TASK_NOT_FOUND in domain a2a-protocol.org; "" when nothing is.
func errorInfo(details json.RawMessage, where string) string {
	var anys []struct {
		Type   string `json:"@type"`
		Reason string `json:"reason"`
		Domain string `json:"domain"`
	}
	if err := json.Unmarshal(details, &anys); err != nil {
		return fmt.Sprintf("%s is not an array of details, expected one holding a google.rpc.ErrorInfo with reason TASK_NOT_FOUND", where)
	}
	for _, a := range anys {
		if a.Type == "type.googleapis.com/google.rpc.ErrorInfo" && a.Reason == "TASK_NOT_FOUND" && a.Domain == "a2a-protocol.org" {
			return ""
		}
	}
	return fmt.Sprintf("%s holds no google.rpc.ErrorInfo with reason TASK_NOT_FOUND and domain a2a-protocol.org", where)
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
	notFound := "404"
	if aip193 {
		notFound += " with ErrorInfo TASK_NOT_FOUND"
	}
	return []malformed{
		{what: "GetTask of an unknown task", want: notFound, req: a2aclient.RawRequest{Method: http.MethodGet, Path: prefix + "/tasks/" + probeID + "-" + url.PathEscape(a2aclient.NewID())}, judge: restNotFound(aip193)},
		{what: "SendMessage with a body that is no JSON", want: "400", req: a2aclient.RawRequest{Method: http.MethodPost, Path: prefix + "/message:send", Body: []byte(`{"message": `)}, judge: restStatus(http.StatusBadRequest, aip193)},
		{what: "a path the binding does not have", want: "404", req: a2aclient.RawRequest{Method: http.MethodGet, Path: prefix + "/" + probeID + "-unknown"}, judge: restStatus(http.StatusNotFound, false)},
	}
}

// restNotFound judges GetTask of an unknown task: 404 and, for v1.0,
// AIP-193's body with ErrorInfo TASK_NOT_FOUND in its details.
func restNotFound(aip193 bool) func(*a2aclient.RawReply) string {
	status := restStatus(http.StatusNotFound, aip193)
	return func(r *a2aclient.RawReply) string {
		if why := status(r); why != "" || !aip193 {
			return why
		}
		var e struct {
			Error struct {
				Details json.RawMessage `json:"details"`
			} `json:"error"`
		}
		_ = json.Unmarshal(r.Body, &e)
		return errorInfo(e.Error.Details, "error.details")
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

// grpcMalformed: a method the service does not have, GetTask of no
// task and, for v1.0, GetTask of an unknown task (the binding check's
// own request, body), whose status must carry ErrorInfo TASK_NOT_FOUND.
func grpcMalformed(getTask string, body []byte, v10 bool) []malformed {
	i := strings.LastIndex(getTask, "/")
	if i < 0 {
		return nil
	}
	method := getTask[i+1:]
	out := []malformed{
		{what: "an unknown method", want: "UNIMPLEMENTED", req: a2aclient.RawRequest{Method: "ParleyDoctorUnknown", AnyMethod: true}, judge: grpcCode("UNIMPLEMENTED")},
		{what: method + " of no task (an empty request)", want: "INVALID_ARGUMENT", req: a2aclient.RawRequest{Method: method, Body: []byte("{}")}, judge: grpcCode("INVALID_ARGUMENT", "NOT_FOUND")},
	}
	if v10 {
		code := grpcCode("NOT_FOUND")
		out = append(out, malformed{what: method + " of an unknown task", want: "NOT_FOUND with ErrorInfo TASK_NOT_FOUND", req: a2aclient.RawRequest{Method: method, Body: body},
			judge: func(r *a2aclient.RawReply) string {
				if why := code(r); why != "" {
					return why
				}
				for _, reason := range r.GRPCReasons {
					if reason == "a2a-protocol.org/TASK_NOT_FOUND" {
						return ""
					}
				}
				return "the status holds no google.rpc.ErrorInfo with reason TASK_NOT_FOUND and domain a2a-protocol.org"
			}})
	}
	return out
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
