package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
	"github.com/parley-a2a/parley/session/store"
	"github.com/parley-a2a/parley/termsafe"
)

// sendCacheKiB is the page cache of the store a send records into: a
// send peaks no lower with less (docs/performance.md).
const sendCacheKiB = 256

// openStore opens the context store, or explains on stderr why this run
// records nothing: a send should not fail because its history cannot be
// kept.
func (r *runner) openStore() *store.Store {
	// A send writes one exchange and exits: a small page cache (see
	// store.Options) costs it nothing and lowers its peak memory.
	st, err := store.OpenWith(r.env.StorePath, store.Options{CacheKiB: sendCacheKiB})
	if err != nil {
		r.warn(fmt.Errorf("not recording this conversation: %w", err))
		return nil
	}
	if err := st.ReadOnly(); err != nil {
		r.warn(err)
	}
	return st
}

func (r *runner) warn(err error) {
	fmt.Fprintln(r.env.Stderr, termsafe.Line("parley: "+uncap(sentence(err.Error()))))
}

// recordedSend is `parley send`: one exchange run through a Conversation
// that the store records, so a conversation started from a script is in
// the contexts list and continues in the TUI. --context N continues
// parley's stored conversation N, with its agent; --context-id X the
// agent's conversation X, which parley continues in the stored
// conversation it keeps with that agent under X, if any. Either way the
// task waiting for input gets the message as its answer.
func (r *runner) recordedSend(ctx context.Context, ref string, parts []a2aclient.Part, f *sendFlags) int {
	st := r.openStore()
	if st != nil {
		defer st.Close()
	}
	stored, err := r.storedConversation(st, ref, f)
	if err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	if ref == "" {
		ref = stored.Agent.Ref
	}
	ctx, _ = r.traced(ctx, ref, &f.agentFlags)
	client, err := r.client(ctx, ref, &f.agentFlags)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, ""), f.json, "")
	}
	if stored != nil && stored.Agent.ID != "" && client.ID() != stored.Agent.ID {
		// Its contextId and tasks are another agent's: sent nowhere else.
		return r.report(exitUsage, &session.AgentMovedError{Context: stored.ID, Was: stored.Agent.ID, Now: client.ID(), Ref: ref}, f.json, "")
	}
	if f.contextID != "" && st != nil {
		c, err := st.ContextByAgentContextID(client.ID(), f.contextID)
		switch {
		case err == nil:
			stored = &c
		case !errors.Is(err, store.ErrNoContext):
			r.warn(err)
		}
	}
	conv := session.NewConversation(client, client.Agent().Name, nil)
	// Every long artifact streaming is held as a window: the result line
	// reads each one's front back from the store, and the text printer
	// prints the artifact on its turn as it streams and keeps the others'
	// text itself until theirs (printer_turns.go).
	conv.WindowEach()
	var rec *store.Recorder
	// What send prints it hears as it goes (out.update): the
	// conversation lets go of what the store has committed.
	o := session.RecordOptions{Agent: session.AgentInfoOf(ref, client), OnFlush: r.env.onFlush, Release: true}
	if stored != nil {
		tasks, err := st.Tasks(stored.ID)
		if err != nil {
			r.warn(err)
		}
		conv.Restore(stored.ContextID, nil, tasks)
		o.Context = stored.ID
	} else {
		conv.Restore(f.contextID, nil, nil)
	}
	var gate *storeGate
	var gated io.Writer // stdout through the gate, nil when not recording
	stderr := r.env.Stderr
	if st != nil && st.ReadOnly() == nil {
		// What is printed waits for the commit that holds it; notes on
		// stderr wait behind it.
		gate = newStoreGate(maxHeld)
		gated = gate.to(r.env.Stdout)
		r.env.Stderr = gate.to(stderr)
		o.Hold = gate.hold
		rec = st.Record(conv, o)
		gate.commit = func() { _ = rec.Flush() } // its error stays for Close
	}
	out := r.follower(f.json, gated)
	if out.text != nil && f.outputDir == "" {
		out.text.saveHint = saveHint
	}
	msg := a2aclient.Message{Parts: parts, TaskID: f.taskID, Metadata: f.metadata}
	follow := r.followOptions(f.noStream, out.update)
	// The text output shows the answer as it streams and needs at the
	// end only the artifacts holding something else (the closing lines,
	// --output-dir's files): the tracker lets go of the rest.
	follow.ReleaseText = out.text != nil
	if f.json && rec != nil && stored == nil {
		// --json into a new context: the result line (or parley mcp's
		// window of it, mcp_held.go) reads the artifacts let go of back
		// from the store (send_released.go).
		follow.ReleaseText = true
		out.stored = st
	}
	var async *asyncStop
	if f.async {
		async = r.stopAtTask(&ctx, &follow)
	}
	s, err := conv.Exchange(ctx, msg, follow)
	if async != nil {
		err = async.result(err)
	}
	if r.dir != nil {
		r.dir.Remember(client)
	}
	if rec != nil {
		err := rec.Close()
		gate.openUp() // all committed (or warned about just below)
		r.env.Stderr = stderr
		if err != nil {
			r.warn(fmt.Errorf("the conversation was not fully recorded: %w", err))
		}
		out.storeID = rec.ID()
		if out.text != nil {
			out.text.storeID = out.storeID // the reply hint names it
		}
	}
	if async != nil && err == nil && s != nil && s.TaskID != "" {
		st := a2aclient.State(s.State)
		out.async = !st.Terminal() && !st.Interrupted() // else it ended as it would have
	}
	code := r.conclude(ctx, ref, s, err, f.json, out)
	if err == nil && f.outputDir != "" && s != nil {
		saved, skipped, serr := saveFiles(f.outputDir, s.Artifacts)
		r.reportSaved(saved, skipped)
		if serr != nil {
			r.warn(serr)
			if code == exitOK {
				code = exitError
			}
		}
	}
	if out.storeID != 0 && (s.TaskID != "" || s.ContextID != "" || s.State == session.StateMessage) {
		next := fmt.Sprintf("parley send --context %d TEXT", out.storeID)
		switch {
		case code == exitInterrupted:
			next = fmt.Sprintf("parley contexts resume %d", out.storeID)
		case err == nil && out.text != nil && a2aclient.State(s.State).Interrupted():
			next = "" // the text output's own hint said how to go on (--json keeps this one)
		}
		if next == "" {
			fmt.Fprintf(r.env.Stderr, "parley: saved as context %d\n", out.storeID)
		} else {
			fmt.Fprintf(r.env.Stderr, "parley: saved as context %d; continue with '%s'\n", out.storeID, next)
		}
	}
	return code
}
