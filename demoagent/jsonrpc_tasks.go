package demoagent

// tasks/get, tasks/cancel and tasks/resubscribe (GetTask, CancelTask,
// SubscribeToTask in v1.0) do the same thing in every JSON-RPC dialect: read
// a task id, run the operation, answer. Only the encoding of the task and of
// the stream differs, so each dialect builds its methods from these helpers
// with its own encoder instead of keeping a copy of the handler.

// taskRef names a task and how much history to return (tasks/get; v1.0 uses
// it for every task method).
type taskRef struct {
	ID            string `json:"id"`
	HistoryLength *int   `json:"historyLength"`
}

func (p taskRef) taskID() string { return p.ID }

// taskIDParams is the {"id"} that v0.1–v0.3 cancel and resubscribe read.
// It is kept apart from taskRef so that those methods go on ignoring a
// historyLength field, whatever its type, as they always did.
type taskIDParams struct {
	ID string `json:"id"`
}

func (p taskIDParams) taskID() string { return p.ID }

// taskParams is a params object that names a task.
type taskParams interface{ taskID() string }

// getTaskMethod answers with the task, its history cut to historyLength.
func getTaskMethod[T any](a *Agent, encode func(taskView) T) rpcMethod {
	return func(c *rpcCall) {
		var p taskRef
		if !c.params(&p) {
			return
		}
		v, err := a.getTask(p.ID, historyParam(p.HistoryLength))
		answer(c, v, err, encode)
	}
}

// cancelTaskMethod cancels the task and answers with it; P is the params
// type the dialect reads.
func cancelTaskMethod[P taskParams, T any](a *Agent, encode func(taskView) T) rpcMethod {
	return func(c *rpcCall) {
		var p P
		if !c.params(&p) {
			return
		}
		v, err := a.cancel(p.taskID())
		answer(c, v, err, encode)
	}
}

// resubscribeMethod streams the task's events from now on through follow.
// refuseTerminal is v1.0's rule that a finished task cannot be subscribed to.
func resubscribeMethod[P taskParams](a *Agent, refuseTerminal bool, follow func(*rpcCall, sendResult)) rpcMethod {
	return func(c *rpcCall) {
		var p P
		if !c.params(&p) {
			return
		}
		res, err := a.subscribe(p.taskID())
		if err != nil {
			c.failOp(err)
			return
		}
		if st := res.first.status.state; refuseTerminal && st.terminal() {
			c.failOp(opErr(errUnsupported, "task %s is %s; there is nothing to subscribe to", p.taskID(), st))
			return
		}
		follow(c, res)
	}
}
