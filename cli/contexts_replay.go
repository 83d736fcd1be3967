package cli

import (
	"cmp"
	"context"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// replay is `parley contexts replay ID [--agent AGENT]`: the user's
// messages of stored conversation ID sent again, in order, each once the
// turn before it ended, to the same agent or to AGENT, recorded as a new
// conversation. An answer to a question goes as the answer to the new
// run's question at the same point; where the runs depart (the new run
// asks what the old did not, or stops asking), replay stops and says
// where. Output is parley send's, turn by turn.
func (c contextsCmd) replay(ctx context.Context, ref string) int {
	r, asJSON := c.r, c.f.json
	info, err := c.find(ref)
	if err != nil {
		return r.report(exitUsage, err, asJSON, "")
	}
	if err := c.st.ReadOnly(); err != nil {
		return r.report(exitError, err, asJSON, "")
	}
	items, err := c.st.LoadTail(info.ID, 0)
	if err != nil {
		return r.report(exitError, err, asJSON, "")
	}
	turns := session.ReplayTurns(items)
	if len(turns) == 0 {
		return r.report(exitUsage, usagef("contexts", "context %d holds no message of yours to replay", info.ID), asJSON, "")
	}
	agent := cmp.Or(c.f.agent, info.Agent.Ref)
	af := &agentFlags{json: asJSON, raw: c.f.raw}
	ctx, cancel := r.withTimeout(ctx, af)
	defer cancel()
	client, err := r.client(ctx, agent, af)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, agent, ""), asJSON, "")
	}
	conv := session.NewConversation(client, client.Agent().Name, nil)
	if r.traceConfigured(agent) {
		conv.SetTracing(r.tracing()) // each turn a trace of its own
	}
	rec := c.st.Record(conv, session.RecordOptions{Agent: session.AgentInfoOf(agent, client)})
	code := exitOK
	for _, t := range turns {
		if err := conv.ReplayCheck(t); err != nil {
			code = r.report(exitError, err, asJSON, "")
			break
		}
		out := r.follower(asJSON, nil)
		s, err := conv.Exchange(ctx, a2aclient.Message{Parts: t.Parts}, r.followOptions(false, out.update))
		if rec.Flush() == nil {
			out.storeID = rec.ID()
		}
		code = r.conclude(ctx, agent, s, err, asJSON, out)
		if err != nil {
			break
		}
	}
	if r.dir != nil {
		r.dir.Remember(client)
	}
	if err := rec.Close(); err != nil {
		r.warn(fmt.Errorf("the replay was not fully recorded: %w", err))
	}
	if id := rec.ID(); id != 0 {
		fmt.Fprintf(r.env.Stderr, "parley: saved as context %d, a replay of context %d; compare them with 'parley contexts diff %d %d'\n", id, info.ID, info.ID, id)
	}
	return code
}
