package doctor

import (
	"context"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/session"
)

// roundTrip sends one message with a blocking call (polling the task
// until it settles, if the send returned before), then gets its task:
// the same state. With Options.Record
// the exchange is a conversation kept in the History, one per interface.
func (o *on) roundTrip(ctx context.Context) {
	if !o.sends("round trip") {
		return
	}
	var sum *session.Summary
	var got *a2aclient.Task
	var err, gerr, rerr error
	took := o.within(ctx, func(ctx context.Context) {
		sum, rerr, err = o.exchange(ctx)
		if err == nil && sum.State != session.StateMessage {
			got, gerr = o.c.Get(ctx, sum.TaskID, nil)
		}
	})
	recorded := ""
	switch {
	case rerr != nil:
		recorded = clean(fmt.Sprintf(" It could not be recorded: %v.", rerr))
	case o.o.Record != nil:
		recorded = " The exchange was recorded."
	}
	state := a2aclient.State("")
	if sum != nil {
		state = a2aclient.State(sum.State)
	}
	switch {
	case err != nil:
		o.result("round trip", Fail, clean(fmt.Sprintf("Sending a message failed: %v (%s).", err, o.cite(specSend)))+recorded, took)
	case sum.State == session.StateMessage:
		o.result("round trip", Pass, "Replied with a message (no task to get)."+recorded, took)
	case gerr != nil:
		o.result("round trip", Fail, clean(fmt.Sprintf("GetTask of the task it just created (%s) failed: %v (%s).", sum.TaskID, gerr, o.cite(specGetTask)))+recorded, took)
	case got.ID != sum.TaskID:
		o.result("round trip", Fail, clean(fmt.Sprintf("GetTask of %s returned task %s (%s).", sum.TaskID, got.ID, o.cite(specGetTask)))+recorded, took)
	case state.Settled() && got.Status.State != state:
		o.result("round trip", Fail, fmt.Sprintf("The send ended %s but GetTask says %s (%s).", stateWord(state), stateWord(got.Status.State), o.cite(specGetTask))+recorded, took)
	default:
		o.task = got
		if o.streamed == nil {
			// The artifacts check compares what the send showed.
			t := *got
			t.Status.State, t.Artifacts = state, sum.Artifacts
			o.sent = &t
		}
		o.result("round trip", Pass, clean(fmt.Sprintf("Sent %q: task %s, and GetTask says the same.", o.o.Message, stateWord(got.Status.State)))+recorded, took)
	}
}

// exchange sends the round trip's message and follows it until it
// settles, without streaming or resuming, in a recorded conversation
// when Options.Record says so; rerr is the recording's error.
func (o *on) exchange(ctx context.Context) (sum *session.Summary, rerr, err error) {
	req := o.request()
	opts := session.FollowOptions{NoStream: true, MaxResumes: -1}
	if o.o.Record == nil {
		sum, err = session.Exchange(ctx, o.c, req, opts)
		return sum, nil, err
	}
	conv := session.NewConversation(o.c, o.agent.Name, nil)
	rec := o.o.Record.Keep(conv, session.RecordOptions{Agent: session.AgentInfoOf(o.o.Ref, o.c)})
	sum, err = conv.Exchange(ctx, req.Message, opts)
	return sum, rec.Close(), err
}
