package push

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/netutil"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/internal/credname"
	"github.com/parley-a2a/parley/session/store"
)

// ReceiverOptions configure parley's webhook for push notifications.
// The zero value listens on a free loopback port with the bounds below.
type ReceiverOptions struct {
	// Listen is the loopback host:port to listen on; "" is 127.0.0.1:0
	// (a free port). Anything but a loopback address is refused: to be
	// reached from elsewhere, put a tunnel or proxy in front and announce
	// its address with PublicURL.
	Listen string
	// PublicURL is the base URL announced to agents, for a tunnel or a
	// proxy in front of the receiver; "" announces the loopback address.
	// Each config's URL is PublicURL + "/push/" + its id.
	PublicURL string
	// MaxBody bounds a notification's body; 0 is 1 MiB.
	MaxBody int64
	// Rate and Burst bound the requests taken over all configs, per
	// second; each config is held to a tenth of that. 0 is 50 and 100.
	Rate  float64
	Burst int
	// MaxConns bounds the connections open at once; 0 is 32.
	MaxConns int
	// HeaderTimeout bounds how long a request's headers may take to
	// arrive (a slowloris connection is closed after it); 0 is 5 s.
	// ReadTimeout bounds the whole request; 0 is 15 s.
	HeaderTimeout, ReadTimeout time.Duration
	// Store holds the routes parley registered, from this process or
	// another; nil keeps them in memory only.
	Store *store.Store
	// OnPush takes each notification that passed every check, one at a
	// time in arrival order. The agent is answered once it returns: an
	// error is answered 500, so a notification is acknowledged only once
	// it is taken (stored, for the inbox).
	OnPush func(Delivery) error
}

// Delivery is one notification that passed every check.
type Delivery struct {
	Route store.PushRoute
	Event a2aclient.Event
	At    time.Time
}

// Stats counts what the receiver took and refused since it started.
type Stats struct {
	Accepted int64
	// Forged: a known config, a wrong or missing token.
	Forged int64
	// Unknown: no such config (never registered, or removed).
	Unknown int64
	// WrongTask: the right token, but the notification speaks of another
	// task than the one the config was made for (a replay elsewhere).
	WrongTask int64
	TooLarge  int64
	Malformed int64
	Limited   int64
	Failed    int64 // accepted but not taken (OnPush failed)
}

// Rejected is every notification refused.
func (s Stats) Rejected() int64 {
	return s.Forged + s.Unknown + s.WrongTask + s.TooLarge + s.Malformed + s.Limited
}

// Receiver is parley's webhook: agents post push notifications to it,
// and every one is checked against the config parley made for it before
// anything of it is believed (see docs/security.md).
type Receiver struct {
	o    ReceiverOptions
	ln   net.Listener
	srv  *http.Server
	base string
	all  *bucket
	done chan struct{}

	mu      sync.Mutex
	routes  map[string]store.PushRoute // registered by this process
	buckets map[string]*bucket         // per verified config

	deliver sync.Mutex // one OnPush at a time, in arrival order

	accepted, forged, unknown, wrongTask, tooLarge, malformed, limited, failed atomic.Int64
}

// StartReceiver listens and serves until Close.
func StartReceiver(o ReceiverOptions) (*Receiver, error) {
	if o.Listen == "" {
		o.Listen = "127.0.0.1:0"
	}
	if err := loopbackListen(o.Listen); err != nil {
		return nil, err
	}
	base := ""
	if o.PublicURL != "" {
		var err error
		if base, err = publicBase(o.PublicURL); err != nil {
			return nil, err
		}
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 1 << 20
	}
	if o.Rate <= 0 {
		o.Rate = 50
	}
	if o.Burst <= 0 {
		o.Burst = 100
	}
	if o.MaxConns <= 0 {
		o.MaxConns = 32
	}
	if o.HeaderTimeout <= 0 {
		o.HeaderTimeout = 5 * time.Second
	}
	if o.ReadTimeout <= 0 {
		o.ReadTimeout = 15 * time.Second
	}
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return nil, fmt.Errorf("the push receiver cannot listen on %s (%w): free the port or set push_listen to another", o.Listen, err)
	}
	if base == "" {
		base = "http://" + ln.Addr().String()
	}
	r := &Receiver{
		o: o, ln: netutil.LimitListener(ln, o.MaxConns), base: base,
		all: newBucket(o.Rate, o.Burst), done: make(chan struct{}),
		routes: map[string]store.PushRoute{}, buckets: map[string]*bucket{},
	}
	r.srv = &http.Server{
		Handler:           r,
		ReadHeaderTimeout: o.HeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		WriteTimeout:      o.ReadTimeout,
		IdleTimeout:       30 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          log.New(io.Discard, "", 0),
	}
	go func() {
		defer close(r.done)
		_ = r.srv.Serve(r.ln)
	}()
	return r, nil
}

// loopbackListen refuses a listen address that is not loopback.
func loopbackListen(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("the push receiver's address %q is not host:port (e.g. 127.0.0.1:8787): %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("the push receiver listens on loopback only, not %q: put a tunnel or proxy in front of 127.0.0.1 and set push_url to its address", addr)
}

// Addr is the address the receiver listens on.
func (r *Receiver) Addr() string { return r.ln.Addr().String() }

// URL is the base URL announced to agents.
func (r *Receiver) URL() string { return r.base }

// Register makes a config for a task of the agent named ref (reached in
// dialect d): a fresh id and a fresh random token, remembered (the
// token's hash only) in memory and in the store. Pass the config to the
// agent with SetPushConfig; Forget it when done.
func (r *Receiver) Register(agent a2aclient.AgentID, ref string, d a2aclient.Dialect, taskID string) (a2aclient.PushConfig, error) {
	cfg, route, err := MakeConfig(r.base, agent, ref, d, taskID)
	if err != nil {
		return a2aclient.PushConfig{}, err
	}
	if r.o.Store != nil {
		if err := r.o.Store.SavePushRoute(route); err != nil {
			return a2aclient.PushConfig{}, err
		}
	}
	r.mu.Lock()
	r.routes[route.ConfigID] = route
	r.mu.Unlock()
	return cfg, nil
}

// MakeConfig makes a config for a receiver announced at base: a
// fresh id, a fresh random token, and the route that checks pushes
// against it (the token's hash). A command that sets a config for a
// receiver another run will hold saves the route in the store.
func MakeConfig(base string, agent a2aclient.AgentID, ref string, d a2aclient.Dialect, taskID string) (a2aclient.PushConfig, store.PushRoute, error) {
	if taskID == "" {
		return a2aclient.PushConfig{}, store.PushRoute{}, errors.New("a push config needs the task it is for")
	}
	if agent == "" {
		return a2aclient.PushConfig{}, store.PushRoute{}, errors.New("a push config needs the agent it is for")
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return a2aclient.PushConfig{}, store.PushRoute{}, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw[:])
	id := a2aclient.NewID()
	cfg := a2aclient.PushConfig{ID: id, TaskID: taskID, URL: base + "/push/" + id, Token: token}
	route := store.PushRoute{ConfigID: id, TaskID: taskID, Agent: agent, AgentRef: ref, Dialect: d, URL: cfg.URL, Created: time.Now(), TokenHash: store.HashToken(token)}
	return cfg, route, nil
}

// Base is the base URL a receiver with these settings announces,
// known before it listens: the public URL, else a fixed loopback port.
// With neither (a free port picked at each start) there is none: a
// config made now would point nowhere once this run ends.
func Base(listen, public string) (string, error) {
	if public != "" {
		return publicBase(public)
	}
	if listen != "" {
		if err := loopbackListen(listen); err != nil {
			return "", err
		}
		if _, port, _ := net.SplitHostPort(listen); port != "" && port != "0" {
			return "http://" + listen, nil
		}
	}
	return "", errors.New("the push receiver has no fixed address: give --push-listen 127.0.0.1:8787 (or --push-url), or set push_listen or push_url in the config, or use 'parley task watch --push', which listens while it waits")
}

func publicBase(public string) (string, error) {
	u, err := url.Parse(public)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("the push URL %q is not an http(s) address without credentials or query: set push_url to the tunnel's or proxy's base URL", credname.RedactURL(public))
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// Renamed notes the id the agent answered with for parley's config id:
// the route stays under parley's id, the one in the URL the agent posts
// to, and keeps the agent's for showing and removing the config.
func (r *Receiver) Renamed(configID, agentConfigID string) error {
	r.mu.Lock()
	rt, ok := r.routes[configID]
	if ok {
		rt.AgentConfigID = agentConfigID
		r.routes[configID] = rt
	}
	r.mu.Unlock()
	if !ok || r.o.Store == nil {
		return nil
	}
	return r.o.Store.SavePushRoute(rt)
}

// Forget refuses a config's notifications from now on.
func (r *Receiver) Forget(configID string) error {
	r.mu.Lock()
	delete(r.routes, configID)
	delete(r.buckets, configID)
	r.mu.Unlock()
	if r.o.Store != nil {
		return r.o.Store.DeletePushRoute(configID)
	}
	return nil
}

// Stats is what the receiver took and refused so far.
func (r *Receiver) Stats() Stats {
	return Stats{
		Accepted: r.accepted.Load(), Forged: r.forged.Load(), Unknown: r.unknown.Load(),
		WrongTask: r.wrongTask.Load(), TooLarge: r.tooLarge.Load(), Malformed: r.malformed.Load(),
		Limited: r.limited.Load(), Failed: r.failed.Load(),
	}
}

// Close stops listening and waits for the requests in flight.
func (r *Receiver) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := r.srv.Shutdown(ctx)
	if err != nil {
		_ = r.srv.Close()
	}
	<-r.done
	return err
}

// route finds a config: registered here, or by another parley sharing
// the store.
func (r *Receiver) route(id string) (store.PushRoute, bool) {
	r.mu.Lock()
	rt, ok := r.routes[id]
	r.mu.Unlock()
	if ok || r.o.Store == nil {
		return rt, ok
	}
	rt, ok, err := r.o.Store.LoadPushRoute(id)
	return rt, ok && err == nil
}

// bucketOf is a verified config's own bucket.
func (r *Receiver) bucketOf(id string) *bucket {
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.buckets[id]
	if b == nil {
		b = newBucket(r.o.Rate/10, max(r.o.Burst/10, 1))
		r.buckets[id] = b
	}
	return b
}

// ServeHTTP checks, in order of cost: the overall rate, the method and
// path, the config, the token (headers only: a forged push is refused
// before its body is read), the config's own rate, the body's size, its
// form, and the task it speaks of.
func (r *Receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	now := time.Now()
	if !r.all.take(now) {
		r.refuse(w, &r.limited, http.StatusTooManyRequests, "too many notifications")
		return
	}
	id, ok := strings.CutPrefix(req.URL.Path, "/push/")
	if !ok || id == "" || len(id) > 64 || strings.ContainsAny(id, "/\\") {
		r.refuse(w, &r.unknown, http.StatusNotFound, "no such push config")
		return
	}
	if req.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		r.refuse(w, &r.malformed, http.StatusMethodNotAllowed, "notifications are POSTed")
		return
	}
	route, ok := r.route(id)
	if !ok {
		// The same answer as a wrong token: a prober learns nothing of
		// which configs exist.
		r.refuse(w, &r.unknown, http.StatusUnauthorized, "not authorized")
		return
	}
	if !tokenMatches(req.Header, route.TokenHash) {
		r.refuse(w, &r.forged, http.StatusUnauthorized, "not authorized")
		return
	}
	if !r.bucketOf(id).take(now) {
		r.refuse(w, &r.limited, http.StatusTooManyRequests, "too many notifications")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, r.o.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			r.refuse(w, &r.tooLarge, http.StatusRequestEntityTooLarge, "notification too large")
			return
		}
		r.refuse(w, &r.malformed, http.StatusBadRequest, "unreadable notification")
		return
	}
	ev, err := a2aclient.DecodePush(body, route.Dialect)
	if err != nil {
		r.refuse(w, &r.malformed, http.StatusBadRequest, "not an A2A notification")
		return
	}
	if ev.TaskID() != route.TaskID {
		r.refuse(w, &r.wrongTask, http.StatusForbidden, "this config is for another task")
		return
	}
	if err := r.take(Delivery{Route: route, Event: ev, At: now}); err != nil {
		r.refuse(w, &r.failed, http.StatusInternalServerError, "not stored")
		return
	}
	r.accepted.Add(1)
	w.WriteHeader(http.StatusNoContent)
}

// take hands a notification on, one at a time, and counts it.
func (r *Receiver) take(d Delivery) error {
	r.deliver.Lock()
	defer r.deliver.Unlock()
	if r.o.OnPush != nil {
		if err := r.o.OnPush(d); err != nil {
			return err
		}
	}
	if r.o.Store != nil {
		_ = r.o.Store.NotePushReceived(d.Route.ConfigID, d.At)
	}
	return nil
}

func (r *Receiver) refuse(w http.ResponseWriter, n *atomic.Int64, code int, msg string) {
	n.Add(1)
	if code == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	// The connection is not kept for more: a refused sender starts over.
	w.Header().Set("Connection", "close")
	http.Error(w, msg, code)
}

// tokenMatches compares, in constant time, the token a notification
// carries (in either version's header, or as a bearer credential) with
// the hash of the one parley made.
func tokenMatches(h http.Header, want [32]byte) bool {
	ok := 0
	for _, tok := range []string{h.Get(a2aclient.PushTokenHeader), h.Get(a2aclient.PushTokenHeaderV03), bearer(h.Get("Authorization"))} {
		if tok == "" {
			continue
		}
		got := store.HashToken(tok)
		ok |= subtle.ConstantTimeCompare(got[:], want[:])
	}
	return ok == 1
}

func bearer(v string) string {
	if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
		return strings.TrimSpace(v[7:])
	}
	return ""
}
