package cli

import (
	"context"
	"fmt"

	"github.com/parley-a2a/parley/a2aclient"
	"github.com/parley-a2a/parley/frameworks"
	"github.com/parley-a2a/parley/termsafe"
)

// sendApproval is `parley send AGENT --task ID --approve` (or --refuse):
// it reads the tool call the task waits on from the task's status
// message and sends the answer the agent's framework expects (ADK: the
// long-running function's response), then follows the turn to its end
// as send does.
func (r *runner) sendApproval(ctx context.Context, f *sendFlags, pos []string) int {
	if err := approvalUsage(f, pos); err != nil {
		return r.report(exitUsage, err, f.json, "")
	}
	ctx, cancel := r.withTimeout(ctx, &f.agentFlags)
	defer cancel()
	ref := ""
	if len(pos) == 1 {
		ref = pos[0]
	}
	parts, err := r.approvalParts(ctx, ref, f)
	if err != nil {
		return r.report(errorExit(ctx, err), timedOut(ctx, err, ref, f.taskID), f.json, f.taskID)
	}
	return r.recordedSend(ctx, ref, parts, f)
}

// approvalUsage checks --approve and --refuse: one of them, a task, and
// no text or attachments (the answer is the part).
func approvalUsage(f *sendFlags, pos []string) error {
	switch {
	case f.approve && f.refuse:
		return usagef("send", "--approve and --refuse answer the same tool call: give one")
	case f.taskID == "":
		return usagef("send", "--approve and --refuse answer the tool call a task waits on: name it with --task ID")
	case len(f.files) > 0 || f.data != "":
		return usagef("send", "--approve and --refuse send the answer alone, without --file or --data")
	case len(pos) > 1 || len(pos) == 1 && f.stored != "", len(pos) == 0 && f.stored == "":
		return usagef("send", "--approve and --refuse take the agent (or --context N) and no text: parley send AGENT --task ID --approve")
	}
	return nil
}

// approvalParts fetches the task and builds the answer to the tool call
// it waits on; the task's context is the answer's.
func (r *runner) approvalParts(ctx context.Context, ref string, f *sendFlags) ([]a2aclient.Part, error) {
	if ref == "" {
		st := r.openStore()
		if st != nil {
			defer st.Close()
		}
		stored, err := r.storedConversation(st, ref, f)
		if err != nil {
			return nil, err
		}
		ref = stored.Agent.Ref
	}
	c, err := r.client(ctx, ref, &f.agentFlags)
	if err != nil {
		return nil, err
	}
	task, err := c.Get(ctx, f.taskID, nil)
	if err != nil {
		return nil, fmt.Errorf("read task %s to answer its tool call: %w", f.taskID, err)
	}
	tc, ok := frameworks.ReadToolCall(task.Status.Message)
	if !task.Status.State.Interrupted() || !ok || !tc.AwaitsApproval() {
		return nil, inputf("task %s waits for no tool call parley can answer (it is %s); answer it with text: parley send %s --task %s 'your answer'",
			termsafe.Line(f.taskID), termsafe.Line(string(task.Status.State)), shellQuote(ref), shellQuote(f.taskID))
	}
	part, ok := frameworks.Answer(tc, f.approve)
	if !ok {
		return nil, inputf("tool call %s came in a form parley cannot answer", termsafe.Line(tc.ID))
	}
	if f.contextID == "" {
		f.contextID = task.ContextID
	}
	return []a2aclient.Part{part}, nil
}
