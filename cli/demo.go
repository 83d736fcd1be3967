package cli

import (
	"context"
	"errors"
	"fmt"
	"syscall"
	"time"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/config"
	"github.com/parley-a2a/parley/demoagent"
	"github.com/parley-a2a/parley/session"
)

// defaultDemoAddr is where `parley demo-agent` listens unless told.
const defaultDemoAddr = "127.0.0.1:4141"

// demoPacing makes the demo agent stream at a speed a person can watch.
var demoPacing = demoagent.Options{ChunkDelay: 40 * time.Millisecond, StepDelay: 300 * time.Millisecond}

func (r *runner) demoOptions() demoagent.Options {
	if r.env.DemoAgent != nil {
		return *r.env.DemoAgent
	}
	return demoPacing
}

// demoAgent is `parley demo-agent`.
func (r *runner) demoAgent(ctx context.Context, addr string, o demoagent.Options, pos []string) int {
	if len(pos) > 0 {
		return r.report(exitUsage, usagef("demo-agent", "the demo-agent command takes no arguments besides --addr, got %q", pos[0]), false, "")
	}
	if err := checkListenAddr(addr); err != nil {
		return r.report(exitUsage, err, false, "")
	}
	base, err := demoagent.New(o).Serve(ctx, addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		err = fmt.Errorf("the demo agent cannot listen on %s: another program, perhaps another parley demo (the TUI's own, in 'make run'), is already serving there; use --addr 127.0.0.1:0 for a free port", addr)
	}
	if err != nil {
		return r.report(exitError, err, false, "")
	}
	fmt.Fprint(r.env.Stderr, demoReachable(boundHost(base), addr))
	fmt.Fprintf(r.env.Stdout, `parley demo agent serving at %[1]s (Ctrl-C to stop)
  card:  %[1]s/.well-known/agent-card.json
  try:   parley card %[1]s
         parley send %[1]s "Book a flight to Lisbon"
         parley send %[1]s "Book a table"    (a form, A2UI)
         parley send %[1]s/grpc/ ping    (the same agent over gRPC)
`, base)
	<-ctx.Done()
	return exitOK
}

// demoTurn is one message of the scripted tour; answer, if set, replies
// to the question the agent asks; path, if set, picks another of the
// demo's agents under its base URL.
type demoTurn struct {
	intro, text, answer, path string
}

var demoTurns = []demoTurn{
	{intro: "A Markdown answer, streamed in chunks:", text: "Hello"},
	{intro: "Structured data and a file:", text: "Show me the itinerary data"},
	{intro: "A task that needs more input; parley answers the question:", text: "Book a flight to Lisbon", answer: "Amsterdam"},
	{intro: "A form (A2UI) to fill in; parley shows it as text and how to answer it:", text: "Book a table"},
	{intro: "A direct message reply, with no task:", text: "ping"},
	{intro: "A task that fails:", text: "Fail on purpose"},
	{intro: "The same agent over gRPC (v1.0, lf.a2a.v1.A2AService), its signed card at /grpc/:", text: "ping", path: "/grpc/"},
}

// demo is the scripted headless tour behind `parley --demo` and
// `make run`: the demo agent in-process, its card, then a few exchanges.
func (r *runner) demo(ctx context.Context) int {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	base, err := demoagent.New(r.demoOptions()).Serve(ctx, "127.0.0.1:0")
	if err != nil {
		return r.report(exitError, err, false, "")
	}
	// The tour must not depend on the user's config file.
	r.dir = session.NewDirectory(session.DirectoryOptions{Config: &config.Config{}, Client: a2aclient.Options{
		HTTPClient: r.env.HTTPClient, PollInterval: r.env.PollInterval},
		Auth: Credentials("", nil, r.env.HTTPClient)})
	w := r.env.Stdout
	fmt.Fprintf(w, "parley --demo: the built-in demo agent is running at %s\n\n$ parley card %[1]s\n", base)
	if code := r.card(ctx, &agentFlags{inspect: true}, []string{base}); code != exitOK {
		return code
	}
	for _, turn := range demoTurns {
		ref := base + turn.path
		fmt.Fprintf(w, "\n%s\n$ parley send %s %s\n", turn.intro, ref, shellQuote(turn.text))
		code, s := r.exchange(ctx, ref, &sendFlags{}, textRequest(turn.text, "", ""))
		if code == exitInterrupted || code == exitUsage || code == exitError || code == exitAuthRefused {
			return code
		}
		if turn.answer != "" && code == exitNeedsInput {
			fmt.Fprintf(w, "\n$ parley send %s --task %s --context-id %s %s\n", ref, shellQuote(s.TaskID), shellQuote(s.ContextID), shellQuote(turn.answer))
			if code, _ := r.exchange(ctx, ref, &sendFlags{}, textRequest(turn.answer, s.ContextID, s.TaskID)); code != exitOK {
				return code
			}
		}
	}
	fmt.Fprintf(w, "\nThat was the tour. Serve the demo agent yourself with 'parley demo-agent' and try 'parley send http://%s \"Book a flight\"'.\n", defaultDemoAddr)
	return exitOK
}

func textRequest(text, contextID, taskID string) a2aclient.SendRequest {
	return a2aclient.SendRequest{Message: a2aclient.Message{
		Role:      a2aclient.RoleUser,
		Parts:     []a2aclient.Part{a2aclient.TextPart(text)},
		ContextID: contextID,
		TaskID:    taskID,
	}}
}
