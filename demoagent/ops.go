package demoagent

import (
	"context"
	"fmt"
	"slices"
	"strconv"
)

// The operations every dialect offers, on the neutral model. Dialect files
// decode a request, call one of these, and encode the result or the opError.

type errKind int

const (
	errInvalidParams errKind = iota
	errTaskNotFound
	errNotCancelable
	errUnsupported
	errPushNotFound
)

type opError struct {
	kind errKind
	msg  string
}

func (e *opError) Error() string { return e.msg }

func opErr(k errKind, format string, args ...any) *opError {
	return &opError{kind: k, msg: fmt.Sprintf(format, args...)}
}

type sendRequest struct {
	msg       message
	taskID    string // continue this task
	contextID string
	// newTaskID lets v0.1 clients choose the id of the task they create.
	newTaskID string
	// allowMessage is false in dialects that always answer with a task.
	allowMessage bool
	base         string
}

// sendResult is a direct reply message or a task. For a task, first is the
// snapshot a stream opens with and from is the log index it continues at.
type sendResult struct {
	reply *message
	task  *task
	first taskView
	from  int
}

func (a *Agent) send(req sendRequest) (sendResult, *opError) {
	if len(req.msg.parts) == 0 {
		return sendResult{}, opErr(errInvalidParams, "message has no parts")
	}
	req.msg.role = roleUser
	if req.msg.id == "" {
		req.msg.id = newID()
	}
	if req.taskID != "" {
		if t, ok := a.store.get(req.taskID); ok {
			return a.resume(t, req)
		}
		if req.newTaskID == "" {
			return sendResult{}, opErr(errTaskNotFound, "task %s not found", req.taskID)
		}
	}
	sc := pickScenario(req.msg.text())
	ui := a2uiVersionOf(req.msg.metadata)
	if ui != "" && wantsForm(req.msg.text()) {
		sc = scenarioForm
	}
	contextID := req.contextID
	if contextID == "" {
		contextID = newID()
	}
	if sc == scenarioMessage && req.allowMessage {
		reply := agentText(pong(req.msg.text()))
		reply.contextID = contextID
		return sendResult{reply: reply}, nil
	}
	id := req.newTaskID
	if id == "" {
		id = newID()
	}
	t, ok := a.store.create(id, contextID, sc, req.msg)
	if !ok {
		return sendResult{}, opErr(errInvalidParams, "task %s already exists", id)
	}
	first := a.store.view(t, -1)
	ctx, stop := context.WithCancel(a.life)
	a.store.mu.Lock()
	t.stop = stop
	a.store.mu.Unlock()
	go func() {
		defer stop()
		runner{a: a, t: t, ctx: ctx, base: req.base, ui: ui}.start(req.msg.text())
	}()
	return sendResult{task: t, first: first, from: 0}, nil
}

// resume feeds the client's reply to a task waiting for input or sign-in.
func (a *Agent) resume(t *task, req sendRequest) (sendResult, *opError) {
	s := a.store
	s.mu.Lock()
	defer s.mu.Unlock()
	if req.contextID != "" && req.contextID != t.contextID {
		return sendResult{}, opErr(errInvalidParams, "contextId %s does not match task %s (context %s)", req.contextID, t.id, t.contextID)
	}
	if !t.st.state.interrupted() {
		return sendResult{}, opErr(errUnsupported, "task %s is %s and takes no more messages; start a new task", t.id, t.st.state)
	}
	m := req.msg
	m.taskID, m.contextID = t.id, t.contextID
	t.history = append(t.history, m)
	s.setStatusLocked(t, stateWorking, agentText("Thanks, continuing…"))
	first := viewLocked(t, -1)
	ctx, stop := context.WithCancel(a.life)
	t.stop = stop
	go func() {
		defer stop()
		r := runner{a: a, t: t, ctx: ctx, base: req.base}
		if t.scenario == scenarioForm {
			r.answerForm(req.msg)
			return
		}
		r.resume(req.msg.text())
	}()
	return sendResult{task: t, first: first, from: len(t.log)}, nil
}

func (a *Agent) lookup(id string) (*task, *opError) {
	if id == "" {
		return nil, opErr(errInvalidParams, "task id is required")
	}
	t, ok := a.store.get(id)
	if !ok {
		return nil, opErr(errTaskNotFound, "task %s not found", id)
	}
	return t, nil
}

func (a *Agent) getTask(id string, historyLength int) (taskView, *opError) {
	t, err := a.lookup(id)
	if err != nil {
		return taskView{}, err
	}
	return a.store.view(t, historyLength), nil
}

func (a *Agent) cancel(id string) (taskView, *opError) {
	t, err := a.lookup(id)
	if err != nil {
		return taskView{}, err
	}
	s := a.store
	s.mu.Lock()
	defer s.mu.Unlock()
	if t.st.state.terminal() {
		return taskView{}, opErr(errNotCancelable, "task %s is already %s", id, t.st.state)
	}
	if t.stop != nil {
		t.stop()
	}
	text := canceledText
	if t.scenario == scenarioSlow && t.step > 0 {
		text = fmt.Sprintf("%s Stopped after step %d of %d.", canceledText, t.step, slowSteps)
	}
	s.setStatusLocked(t, stateCanceled, agentText(text))
	return viewLocked(t, -1), nil
}

// subscribe opens a stream on an existing task: its snapshot now, then the
// log from this point on.
func (a *Agent) subscribe(id string) (sendResult, *opError) {
	t, err := a.lookup(id)
	if err != nil {
		return sendResult{}, err
	}
	a.store.mu.Lock()
	defer a.store.mu.Unlock()
	return sendResult{task: t, first: viewLocked(t, -1), from: len(t.log)}, nil
}

// follow writes the task's log from index from on, until it has written a
// status event that settles the task or ctx ends. It returns at once if the
// task is already settled and nothing is pending.
func (a *Agent) follow(ctx context.Context, t *task, from int, emit func(event) error) error {
	i := from
	for {
		evs, st, ch := a.store.next(t, i)
		for _, e := range evs {
			if err := emit(e); err != nil {
				return err
			}
			i++
			if e.status != nil && e.status.state.settled() {
				return nil
			}
		}
		if len(evs) == 0 && st.settled() {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (a *Agent) setPush(taskID string, cfg pushConfig) (pushConfig, *opError) {
	t, err := a.lookup(taskID)
	if err != nil {
		return pushConfig{}, err
	}
	if cfg.url == "" {
		return pushConfig{}, opErr(errInvalidParams, "push notification config needs a url")
	}
	s := a.store
	s.mu.Lock()
	defer s.mu.Unlock()
	if cfg.id == "" {
		cfg.id = "push-" + strconv.Itoa(len(t.push)+1)
		for slices.ContainsFunc(t.push, func(p pushConfig) bool { return p.id == cfg.id }) {
			cfg.id += "x"
		}
	}
	if i := slices.IndexFunc(t.push, func(p pushConfig) bool { return p.id == cfg.id }); i >= 0 {
		t.push[i] = cfg
	} else {
		t.push = append(t.push, cfg)
	}
	return cfg, nil
}

// getPush returns the config with that id, or the first one when id is
// empty (v0.1 and v0.2 clients ask for "the" config of a task).
func (a *Agent) getPush(taskID, id string) (pushConfig, *opError) {
	cfgs, err := a.listPush(taskID)
	if err != nil {
		return pushConfig{}, err
	}
	for _, c := range cfgs {
		if id == "" || c.id == id {
			return c, nil
		}
	}
	return pushConfig{}, opErr(errPushNotFound, "no push notification config %q for task %s", id, taskID)
}

func (a *Agent) listPush(taskID string) ([]pushConfig, *opError) {
	t, err := a.lookup(taskID)
	if err != nil {
		return nil, err
	}
	a.store.mu.Lock()
	defer a.store.mu.Unlock()
	return slices.Clone(t.push), nil
}

// deletePush is idempotent, as the v1.0 spec asks.
func (a *Agent) deletePush(taskID, id string) *opError {
	t, err := a.lookup(taskID)
	if err != nil {
		return err
	}
	a.store.mu.Lock()
	defer a.store.mu.Unlock()
	t.push = slices.DeleteFunc(t.push, func(p pushConfig) bool { return p.id == id })
	return nil
}
