// Package doctor checks a live agent against its own card and the A2A
// specification, on every interface the card declares: the card itself,
// that each interface answers as the binding and version it is declared
// with, the capabilities it declares, a round trip, and that a secured
// agent refuses a request without credentials. It reaches the agent
// through session's Directory, so the configured credentials apply on
// the origins they are trusted on, and it records nothing (no
// conversation, no store) unless given a History to record each
// interface's round trip in.
//
// Every string in a Result that came from the agent is already cleaned
// with termsafe.
package doctor

import (
	"context"
	"time"
	"unicode/utf8"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// Status is how a check came out.
type Status string

const (
	Pass Status = "pass"
	Warn Status = "warn" // the agent works, but not as its card or the spec says it should
	Fail Status = "fail"
	Skip Status = "skip" // not run: read-only, not declared, or what it needs failed
)

// Result is one check on one interface (or on the card).
type Result struct {
	// Check names the check ("card", "binding", "streaming", …).
	Check string
	// Interface is the URL the check ran on: the card's URL for the
	// card's checks, else the interface's.
	Interface string
	// Binding and Version are the interface's as the card declares them
	// ("JSONRPC", "1.0"); empty for the card's checks.
	Binding string
	Version string
	Status  Status
	// Detail is one sentence: what was seen, and on a warning or a
	// failure what was expected, with the spec section where it helps.
	Detail   string
	Duration time.Duration
}

// Options say which agent to check and how.
type Options struct {
	// Directory resolves Ref with the configured credentials.
	Directory *session.Directory
	Ref       string
	Overrides session.Overrides
	// Message is the text sent on each interface; "ping" when empty.
	Message string
	// ReadOnly skips every check that sends a message.
	ReadOnly bool
	// Timeout bounds each check; 30 s when zero.
	Timeout time.Duration
	// Interfaces, when set, hears once, after the card was fetched and
	// before its checks are emitted, the card's URL and every
	// interface's, as the results will name them (to lay out columns).
	Interfaces func(urls []string)
	// Record, when set, keeps each interface's round trip as a
	// conversation (--record); nil records nothing.
	Record session.History
}

// Checks lists the checks run on each interface, in order; the card's
// come first, once.
var Checks = []string{"binding", "auth", "errors", "streaming", "round trip", "artifacts", "list tasks", "extended card", "push", "timings"}

// CardChecks lists the checks run once, on the card.
var CardChecks = []string{"card", "card fields", "card signature"}

// Run checks the agent, calling emit with each result as it comes, and
// returns the card's client (nil when no card could be had) and the
// error that stopped it: only a card that could not be fetched does,
// after its failed "card" result was emitted.
func Run(ctx context.Context, o Options, emit func(Result)) error {
	if o.Message == "" {
		o.Message = "ping"
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	t, err := o.Directory.Target(o.Ref, o.Overrides)
	if err != nil {
		return err
	}
	// Every interface is checked as the card declares it: no dialect is
	// forced or preferred for the card.
	t.Options.Dialect, t.Options.Prefer = a2aclient.DialectUnknown, a2aclient.DialectUnknown
	d := &run{o: o, target: t}
	// An agent may reflect the credential it was sent in any answer a
	// detail quotes; every value a client of the run sent is redacted.
	d.emit = func(r Result) {
		for _, c := range d.clients {
			r.Detail = c.Redact(r.Detail)
		}
		r.Detail = cut(r.Detail)
		emit(r)
	}
	agent, err := d.card(ctx)
	if err != nil {
		return err
	}
	for _, i := range agent.Interfaces {
		d.iface(ctx, agent, i)
	}
	return nil
}

// run is one doctor run.
type run struct {
	o      Options
	target *session.Target
	emit   func(Result)
	// first is the first interface that answered in its dialect: the
	// tasks made on the others are fetched there too, to see they are
	// the same agent.
	first *a2aclient.Interface
	// clients are every client the run made, for the credential values
	// they sent.
	clients []*a2aclient.Client
}

// within runs f with the per-check timeout.
func (d *run) within(ctx context.Context, f func(ctx context.Context)) time.Duration {
	ctx, cancel := context.WithTimeout(ctx, d.o.Timeout)
	defer cancel()
	start := time.Now()
	f(ctx)
	return time.Since(start)
}

// maxDetail bounds a detail, in runes: an agent's text quoted in it (an
// error message, a name) may be of any length, and a detail is one line.
const maxDetail = 1000

// cut is s, when longer than maxDetail runes, with its middle replaced
// by " … ": the head says what was seen, the tail the spec section.
func cut(s string) string {
	if utf8.RuneCountInString(s) <= maxDetail {
		return s
	}
	r := []rune(s)
	const tail = maxDetail / 4
	return string(r[:maxDetail-tail]) + " … " + string(r[len(r)-tail:])
}
