package demoagent

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// A2A v1.0 (docs/specification.md sections 9 and 11 at tag v1.0.0):
// JSON-RPC with PascalCase methods at /v1.0/jsonrpc, whose stream events are
// {"result": StreamResponse}; HTTP+JSON at /v1.0/rest with bare
// StreamResponse events. Streams close at a terminal or interrupted state.
// The A2A-Version header is accepted but not required.

const (
	defaultPageSize = 50
	maxPageSize     = 100
)

func (a *Agent) v10Handler() http.Handler {
	card := func(base string) any { return a.signed(a.v10Card(base, false), base) }
	extended := func(base string) any { return a.signed(a.v10Card(base, true), base) }
	codec := v10JSON
	rpc := a.v10RPC()
	rest := &restDialect{
		agent:                 a,
		prefix:                prefixV10 + "/rest",
		codec:                 codec,
		cardPath:              "/extendedAgentCard",
		card:                  extended,
		settledSubscribeFails: true,
		listTasks: func(w http.ResponseWriter, r *http.Request) {
			f, err := listFilterFromQuery(r)
			if err != nil {
				restOpError(w, err)
				return
			}
			p, ok := a.store.list(f)
			if !ok {
				restOpError(w, opErr(errInvalidParams, "pageToken is not one this server issued"))
				return
			}
			writeJSON(w, http.StatusOK, codec.listPage(p))
		},
	}
	mux := http.NewServeMux()
	mux.HandleFunc(prefixV10+"/.well-known/agent-card.json", serveCard(card))
	mux.HandleFunc(prefixV10+"/.well-known/agent.json", serveCard(card))
	mux.Handle(prefixV10+"/jsonrpc", rpc)
	mux.Handle(prefixV10+"/rest/", rest)
	mux.HandleFunc(prefixV10+"/", notFound)
	return mux
}

// v10RPC is the v1.0 JSON-RPC binding; the gRPC front (grpc.go) serves
// through it too.
func (a *Agent) v10RPC() *rpcDialect {
	extended := func(base string) any { return a.signed(a.v10Card(base, true), base) }
	codec := v10JSON
	return &rpcDialect{errorInfo: true, methods: map[string]rpcMethod{
		"SendMessage":                      func(c *rpcCall) { a.v10Send(c, codec, false) },
		"SendStreamingMessage":             func(c *rpcCall) { a.v10Send(c, codec, true) },
		"GetTask":                          getTaskMethod(a, codec.task),
		"ListTasks":                        func(c *rpcCall) { a.v10List(c, codec) },
		"CancelTask":                       cancelTaskMethod[taskRef](a, codec.task),
		"SubscribeToTask":                  resubscribeMethod[taskRef](a, true, func(c *rpcCall, res sendResult) { a.v10Stream(c, codec, res) }),
		"CreateTaskPushNotificationConfig": func(c *rpcCall) { a.v10PushCreate(c, codec) },
		"GetTaskPushNotificationConfig":    func(c *rpcCall) { a.v10PushGet(c, codec) },
		"ListTaskPushNotificationConfigs":  func(c *rpcCall) { a.v10PushList(c, codec) },
		"DeleteTaskPushNotificationConfig": func(c *rpcCall) { a.v10PushDelete(c) },
		"GetExtendedAgentCard":             func(c *rpcCall) { c.reply(extended(c.base)) },
	}}
}

func (a *Agent) v10Send(c *rpcCall, codec v10Codec, stream bool) {
	var p v10SendParams
	if !c.params(&p) {
		return
	}
	in, err := p.input()
	if err != nil {
		c.fail(codeInvalidParams, err.Error())
		return
	}
	res, oerr := a.protoSend(in, c.base)
	if oerr != nil {
		c.failOp(oerr)
		return
	}
	if stream {
		a.v10Stream(c, codec, res)
		return
	}
	if reply, ok := a.protoAnswer(c.ctx, codec, in, res); ok {
		c.reply(reply)
	}
}

func (a *Agent) v10Stream(c *rpcCall, codec v10Codec, res sendResult) {
	if res.reply != nil {
		c.stream(map[string]any{"message": codec.message(*res.reply)}, a, res, nil)
		return
	}
	v := res.first
	c.stream(map[string]any{"task": codec.task(v)}, a, res, func(e event) any { return codec.event(v.id, v.contextID, e) })
}

func (a *Agent) v10List(c *rpcCall, codec v10Codec) {
	var p struct {
		ContextID        string          `json:"contextId"`
		Status           json.RawMessage `json:"status"`
		PageSize         *int            `json:"pageSize"`
		PageToken        string          `json:"pageToken"`
		HistoryLength    *int            `json:"historyLength"`
		IncludeArtifacts bool            `json:"includeArtifacts"`
	}
	// ListTasks may be called without params to list everything.
	if len(c.req.params) > 0 && string(c.req.params) != "null" && !c.params(&p) {
		return
	}
	var status string
	if len(p.Status) > 0 {
		if err := json.Unmarshal(p.Status, &status); err != nil {
			var n int
			if json.Unmarshal(p.Status, &n) != nil {
				c.fail(codeInvalidParams, "status must be a TaskState")
				return
			}
			status = v10StateByNumber(n)
		}
	}
	f, err := newListFilter(p.ContextID, status, p.PageSize, p.PageToken, p.HistoryLength, p.IncludeArtifacts)
	if err != nil {
		c.failOp(err)
		return
	}
	page, ok := a.store.list(f)
	if !ok {
		c.fail(codeInvalidParams, "pageToken is not one this server issued")
		return
	}
	c.reply(codec.listPage(page))
}

// v10StateByNumber maps the proto enum numbers to names; 0 means no filter.
func v10StateByNumber(n int) string {
	names := []state{"", stateSubmitted, stateWorking, stateCompleted, stateFailed, stateCanceled, stateInputRequired, stateRejected, stateAuthRequired}
	if n <= 0 || n >= len(names) {
		return ""
	}
	return v10State(names[n])
}

func listFilterFromQuery(r *http.Request) (listFilter, *opError) {
	q := r.URL.Query()
	intParam := func(name string) (*int, *opError) {
		s := q.Get(name)
		if s == "" {
			return nil, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, opErr(errInvalidParams, "%s must be an integer", name)
		}
		return &n, nil
	}
	size, err := intParam("pageSize")
	if err != nil {
		return listFilter{}, err
	}
	hist, err := intParam("historyLength")
	if err != nil {
		return listFilter{}, err
	}
	withArts := false
	if s := q.Get("includeArtifacts"); s != "" {
		b, perr := strconv.ParseBool(s)
		if perr != nil {
			return listFilter{}, opErr(errInvalidParams, "includeArtifacts must be true or false")
		}
		withArts = b
	}
	return newListFilter(q.Get("contextId"), q.Get("status"), size, q.Get("pageToken"), hist, withArts)
}

func newListFilter(contextID, status string, pageSize *int, token string, hist *int, withArts bool) (listFilter, *opError) {
	f := listFilter{contextID: contextID, pageSize: defaultPageSize, pageToken: token, historyLength: -1, withArtifacts: withArts}
	if status != "" && status != "TASK_STATE_UNSPECIFIED" {
		st, ok := parseV10State(status)
		if !ok {
			return f, opErr(errInvalidParams, "unknown status %q", status)
		}
		f.state = st
	}
	if pageSize != nil {
		if *pageSize < 1 || *pageSize > maxPageSize {
			return f, opErr(errInvalidParams, "pageSize must be between 1 and %d", maxPageSize)
		}
		f.pageSize = *pageSize
	}
	if hist != nil {
		if *hist < 0 {
			return f, opErr(errInvalidParams, "historyLength must not be negative")
		}
		f.historyLength = *hist
	}
	return f, nil
}

func (a *Agent) v10PushCreate(c *rpcCall, codec v10Codec) {
	var p v10Push
	if !c.params(&p) {
		return
	}
	cfg, err := a.setPush(p.TaskID, p.config())
	answer(c, cfg, err, func(cfg pushConfig) any { return codec.push(p.TaskID, cfg) })
}

type v10PushRef struct {
	TaskID string `json:"taskId"`
	ID     string `json:"id"`
}

func (a *Agent) v10PushGet(c *rpcCall, codec v10Codec) {
	var p v10PushRef
	if !c.params(&p) {
		return
	}
	if p.ID == "" {
		c.fail(codeInvalidParams, "id (the config id) is required")
		return
	}
	cfg, err := a.getPush(p.TaskID, p.ID)
	answer(c, cfg, err, func(cfg pushConfig) any { return codec.push(p.TaskID, cfg) })
}

func (a *Agent) v10PushList(c *rpcCall, codec v10Codec) {
	var p v10PushRef
	if !c.params(&p) {
		return
	}
	cfgs, err := a.listPush(p.TaskID)
	answer(c, cfgs, err, func(cfgs []pushConfig) any { return codec.pushList(p.TaskID, cfgs) })
}

func (a *Agent) v10PushDelete(c *rpcCall) {
	var p v10PushRef
	if !c.params(&p) {
		return
	}
	if err := a.deletePush(p.TaskID, p.ID); err != nil {
		c.failOp(err)
		return
	}
	c.reply(map[string]any{})
}
