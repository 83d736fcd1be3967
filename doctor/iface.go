package doctor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
)

// on is the checks of one interface under way.
type on struct {
	*run
	agent *a2aclient.Agent
	i     a2aclient.Interface
	c     *a2aclient.Client
	// events counts the stream events the client read (its wire
	// observer), to tell a stream from the polling a client falls back to.
	events atomic.Int64
	// lastRequest is the last request a client of this interface sent
	// (its wire observer), and getRequest the binding check's GetTask:
	// the malformed requests are made from it.
	lastRequest atomic.Pointer[a2aclient.WireRecord]
	getRequest  *a2aclient.WireRecord
	// answered says the binding check proved the interface speaks its
	// declared dialect; the checks after it need that.
	answered bool
	why      string // why the checks after the binding's were skipped
	// task is the round trip's task, for the listing.
	task *a2aclient.Task
	// streamed is the task as the stream assembled it, when it settled;
	// sent, without it, the task as the round trip's send showed it.
	streamed, sent *a2aclient.Task
	// timings, as information.
	probe, firstEvent, final time.Duration
}

func (o *on) result(check string, s Status, detail string, took time.Duration) {
	o.emit(Result{Check: check, Interface: clean(o.i.URL), Binding: clean(string(o.i.Binding)), Version: clean(o.i.ProtocolVersion),
		Status: s, Detail: detail, Duration: took})
}

// iface runs every check on one interface the card declares.
func (d *run) iface(ctx context.Context, agent *a2aclient.Agent, i a2aclient.Interface) {
	o := &on{run: d, agent: agent, i: i}
	if i.Dialect == a2aclient.DialectUnknown {
		o.why = fmt.Sprintf("parley does not speak %s version %s", clean(string(i.Binding)), clean(i.ProtocolVersion))
		for _, check := range Checks {
			o.result(check, Skip, upper(o.why)+".", 0)
		}
		return
	}
	c, err := o.client(i.Dialect, true, agent.Capabilities.Streaming)
	if err != nil {
		o.result("binding", Fail, clean(err.Error()), 0)
		return
	}
	defer func() { _ = c.Close() }()
	o.c = c
	o.binding(ctx)
	o.auth(ctx)
	o.errorShapes(ctx)
	o.streaming(ctx)
	o.roundTrip(ctx)
	o.artifacts(ctx)
	o.listTasks(ctx)
	o.extendedCard(ctx)
	o.push(ctx)
	o.timings()
}

// client is a client for this interface alone, in dialect dl, with the
// configured credentials or none, that streams when streams is set.
func (o *on) client(dl a2aclient.Dialect, credentials, streams bool) (*a2aclient.Client, error) {
	a := *o.agent
	i := o.i
	i.Dialect = dl
	a.Interfaces = []a2aclient.Interface{i}
	a.Capabilities.Streaming = streams
	opts := o.target.Options
	opts.Dialect, opts.Prefer = dl, a2aclient.DialectUnknown
	opts.Wire = func(r a2aclient.WireRecord) {
		switch r.Kind {
		case a2aclient.WireEvent:
			o.events.Add(1)
		case a2aclient.WireRequest:
			o.lastRequest.Store(&r)
		}
	}
	if !credentials {
		opts.Auth = nil
		opts.Headers = http.Header{}
		for name, v := range o.target.Options.Headers {
			if !config.IsCredentialHeader(name) {
				opts.Headers[name] = v
			}
		}
	}
	c, err := a2aclient.NewClient(&a, opts)
	if err == nil {
		o.clients = append(o.clients, c)
	}
	return c, err
}

// probe asks c for a task nobody has used: an interface speaking its
// dialect answers the binding's TaskNotFound (GetTask's error).
func probe(ctx context.Context, c *a2aclient.Client) error {
	_, err := c.Get(ctx, "parley-doctor-"+a2aclient.NewID(), nil)
	if err == nil {
		return errors.New("it returned a task for an id nobody used")
	}
	return err
}

// binding checks the interface answers as the binding and version it is
// declared with, and is the agent: TaskNotFound for an unknown id.
func (o *on) binding(ctx context.Context) {
	var err error
	timedOut := false
	took := o.within(ctx, func(ctx context.Context) {
		err = probe(ctx, o.c)
		timedOut = ctx.Err() != nil
	})
	o.probe = took
	label := o.i.Dialect.Label()
	var ae *a2aclient.AuthError
	var fe *a2aclient.ForeignOriginError
	switch {
	case errors.Is(err, a2aclient.ErrTaskNotFound):
		o.answered = true
		if o.first == nil {
			i := o.i
			o.first = &i
		}
		o.getRequest = o.lastRequest.Load()
		o.result("binding", Pass, fmt.Sprintf("Answers as %s: TaskNotFound for a task id it never gave.", label), took)
		return
	case errors.As(err, &fe):
		o.why = "the interface is on an origin not trusted with the agent's credentials (--trust-origin)"
		o.result("binding", Skip, upper(o.why)+".", took)
		return
	case errors.As(err, &ae):
		o.why = "the interface refused the request"
		o.result("binding", Warn, clean(fmt.Sprintf("Refused with %s; with the agent's credentials configured (parley login) parley can check it.", authStatus(ae))), took)
		return
	}
	o.why = "the interface did not answer as " + label
	if timedOut {
		// Probing its other versions would cost a timeout each.
		o.why = "the interface did not answer in time"
		o.result("binding", Fail, fmt.Sprintf("GetTask was not answered within %s (--timeout); expected the binding's TaskNotFound for an unknown task id (%s).", o.o.Timeout, o.cite(specGetTask)), took)
		return
	}
	// Another version of the same binding at the same URL: drift.
	for _, other := range a2aclient.Dialects {
		if other == o.i.Dialect || other.Binding() != o.i.Dialect.Binding() {
			continue
		}
		c, cerr := o.client(other, true, false)
		if cerr != nil {
			continue
		}
		var oerr error
		o.within(ctx, func(ctx context.Context) { oerr = probe(ctx, c) })
		_ = c.Close()
		if errors.Is(oerr, a2aclient.ErrTaskNotFound) {
			o.result("binding", Fail, fmt.Sprintf("Declared as %s but answers as %s: the card's version for this interface is wrong (%s).", label, other.Label(), o.cite(specDrift)), took)
			return
		}
	}
	o.result("binding", Fail, clean(fmt.Sprintf("Does not answer as %s: %v; expected the binding's TaskNotFound for an unknown task id (%s).", label, err, o.cite(specGetTask))), took)
}

// auth checks that, when the card requires a scheme, a request without
// credentials is refused with 401 or 403.
func (o *on) auth(ctx context.Context) {
	if len(o.agent.Security) == 0 {
		o.result("auth", Skip, "The card requires no security scheme.", 0)
		return
	}
	c, err := o.client(o.i.Dialect, false, false)
	if err != nil {
		o.result("auth", Fail, clean(err.Error()), 0)
		return
	}
	defer func() { _ = c.Close() }()
	took := o.within(ctx, func(ctx context.Context) { err = probe(ctx, c) })
	var ae *a2aclient.AuthError
	var fe *a2aclient.ForeignOriginError
	switch {
	case errors.As(err, &ae):
		o.result("auth", Pass, clean(fmt.Sprintf("Refused without credentials: %s.", authStatus(ae))), took)
	case errors.As(err, &fe):
		o.result("auth", Skip, upper(o.why)+".", took)
	case errors.Is(err, a2aclient.ErrTaskNotFound):
		o.result("auth", Fail, fmt.Sprintf("Answered a request without credentials although the card requires a security scheme; expected 401 or 403 (%s).", o.cite(specAuth)), took)
	default:
		o.result("auth", Warn, clean(fmt.Sprintf("Without credentials it answered %v; expected 401 or 403 (%s).", err, o.cite(specAuth))), took)
	}
}

// sends reports whether a check that sends a message may run, emitting
// its skip when not.
func (o *on) sends(check string) bool {
	switch {
	case o.o.ReadOnly:
		o.result(check, Skip, "Skipped: --read-only sends no message.", 0)
	case !o.answered:
		o.result(check, Skip, upper(o.why)+".", 0)
	default:
		return true
	}
	return false
}

// streaming checks what the card says of streaming: declared, a stream
// delivers events and ends in a terminal or interrupted state; not
// declared, whether it streams anyway.
func (o *on) streaming(ctx context.Context) {
	if !o.i.Dialect.HasStreaming() {
		o.result("streaming", Skip, fmt.Sprintf("%s has no streaming.", o.i.Dialect.Label()), 0)
		return
	}
	if !o.sends("streaming") {
		return
	}
	declared := o.agent.Capabilities.Streaming
	c := o.c
	if !declared {
		var err error
		if c, err = o.client(o.i.Dialect, true, true); err != nil {
			o.result("streaming", Fail, clean(err.Error()), 0)
			return
		}
		defer func() { _ = c.Close() }()
	}
	o.events.Store(0)
	var track a2aclient.Tracker
	var n int
	var state a2aclient.State
	var reply bool
	var err error
	took := o.within(ctx, func(ctx context.Context) {
		start := time.Now()
		var s *a2aclient.Stream
		s, err = c.Stream(ctx, o.request())
		if err != nil {
			return
		}
		defer func() { _ = s.Close() }()
		for {
			ev, nerr := s.Next()
			if nerr != nil {
				if nerr != io.EOF {
					err = nerr
				}
				o.final = time.Since(start)
				return
			}
			if n == 0 {
				o.firstEvent = time.Since(start)
			}
			n++
			track.Apply(ev)
			switch {
			case ev.Task != nil:
				state = ev.Task.Status.State
			case ev.Status != nil:
				state = ev.Status.Status.State
			case ev.Message != nil && ev.Message.TaskID == "":
				reply = true
			}
		}
	})
	streamed := o.events.Load() > 0
	if err == nil && track.Seen() && track.State().Settled() {
		t := track.Task()
		o.streamed = &t
	}
	switch {
	case err != nil && declared:
		o.result("streaming", Fail, clean(fmt.Sprintf("The card declares streaming but the stream failed: %v (%s).", err, o.cite(specStream))), took)
	case err != nil:
		o.result("streaming", Pass, "Does not stream, and its card does not declare streaming.", took)
	case declared && !streamed:
		o.result("streaming", Fail, fmt.Sprintf("The card declares streaming but the agent refused the streaming request; parley had to poll (%s, capabilities.streaming).", o.cite(specStream)), took)
	case !declared && streamed:
		o.result("streaming", Warn, fmt.Sprintf("Streams (%s) although its card does not declare capabilities.streaming; clients will poll it.", plural(n, "event")), took)
	case !declared:
		o.result("streaming", Pass, "Does not stream, as its card says.", took)
	case reply:
		o.result("streaming", Pass, fmt.Sprintf("Streamed %s: a message in reply.", plural(n, "event")), took)
	case !state.Settled():
		o.result("streaming", Fail, fmt.Sprintf("The stream ended with the task %s, not in a terminal or interrupted state (%s).", stateWord(state), o.cite(specStream)), took)
	default:
		o.result("streaming", Pass, fmt.Sprintf("Streamed %s, ending %s.", plural(n, "event"), state), took)
	}
}

func (o *on) request() a2aclient.SendRequest {
	return a2aclient.SendRequest{Message: a2aclient.Message{Role: a2aclient.RoleUser, Parts: []a2aclient.Part{a2aclient.TextPart(o.o.Message)}}}
}

// listTasks checks ListTasks where the dialect has it: the
// round trip's task is listed in its context; read-only, one page
// answers.
func (o *on) listTasks(ctx context.Context) {
	if !o.i.Dialect.HasListTasks() {
		o.result("list tasks", Skip, fmt.Sprintf("%s has no ListTasks.", o.i.Dialect.Label()), 0)
		return
	}
	if !o.answered {
		o.result("list tasks", Skip, upper(o.why)+".", 0)
		return
	}
	req := a2aclient.ListTasksRequest{PageSize: 1}
	if o.task != nil {
		req = a2aclient.ListTasksRequest{ContextID: o.task.ContextID, PageSize: 100}
	}
	var page *a2aclient.TaskPage
	var err error
	took := o.within(ctx, func(ctx context.Context) { page, err = o.c.ListTasks(ctx, req) })
	switch {
	case errors.Is(err, a2aclient.ErrUnsupportedOperation) && strings.HasPrefix(err.Error(), o.i.Dialect.Label()+" has no"):
		// parley's own answer: the binding has no listing.
		o.result("list tasks", Skip, fmt.Sprintf("%s has no ListTasks.", o.i.Dialect.Label()), took)
	case refused(err):
		// Agents list the tasks of the caller, so some list only for
		// a signed-in one, whatever the card requires.
		o.result("list tasks", Warn, clean(fmt.Sprintf("ListTasks was refused (%v); the card requires no credentials for it, or none were given.", err)), took)
	case err != nil:
		o.result("list tasks", Fail, clean(fmt.Sprintf("ListTasks failed: %v (%s).", err, o.cite(specListTasks))), took)
	case o.task == nil:
		o.result("list tasks", Pass, "ListTasks answers.", took)
	case !listed(page, o.task.ID):
		o.result("list tasks", Warn, fmt.Sprintf("ListTasks of the round trip's context does not list its task (%s).", o.cite(specListTasks)), took)
	default:
		o.result("list tasks", Pass, "ListTasks of the round trip's context lists its task.", took)
	}
}

// refused says err is the agent asking for credentials or refusing them.
func refused(err error) bool {
	var ae *a2aclient.AuthError
	return errors.As(err, &ae) || errors.Is(err, a2aclient.ErrUnauthenticated) || errors.Is(err, a2aclient.ErrForbidden) || errors.Is(err, a2aclient.ErrAuthenticationRequired)
}

func listed(p *a2aclient.TaskPage, id string) bool {
	for _, t := range p.Tasks {
		if t.ID == id {
			return true
		}
	}
	return false
}

// extendedCard checks that a declared extended card can be fetched with
// the credentials.
func (o *on) extendedCard(ctx context.Context) {
	switch {
	case !o.agent.Capabilities.ExtendedCard:
		o.result("extended card", Skip, "The card declares no extended card.", 0)
		return
	case !o.i.Dialect.HasExtendedCard():
		o.result("extended card", Skip, fmt.Sprintf("%s has no extended card.", o.i.Dialect.Label()), 0)
		return
	case !o.answered:
		o.result("extended card", Skip, upper(o.why)+".", 0)
		return
	}
	var ext *a2aclient.Agent
	var err error
	took := o.within(ctx, func(ctx context.Context) { ext, err = o.c.ExtendedCard(ctx) })
	var ae *a2aclient.AuthError
	switch {
	case errors.As(err, &ae) && len(o.target.Options.Auth) == 0:
		o.result("extended card", Skip, clean(fmt.Sprintf("Refused without credentials (%s); configure the agent's credentials to check it.", authStatus(ae))), took)
	case err != nil:
		o.result("extended card", Fail, clean(fmt.Sprintf("The card declares an extended card but fetching it failed: %v (%s).", err, o.cite(specExtendedCard))), took)
	default:
		o.result("extended card", Pass, clean(fmt.Sprintf("Fetched: %q, %s.", ext.Name, plural(len(ext.Skills), "skill"))), took)
	}
}

// timings says, as information, how long the interface took.
func (o *on) timings() {
	if !o.answered {
		o.result("timings", Skip, upper(o.why)+".", 0)
		return
	}
	parts := []string{"GetTask answered in " + ms(o.probe)}
	if o.firstEvent > 0 {
		parts = append(parts, "first event after "+ms(o.firstEvent))
	}
	if o.final > 0 {
		parts = append(parts, "final state after "+ms(o.final))
	}
	o.result("timings", Pass, upper(strings.Join(parts, "; "))+".", o.probe+o.final)
}

func authStatus(ae *a2aclient.AuthError) string {
	if ae.GRPCCode != "" {
		return "gRPC " + ae.GRPCCode
	}
	return fmt.Sprintf("HTTP %d", ae.StatusCode)
}

func stateWord(s a2aclient.State) string {
	if s == "" {
		return "in no state"
	}
	return string(s)
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
