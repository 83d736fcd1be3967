package a2aclient

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Options configure a Client. The zero value works.
type Options struct {
	HTTPClient *http.Client
	// Headers are sent with every request (config headers, --header).
	Headers http.Header
	// Auth adds credentials to every request, card fetches included,
	// to the origins Trust holds; credential headers among Headers are
	// held to the same rule.
	Auth []Authenticator
	// Trust is the origins credentials may go to. Nil means the origin
	// of the URL Resolve was given (or of the card NewClient was given).
	Trust *Origins
	// Dialect forces a dialect instead of detecting one from the card.
	Dialect Dialect
	// Prefer is a dialect the agent answered in before: tried first,
	// before the card's own, and left like any other if it fails now.
	Prefer Dialect
	// MaxEventSize caps one SSE event or reply body; default 16 MiB.
	MaxEventSize int
	// HeaderTimeout bounds the wait for response headers on calls that
	// should answer promptly; default 30 s, negative for none.
	HeaderTimeout time.Duration
	// BodyTimeout bounds reading a whole reply once it has started (a
	// card, a blocking reply from its first byte, an error page);
	// default 30 s, negative for none.
	BodyTimeout time.Duration
	// IdleTimeout bounds how long a stream may deliver nothing at all,
	// not even a keep-alive, before it ends as cut (and is resumed);
	// default 60 s, negative for none.
	IdleTimeout time.Duration
	// Retry says how a busy agent (HTTP 429 or 503) is waited out.
	Retry RetryPolicy
	// PollInterval is the first interval when polling a task; default 1 s.
	PollInterval time.Duration
	// CheckEndpoint, when set, is asked before every call whether the
	// endpoint in use may get it; an error stops the call unsent and is
	// returned. Session refuses an endpoint on an untrusted origin when
	// the agent has credentials, so the dialect fallback cannot carry a
	// message to an origin the card named and the user did not trust.
	CheckEndpoint func(c *Client, ep Interface) error
	// Extensions are the URIs of A2A extensions to activate on every
	// request: the A2A-Extensions header (X-A2A-Extensions in v0.2 and
	// v0.3; a gRPC binding sends them as metadata). The agent's answer is
	// ActivatedExtensions.
	Extensions []string
	// Offers are extensions activated only when the card declares them,
	// the newest version both understand (extensions_offer.go).
	Offers []ExtensionOffer
	// MessageMetadata is added to the metadata of every message sent
	// (the message's own keys win): what an accepted offer asks for.
	MessageMetadata map[string]any
	// Tenant, when set, replaces the tenant of every interface the card
	// lists (Interface.Tenant): the v1.0 REST path prefix and the tenant
	// field of v1.0 JSON-RPC (and gRPC) requests.
	Tenant string
	// Identity is the agent's identity, the key of every id it chooses;
	// default: IdentityOf the URL Resolve was given (or of the card's
	// URL for NewClient), with Tenant. Session sets it to the URL the
	// user named the agent by.
	Identity AgentID
	// Reading reads what the agent's framework means beyond the wire
	// (Reading); nil reads by the specification alone. Streams the client
	// opens end by it, and NewTracker gives it to the trackers it makes.
	Reading Reading
	// Wire observes every request, response and event, redacted.
	Wire      WireObserver
	UserAgent string
}

// Client talks to one agent in the dialect its card and replies call for.
// It is safe for concurrent use.
type Client struct {
	agent *Agent
	t     *transport
	opts  Options

	// sigMu serialises VerifyCard, which fills agent.Signature once.
	sigMu sync.Mutex
	// publicName and publicOrigins are, for a client WithCard made, the
	// public card's agent name and the origins of its card and endpoints:
	// what VerifyExtendedCard holds the extended card to.
	publicName    string
	publicOrigins []string

	mu         sync.Mutex
	candidates []Interface
	cur        int
	b          binding
	confirmed  bool
	// cardChoice is the dialect the card alone chooses (before any
	// preference), to tell what was learned from what was given.
	cardChoice Dialect
	// moved says, once the fallback went to another origin, which
	// endpoint did not take the call and which one got it.
	moved string
}

// Resolve fetches the agent card at target (a base URL or a card's URL)
// and returns a client for the best interface parley speaks.
func Resolve(ctx context.Context, target string, opts Options) (*Client, error) {
	identityFor(&opts, target)
	if opts.Trust == nil {
		opts.Trust = NewOrigins(target)
	}
	t := newTransport(opts)
	agent, err := fetchAgent(ctx, t, target)
	if err != nil {
		if opts.Dialect == DialectUnknown || !errors.Is(err, ErrNoCard) {
			return nil, err
		}
		// A forced dialect can talk to an endpoint that serves no card.
		agent = &Agent{Name: target, Interfaces: []Interface{{URL: target, Dialect: opts.Dialect}}}
	}
	c, err := newClient(agent, t, opts)
	if err != nil {
		return nil, err
	}
	// A signed card is checked now, so that every view of it says
	// whether it verified; an unsigned one costs nothing.
	c.VerifyCard(ctx)
	return c, nil
}

// NewClient builds a client from a card already fetched (e.g. stored).
func NewClient(agent *Agent, opts Options) (*Client, error) {
	identityFor(&opts, agent.CardURL)
	if opts.Trust == nil {
		opts.Trust = NewOrigins(agent.CardURL)
	}
	return newClient(agent, newTransport(opts), opts)
}

func newClient(agent *Agent, t *transport, opts Options) (*Client, error) {
	c := &Client{agent: agent, t: t, opts: opts}
	c.candidates = candidates(agent, opts.Dialect)
	if opts.Tenant != "" {
		for i := range c.candidates {
			c.candidates[i].Tenant = opts.Tenant
		}
	}
	if len(c.candidates) > 0 {
		c.cardChoice = c.candidates[0].Dialect
	}
	c.candidates = preferFirst(c.candidates, opts.Prefer)
	if len(c.candidates) == 0 {
		return nil, fmt.Errorf("%w (card at %s lists %d interfaces)", ErrNoSupportedInterface, redactURL(agent.CardURL), len(agent.Interfaces))
	}
	b, err := newBinding(t, c.candidates[0], agent)
	if err != nil {
		return nil, err
	}
	c.b = b
	c.acceptOffers()
	return c, nil
}

// Agent returns the agent's card.
func (c *Client) Agent() *Agent { return c.agent }

// Reading is how the client reads its agent's framework (Options.Reading).
func (c *Client) Reading() Reading { return c.opts.Reading }

// NewTracker is a tracker that reads events as the client does.
func (c *Client) NewTracker() *Tracker { return &Tracker{Reading: c.opts.Reading} }

// Dialect returns the dialect in use: the card's choice until a reply
// confirms it, or the one parley fell back to.
func (c *Client) Dialect() Dialect {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.candidates[c.cur].Dialect
}

// Endpoint returns the interface in use.
func (c *Client) Endpoint() Interface {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.candidates[c.cur]
}

// Confirmed reports whether the agent has answered in the current dialect.
func (c *Client) Confirmed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.confirmed
}

// call runs f on the current binding as the operation op (0 for those
// every dialect has), or answers that the dialect lacks op when its row
// in dialectTable says so. Until a reply confirms the dialect, a "no such
// method" answer moves to the next candidate.
func (c *Client) call(op operation, f func(b binding, d Dialect) error) error {
	for {
		c.mu.Lock()
		b, cur, confirmed := c.b, c.cur, c.confirmed
		ep := c.candidates[cur]
		c.mu.Unlock()
		if c.opts.CheckEndpoint != nil {
			if err := c.opts.CheckEndpoint(c, ep); err != nil {
				return err
			}
		}
		c.noteMove(cur)
		var err error
		if facts(ep.Dialect).lacks&op != 0 {
			err = lacked(ep.Dialect, op)
		} else {
			err = f(b, ep.Dialect)
		}
		if err == nil || !isDialectMismatch(err) {
			if err == nil || isAgentAnswer(err) {
				c.confirm(cur)
			}
			return err
		}
		if confirmed || !c.advance(cur) {
			return err
		}
	}
}

// callFor is call for an operation every dialect has that returns a
// value: the value of the attempt that ended the call.
func callFor[T any](c *Client, f func(b binding) (T, error)) (T, error) {
	var out T
	err := c.call(0, func(b binding, _ Dialect) error {
		var err error
		out, err = f(b)
		return err
	})
	return out, err
}

func (c *Client) confirm(cur int) {
	c.mu.Lock()
	if c.cur == cur {
		c.confirmed = true
	}
	c.mu.Unlock()
}

// advance moves to the next candidate after cur, returning false when
// there is none left.
func (c *Client) advance(cur int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur != cur { // another goroutine moved on already
		return true
	}
	for next := cur + 1; next < len(c.candidates); next++ {
		b, err := newBinding(c.t, c.candidates[next], c.agent)
		if err != nil {
			continue
		}
		c.cur, c.b = next, b
		return true
	}
	return false
}

// noteMove records, the first time a call goes to an endpoint on another
// origin than the first candidate's, that the fallback took it there.
func (c *Client) noteMove(cur int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if cur == 0 || c.moved != "" {
		return
	}
	from, to := c.candidates[0], c.candidates[cur]
	fo, _ := Origin(from.URL)
	too, ok := Origin(to.URL)
	if !ok || too == fo {
		return
	}
	c.moved = fmt.Sprintf("The endpoint %s did not take the request; parley used the card's next endpoint, %s, on another origin (%s).", redactURL(from.URL), redactURL(to.URL), too)
	c.t.observe(WireRecord{Kind: WireNote, Body: []byte(c.moved)})
}

// RedirectNote says, once a request that carried a message was
// redirected (307/308) to another origin, where it went; "" otherwise.
// Credentials never follow such a redirect; the message does.
func (c *Client) RedirectNote() string {
	c.t.mu.Lock()
	defer c.t.mu.Unlock()
	return c.t.redirected
}

// FallbackNote says, once the dialect fallback moved to an endpoint on
// another origin than the one before, which endpoints those are, so the
// user learns that someone else than the agent they named answered;
// "" otherwise.
func (c *Client) FallbackNote() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.moved
}

// isDialectMismatch reports whether err suggests the server speaks
// another dialect at this endpoint.
func isDialectMismatch(err error) bool {
	if errors.Is(err, ErrMethodNotFound) || errors.Is(err, ErrVersionNotSupported) {
		return true
	}
	var he *HTTPError
	if errors.As(err, &he) {
		switch he.StatusCode {
		case http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusUnsupportedMediaType:
			// A REST "task not found" 404 is an answer; so is any gRPC
			// status, whose service name already says the dialect.
			return he.Kind == nil && he.GRPCCode == ""
		}
	}
	return false
}

// isAgentAnswer reports whether err came from an agent that understood the
// request (a protocol-level error), which confirms the dialect too. On
// HTTP+JSON that is an error status whose body named the A2A error.
func isAgentAnswer(err error) bool {
	var re *RPCError
	var he *HTTPError
	return errors.As(err, &re) || errors.As(err, &he) && he.Kind != nil
}

// Send delivers a message and waits for the task to settle (or returns at
// once with NonBlocking). The reply is a Task or a Message.
func (c *Client) Send(ctx context.Context, req SendRequest) (*Result, error) {
	c.prepare(&req)
	var res *Result
	// A busy agent did not take the message: sending it again is safe.
	err := c.t.retryBusy(ctx, "send message", func() error {
		var err error
		res, err = callFor(c, func(b binding) (*Result, error) { return b.send(ctx, &req) })
		return err
	})
	return res, err
}

// Stream delivers a message and follows the reply as a stream of events.
// Agents or dialects without streaming are polled instead, so callers
// always get a Stream.
func (c *Client) Stream(ctx context.Context, req SendRequest) (*Stream, error) {
	c.prepare(&req)
	if !c.agent.Capabilities.Streaming && c.agent.CardDialect != DialectUnknown {
		return c.sendAndPoll(ctx, req)
	}
	var src eventSource
	err := c.t.retryBusy(ctx, "send message", func() error {
		var err error
		src, err = callOp(c, opStream, func(b streamer) (eventSource, error) { return b.stream(ctx, &req) })
		return err
	})
	if errors.Is(err, ErrStreamingNotSupported) || errors.Is(err, ErrUnsupportedOperation) {
		return c.sendAndPoll(ctx, req)
	}
	if err != nil {
		return nil, err
	}
	return c.newStream(src, req.Message.TaskID), nil
}

// sendAndPoll sends without blocking and polls the task until it settles.
func (c *Client) sendAndPoll(ctx context.Context, req SendRequest) (*Stream, error) {
	req.NonBlocking = true
	res, err := c.Send(ctx, req)
	if err != nil {
		return nil, err
	}
	return c.newStream(newPollSource(ctx, c, res), ""), nil
}

// Get fetches a task. historyLength nil leaves the agent's default. Its
// artifacts read as the stream assembles them (joinText).
func (c *Client) Get(ctx context.Context, taskID string, historyLength *int) (*Task, error) {
	task, err := callFor(c, func(b binding) (*Task, error) { return b.get(ctx, taskID, historyLength) })
	joinText(task)
	return task, err
}

// Cancel asks the agent to cancel a task and returns the task as it is
// after the request (the cancel may take effect later).
func (c *Client) Cancel(ctx context.Context, taskID string) (*Task, error) {
	var task *Task
	err := c.t.retryBusy(ctx, "cancel the task", func() error {
		var err error
		task, err = callOp(c, opCancel, func(b canceler) (*Task, error) { return b.cancel(ctx, taskID) })
		return err
	})
	joinText(task)
	return task, err
}

// Resubscribe follows a task that is already running. Where the dialect or
// agent cannot stream, or the agent refuses, the task is polled instead.
func (c *Client) Resubscribe(ctx context.Context, taskID string) (*Stream, error) {
	if c.agent.Capabilities.Streaming || c.agent.CardDialect == DialectUnknown {
		src, err := callOp(c, opResubscribe, func(b resubscriber) (eventSource, error) { return b.resubscribe(ctx, taskID) })
		if err == nil {
			return c.newStream(src, taskID), nil
		}
		if !errors.Is(err, ErrUnsupportedOperation) && !errors.Is(err, ErrStreamingNotSupported) && !errors.Is(err, ErrMethodNotFound) {
			var he *HTTPError
			if !errors.As(err, &he) || he.StatusCode < 500 && he.StatusCode != 404 && he.StatusCode != 405 {
				return nil, err
			}
			// A busy agent that says when to come back is not one without
			// resubscribe: polling it at once would ignore what it asked.
			if he.RetryAfter > 0 {
				return nil, err
			}
		}
	}
	return c.Watch(ctx, taskID), nil
}

// Watch polls a task until it settles, as a stream of changes.
func (c *Client) Watch(ctx context.Context, taskID string) *Stream {
	return c.newStream(newPollSource(ctx, c, &Result{Task: &Task{ID: taskID}}), taskID)
}

// ListTasks lists tasks where the dialect has a listing (v1.0).
func (c *Client) ListTasks(ctx context.Context, req ListTasksRequest) (*TaskPage, error) {
	return callOp(c, opListTasks, func(b taskLister) (*TaskPage, error) { return b.listTasks(ctx, req) })
}

// SetPushConfig registers a push-notification target for a task.
func (c *Client) SetPushConfig(ctx context.Context, cfg PushConfig) (*PushConfig, error) {
	return callOp(c, opPushConfigs, func(b pushConfigurer) (*PushConfig, error) { return b.setPushConfig(ctx, cfg) })
}

// GetPushConfig reads a push-notification config.
func (c *Client) GetPushConfig(ctx context.Context, taskID, configID string) (*PushConfig, error) {
	return callOp(c, opPushConfigs, func(b pushConfigurer) (*PushConfig, error) { return b.getPushConfig(ctx, taskID, configID) })
}

// ListPushConfigs lists a task's push-notification configs.
func (c *Client) ListPushConfigs(ctx context.Context, taskID string) ([]PushConfig, error) {
	return callOp(c, opPushConfigs, func(b pushConfigurer) ([]PushConfig, error) { return b.listPushConfigs(ctx, taskID) })
}

// DeletePushConfig removes a push-notification config.
func (c *Client) DeletePushConfig(ctx context.Context, taskID, configID string) error {
	_, err := callOp(c, opDeletePush, func(b pushDeleter) (struct{}, error) { return struct{}{}, b.deletePushConfig(ctx, taskID, configID) })
	return err
}

// ExtendedCard fetches the authenticated extended card, which may list
// more skills once the client is signed in.
func (c *Client) ExtendedCard(ctx context.Context) (*Agent, error) {
	return callOp(c, opExtendedCard, func(b extendedCarder) (*Agent, error) { return b.extendedCard(ctx) })
}

// prepare fills in what every dialect needs: a message id and the role.
func prepare(req *SendRequest) {
	if req.Message.ID == "" {
		req.Message.ID = NewID()
	}
	if req.Message.Role == "" {
		req.Message.Role = RoleUser
	}
}

// NewID returns a random UUIDv4 string for message and task ids.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// WithAuth returns a client for the same agent that also sends these
// credentials, keeping the dialect already learned. The sign-in flow uses
// it after a 401 or an auth-required task; the original is unchanged.
func (c *Client) WithAuth(auth ...Authenticator) (*Client, error) {
	opts := c.opts
	opts.Auth = append(append([]Authenticator(nil), c.opts.Auth...), auth...)
	t := newTransport(opts)
	t.grpc = c.t.grpc // the same connections: credentials go per call
	c.mu.Lock()
	cands, cur, confirmed := c.candidates, c.cur, c.confirmed
	c.mu.Unlock()
	b, err := newBinding(t, cands[cur], c.agent)
	if err != nil {
		return nil, err
	}
	return &Client{agent: c.agent, t: t, opts: opts, candidates: cands, cur: cur, b: b, confirmed: confirmed, cardChoice: c.cardChoice, moved: c.moved}, nil
}
