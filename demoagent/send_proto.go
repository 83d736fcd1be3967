package demoagent

import "context"

// The proto-shaped bindings (v1.0 JSON-RPC, and REST of v0.3 and v1.0)
// run a decoded SendMessage the same way and answer with the same
// SendMessageResponse / StreamResponse oneof; only how a reply or an
// error is written differs. Those shared steps are here.

// protoSend starts a decoded send; a push config carried in the request
// is set on the task it starts.
func (a *Agent) protoSend(in sendInput, base string) (sendResult, *opError) {
	in.req.base, in.req.allowMessage = base, true
	res, oerr := a.send(in.req)
	if oerr != nil {
		return res, oerr
	}
	if in.push != nil && res.task != nil {
		_, _ = a.setPush(res.task.id, *in.push)
	}
	return res, nil
}

// protoAnswer is the reply to a send that does not stream: the agent's
// message, or the task (settled first when the client blocks). ok is
// false when the client went away while it waited.
func (a *Agent) protoAnswer(ctx context.Context, codec restCodec, in sendInput, res sendResult) (reply any, ok bool) {
	if res.reply != nil {
		return map[string]any{"message": codec.message(*res.reply)}, true
	}
	if in.blocking && a.store.waitSettled(ctx, res.task) != nil {
		return nil, false
	}
	return map[string]any{"task": codec.task(a.store.view(res.task, in.hist))}, true
}
